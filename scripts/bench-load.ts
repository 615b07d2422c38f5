/**
 * `npm run bench:load`: 50 concurrent users against the reference server, one call at a time for a fixed time
 * each: `GET /Kits` and `GET /Orders` (a first page of ten, as the lists ask), `POST /Orders/Calculate` (a cart of
 * three products) and a sign-in followed by a refresh of its tokens (each user a demo person at an address of its
 * own). It runs on a fresh in-memory PGlite and then, when `DATABASE_URL` is set, on that PostgreSQL. For each call
 * it prints requests per second, the p50, p95 and p99 latency and the errors (failed connections, time-outs and
 * answers other than 2xx), beside the goals: no error, and a p95 under 100 ms for the reads. A benchmark that prints figures, not a test: it fails only on
 * errors, which are wrong answers rather than slow ones.
 *
 * Options: --duration S seconds per call (default 10), --connections N users (default 50).
 */
import autocannon, { type Request } from 'autocannon';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/seed';
import { textOption } from './lib/cli';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';

const USERNAME = 'hcp.checkout';
const READ_GOAL_P95_MS = 100;

function option(name: string, fallback: number): number {
  const raw = textOption(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, got ${raw ?? ''}`);
  return value;
}

interface Scenario {
  readonly name: string;
  readonly read: boolean;
  readonly requests: Request[];
}

interface Figures {
  readonly name: string;
  readonly read: boolean;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
}

const json = { 'Content-Type': 'application/json' };

/** What one connection keeps: who it is, from where, and its refresh token between its sign-in and its refresh. */
interface Tokens {
  username?: string;
  address?: string;
  refreshToken?: string;
}

async function call<T>(origin: string, path: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${origin}/portalApi${path}`, init);
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

const signInBody = (rememberMe: boolean, username = USERNAME) => JSON.stringify({ username, password: DEMO_PASSWORD, rememberMe });

/**
 * The demo people whose sign-in answers 200 with a token pair, for the sign-in load: 50 users are 50 people at 50
 * addresses, not one person 50 times at once, which the sign-in throttle rightly takes for guessing (it counts each
 * attempt while it runs, so at most 5 of one username and 20 of one address may be on their way).
 */
async function signInPeople(origin: string): Promise<string[]> {
  const people: string[] = [];
  for (const { username } of DEMO_ACCOUNTS) {
    const answer = await fetch(`${origin}/portalApi/Auth`, { method: 'POST', headers: json, body: signInBody(true, username) });
    if (answer.ok && ((await answer.json()) as { refreshToken?: unknown }).refreshToken) people.push(username);
  }
  return people;
}

/** The four calls, with a token and a cart the server accepts. */
async function scenarios(origin: string): Promise<Scenario[]> {
  const session = await call<{ accessToken: { token: string } }>(origin, '/Auth', {
    method: 'POST',
    headers: json,
    body: signInBody(false),
  });
  const auth = { Authorization: `Bearer ${session.accessToken.token}` };
  // The cart names products by uid, as the catalogue sends them (ordering §7).
  const products = await call<{ uid: string }[]>(origin, '/Products', { headers: auth });
  const people = await signInPeople(origin);
  if (people.length < 10) throw new Error(`Only ${people.length} demo people sign in: too few to spread 50 users over`);
  let connectionsSeen = 0;
  const items = products.slice(0, 3).map((product, index) => ({ productId: product.uid, quantity: index + 2 }));
  if (items.length === 0) throw new Error('The seed has no products to calculate a cart with');
  return [
    { name: 'GET /Kits', read: true, requests: [{ method: 'GET', path: '/portalApi/Kits?page=1&pageSize=10', headers: auth }] },
    { name: 'GET /Orders', read: true, requests: [{ method: 'GET', path: '/portalApi/Orders?page=1&pageSize=10', headers: auth }] },
    {
      name: 'POST /Orders/Calculate',
      read: false,
      requests: [
        {
          method: 'POST',
          path: '/portalApi/Orders/Calculate',
          headers: { ...auth, ...json },
          body: JSON.stringify({ country: 'US', zipCode: '95815', items }),
        },
      ],
    },
    {
      name: 'POST /Auth, then /Auth/refresh',
      read: false,
      requests: [
        {
          method: 'POST',
          path: '/portalApi/Auth',
          // What the check before the load sends; each user's own comes from setupRequest.
          headers: json,
          body: signInBody(true),
          setupRequest: (request, context) => {
            const user = context as Tokens;
            if (!user.username) {
              connectionsSeen += 1;
              user.username = people[connectionsSeen % people.length];
              user.address = `10.0.${Math.floor(connectionsSeen / 250)}.${connectionsSeen % 250}`;
            }
            return {
              ...request,
              headers: { ...json, 'X-Forwarded-For': user.address ?? '' },
              body: signInBody(true, user.username),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 200)
              (context as Tokens).refreshToken = (JSON.parse(body) as { refreshToken: { token: string } }).refreshToken.token;
          },
        },
        {
          method: 'POST',
          path: '/portalApi/Auth/refresh',
          headers: json,
          setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ refreshToken: (context as Tokens).refreshToken }) }),
        },
      ],
    },
  ];
}

