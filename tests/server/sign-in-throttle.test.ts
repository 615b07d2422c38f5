import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { rateLimiter } from 'hono-rate-limiter';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRUNE_INTERVAL_MS, SqlRateLimitStore } from '../../server/auth/rate-limit-store';
import { digest } from '../../server/auth/secrets';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_SLOWDOWN_AFTER,
  SIGN_IN_WINDOW_MS,
} from '../../server/auth/sign-in-throttle';
import {
  addressKey,
  FORGOT_PASSWORD_REQUESTS_PER_ADDRESS,
  FORGOT_PASSWORD_REQUESTS_PER_USERNAME,
  FORGOT_PASSWORD_WINDOW_MS,
} from '../../server/auth/throttle';
import { ServerText } from '../../server/messages';
import type { Database } from '../../server/db/database';
import { DEMO_PASSWORD, resetDatabase } from '../../server/seed/seed';
import {
  buildServer,
  errorMessage,
  ManualClock,
  openTestDatabase,
  START,
  testConfig,
  useTestServer,
  type Answer,
  type TestServer,
} from './support/harness';

/**
 * Issue 13 item 3 and issue 37 item 3: failed sign-ins are limited per address and per account at one address, and
 * slowed per account everywhere; forgot-password requests are limited per account and per address.
 */

const server = useTestServer('pglite');

const WRONG_PASSWORD = 'Not-The-Password-1!';
const SIGN_IN_WINDOW_SECONDS = SIGN_IN_WINDOW_MS / 1000;
const FORGOT_WINDOW_SECONDS = FORGOT_PASSWORD_WINDOW_MS / 1000;

function signIn(username: string, password = WRONG_PASSWORD, options: { on?: TestServer; headers?: Record<string, string> } = {}) {
  return (options.on ?? server()).call('POST', '/Auth', { body: { username, password, rememberMe: false }, headers: options.headers });
}

function forgot(username: string, headers: Record<string, string> = {}) {
  return server().call('POST', '/Auth/Password/Forgot', { body: { username }, headers });
}

/** Fails `times` sign-ins in a row, each still answered 401 (not yet refused). */
async function fail(times: number, username: string, options: { on?: TestServer; headers?: Record<string, string> } = {}) {
  for (let i = 0; i < times; i++) {
    const answer = await signIn(username, WRONG_PASSWORD, options);
    expect(answer.status, `failure ${i + 1} of ${username}`).toBe(401);
  }
}

function expectThrottled(answer: Answer, retryAfterSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(errorMessage(answer.body)).toBe(ServerText.tooManyAttempts);
  expect(answer.headers.get('Retry-After')).toBe(String(retryAfterSeconds));
}

describe('sign-in throttling per account at one address', () => {
  it(`refuses the ${SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS + 1}th failure with 429, the message and Retry-After, and then even the right password`, async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    server().clock.advance(100);
    expectThrottled(await signIn('hcp.checkout'), SIGN_IN_WINDOW_SECONDS - 100);
    expectThrottled(await signIn('hcp.checkout', DEMO_PASSWORD), SIGN_IN_WINDOW_SECONDS - 100);
  });

  it('counts the username in any case and with spaces around it as one', async () => {
    await fail(2, 'hcp.checkout');
    await fail(2, 'HCP.Checkout');
    await fail(1, '  hcp.checkout ');
    expect((await signIn('Hcp.CHECKOUT', DEMO_PASSWORD)).status).toBe(429);
  });

  it('does not hold back another username from the same address', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(429);
    expect((await signIn('hcp.net30')).status).toBe(401);
    expect((await signIn('hcp.net30', DEMO_PASSWORD)).status).toBe(200);
  });

  it('lets the username sign in again once the window has passed', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    server().clock.advance(SIGN_IN_WINDOW_SECONDS - 1);
    expectThrottled(await signIn('hcp.checkout', DEMO_PASSWORD), 1);
    server().clock.advance(1);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(200);
    // A new window: the full allowance of failures again.
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    expect((await signIn('hcp.checkout')).status).toBe(429);
  });

  it('counts the window from its first failure: refusals while limited do not lengthen it', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    for (const seconds of [60, 300, 400]) {
      server().clock.advance(seconds);
      expect((await signIn('hcp.checkout')).status).toBe(429);
    }
    server().clock.advance(SIGN_IN_WINDOW_SECONDS - 760);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(200);
  });

  it('does not count a successful sign-in, nor a request refused as malformed', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1, 'hcp.checkout');
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(200);
    for (const body of ['{', JSON.stringify({ username: 'hcp.checkout' }), JSON.stringify({ username: ' ', password: 'x' })]) {
      expect((await server().call('POST', '/Auth', { raw: body })).status).toBe(400);
    }
    // Only the four failures so far: the fifth is still answered, the sixth refused.
    await fail(1, 'hcp.checkout');
    expect((await signIn('hcp.checkout')).status).toBe(429);
  });

  it('answers an unknown username exactly as a known one, byte for byte, before and after the limit', async () => {
    const headers = { 'X-Correlation-Id': 'trace-throttle-1' };
    for (let i = 0; i <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      const known = await signIn('hcp.checkout', WRONG_PASSWORD, { headers });
      const unknown = await signIn('nobody.here', WRONG_PASSWORD, { headers });
      expect(unknown.status).toBe(known.status);
      expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(known.body));
      expect(unknown.headers.get('Retry-After')).toBe(known.headers.get('Retry-After'));
    }
    expect((await signIn('nobody.here')).status).toBe(429);
  });

  it('keeps digests of the account and the address, not the username', async () => {
    await fail(1, 'nobody.here');
    const keys = (await server().db.query<{ key: string }>('SELECT key FROM rate_limits')).map((row) => row.key);
    expect(keys).toContain(`sign-in:account:${digest('login:nobody.here')}`);
    expect(keys).toContain(`sign-in:account-address:${digest('login:nobody.here@local')}`);
    expect(keys.join(' ')).not.toContain('nobody.here');
  });
});

