import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { BodyLimitText } from '../../server/http/body-limit';
import { openTestDatabase, RecordingLogger, testConfig } from './support/harness';

/**
 * Issue 37 item 1 over a real socket: one 60 MB POST /Auth froze the server for seconds (a small request beside it
 * took 6.7 s) and a 100 MB one grew it by a gigabyte. Now an oversized body is refused at once and the server keeps
 * answering everyone else.
 */

let db: Database;
let server: ServerType;
let origin: string;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  const app = createApp({ db, config: testConfig(), logger: new RecordingLogger() });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The first answer loads the signing key and prepares statements; the tests measure answers, not that.
  await smallAnswerMs();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
});

interface Sent {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
  /** How much of the body had been written when the answer came. */
  readonly written: number;
}

/**
 * POSTs `megabytes` of body to sign-in in 64 KB writes, with or without a Content-Length, and answers as soon as the
 * server has answered; the writes stop then, as a client's would once the connection is refused.
 */
function postLarge(megabytes: number, withLength: boolean): Promise<Sent> {
  const started = performance.now();
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const total = megabytes * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (withLength) headers['Content-Length'] = String(total);
    const req = request(`${origin}/portalApi/Auth`, { method: 'POST', headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started, written });
        req.destroy();
      });
    });
    let answered = false;
    let written = 0;
    // A refused upload may see its connection closed under it; the answer already came, which is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    // One chunk per turn of the event loop, as a network delivers it: the answer is read the moment it arrives,
    // before the server closes a connection whose body it will not read (which discards what was not yet read).
    const write = (): void => {
      if (answered) return;
      if (written >= total) return void req.end();
      written += chunk.length;
      if (req.write(chunk)) setImmediate(write);
      else req.once('drain', write);
    };
    write();
  });
}

async function smallAnswerMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/portalApi/openapi.json`, { method: 'HEAD' });
  expect(response.status).toBeLessThan(500);
  return performance.now() - started;
}

describe('a body past the limit, over a real connection', () => {
  it('a 2 MB POST /Auth is answered 413 within a second, with the message', async () => {
    const sent = await postLarge(2, true);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toMatchObject({ error: { message: BodyLimitText.tooLarge } });
    expect(sent.ms).toBeLessThan(1_000);
  });

  it('a 60 MB body without a length is refused once past the limit, while a small request beside it is answered', async () => {
    const large = postLarge(60, false);
    const beside = await smallAnswerMs();
    const sent = await large;
    expect(sent.status).toBe(413);
    // Refused long before the client could send it all: the server stopped reading near the limit.
    expect(sent.written).toBeLessThan(16 * 1024 * 1024);
    expect(beside).toBeLessThan(1_000);
  });
});
