import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { SESSION_TOKEN_IN_URL_MESSAGE } from '../../server/http/access-log';
import { CORRELATION_HEADER, correlationId } from '../../server/http/correlation';
import type { AppEnv } from '../../server/http/env';
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

/** A stream that keeps what is written to it. */
function collector(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

const parse = (line: string) => JSON.parse(line) as Record<string, unknown>;

describe('the console logger', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes one redacted JSON line per entry, errors apart from the rest, and the same lines to LOG_FILE', async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-log-'));
    const file = join(dir, 'server.log');
    const out = collector();
    const err = collector();
    const logger = createConsoleLogger({ logFile: file, out, err });
    logger.info(`Signed in with ${JWT}`, { headers: { Authorization: `Bearer ${JWT}` }, refreshToken: REFRESH, count: 2 });
    logger.error('Unhandled error', { error: `token=${REFRESH}`, stack: `Error: at ${JWT}` });
    const written = await readFile(file, 'utf8');
    for (const text of [...out.lines, ...err.lines, written]) {
      expect(text).not.toContain(JWT);
      expect(text).not.toContain(REFRESH);
    }
    expect(out.lines).toHaveLength(1);
    expect(err.lines).toHaveLength(1);
    expect(written).toBe(`${out.lines[0]}${err.lines[0]}`);
    for (const line of [...out.lines, ...err.lines]) expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
    expect(parse(out.lines[0] ?? '')).toMatchObject({
      level: 'info',
      pid: process.pid,
      msg: `Signed in with ${REDACTED}`,
      headers: { Authorization: REDACTED },
      refreshToken: REDACTED,
      count: 2,
    });
    expect(parse(out.lines[0] ?? '').time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(parse(err.lines[0] ?? '')).toMatchObject({
      level: 'error',
      msg: 'Unhandled error',
      error: `token=${REDACTED}`,
      stack: `Error: at ${REDACTED}`,
    });
  });

  it('puts the correlationId of the request on every line logged while serving it, and on no other', async () => {
    const out = collector();
    const logger = createConsoleLogger({ out, err: out });
    const app = new Hono<AppEnv>();
    app.use('*', correlationId);
    app.get('/work', async (c) => {
      logger.info('Inside the handler');
      // After an await too: the id follows the request's asynchronous work, not the call stack.
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.error('Later in the same request', { step: 2 });
      return c.text('done');
    });
    const [first, second] = await Promise.all([
      app.request('/work', { headers: { [CORRELATION_HEADER]: 'request-one-1' } }),
      app.request('/work', { headers: { [CORRELATION_HEADER]: 'request-two-2' } }),
    ]);
    logger.info('Outside any request');
    expect(first?.headers.get(CORRELATION_HEADER)).toBe('request-one-1');
    expect(second?.headers.get(CORRELATION_HEADER)).toBe('request-two-2');
    const entries = out.lines.map(parse);
    const of = (id: string) => entries.filter((entry) => entry.correlationId === id).map((entry) => entry.msg);
    expect(of('request-one-1')).toEqual(['Inside the handler', 'Later in the same request']);
    expect(of('request-two-2')).toEqual(['Inside the handler', 'Later in the same request']);
    expect(entries.find((entry) => entry.msg === 'Outside any request')).not.toHaveProperty('correlationId');
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