describe('the owner is never locked out by failures elsewhere (issue 37 item 3)', () => {
  /** The same database behind one proxy, so that each call says which address it comes from. */
  let proxied: TestServer | undefined;
  const behindProxy = (): TestServer => (proxied ??= buildServer(server().db, 'pglite', testConfig({ trustProxy: true })));
  const from = (address: string) => ({ on: behindProxy(), headers: { 'X-Forwarded-For': address } });
  beforeEach(() => {
    behindProxy().sleeps.length = 0;
  });

  it('six failures from 127.0.0.2, then the right password from 127.0.0.3 signs in; 127.0.0.2 stays refused', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout', from('127.0.0.2'));
    expectThrottled(await signIn('hcp.checkout', WRONG_PASSWORD, from('127.0.0.2')), SIGN_IN_WINDOW_SECONDS);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, from('127.0.0.3'))).status).toBe(200);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, from('127.0.0.2'))).status).toBe(429);
  });

  it('counts the username and the e-mail of one account as one', async () => {
    const [person] = await server().db.query<{ email: string }>("SELECT email FROM people WHERE username = 'hcp.checkout'");
    const email = person?.email ?? '';
    expect(email).toContain('@');
    await fail(3, 'hcp.checkout', from('198.51.100.7'));
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS - 3, email.toUpperCase(), from('198.51.100.7'));
    expect((await signIn(email, DEMO_PASSWORD, from('198.51.100.7'))).status).toBe(429);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, from('198.51.100.7'))).status).toBe(429);
  });

  it(`past ${SIGN_IN_SLOWDOWN_AFTER} failures from many addresses every attempt waits longer, up to 30 s, and the right password still signs in`, async () => {
    for (let i = 0; i < SIGN_IN_SLOWDOWN_AFTER; i++) await fail(1, 'hcp.checkout', from(`203.0.113.${i}`));
    expect(behindProxy().sleeps).toEqual([]);
    for (let i = 0; i < 6; i++) await fail(1, 'hcp.checkout', from(`203.0.113.${100 + i}`));
    expect(behindProxy().sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    const owner = await signIn('hcp.checkout', DEMO_PASSWORD, from('192.0.2.44'));
    expect(owner.status).toBe(200);
    expect(behindProxy().sleeps).toHaveLength(7);
    expect(behindProxy().sleeps.at(-1)).toBe(30_000);
  });

  it('slows an unknown username exactly as a known one, so the wait tells nothing', async () => {
    for (const username of ['hcp.checkout', 'nobody.here']) {
      for (let i = 0; i < SIGN_IN_SLOWDOWN_AFTER + 2; i++) await fail(1, username, from(`203.0.113.${i}`));
    }
    const [known, unknown] = [behindProxy().sleeps.slice(0, 2), behindProxy().sleeps.slice(2)];
    expect(known).toEqual([1_000, 2_000]);
    expect(unknown).toEqual(known);
  });

  it('counts an IPv6 caller by its /64: addresses in one /64 share the limit, another /64 does not', async () => {
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) await fail(1, 'hcp.checkout', from(`2001:db8:1:2::${i}`));
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, from('2001:db8:1:2:ffff::9'))).status).toBe(429);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, from('2001:db8:1:3::1'))).status).toBe(200);
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('sign-in throttling per address', () => {
  it(`refuses every username from an address after ${SIGN_IN_FAILURES_PER_ADDRESS} failures of many usernames`, async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) await fail(1, `guess.${i}`);
    expectThrottled(await signIn('hcp.net30', DEMO_PASSWORD), SIGN_IN_WINDOW_SECONDS);
    expectThrottled(await signIn('someone.else'), SIGN_IN_WINDOW_SECONDS);
    server().clock.advance(SIGN_IN_WINDOW_SECONDS);
    expect((await signIn('hcp.net30', DEMO_PASSWORD)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the server is told it sits behind a proxy', async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      await fail(1, `guess.${i}`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
    }
    expect((await signIn('hcp.net30', DEMO_PASSWORD, { headers: { 'X-Forwarded-For': '198.51.100.99' } })).status).toBe(429);
  });

  it('behind a proxy counts the address the proxy appended, not what the caller put before it', async () => {
    const proxied = buildServer(server().db, 'pglite', testConfig({ trustProxy: true }));
    const from = (address: string, forged = '203.0.113.7') => ({ on: proxied, headers: { 'X-Forwarded-For': `${forged}, ${address}` } });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) await fail(1, `guess.${i}`, from('198.51.100.1', `203.0.113.${i}`));
    expect((await signIn('hcp.net30', DEMO_PASSWORD, from('198.51.100.1'))).status).toBe(429);
    expect((await signIn('hcp.net30', DEMO_PASSWORD, from('198.51.100.2'))).status).toBe(200);
  });

  it('counts a caller connected over a socket under its own address', async () => {
    let http: ReturnType<typeof serve> | undefined;
    const { port } = await new Promise<AddressInfo>((resolve) => {
      http = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
    });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/portalApi/Auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'hcp.checkout', password: WRONG_PASSWORD, rememberMe: false }),
      });
      expect(response.status).toBe(401);
    } finally {
      await new Promise((resolve) => http?.close(resolve));
    }
    const keys = (await server().db.query<{ key: string }>('SELECT key FROM rate_limits')).map((row) => row.key);
    expect(keys).toContain(`sign-in:address:${digest('127.0.0.1')}`);
    expect(keys).not.toContain(`sign-in:address:${digest('local')}`);
  });
});

