/**
 * `npm run bench:scale`: the kit and order lists at a million kits and 200,000 orders in one practice, on PostgreSQL,
 * through the real HTTP API. It uses `BENCH_DATABASE_URL` when set (a database it may fill: a rerun adds nothing),
 * else a throwaway cluster (scripts/lib/pg-cluster.ts) that it stops at the end. It migrates and seeds, bulk-loads
 * the rows (scripts/lib/scale-seed.ts), starts the reference server on that database, signs in as the HCP demo user
 * and asks each list for its first page, page 500, every sort column both ways and every filter operator of every
 * column (scripts/lib/scale-cases.ts): 50 requests each, one at a time. It prints p50/p95 beside the goals (p95 under
 * 50 ms for a first page, a sort or a filter; under 150 ms for page 500) and the machine's figures. A benchmark, not
 * a test: it exits non-zero only on errors (an answer other than 200), never on a missed goal.
 *
 * Options: --requests N per case (default 50), --kits N (default 1000000), --orders N (default 200000), --budget S
 * seconds per case at most (default 30: a case that slow stops early and says how many it sent), --explain [N] to
 * print the EXPLAIN (ANALYZE, BUFFERS) plans of the N slowest cases (default 8), --plans FILE to write them there
 * instead, --only TEXT to run only the cases whose name holds TEXT.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pgDatabase } from '../server/db/pg';
import type { Database, Queryable, Row } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { DEMO_PASSWORD, seed } from '../server/seed/seed';
import { PRACTICE_IDS } from '../server/seed/seed-data';
import { listKits } from '../server/store/kits/list';
import { listOrders } from '../server/store/orders/list';
import type { KitListQuery } from '../src/model/kits/kit';
import type { OrderListQuery } from '../src/model/orders/order-list';
import { textOption } from './lib/cli';
import { startCluster, type PgCluster } from './lib/pg-cluster';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';
import { kitCases, orderCases, queryString, type ScaleCase } from './lib/scale-cases';
import { loadScale } from './lib/scale-seed';

const USERNAME = 'hcp.checkout';
const PRACTICE_ID = PRACTICE_IDS.riverside;
const GOAL_MS = 50;
const DEEP_GOAL_MS = 150;

function option(name: string, fallback: number): number {
  const raw = textOption(name);
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, got ${raw ?? ''}`);
  return value;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

interface Result {
  readonly scaleCase: ScaleCase;
  readonly sent: number;
  readonly p50: number;
  readonly p95: number;
  readonly errors: string[];
}

async function measure(origin: string, token: string, scaleCase: ScaleCase, requests: number, budgetMs: number): Promise<Result> {
  const url = `${origin}/portalApi/${scaleCase.list === 'kits' ? 'Kits' : 'Orders'}?${queryString(scaleCase.query)}`;
  const headers = { Authorization: `Bearer ${token}` };
  const times: number[] = [];
  const errors: string[] = [];
  // One request first, not counted: the server prepares the statement and the cache warms, as on a live server.
  await fetch(url, { headers }).then((answer) => answer.arrayBuffer());
  const started = performance.now();
  while (times.length < requests && performance.now() - started < budgetMs) {
    const before = performance.now();
    const answer = await fetch(url, { headers });
    const body = await answer.text();
    times.push(performance.now() - before);
    if (answer.status !== 200) errors.push(`${answer.status}: ${body.slice(0, 200)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { scaleCase, sent: times.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), errors };
}

/** A Queryable that answers every statement with its plan instead of its rows: the list's own SQL, explained. */
function explaining(db: Database, plans: string[]): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      plans.push(`${sql.replace(/\s+/g, ' ').trim()}\n\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      return [];
    },
    exec: (sql: string) => db.exec(sql),
  };
}

async function explain(db: Database, scaleCase: ScaleCase): Promise<string> {
  const plans: string[] = [];
  const q = explaining(db, plans);
  if (scaleCase.list === 'kits') await listKits(q, PRACTICE_ID, scaleCase.query as KitListQuery, () => '');
  else await listOrders(q, PRACTICE_ID, scaleCase.query as OrderListQuery);
  return plans.join('\n\n');
}

async function postgresFigures(db: Database): Promise<string> {
  const [row] = await db.query<{ version: string; kits: number; orders: number }>(
    `SELECT current_setting('server_version') AS version,
       (SELECT count(*)::int FROM kits WHERE practice_id = $1) AS kits,
       (SELECT count(*)::int FROM orders WHERE practice_id = $1) AS orders`,
    [PRACTICE_ID],
  );
  return `PostgreSQL ${row?.version ?? '?'}; the practice holds ${row?.kits.toLocaleString('en-US')} kits and ${row?.orders.toLocaleString('en-US')} orders`;
}

async function main(): Promise<number> {
  const requests = option('requests', 50);
  const budgetMs = option('budget', 30) * 1000;
  const kits = option('kits', 1_000_000);
  const orders = option('orders', 200_000);
  const explainRaw = textOption('explain');
  const plansFile = textOption('plans');
  const explainCount =
    explainRaw === undefined && !plansFile ? 0 : explainRaw !== undefined && /^\d+$/.test(explainRaw) ? Number(explainRaw) : 8;
  const only = textOption('only');

  let cluster: PgCluster | undefined;
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = await mkdtemp(join(process.env.TMPDIR ?? tmpdir(), 'bench-scale-'));
    console.log(`Starting a throwaway PostgreSQL cluster in ${dir} ...`);
    cluster = await startCluster({ dir: join(dir, 'pg') });
    url = cluster.url;
  }
  const db = pgDatabase({ connectionString: url, max: 2 });
  let server: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
  try {
    const loadStarted = performance.now();
    console.log('Migrating and seeding ...');
    await migrate(db);
    await seed(db);
    console.log(`Loading ${kits.toLocaleString('en-US')} kits and ${orders.toLocaleString('en-US')} orders into one practice ...`);
    await loadScale(db, { practiceId: PRACTICE_ID, kits, orders });
    console.log(`Data ready in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);

    server = await startReferenceServer({ env: { DATABASE_URL: url, LOG_LEVEL: 'warn' } });
    const signIn = await fetch(`${server.origin}/portalApi/Auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: DEMO_PASSWORD, rememberMe: false }),
    });
    if (!signIn.ok) throw new Error(`Sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const token = ((await signIn.json()) as { accessToken: { token: string } }).accessToken.token;

    const cases = [...(await kitCases(db, PRACTICE_ID)), ...(await orderCases(db, PRACTICE_ID))].filter(
      (scaleCase) => !only || `${scaleCase.list} ${scaleCase.name}`.includes(only),
    );
    const results: Result[] = [];
    for (const scaleCase of cases) {
      const result = await measure(server.origin, token, scaleCase, requests, budgetMs);
      results.push(result);
      console.log(`  ${scaleCase.list} ${scaleCase.name}: p95 ${result.p95.toFixed(1)} ms (${result.sent})`);
    }

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log('');
    console.log(
      `Machine: ${availableParallelism()} cores (${cpu}), load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')}`,
    );
    console.log(await postgresFigures(db));
    console.log(`${requests} requests per case, one at a time, page size 10, after one request not counted\n`);
    console.log('| list | case | requests | p50 ms | p95 ms | goal (p95) | |');
    console.log('| --- | --- | ---: | ---: | ---: | --- | --- |');
    for (const result of results) {
      const goal = result.scaleCase.deep ? DEEP_GOAL_MS : GOAL_MS;
      const met = result.p95 < goal && result.sent >= requests;
      const sent = result.sent < requests ? `${result.sent} (budget)` : String(result.sent);
      console.log(
        `| ${result.scaleCase.list} | ${result.scaleCase.name} | ${sent} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | < ${goal} ms | ${met ? 'met' : 'MISSED'} |`,
      );
    }
    const missed = results.filter((result) => !(result.p95 < (result.scaleCase.deep ? DEEP_GOAL_MS : GOAL_MS)));
    console.log(`\n${results.length - missed.length} of ${results.length} cases meet the goal`);

    if (explainCount) {
      const slowest = [...results].sort((a, b) => b.p95 - a.p95).slice(0, explainCount);
      const sections: string[] = [];
      for (const result of slowest) {
        sections.push(
          `### ${result.scaleCase.list}: ${result.scaleCase.name} (p95 ${result.p95.toFixed(1)} ms)\n\n\`\`\`\n${await explain(db, result.scaleCase)}\n\`\`\``,
        );
      }
      const text = `## The ${slowest.length} slowest cases, explained\n\n${sections.join('\n\n')}\n`;
      if (plansFile) {
        await writeFile(plansFile, text);
        console.log(`Plans written to ${plansFile}`);
      } else console.log(`\n${text}`);
    }

    const failed = results.filter((result) => result.errors.length);
    for (const result of failed) console.error(`ERROR ${result.scaleCase.list} ${result.scaleCase.name}: ${result.errors[0] ?? ''}`);
    return failed.length ? 1 : 0;
  } finally {
    server?.child.kill('SIGTERM');
    await db.close();
    await cluster?.stop();
  }
}

runMain(main);