function percentile(sorted: readonly number[], share: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** One call for `duration` seconds; every answer's time is kept, so the percentiles are exact. */
async function load(origin: string, scenario: Scenario, connections: number, duration: number): Promise<Figures> {
  // One answer checked before the load, so that a refused request fails loudly instead of timing refusals.
  const [first] = scenario.requests;
  if (first?.path) {
    const answer = await fetch(`${origin}${first.path}`, {
      method: first.method,
      headers: first.headers as HeadersInit,
      body: first.body as string | undefined,
    });
    if (!answer.ok) throw new Error(`${scenario.name} answered ${answer.status}: ${await answer.text()}`);
  }
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: origin, connections, duration, requests: scenario.requests }, (error: unknown, done) =>
      error ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error })) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    name: scenario.name,
    read: scenario.read,
    requests: result.requests.total,
    perSecond: result.requests.total / duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function table(storage: string, rows: readonly Figures[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `| ${storage} | requests/s | p50 | p95 | p99 | errors | goal |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) => {
      const met = row.errors === 0 && (!row.read || row.p95 < READ_GOAL_P95_MS);
      const goal = row.read ? `0 errors, p95 < ${READ_GOAL_P95_MS} ms` : '0 errors';
      return `| ${row.name} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.errors} | ${goal}: ${met ? 'met' : 'NOT met'} |`;
    }),
  ];
  return lines.join('\n');
}

async function bench(storage: string, env: NodeJS.ProcessEnv, connections: number, duration: number): Promise<Figures[]> {
  console.log(`\nStarting the reference server on ${storage} ...`);
  // Behind a trusted proxy, so that each user's X-Forwarded-For is its address (see signInPeople).
  const server = await startReferenceServer({ env: { ...env, TRUST_PROXY: '1' } });
  try {
    const figures: Figures[] = [];
    for (const scenario of await scenarios(server.origin)) {
      console.log(`  ${scenario.name}: ${connections} users for ${duration} s`);
      figures.push(await load(server.origin, scenario, connections, duration));
    }
    console.log(`\n${table(storage, figures)}`);
    return figures;
  } finally {
    // Stopped before the next storage starts: a server still finishing its last answers would share the machine.
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await stopped;
  }
}

runMain(async () => {
  const duration = option('duration', 10);
  const connections = option('connections', 50);
  const [one, five] = loadavg();
  console.log(`${availableParallelism()} cores, load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min)`);
  const runs = [await bench('PGlite (in memory)', { DATABASE_URL: '' }, connections, duration)];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) runs.push(await bench('PostgreSQL (DATABASE_URL)', { DATABASE_URL: databaseUrl }, connections, duration));
  else console.log('\nDATABASE_URL is not set: PostgreSQL not measured.');
  const errors = runs.flat().reduce((sum, row) => sum + row.errors, 0);
  if (errors > 0) console.error(`\n${errors} requests failed: the figures above are not of a working server.`);
  return errors > 0 ? 1 : 0;
});
