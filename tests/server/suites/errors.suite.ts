import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Database } from '../../../server/db/database';
import { INTERNAL_ERROR_MESSAGE, NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { errorMessage, RecordingLogger, testConfig, type TestServer } from '../support/harness';

const SIGN_IN = { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false };

/** A database whose every call fails, as when the server loses it mid-request. */
function brokenDatabase(): Database {
  const fail = (): Promise<never> => Promise.reject(new Error('connection to the database was lost'));
  return { query: fail, exec: fail, transaction: fail, close: () => Promise.resolve() };
}

export function errorsSuite(server: () => TestServer): void {
  describe('unknown routes', () => {
    it.each([
      ['GET', '/Nope'],
      ['POST', '/Kits/Register'],
      ['GET', '/Auth'],
      ['DELETE', '/Practices'],
      ['GET', '/auth'],
    ])('%s /portalApi%s answers 404 with the error body and a correlation id', async (method, path) => {
      const answer = await server().call(method, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { message: NOT_FOUND_MESSAGE }, correlationId: answer.headers.get('X-Correlation-Id') });
    });

    it('answers 404, not 401, for an unknown route called with a valid token', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await server().call('GET', '/Nope', { token: user.accessToken.token });
      expect(answer.status).toBe(404);
    });
  });

  describe('correlation ids', () => {
    it('puts an X-Correlation-Id on a success, a refusal and a bad request alike', async () => {
      const answers = await Promise.all([
        server().call('POST', '/Auth', { body: SIGN_IN }),
        server().call('GET', '/Practices'),
        server().call('POST', '/Auth', { raw: '{' }),
      ]);
      const ids = answers.map((answer) => answer.headers.get('X-Correlation-Id'));
      expect(ids.every((id) => typeof id === 'string' && id.length >= 8)).toBe(true);
      expect(new Set(ids).size).toBe(3);
      expect(answers.slice(1).map((answer) => (answer.body as { correlationId?: string }).correlationId)).toEqual(ids.slice(1));
    });

    it('keeps a plain correlation id the caller sent, and replaces one that is not plain', async () => {
      const kept = await server().call('GET', '/Practices', { headers: { 'X-Correlation-Id': 'trace-1234abcd' } });
      expect(kept.headers.get('X-Correlation-Id')).toBe('trace-1234abcd');
      const replaced = await server().call('GET', '/Practices', { headers: { 'X-Correlation-Id': '<script>' } });
      expect(replaced.headers.get('X-Correlation-Id')).not.toBe('<script>');
    });
  });

  describe('unexpected failures', () => {
    it('answers 500 with the generic text and a correlation id, never a stack trace, and logs the stack', async () => {
      const logger = new RecordingLogger();
      const app = createApp({ db: brokenDatabase(), config: testConfig(), logger });
      const response = await app.request('/portalApi/Auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(SIGN_IN),
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      const correlationId = response.headers.get('X-Correlation-Id');
      expect(JSON.parse(text)).toEqual({ error: { message: INTERNAL_ERROR_MESSAGE }, correlationId });
      expect(text).not.toMatch(/database|stack|\bat\s/);
      const logged = logger.entries.find((entry) => entry.level === 'error');
      expect(logged?.fields).toMatchObject({ correlationId, error: 'connection to the database was lost' });
      expect(logged?.fields.stack).toEqual(expect.stringContaining('Error: connection to the database was lost'));
    });

    it('answers 500 when the database fails in the middle of a handler, with the signing key already known', async () => {
      // The person is read, then the connection drops before the session is written.
      const failing: Database = { ...server().db, transaction: () => Promise.reject(new Error('server closed the connection')) };
      const app = createApp({ db: failing, config: testConfig({ tokenSecret: 'x'.repeat(32) }), logger: new RecordingLogger() });
      const response = await app.request('/portalApi/Auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(SIGN_IN),
      });
      expect(response.status).toBe(500);
      expect(errorMessage(await response.json())).toBe(INTERNAL_ERROR_MESSAGE);
    });
  });
}
