import { SignJWT } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RefreshResponseSchema, SessionUserSchema, type SessionUser } from '../../../src/model/auth/auth';
import { loadSigningKey } from '../../../server/auth/access-tokens';
import { INVALID_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import { ServerText } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type TestServer } from '../support/harness';
import { queuedLink } from '../support/mail-outbox';

const NEW_PASSWORD = 'Sessions-End-2026!';

/**
 * Issue 37 items 9 and 10: a password change, restore or migration ends every earlier session of the person, access
 * tokens included; Sign out ends its session on the server; an account that must migrate reaches nothing else.
 */
export function sessionsEndSuite(server: () => TestServer): void {
  const me = (token: string) => server().call('GET', '/Users/Me', { token });
  const refresh = (refreshToken: string | undefined) => server().call('POST', '/Auth/refresh', { body: { refreshToken } });
  const signOut = (refreshToken: string | undefined) => server().call('POST', '/Auth/SignOut', { body: { refreshToken } });

  function changePassword(token: string) {
    return server().call('POST', '/Auth/Password/Reset', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
    });
  }

  /** Forgot, then restore with the link its message carries. */
  async function restorePassword(username: string) {
    expect((await server().call('POST', '/Auth/Password/Forgot', { body: { username } })).status).toBe(200);
    const token = (await queuedLink(server().db, 'passwordRestore')).searchParams.get('token');
    return server().call('POST', '/Auth/Password/Restore', {
      body: { restorePasswordToken: token, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
    });
  }

  /** Both tokens of a session issued before the change are refused: 401 on a call, 401 on a refresh. */
  async function expectEnded(user: SessionUser) {
    const call = await me(user.accessToken.token);
    expect(call.status).toBe(401);
    expect(errorMessage(call.body)).toBe(INVALID_TOKEN_MESSAGE);
    const refreshed = await refresh(user.refreshToken?.token);
    expect(refreshed.status).toBe(401);
    expect(errorMessage(refreshed.body)).toBe(ServerText.invalidRefreshToken);
  }

  /** The pair works: its access token is accepted, its refresh token trades for a pair that is accepted too. */
  async function expectWorking(user: SessionUser, path = '/Users/Me') {
    expect((await server().call('GET', path, { token: user.accessToken.token })).status).toBe(200);
    const refreshed = await refresh(user.refreshToken?.token);
    expect(refreshed.status).toBe(200);
    const pair = v.parse(RefreshResponseSchema, refreshed.body);
    expect((await server().call('GET', path, { token: pair.accessToken.token })).status).toBe(200);
  }

  describe('a password change ends every earlier session of the person (issue 37 item 9)', () => {
    it('after POST /Auth/Password/Reset the old access token answers 401 and the old refresh token too, while the pair the change answered works', async () => {
      const caller = await server().signIn('hcp.checkout');
      const elsewhere = await server().signIn('hcp.checkout');
      const answer = await changePassword(caller.accessToken.token);
      expect(answer.status).toBe(200);
      await expectEnded(caller);
      await expectEnded(elsewhere);
      await expectWorking(v.parse(SessionUserSchema, answer.body));
    });

    it('after a restore (forgot, then restore) the sessions signed in before answer 401', async () => {
      const user = await server().signIn('hcp.checkout');
      expect((await restorePassword('hcp.checkout')).status).toBe(200);
      await expectEnded(user);
      await expectWorking(await server().signIn('hcp.checkout', { password: NEW_PASSWORD }));
    });

    it('after a migration the must-migrate sessions answer 401, while the pair the migration answered reaches GET /Kits', async () => {
      const caller = await server().signIn('must.migrate');
      const elsewhere = await server().signIn('must.migrate');
      const answer = await server().call('POST', '/Auth/Migrate', {
        token: caller.accessToken.token,
        body: { newPassword: NEW_PASSWORD, rememberMe: false },
      });
      expect(answer.status).toBe(200);
      await expectEnded(caller);
      await expectEnded(elsewhere);
      await expectWorking(v.parse(SessionUserSchema, answer.body), '/Kits');
    });

    it('ends the sessions of every account of the person, at every practice, and no one else’s', async () => {
      const harbor = await server().signIn('multi.practice');
      const switched = await server().call('POST', '/Auth/Account/Switch', {
        token: harbor.accessToken.token,
        body: { userId: accountIdOf('user-grace-hall-summit-provider'), practiceId: PRACTICE_IDS.summit, rememberMe: true },
      });
      const summit = v.parse(SessionUserSchema, switched.body);
      const someoneElse = await server().signIn('hcp.checkout');
      expect((await changePassword(harbor.accessToken.token)).status).toBe(200);
      await expectEnded(summit);
      await expectWorking(someoneElse);
    });

    it('refuses a refresh token stored under an earlier token version even when nothing revoked it', async () => {
      // A refresh that ran while a change committed can store a token the change's revocation did not see.
      const user = await server().signIn('hcp.checkout');
      await server().db.query(`UPDATE people SET token_version = token_version + 1 WHERE lower(username) = 'hcp.checkout'`);
      const refreshed = await refresh(user.refreshToken?.token);
      expect(refreshed.status).toBe(401);
      expect(server().logger.entries.findLast((e) => e.message === 'Refresh refused')?.fields.reason).toBe('superseded');
    });

    it('refuses an access token without a token version (issued before versions existed) with 401, and accepts the same token with the current one', async () => {
      const key = await loadSigningKey(server().db, server().config.tokenSecret);
      const signed = (claims: Record<string, unknown>) =>
        new SignJWT({ practiceId: PRACTICE_IDS.riverside, rememberMe: false, ...claims })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(accountIdOf('user-ava-morgan-riverside')))
          .setIssuedAt(Math.floor(server().clock.now().getTime() / 1000))
          .setExpirationTime(Math.floor(server().clock.now().getTime() / 1000) + 600)
          .sign(key);
      const unversioned = await me(await signed({}));
      expect(unversioned.status).toBe(401);
      expect(errorMessage(unversioned.body)).toBe(INVALID_TOKEN_MESSAGE);
      expect((await me(await signed({ ver: 0 }))).status).toBe(200);
    });
  });

  describe('POST /Auth/SignOut (issue 37 item 9)', () => {
    it('revokes the refresh token: it answers 200 {} and a refresh with the token answers 401 afterwards', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await signOut(user.refreshToken?.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
      expect((await refresh(user.refreshToken?.token)).status).toBe(401);
    });

    it('ends the whole chain: a token traded a moment before, still within its reuse grace, no longer refreshes', async () => {
      const user = await server().signIn('hcp.checkout');
      const pair = v.parse(RefreshResponseSchema, (await refresh(user.refreshToken?.token)).body);
      expect((await signOut(pair.refreshToken.token)).status).toBe(200);
      expect((await refresh(pair.refreshToken.token)).status).toBe(401);
      expect((await refresh(user.refreshToken?.token)).status).toBe(401);
    });

    it('answers an unknown token the same, and changes nothing', async () => {
      const before = await snapshot(server().db);
      const answer = await signOut('a-refresh-token-nobody-was-given');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
      expect(await snapshot(server().db)).toBe(before);
    });

    it('needs no access token and ends only the session of the token: another session of the person goes on', async () => {
      const signedOut = await server().signIn('hcp.checkout');
      const other = await server().signIn('hcp.checkout');
      expect((await signOut(signedOut.refreshToken?.token)).status).toBe(200);
      await expectWorking(other);
    });

    it('refuses a body without a refresh token with 400', async () => {
      const answer = await server().call('POST', '/Auth/SignOut', { body: {} });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBeTruthy();
    });
  });

  describe('an account that must migrate reaches only the migration (issue 37 item 10)', () => {
    it.each([
      ['GET', '/Kits'],
      ['GET', '/Users/Me'],
      ['GET', '/Practices'],
      ['POST', '/Auth/Account/Switch'],
      ['POST', '/Auth/Password/Reset'],
    ])('%s %s answers 403 "Complete the account migration before using the portal."', async (method, path) => {
      const user = await server().signIn('must.migrate');
      const answer = await server().call(method, path, { token: user.accessToken.token, body: method === 'POST' ? {} : undefined });
      expect(answer.status).toBe(403);
      expect(errorMessage(answer.body)).toBe(ServerText.migrationRequired);
      expect(ServerText.migrationRequired).toBe('Complete the account migration before using the portal.');
    });

    it('may refresh its tokens, and the refreshed access token is held to the migration too', async () => {
      const user = await server().signIn('must.migrate');
      const refreshed = await refresh(user.refreshToken?.token);
      expect(refreshed.status).toBe(200);
      const pair = v.parse(RefreshResponseSchema, refreshed.body);
      expect((await server().call('GET', '/Kits', { token: pair.accessToken.token })).status).toBe(403);
    });

    it('POST /Auth/Migrate works, and the token it answers reaches GET /Kits', async () => {
      const user = await server().signIn('must.migrate');
      const answer = await server().call('POST', '/Auth/Migrate', {
        token: user.accessToken.token,
        body: { newPassword: NEW_PASSWORD, rememberMe: false },
      });
      expect(answer.status).toBe(200);
      const migrated = v.parse(SessionUserSchema, answer.body);
      expect(migrated.forceIdentityMigration).toBe(false);
      expect((await server().call('GET', '/Kits', { token: migrated.accessToken.token })).status).toBe(200);
    });
  });
}
