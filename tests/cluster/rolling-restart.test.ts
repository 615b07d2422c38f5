import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startCluster, type PgCluster } from '../../scripts/lib/pg-cluster';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { DEMO_ACCOUNTS } from '../../server/seed/seed';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { brokenOrders, disagreements, orderFor, storedByKey, type SentRequest } from '../server/support/crash-invariants';
import { SmtpSink } from '../support/smtp-sink';
import { CLUSTER_KEY_PREFIX, Load, type LoadReport } from './support/load';
import { deliveryProblems, drained, mailCounts } from './support/outboxes';
import { startProxy, type RoundRobinProxy } from './support/proxy';
import { post, sessionAcrossServers, signIn, wrongPasswordsAcrossServers } from './support/shared-state';
import { DRAIN_BY_HAND, READY_PATH, ServerProcess, type Exit } from './support/servers';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Issue 43 item 2: three real servers on one PostgreSQL behind one address (a round-robin proxy), under a steady
 * load of sign-ins, refreshes, lists, orders, kit changes and restore requests, are restarted one by one with
 * SIGTERM. No request may fail, every order is stored once, every webhook delivery and e-mail reaches its receiver
 * once, and what one server knows of sessions and throttling the others know too.
 */

const SERVERS = 3;
const USERS = 6;
/** Load before the first restart, between restarts and after the last. */
const SETTLE_MS = 3_000;
/** The outboxes drain within a few of the senders' polls; the rest is room for a loaded machine. */
const DRAIN_TIMEOUT_MS = 120_000;
/** hcp.net30: Lakeside pays by invoice, so an order needs no card (as in the crash test). */
const USERNAME = 'hcp.net30';
const PRACTICE_ID = PRACTICE_IDS.lakeside;
/** Restore mails: this many accounts, each asked for this many times (under the per-account limit of 5 an hour). */
const FORGOT_ACCOUNTS = 5;
const FORGOT_PER_ACCOUNT = 4;
/** A username that no account has: the sign-in throttle counts it as it counts a real one. */
const THROTTLED_USERNAME = 'cluster.throttle.probe';

/** How often the proxy probes each server's readiness, as a balancer would. */
const PROBE_MS = 200;
/** How long to wait for a server to have a request under way before its SIGTERM. */
const BUSY_TIMEOUT_MS = 10_000;

