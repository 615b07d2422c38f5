import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type StartedServer } from '../../scripts/lib/reference-server';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { SessionUserSchema } from '../../src/model/auth/auth';
import { OrderRequestSchema } from '../../src/model/orders/order';
import { LAKESIDE_ADDRESS } from './suites/ordering-fixtures.suite';
import { openTestDatabase } from './support/harness';
import {
  brokenOrders,
  CrashClient,
  disagreements,
  KEY_PREFIX,
  orderFor,
  storedByKey,
  type Sent,
  type SentRequest,
  type StoredByKey,
} from './support/crash-invariants';

/**
 * Issue 13 item 5: placing an order is one transaction. The real server runs on a PGlite directory while a stream
 * of orders comes in, and is killed (SIGKILL) at random moments; after each restart the stream goes on. In the end
 * every order the directory holds is whole (order, items, status history), every order the client was told about
 * is there once, and no Idempotency-Key placed two orders. CRASH_CYCLES=50 makes a longer run by hand.
 */

const CYCLES = cycles(process.env.CRASH_CYCLES);
/** Requests in flight at once, so that a kill finds some mid-request. */
const WORKERS = 3;
/** A kill comes this long after the burst starts: early enough to cut the first requests, late enough for several. */
const KILL_AFTER_MS = { min: 20, max: 400 } as const;
/** Long enough for a loaded machine: an answered key's repeat must be answered, a cut-off key's retry too. */
const REPEAT_ANSWER_MS = 15_000;
/**
 * The server's Idempotency-Key lease (ORDER_CLAIM_LEASE_MS): a claim whose request died with its server lapses
 * within it, so a retry of a cut-off key is answered. Short, so that a retry soon after a restart need not wait
 * long; long enough that a live request on a loaded machine renews its claim in time.
 */
const CLAIM_LEASE_MS = 3_000;
/** hcp.net30: Lakeside pays by invoice (Net 30), so an order needs no card. */
const USERNAME = 'hcp.net30';
const PRACTICE_ID = PRACTICE_IDS.lakeside;

function cycles(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`CRASH_CYCLES must be a positive whole number, got "${value}"`);
  return parsed;
}

/** A Net 30 order's history is its one "received" entry. */
const EXPECTED = { items: orderFor(KEY_PREFIX).items.length, history: 1 } as const;

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function signIn(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/portalApi/Auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: DEMO_PASSWORD, rememberMe: false }),
  });
  if (answer.status !== 200) throw new Error(`Sign-in answered ${answer.status}: ${await answer.text()}`);
  return v.parse(SessionUserSchema, await answer.json()).accessToken.token;
}

/** Workers send orders back to back until the server is killed, `killAfterMs` after the start. */
async function burst(client: CrashClient, server: StartedServer, token: string, cycle: number, killAfterMs: number): Promise<void> {
  let killed = false;
  const kill = sleep(killAfterMs).then(() => {
    killed = true;
    server.child.kill('SIGKILL');
  });
  const worker = async (): Promise<void> => {
    // The burst's own wait is bounded by the kill, so the longer limit only matters on a very slow machine.
    while (!killed) await client.send(server.origin, token, client.nextKey(), cycle, REPEAT_ANSWER_MS);
  };
  await Promise.all([kill, ...Array.from({ length: WORKERS }, worker)]);
  expect(await exited(server.child)).toEqual({ code: null, signal: 'SIGKILL' });
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const run = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: limit }, run));
}

let dir = '';
/** The server child of the moment, which afterAll kills should the test stop half-way. */
let running: StartedServer | undefined;