describe('several server instances sharing one database', () => {
  it('count failures together: the limit holds across them', async () => {
    const other = buildServer(server().db, 'pglite', testConfig());
    await fail(3, 'hcp.checkout');
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS - 3, 'hcp.checkout', { on: other });
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(429);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD, { on: other })).status).toBe(429);
  });

  it('start afresh after a test reset, which clears the counters with the other data', async () => {
    await fail(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, 'hcp.checkout');
    await resetDatabase(server().db);
    expect(await server().db.query('SELECT * FROM rate_limits')).toEqual([]);
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('forgot-password throttling', () => {
  it(`answers a known and an unknown username byte for byte alike, also once each is over ${FORGOT_PASSWORD_REQUESTS_PER_USERNAME} requests`, async () => {
    const headers = { 'X-Correlation-Id': 'trace-forgot-1' };
    const answers: { known: Answer; unknown: Answer }[] = [];
    for (let i = 0; i <= FORGOT_PASSWORD_REQUESTS_PER_USERNAME; i++) {
      answers.push({ known: await forgot('hcp.checkout', headers), unknown: await forgot('nobody.here', headers) });
    }
    for (const { known, unknown } of answers) {
      expect(unknown.status).toBe(known.status);
      expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(known.body));
      expect(unknown.headers.get('Retry-After')).toBe(known.headers.get('Retry-After'));
    }
    expect(answers.map(({ known }) => known.status)).toEqual([...Array<number>(FORGOT_PASSWORD_REQUESTS_PER_USERNAME).fill(200), 429]);
    const refused = answers.at(-1);
    if (refused) expectThrottled(refused.known, FORGOT_WINDOW_SECONDS);
    // The refused request wrote no restore link.
    expect(await server().db.query('SELECT * FROM restore_tokens')).toHaveLength(FORGOT_PASSWORD_REQUESTS_PER_USERNAME);
  });

  it('limits every request of an address, whichever usernames it names, until the hour has passed', async () => {
    for (let i = 0; i < FORGOT_PASSWORD_REQUESTS_PER_ADDRESS; i++) expect((await forgot(`someone.${i}`)).status).toBe(200);
    expectThrottled(await forgot('hcp.checkout'), FORGOT_WINDOW_SECONDS);
    server().clock.advance(FORGOT_WINDOW_SECONDS);
    expect((await forgot('hcp.checkout')).status).toBe(200);
  });

  it('has counters of its own: forgot-password requests do not hold back a sign-in', async () => {
    for (let i = 0; i <= FORGOT_PASSWORD_REQUESTS_PER_USERNAME; i++) await forgot('hcp.checkout');
    expect((await signIn('hcp.checkout', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe.each(['pglite', 'pg'] as const)('the counters in PostgreSQL, over %s', (adapter) => {
  const WINDOW_MS = 60_000;
  const clock = new ManualClock();
  let opened: Database | undefined;

  const db = (): Database => opened ?? server().db;

  beforeAll(async () => {
    if (adapter === 'pg') opened = await openTestDatabase('pg');
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    clock.reset();
    await db().query('DELETE FROM rate_limits');
  });

  function store(): SqlRateLimitStore {
    const counters = new SqlRateLimitStore(db(), clock.now, 'test');
    // The middleware hands its store the window (init), as it does for the routes' limits.
    rateLimiter({ store: counters, windowMs: WINDOW_MS, keyGenerator: () => 'unused' });
    return counters;
  }

  it('counts ten increments sent at once as exactly ten, each answer a different count', async () => {
    const counters = store();
    const answers = await Promise.all(Array.from({ length: 10 }, () => counters.increment('203.0.113.5')));
    expect(answers.map((answer) => answer.totalHits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await counters.get('203.0.113.5')).toEqual({ totalHits: 10, resetTime: new Date(START.getTime() + WINDOW_MS) });
  });

  it('starts a new window with one hit once the old one has passed', async () => {
    const counters = store();
    await counters.increment('k');
    clock.advance(WINDOW_MS / 1000 - 1);
    expect((await counters.increment('k')).totalHits).toBe(2);
    clock.advance(1);
    expect(await counters.get('k')).toBeUndefined();
    const fresh = await counters.increment('k');
    expect(fresh).toEqual({ totalHits: 1, resetTime: new Date(START.getTime() + 2 * WINDOW_MS) });
  });

  it('takes a hit back, never below zero and never from a window that has passed', async () => {
    const counters = store();
    await counters.increment('k');
    await counters.decrement('k');
    await counters.decrement('k');
    expect((await counters.get('k'))?.totalHits).toBe(0);
    await counters.increment('k');
    clock.advance(WINDOW_MS / 1000);
    await counters.decrement('k');
    expect((await db().query<{ hits: number }>('SELECT hits FROM rate_limits'))[0]?.hits).toBe(1);
  });

  it('keeps the counters of two limits apart, and resets one key or one limit alone', async () => {
    const a = store();
    const b = new SqlRateLimitStore(db(), clock.now, 'other');
    rateLimiter({ store: b, windowMs: WINDOW_MS, keyGenerator: () => 'unused' });
    await a.increment('k');
    await a.increment('j');
    await b.increment('k');
    expect((await a.get('k'))?.totalHits).toBe(1);
    await a.resetKey('k');
    expect(await a.get('k')).toBeUndefined();
    expect((await a.get('j'))?.totalHits).toBe(1);
    await a.resetAll();
    expect(await a.get('j')).toBeUndefined();
    expect((await b.get('k'))?.totalHits).toBe(1);
  });

  it('deletes counters whose window has passed, at most once a minute', async () => {
    const counters = store();
    const keys = async () => (await db().query<{ key: string }>('SELECT key FROM rate_limits ORDER BY reset_at')).map((row) => row.key);
    const at = async (seconds: number, key: string) => {
      clock.reset();
      clock.advance(seconds);
      await counters.increment(key);
    };
    await at(0, 'a');
    await at(59, 'b');
    await at(60, 'c');
    expect(await keys()).toEqual([`test:${digest('b')}`, `test:${digest('c')}`]);
    // b's window ends at 119 s, but the last deletion was less than a minute before.
    await at(119, 'd');
    expect(await keys()).toHaveLength(3);
    await at(60 + PRUNE_INTERVAL_MS / 1000, 'e');
    expect(await keys()).toEqual([`test:${digest('d')}`, `test:${digest('e')}`]);
  });
});
