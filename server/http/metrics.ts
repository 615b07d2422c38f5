import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { poolUse } from '../db/pg';
import { ServerText } from '../messages';
import type { AppEnv, SignInMetrics } from './env';
import { errorResponse, NOT_FOUND_MESSAGE } from './errors';

/**
 * Prometheus metrics (issue 43), one registry per app, so that the many apps a test run builds never share a count.
 * Request counts and durations are labelled by the route's pattern (`/portalApi/Orders/:id`), never by the address
 * with its ids, so the number of series stays bounded; pool and outbox figures are read when Prometheus scrapes.
 */

export type Outbox = 'webhook' | 'mail';
/** A delivery attempt that succeeded, one that failed and will be retried, or the last one, failed for good. */
export type DeliveryResult = 'delivered' | 'failed_attempt' | 'gave_up';

/** What the webhook and mail senders count. */
export interface DeliveryMetrics {
  delivery(outbox: Outbox, result: DeliveryResult): void;
}

export interface PortalMetrics extends DeliveryMetrics, SignInMetrics {
  readonly registry: Registry;
  /** Counts and times every request; first in the app, so that every answer, refusals too, is counted. */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /** The exposition text and its content type. */
  scrape(): Promise<{ readonly contentType: string; readonly body: string }>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: most API answers take milliseconds; uploads and reports take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Rows still to send: `leased` while a sender holds them, `pending` while they wait for one. */
const OUTBOX_DEPTHS = `
  SELECT 'webhook' AS outbox, (locked_until IS NOT NULL AND locked_until > $1) AS leased, count(*)::int AS n
    FROM webhook_deliveries WHERE state = 'pending' GROUP BY 2
  UNION ALL
  SELECT 'mail', (locked_until IS NOT NULL AND locked_until > $1), count(*)::int
    FROM mail_messages WHERE state = 'pending' GROUP BY 2`;

export function createMetrics({ db, clock }: { readonly db: Database; readonly clock: Clock }): PortalMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const deliveries = new Counter({
    name: 'portal_outbox_deliveries_total',
    help: 'Webhook and mail delivery attempts, by outbox and result (delivered, failed_attempt, gave_up)',
    labelNames: ['outbox', 'result'],
    registers,
  });
  const throttled = new Counter({
    name: 'portal_sign_ins_throttled_total',
    help: 'Sign-in attempts the throttle refused (429) or made wait before checking the password',
    labelNames: ['outcome'],
    registers,
  });
  new Gauge({
    name: 'portal_outbox_rows',
    help: 'Webhook deliveries and mail messages still to send, by outbox and state (pending, leased)',
    labelNames: ['outbox', 'state'],
    registers,
    async collect() {
      // Read at scrape time: the outbox is shared by every server, so any one of them reports the same depths.
      this.reset();
      try {
        const rows = await db.query<{ outbox: string; leased: boolean; n: number }>(OUTBOX_DEPTHS, [clock()]);
        for (const outbox of ['webhook', 'mail']) {
          for (const leased of [false, true]) {
            const row = rows.find((r) => r.outbox === outbox && r.leased === leased);
            this.set({ outbox, state: leased ? 'leased' : 'pending' }, row ? Number(row.n) : 0);
          }
        }
      } catch {
        // A database that does not answer leaves the gauge without samples (absent, not zero); /readyz says why.
      }
    },
  });
  if (poolUse(db)) {
    const pool = (name: string, help: string, read: (use: NonNullable<ReturnType<typeof poolUse>>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const use = poolUse(db);
          if (use) this.set(read(use));
        },
      });
    pool('portal_db_pool_connections', 'Connections the PostgreSQL pool holds, busy and idle', (use) => use.total);
    pool('portal_db_pool_idle_connections', 'Connections of the pool waiting for a query', (use) => use.idle);
    pool('portal_db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (use) => use.waiting);
  }

  // Node's process metrics (CPU, memory, event loop lag, GC) start at the first scrape: their observers would
  // otherwise run for every app a test run builds and never scrapes.
  let defaults = false;

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('metrics', metrics);
    const stopTimer = durations.startTimer();
    await next();
    // After next(), the route index is the handler that answered; its pattern, not the address, names the route.
    const labels = {
      method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
      route: routePath(c) || 'unmatched',
      status: String(c.res.status),
    };
    requests.inc(labels);
    stopTimer(labels);
  };

  const metrics: PortalMetrics = {
    registry,
    middleware,
    delivery: (outbox, result) => deliveries.inc({ outbox, result }),
    throttledSignIn: (outcome) => throttled.inc({ outcome }),
    async scrape() {
      if (!defaults) {
        defaults = true;
        collectDefaultMetrics({ register: registry });
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
  return metrics;
}

/** Compares digests, so neither the time taken nor a length mismatch tells how much of a guess was right. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the main port: only with `Authorization: Bearer <METRICS_TOKEN>` when that is set, and 404 when it
 * is not, so that a server without it shows nothing (nor that metrics exist). Registered before the app's fallback,
 * which would otherwise answer the address with the app's page.
 */
export function metricsRoutes(metrics: PortalMetrics, token: string | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!token) return errorResponse(c, 404, NOT_FOUND_MESSAGE);
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!given || !sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return errorResponse(c, 401, ServerText.metricsTokenRequired);
    }
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType });
  });
  return routes;
}

/**
 * METRICS_PORT: /metrics alone on a port of its own, without a token, for a network only Prometheus reaches. A plain
 * node:http listener: nothing else of the app is served there.
 */
export function serveMetrics(metrics: PortalMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be read\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
