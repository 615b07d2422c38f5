import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../../src/model/auth/auth';
import { ServerText } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { errorMessage, snapshot, type TestServer } from '../support/harness';
import { queuedLink } from '../support/mail-outbox';
import { ValidationText } from '../../../src/model/auth/auth-texts';

const NEW_PASSWORD = 'Fresh-Start-2026?';

export function passwordSuite(server: () => TestServer): void {
  async function forgot(username: string, headers: Record<string, string> = {}) {
    return server().call('POST', '/Auth/Password/Forgot', { body: { username }, headers });
  }

  /** The link of the latest forgot request, as its message in the outbox carries it. */
  function restoreLink(): Promise<URL> {
    return queuedLink(server().db, 'passwordRestore');
  }

  async function restoreToken(username: string): Promise<string> {
    expect((await forgot(username)).status).toBe(200);
    return (await restoreLink()).searchParams.get('token') ?? '';
  }

  async function restore(token: string, password = NEW_PASSWORD) {
    return server().call('POST', '/Auth/Password/Restore', {
      body: { restorePasswordToken: token, newPassword: password, repeatNewPassword: password },
    });
  }

  async function signInStatus(username: string, password: string): Promise<number> {
    const answer = await server().call('POST', '/Auth', { body: { username, password, rememberMe: false } });
    return answer.status;
  }

  describe('POST /Auth/Password/Forgot', () => {
    it('answers 200 {} alike for a known and an unknown username', async () => {
      const known = await forgot('hcp.checkout');
      const unknown = await forgot('nobody.here');
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual({});
      expect(unknown.body).toEqual({});
    });

    it('stores a restore token only for a known user, and only its digest', async () => {
      await forgot('nobody.here');
      expect(await server().db.query('SELECT * FROM restore_tokens')).toHaveLength(0);
      const token = await restoreToken('hcp.checkout');
      const rows = await server().db.query<{ token_hash: string }>('SELECT token_hash FROM restore_tokens');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).not.toContain(token);
    });

    it('queues a message linking to /restore-password on PUBLIC_URL, whatever origin the request names', async () => {
      await forgot('hcp.checkout', { Origin: 'http://localhost:5173' });
      const link = await restoreLink();
      expect(`${link.origin}${link.pathname}`).toBe(`${server().config.publicUrl}/restore-password`);
      expect(link.searchParams.get('token')).toBeTruthy();
    });
  });

  describe('POST /Auth/Password/Restore', () => {
    it('sets the new password: the new one signs in, the old one no longer does', async () => {
      const answer = await restore(await restoreToken('hcp.checkout'));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({});
      expect(await signInStatus('hcp.checkout', NEW_PASSWORD)).toBe(200);
      expect(await signInStatus('hcp.checkout', DEMO_PASSWORD)).toBe(401);
    });

    it('refuses a weak new password with 400 "Password does not meet security requirements", writes nothing and keeps the link usable', async () => {
      const token = await restoreToken('hcp.checkout');
      const before = await snapshot(server().db);
      const answer = await restore(token, 'weakpass');
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(`newPassword: ${ValidationText.weakPassword}`);
      expect(await snapshot(server().db)).toBe(before);
      expect((await restore(token)).status).toBe(200);
    });

    it('uses a token once: the second restore answers 400 "Invalid or missing token"', async () => {
      const token = await restoreToken('hcp.checkout');
      expect((await restore(token)).status).toBe(200);
      const again = await restore(token, 'Another-Pass-77!');
      expect(again.status).toBe(400);
      expect(errorMessage(again.body)).toBe(ValidationText.invalidToken);
    });

    it('refuses an expired token with the same text, and writes nothing', async () => {
      const token = await restoreToken('hcp.checkout');
      server().clock.advance(server().config.restoreTokenTtlSeconds);
      const before = await snapshot(server().db);
      const answer = await restore(token);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(ValidationText.invalidToken);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('refuses a made-up token with the same text', async () => {
      const answer = await restore('made-up-restore-token');
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(ServerText.invalidRestoreToken);
    });

    it('ends the sessions of the person: their refresh tokens stop working', async () => {
      const user = await server().signIn('hcp.checkout');
      expect((await restore(await restoreToken('hcp.checkout'))).status).toBe(200);
      const refreshed = await server().call('POST', '/Auth/refresh', { body: { refreshToken: user.refreshToken?.token } });
      expect(refreshed.status).toBe(401);
    });

    it('retires the other links of the person once one has been used', async () => {
      const older = await restoreToken('hcp.checkout');
      const newer = await restoreToken('hcp.checkout');
      expect((await restore(newer)).status).toBe(200);
      expect((await restore(older)).status).toBe(400);
    });
  });

  describe('POST /Auth/Password/Reset (change password)', () => {
    function change(token: string, currentPassword: string, newPassword = NEW_PASSWORD) {
      return server().call('POST', '/Auth/Password/Reset', {
        token,
        body: { currentPassword, newPassword, repeatNewPassword: newPassword },
      });
    }

    it('refuses a weak new password with 400 "Password does not meet security requirements" and writes nothing', async () => {
      const user = await server().signIn('hcp.checkout');
      const before = await snapshot(server().db);
      const answer = await change(user.accessToken.token, DEMO_PASSWORD, 'weakpass');
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(`newPassword: ${ValidationText.weakPassword}`);
      expect(await snapshot(server().db)).toBe(before);
      expect(await signInStatus('hcp.checkout', DEMO_PASSWORD)).toBe(200);
    });

    it('refuses the current password as the new one with 400 and writes nothing', async () => {
      const user = await server().signIn('hcp.checkout');
      const before = await snapshot(server().db);
      const answer = await change(user.accessToken.token, DEMO_PASSWORD, DEMO_PASSWORD);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(`newPassword: ${ServerText.newPasswordSameAsCurrent}`);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('refuses a wrong current password with 400 "Current password is incorrect" and writes nothing', async () => {
      const user = await server().signIn('hcp.checkout');
      const before = await snapshot(server().db);
      const answer = await change(user.accessToken.token, 'Wrong-Password-1!');
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(ServerText.currentPasswordIncorrect);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('changes the password and answers the user object with fresh tokens', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await change(user.accessToken.token, DEMO_PASSWORD);
      expect(answer.status).toBe(200);
      const changed = v.parse(SessionUserSchema, answer.body);
      expect(changed.practice).toEqual(user.practice);
      expect(changed.refreshToken?.token).not.toBe(user.refreshToken?.token);
      expect(await signInStatus('hcp.checkout', NEW_PASSWORD)).toBe(200);
      expect(await signInStatus('hcp.checkout', DEMO_PASSWORD)).toBe(401);
    });

    it('ends the other sessions of the person but keeps the new one working', async () => {
      const elsewhere = await server().signIn('hcp.checkout');
      const here = await server().signIn('hcp.checkout');
      const changed = v.parse(SessionUserSchema, (await change(here.accessToken.token, DEMO_PASSWORD)).body);
      const stale = await server().call('POST', '/Auth/refresh', { body: { refreshToken: elsewhere.refreshToken?.token } });
      const fresh = await server().call('POST', '/Auth/refresh', { body: { refreshToken: changed.refreshToken?.token } });
      expect([stale.status, fresh.status]).toEqual([401, 200]);
    });
  });
}
