import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RefreshResponseSchema, type RefreshResponse } from '../../../src/model/auth/auth';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/auth/sessions';
import { ServerText } from '../../../server/messages';
import { errorMessage, START, type TestServer } from '../support/harness';

export function refreshSuite(server: () => TestServer): void {
  async function refresh(refreshToken: string) {
    return server().call('POST', '/Auth/refresh', { body: { refreshToken } });
  }

  async function rotate(refreshToken: string): Promise<RefreshResponse> {
    const answer = await refresh(refreshToken);
    expect(answer.status).toBe(200);
    return v.parse(RefreshResponseSchema, answer.body);
  }

  async function refreshTokenOf(username: string, rememberMe = false): Promise<string> {
    const user = await server().signIn(username, { rememberMe });
    if (!user.refreshToken) throw new Error('Sign-in gave no refresh token');
    return user.refreshToken.token;
  }

  describe('POST /Auth/refresh (rotation)', () => {
    it('trades a refresh token for a new pair whose access token works', async () => {
      const first = await refreshTokenOf('hcp.checkout');
      server().clock.advance(60);
      const pair = await rotate(first);
      expect(pair.refreshToken.token).not.toBe(first);
      const me = await server().call('GET', '/Users/Me', { token: pair.accessToken.token });
      expect(me.status).toBe(200);
    });

    it('refreshes after the access token has expired, which is what it is for', async () => {
      const user = await server().signIn('hcp.net30');
      server().clock.advance(server().config.accessTokenTtlSeconds + 5);
      expect((await server().call('GET', '/Practices', { token: user.accessToken.token })).status).toBe(401);
      const pair = await rotate(user.refreshToken?.token ?? '');
      expect((await server().call('GET', '/Practices', { token: pair.accessToken.token })).status).toBe(200);
    });

    /** Past the grace in which another tab of the same browser may still send the token just traded. */
    const afterGrace = () => server().clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);

    it('accepts each refresh token once: presenting a rotated one again answers 401', async () => {
      const first = await refreshTokenOf('hcp.checkout');
      await rotate(first);
      afterGrace();
      const reused = await refresh(first);
      expect(reused.status).toBe(401);
      expect(errorMessage(reused.body)).toBe(ServerText.invalidRefreshToken);
    });

    it('revokes the whole chain on reuse, so the newest token of the chain stops working too', async () => {
      const first = await refreshTokenOf('hcp.checkout');
      const second = await rotate(first);
      const third = await rotate(second.refreshToken.token);
      afterGrace();
      expect((await refresh(first)).status).toBe(401);
      expect((await refresh(third.refreshToken.token)).status).toBe(401);
    });

    it('leaves the chains of other sign-ins alone when one chain is revoked', async () => {
      const stolen = await refreshTokenOf('hcp.checkout');
      const otherDevice = await refreshTokenOf('hcp.checkout');
      await rotate(stolen);
      afterGrace();
      expect((await refresh(stolen)).status).toBe(401);
      expect((await refresh(otherDevice)).status).toBe(200);
    });

    it('trades a token again within the grace, as a second tab a moment late does: a pair of its own in the same chain', async () => {
      const first = await refreshTokenOf('hcp.checkout');
      const tab = await rotate(first);
      server().clock.advance(REFRESH_REUSE_GRACE_SECONDS - 1);
      const lateTab = await rotate(first);
      expect(lateTab.refreshToken.token).not.toBe(tab.refreshToken.token);
      expect((await server().call('GET', '/Users/Me', { token: lateTab.accessToken.token })).status).toBe(200);
      // Still one chain: a reuse after the grace ends both tabs' tokens.
      afterGrace();
      expect((await refresh(first)).status).toBe(401);
      expect((await refresh(tab.refreshToken.token)).status).toBe(401);
      expect((await refresh(lateTab.refreshToken.token)).status).toBe(401);
    });

    it('keeps a revoked chain ended, even for a token traded within the grace', async () => {
      const first = await refreshTokenOf('hcp.checkout');
      const second = await rotate(first);
      afterGrace();
      await rotate(second.refreshToken.token);
      // The first token again, past its grace: the chain is revoked, the second token's fresh trade included.
      expect((await refresh(first)).status).toBe(401);
      expect((await refresh(second.refreshToken.token)).status).toBe(401);
    });

    it('refuses an unknown refresh token with 401', async () => {
      const answer = await refresh('made-up-refresh-token');
      expect(answer.status).toBe(401);
      expect(errorMessage(answer.body)).toBe(ServerText.invalidRefreshToken);
    });

    it('refuses a refresh token once its lifetime is over', async () => {
      const token = await refreshTokenOf('hcp.checkout');
      server().clock.advance(server().config.refreshTokenTtlSeconds);
      expect((await refresh(token)).status).toBe(401);
    });

    it('keeps the Remember me lifetime through rotations', async () => {
      const token = await refreshTokenOf('hcp.checkout', true);
      server().clock.advance(3_600);
      const pair = await rotate(token);
      const lifetime = (Date.parse(pair.refreshToken.expiresAt ?? '') - START.getTime()) / 1000 - 3_600;
      expect(lifetime).toBe(server().config.rememberMeRefreshTokenTtlSeconds);
    });
  });
}
