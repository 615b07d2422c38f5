import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { SESSION_TOKEN_IN_URL_MESSAGE } from '../../server/http/access-log';
import { createConsoleLogger, redact, redactText, REDACTED } from '../../server/logger';
import { RecordingLogger, testConfig, useTestServer } from './support/harness';

/** Issue 13, item 2: no access or refresh token, password or signature ever reaches the server's log. */

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJhY2NvdW50SWQiOjF9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const REFRESH = 'b0rVQ8Zq3u1nW2xY4zA5cD6eF7gH8iJ9kL0mN1oP2qR';

describe('redaction', () => {
  it.each([
    [`Authorization: Bearer ${JWT}`, `Authorization: Bearer ${REDACTED}`],
    [`jwt ${JWT} in a message`, `jwt ${REDACTED} in a message`],
    [`/restore-password?token=${REFRESH}&x=1`, `/restore-password?token=${REDACTED}&x=1`],
    [`{"refreshToken":"${REFRESH}"}`, `{"refreshToken":"${REDACTED}"}`],
    [`/r?expires=1&signature=${REFRESH}`, `/r?expires=1&signature=${REDACTED}`],
    ['password: hunter2', `password: ${REDACTED}`],
    ['nothing secret here', 'nothing secret here'],
  ])('writes %j as %j', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it('replaces credential fields at any depth, whatever they hold, and keeps the rest', () => {
    expect(
      redact({
        authorization: `Bearer ${JWT}`,
        body: { username: 'hcp.checkout', password: 'Secret1!', refreshToken: { token: REFRESH, expiresAt: '2026-01-01' } },
        list: [{ access_token: 'abc' }],
        correlationId: 'c-1',
      }),
    ).toEqual({
      authorization: REDACTED,
      body: { username: 'hcp.checkout', password: REDACTED, refreshToken: REDACTED },
      list: [{ access_token: REDACTED }],
      correlationId: 'c-1',
    });
  });
});

describe('the console logger', () => {
  let dir = '';
  afterEach(async () => {
    vi.restoreAllMocks();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes redacted lines, and the same lines to LOG_FILE', async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-log-'));
    const file = join(dir, 'server.log');
    const printed: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((text: string) => void printed.push(text));
    vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    const logger = createConsoleLogger(file);
    logger.info(`Signed in with ${JWT}`, { headers: { Authorization: `Bearer ${JWT}` }, refreshToken: REFRESH });
    logger.error('Unhandled error', { error: `token=${REFRESH}`, stack: `Error: at ${JWT}` });
    const written = await readFile(file, 'utf8');
    for (const text of [...printed, written]) {
      expect(text).not.toContain(JWT);
      expect(text).not.toContain(REFRESH);
    }
    expect(written.trim().split('\n')).toEqual(printed);
    expect(printed[0]).toBe(`Signed in with ${REDACTED} headers={"Authorization":"${REDACTED}"} refreshToken=${REDACTED}`);
  });
});

describe('the test-mode access log', () => {
  const server = useTestServer('pglite');

  it('logs each request’s address and status, and reports an address that carries a session token', async () => {
    const logger = new RecordingLogger();
    const app = createApp({ db: server().db, config: testConfig({ testMode: true }), logger });
    await app.request('/portalApi/Products?page=1');
    await app.request(`/portalApi/Products?access_token=${REFRESH}`);
    await app.request(`/kits?x=${JWT}`);
    const lines = JSON.stringify(logger.entries);
    expect(lines).toContain('/portalApi/Products?page=1');
    expect(logger.entries.filter((entry) => entry.message === SESSION_TOKEN_IN_URL_MESSAGE)).toHaveLength(2);
  });
});