afterAll(async () => {
  if (running) {
    running.child.kill('SIGKILL');
    await exited(running.child);
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('placing orders on a server that is killed mid-stream (issue 13 item 5)', () => {
  it(
    `leaves every order whole or absent and one order per key, over ${CYCLES} kills`,
    async () => {
      const started = performance.now();
      expect(v.safeParse(OrderRequestSchema, orderFor(`${KEY_PREFIX}1`)).success).toBe(true);
      dir = await mkdtemp(join(tmpdir(), 'portal-crash-'));
      // Empty values switch off whatever the calling shell has set: this run is PGlite on `dir`, with the demo data only.
      const env = { PGLITE_DATA_DIR: dir, DATABASE_URL: '', SEED_ORDERS: '', SEED_KITS: '', ORDER_CLAIM_LEASE_MS: String(CLAIM_LEASE_MS) };
      const client = new CrashClient();
      const kills: number[] = [];

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const server = await startReferenceServer({ env });
        running = server;
        const token = await signIn(server.origin);
        const killAfterMs = KILL_AFTER_MS.min + Math.floor(Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
        await burst(client, server, token, cycle, killAfterMs);
        kills.push(killAfterMs);
      }

      const last = await startReferenceServer({ env });
      running = last;
      const token = await signIn(last.origin);
      const final = CYCLES + 1;
      const repeats: Sent[] = [];
      // Every answered key once more: the same order again, however many restarts ago it was placed.
      await eachLimited(client.answeredKeys(), WORKERS, async (key) => {
        repeats.push(await client.send(last.origin, token, key, final, REPEAT_ANSWER_MS));
      });
      // Every cut-off key once more: its order if it was stored, a new one if nothing was. A claim the kill left
      // behind has lapsed by now, so none of them waits on a request that died.
      const retries: Sent[] = [];
      await eachLimited(client.cutKeys(), WORKERS, async (key) => {
        retries.push(await client.send(last.origin, token, key, final, REPEAT_ANSWER_MS));
      });
      // A fresh order after all the crashes: the server is whole, not just readable.
      const fresh = await client.send(last.origin, token, `${KEY_PREFIX}final`, final, REPEAT_ANSWER_MS);

      // SIGTERM closes PGlite (server/main.ts), so the test can open the directory itself.
      last.child.kill('SIGTERM');
      expect(await exited(last.child), last.log()).toEqual({ code: 0, signal: null });
      running = undefined;

      const db = await openDatabase({ databaseUrl: undefined, pgliteDataDir: dir });
      let broken: string[];
      let stored: StoredByKey;
      try {
        broken = await brokenOrders(db);
        stored = await storedByKey(db, PRACTICE_ID, KEY_PREFIX);
      } finally {
        await db.close();
      }

      const answered = client.sent.filter((request) => request.answered);
      const keys = new Set(client.sent.map((request) => request.key));
      const answeredKeys = new Set(client.answeredKeys());
      // Where the kills landed: after the commit (stored, never answered), or between the claim and the commit.
      const storedUnanswered = stored.orders.filter((order) => !answeredKeys.has(order.key)).length;
      const claimedOnly = stored.claims.filter((claim) => claim.orderNumber === null).length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        [
          `crash safety: ${CYCLES} kills (after ${kills.join(', ')} ms); ${client.sent.length} requests for ${keys.size} keys`,
          `(${client.sent.length - keys.size} repeats), ${answered.length} answered, ${client.sent.length - answered.length} cut off;`,
          `${stored.orders.length} orders stored, ${storedUnanswered} of them never answered; ${retries.length} cut-off keys retried`,
          `and answered, ${claimedOnly} keys left claimed without an order; ${seconds} s`,
        ].join(' '),
      );

      expect(broken).toEqual([]);
      expect(disagreements(client.sent, stored, EXPECTED)).toEqual([]);
      // Every answer was an order: no refusals, no errors, before or after any crash.
      expect(
        answered.filter((request) => request.answered?.status !== 200).map(({ key, answered, body }) => ({ key, answered, body })),
      ).toEqual([]);
      expect(repeats.filter((request) => request.answered?.status !== 200)).toEqual([]);
      expect(retries.filter((request) => request.answered?.status !== 200)).toEqual([]);
      expect(claimedOnly).toBe(0);
      expect(fresh.answered?.status, JSON.stringify(fresh.body)).toBe(200);
      // A run where no kill cut a request, or nothing was answered, proved nothing.
      expect(client.sent.length - answered.length).toBeGreaterThan(0);
      expect(answered.length).toBeGreaterThan(0);
    },
    60_000 + CYCLES * 30_000,
  );
});

describe('the crash checks themselves', () => {
  /** An order row written on its own, as a crash between statements would leave it if they were not one transaction. */
  async function insertBareOrder(db: Database, number: string, key: string): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO orders (uid, number, practice_id, order_date, customer, shipping_type, fulfillment, ship_to, shipping_information,
         total, discount, shipping_price, status)
       VALUES ($1, $2, $3, now(), 'Lakeside Internal Medicine', 'UPS Ground', 1, 'Clinic', $4::jsonb, 0, 0, 0, 1) RETURNING id`,
      [`half-${number}`, number, PRACTICE_ID, JSON.stringify({ ...LAKESIDE_ADDRESS, addressLine2: key })],
    );
    if (!row) throw new Error('The order was not inserted');
    return row.id;
  }

  it('find an order stored without items or history, rows without their order, and a key with two orders', async () => {
    const db = await openTestDatabase();
    try {
      // The demo data is whole, so what follows is found for what the test wrote, not for the seed.
      expect(await brokenOrders(db)).toEqual([]);

      await insertBareOrder(db, '990001', `${KEY_PREFIX}bare`);
      const withItems = await insertBareOrder(db, '990002', `${KEY_PREFIX}twice`);
      await db.query(
        `INSERT INTO order_items (order_id, product_id, price, discount, quantity, total_price)
         SELECT $1::int, id, 375, 0, 1, 375 FROM products ORDER BY id LIMIT 2`,
        [withItems],
      );
      const other = await insertBareOrder(db, '990003', `${KEY_PREFIX}twice`);
      await db.query(`INSERT INTO order_status_history (order_id, status, status_group, date) VALUES ($1, 5, 'Canceled', now())`, [other]);
      await db.query(
        `INSERT INTO order_idempotency_keys (practice_id, key, request_hash, claim_token, order_id, created_at, claimed_until)
         VALUES ($1, $2, 'h', 't', $3, now(), now())`,
        [PRACTICE_ID, `${KEY_PREFIX}twice`, withItems],
      );
      // Only with the foreign keys off can an item outlive its order; the check must not count on them.
      await db.exec(`SET session_replication_role = replica`);
      await db.query(
        `INSERT INTO order_items (order_id, product_id, price, discount, quantity, total_price) SELECT 987654, id, 1, 0, 1, 1 FROM products LIMIT 1`,
      );
      await db.exec(`SET session_replication_role = DEFAULT`);

      const broken = await brokenOrders(db);
      expect(broken).toEqual(
        expect.arrayContaining([
          'order 990001 has no items',
          'order 990001 has no status history',
          'order 990002 has no status history',
          'order 990003 has no items',
          'order 990003 has status 1 but its history ends with 5',
          expect.stringMatching(/^order_items row \d+ belongs to no order \(order id 987654\)$/),
        ]),
      );
      expect(broken).toHaveLength(6);

      const stored = await storedByKey(db, PRACTICE_ID, KEY_PREFIX);
      const sent: SentRequest[] = [
        { key: `${KEY_PREFIX}bare`, answered: null },
        { key: `${KEY_PREFIX}twice`, answered: { status: 200, number: '990002' } },
        { key: `${KEY_PREFIX}twice`, answered: { status: 200, number: '990004' } },
        { key: `${KEY_PREFIX}lost`, answered: { status: 200, number: '990005' } },
      ];
      expect(disagreements(sent, stored, { items: 2, history: 1 })).toEqual([
        'order 990001 has 0 items, not 2',
        'order 990001 has 0 history entries, not 1',
        'order 990002 has 0 history entries, not 1',
        'order 990003 has 0 items, not 2',
        `order 990001 of key ${KEY_PREFIX}bare is not the order the key names (no claim)`,
        `key ${KEY_PREFIX}twice placed 2 orders: 990002, 990003`,
        `key ${KEY_PREFIX}twice was answered with several orders: 990002, 990004`,
        `key ${KEY_PREFIX}twice was answered with order 990004, which is not stored`,
        `key ${KEY_PREFIX}lost was answered with order 990005, which is not stored`,
      ]);
    } finally {
      await db.close();
    }
  });
});