const servers: ServerProcess[] = [];
let cluster: PgCluster | undefined;
let db: Database | undefined;
let proxy: RoundRobinProxy | undefined;
let receiver: WebhookReceiver | undefined;
let sink: SmtpSink | undefined;
let dir = '';

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await db?.close();
  await proxy?.close();
  await receiver?.close();
  await sink?.close();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** Resolves once `condition` holds, checking every millisecond; rejects after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still not so after ${timeoutMs} ms`);
    await sleep(1);
  }
}

function summary(
  report: LoadReport,
  counts: { orders: number; webhooks: number; mails: number },
  exits: readonly Exit[],
  seconds: number,
): string {
  const actions = Object.entries(report.byAction)
    .map(([action, count]) => `${action} ${count}`)
    .join(', ');
  return [
    `rolling restart of ${SERVERS} servers under ${USERS} users (${seconds.toFixed(1)} s):`,
    `requests sent ${report.sent} (${actions}), failed ${report.failures.length};`,
    `orders ${report.ordersAnswered.size} placed, ${counts.orders} stored, each once;`,
    `outbox deliveries: webhook ${counts.webhooks}, mail ${counts.mails}, each once;`,
    `restarts ${exits.length} (exit codes ${exits.map((exit) => String(exit.code ?? exit.signal)).join(', ')});`,
    `proxy rerouted ${proxy?.figures().rerouted ?? 0} refused connections`,
  ].join(' ');
}

describe('several servers behind one address, restarted one by one (issue 43 item 2)', () => {
  it(
    'fails no request, stores each order once, delivers each outbox row once and shares sessions and throttling',
    { timeout: 600_000 },
    async () => {
      const started = performance.now();
      const root = process.env.TMPDIR ?? tmpdir();
      await mkdir(root, { recursive: true });
      dir = await mkdtemp(join(root, 'rolling-restart-'));
      cluster = await startCluster({ dir: join(dir, 'pg') });
      sink = await new SmtpSink().start();
      receiver = await new WebhookReceiver().start();
      const ports = await Promise.all(Array.from({ length: SERVERS }, () => freePort()));
      const front = await startProxy({ upstreamPorts: ports, probePath: READY_PATH, probeMs: PROBE_MS });
      proxy = front;

      const env: NodeJS.ProcessEnv = {
        DATABASE_URL: cluster.url,
        PGLITE_DATA_DIR: '',
        // Every server signs and checks tokens with the same secret, as a deployment's servers do.
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        // Links in mails name the one address, not a server behind it.
        PUBLIC_URL: proxy.origin,
        // The __test route moves kits as the lab would, which raises the webhook events.
        PORTAL_TEST_MODE: '1',
        // The proxy passes on the X-Forwarded-For each user sends: each user is an address of its own.
        TRUST_PROXY: '1',
        SMTP_URL: sink.url,
        MAIL_POLL_MS: '100',
        WEBHOOK_POLL_MS: '100',
        SEED_ORDERS: '',
        SEED_KITS: '',
        LOG_FILE: '',
        // Five probe intervals of the proxy: it has seen the 503 of /readyz before the listener closes.
        SHUTDOWN_CLOSE_DELAY_MS: String(PROBE_MS * 5),
      };
      for (const [index, port] of ports.entries()) servers.push(new ServerProcess(`server ${index + 1}`, port, env));
      // The first migrates and seeds an empty database; the others start on a ready one, so no two migrate at once.
      const [first, ...rest] = servers;
      if (!first) throw new Error('No server');
      await first.start();
      await Promise.all(rest.map((server) => server.start()));
      db = await openDatabase({ databaseUrl: cluster.url, pgliteDataDir: '' });

      const setup = await signIn(proxy.origin, USERNAME, '10.43.3.1');
      const webhook = await post(
        proxy.origin,
        '/Webhooks',
        { endpoint: receiver.endpoint, events: ['KitStatusChanged'] },
        { Authorization: `Bearer ${setup.accessToken.token}` },
      );
      expect(webhook.status, await webhook.text()).toBe(201);
      const kits = await db.query<{ barcode: string }>('SELECT barcode FROM kits WHERE practice_id = $1 ORDER BY id LIMIT $2', [
        PRACTICE_ID,
        USERS,
      ]);
      expect(kits.length).toBeGreaterThan(0);
      const forgotUsernames = DEMO_ACCOUNTS.map((account) => account.username)
        .filter((username) => username !== USERNAME)
        .slice(0, FORGOT_ACCOUNTS);

      const load = new Load({
        origin: proxy.origin,
        users: USERS,
        username: USERNAME,
        practiceId: PRACTICE_ID,
        barcodes: kits.map((kit) => kit.barcode),
        forgotUsernames,
        forgotPerUsername: FORGOT_PER_ACCOUNT,
      });
      load.start();
      const exits: Exit[] = [];
      const timings: string[] = [];
      /** Requests the proxy had sent to each server and not yet had answered when the server got SIGTERM. */
      const busyAtStop: number[] = [];
      let restartFailed: Error | undefined;
      try {
        await sleep(SETTLE_MS);
        for (const server of servers) {
          // SIGTERM while the server is serving, so that its drain is put to the test.
          await until(() => front.inFlight(server.port) > 0, BUSY_TIMEOUT_MS);
          if (DRAIN_BY_HAND) {
            front.drain(server.port);
            // Every request the proxy sent there is on an open connection now, none in the listener's queue.
            await until(() => front.connecting(server.port) === 0, BUSY_TIMEOUT_MS);
          }
          busyAtStop.push(front.inFlight(server.port));
          const stopping = performance.now();
          exits.push(await server.stop());
          const restarting = performance.now();
          await server.start();
          timings.push(
            `${server.name} stopped in ${ms(restarting - stopping)}, answered again after ${ms(performance.now() - restarting)}`,
          );
          await sleep(SETTLE_MS);
        }
      } catch (error) {
        restartFailed = error instanceof Error ? error : new Error(String(error));
      }
      // The load stops either way, so a failed restart does not leave its users running.
      const report = await load.stop();
      if (restartFailed) throw restartFailed;
      console.log(timings.join('; '));

      const sessions = await sessionAcrossServers(servers, USERNAME);
      const throttled = await wrongPasswordsAcrossServers(servers, THROTTLED_USERNAME, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS + 2);

      const outboxes = await drained(db, receiver, sink, DRAIN_TIMEOUT_MS);
      const stored = await storedByKey(db, PRACTICE_ID, CLUSTER_KEY_PREFIX);
      const broken = await brokenOrders(db);
      const sent: SentRequest[] = [...report.keysSent].map((key) => {
        const number = report.ordersAnswered.get(key);
        return { key, answered: number ? { status: 200, number } : null };
      });
      const kinds = await db.query<{ kind: string; count: number }>(
        'SELECT kind, count(*)::int AS count FROM mail_messages GROUP BY kind ORDER BY kind',
      );
      const mailsOf = (kind: string) => kinds.find((row) => row.kind === kind)?.count ?? 0;
      const counts = { orders: stored.orders.length, webhooks: outboxes.webhooks.length, mails: outboxes.mails.length };
      console.log(summary(report, counts, exits, (performance.now() - started) / 1000));
      console.log(
        `requests under way at each SIGTERM: ${busyAtStop.join(', ')}; mails by kind: ${kinds.map((row) => `${row.kind} ${row.count}`).join(', ')}`,
      );

      // Zero failed requests: every answer through the proxy was a 2xx and no connection broke, restarts or not.
      expect(report.failures, servers.map((server) => server.log()).join('\n')).toEqual([]);
      // Each server was stopped with SIGTERM and ended by itself, exit code 0, within its grace period.
      expect(exits).toEqual(Array.from({ length: SERVERS }, () => ({ code: 0, signal: null })));
      // Every key sent got its order, stored once, whole, and the one the key names.
      expect(report.ordersAnswered.size).toBe(report.keysSent.size);
      expect(stored.orders.length).toBe(report.keysSent.size);
      expect(broken).toEqual([]);
      expect(disagreements(sent, stored, { items: orderFor(CLUSTER_KEY_PREFIX).items.length, history: 1 })).toEqual([]);
      // Every outbox row reached its receiver once: none lost in a restart, none sent by two servers or twice by one.
      expect(deliveryProblems(outboxes.webhooks, receiver.received, 'delivered')).toEqual([]);
      expect(deliveryProblems(outboxes.mails, mailCounts(sink), 'sent')).toEqual([]);
      // The load raised both kinds of outbox rows, so the checks above had something to check.
      // Each outbox row is one the load's answers said was queued: nothing lost between the answer and the table.
      expect(report.kitDeliveries).toBeGreaterThan(0);
      expect(outboxes.webhooks.length).toBe(report.kitDeliveries);
      expect(report.kitMessages).toBeGreaterThan(0);
      expect(mailsOf('sampleFailed')).toBe(report.kitMessages);
      expect(mailsOf('passwordRestore')).toBeGreaterThan(0);
      expect(mailsOf('passwordRestore')).toBeLessThanOrEqual(report.restoreRequests);
      expect(outboxes.mails.length).toBe(report.kitMessages + mailsOf('passwordRestore'));
      // Servers had requests under way when they got SIGTERM, and those were answered (no failure above).
      expect(busyAtStop.reduce((sum, busy) => sum + busy, 0)).toBeGreaterThan(0);
      // Sessions shared: a refresh token issued by one server is taken by the next, its access token by the first.
      expect(sessions).toEqual({ refreshes: [200, 200], listWithLastToken: 200 });
      // Throttling shared: the sixth wrong password is refused though each server saw only two, not the sixteenth.
      expect(throttled).toEqual([...Array.from({ length: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS }, () => 401), 429, 429]);
    },
  );
});
