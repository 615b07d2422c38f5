import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../server/seed/seed-data';
import { buildServer, testConfig, type TestServer } from '../support/harness';

const TOKEN_SECRET = 'a-test-secret-that-is-long-enough-0123456789';

export function tokensSuite(server: () => TestServer): void {
  describe('token signing secret', () => {
    it('keeps a generated secret in the database, so tokens survive a restart of the server', async () => {
      const user = await server().signIn('hcp.checkout');
      const restarted = buildServer(server().db, server().adapter, testConfig());
      expect((await restarted.call('GET', '/Users/Me', { token: user.accessToken.token })).status).toBe(200);
    });

    it('signs with TOKEN_SECRET when it is set, and then refuses tokens signed with the stored one', async () => {
      const stored = await server().signIn('hcp.checkout');
      const configured = buildServer(server().db, server().adapter, testConfig({ tokenSecret: TOKEN_SECRET }));
      const user = await configured.signIn('hcp.checkout');
      const { payload } = await jwtVerify(user.accessToken.token, new TextEncoder().encode(TOKEN_SECRET), {
        currentDate: configured.clock.now(),
      });
      expect(payload.sub).toBe(String(accountIdOf('user-ava-morgan-riverside')));
      expect((await configured.call('GET', '/Users/Me', { token: stored.accessToken.token })).status).toBe(401);
    });

    it('stores refresh tokens only as their SHA-256 digest', async () => {
      const user = await server().signIn('hcp.checkout');
      const rows = await server().db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toBe(user.refreshToken?.token);
    });
  });
}
