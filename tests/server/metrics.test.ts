import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createMetrics, serveMetrics } from '../../server/http/metrics';
import { createMailSender } from '../../server/mail/sender';
import { createWebhookSender } from '../../server/developers/sender';
import { DeliveryEventName } from '../../server/developers/payload';
import { changeKitStatus } from '../../server/store/kits/kit-status';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { addWebhook, kitToMove, NOTICE_LINKS, webhookSecret } from './support/webhook-fixtures';
import type { MailTransport } from '../../server/mail/transport';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import { ServerText } from '../../server/messages';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { errorMessage, RecordingLogger, testConfig, useTestServer } from './support/harness';

/** Issue 43 item 3: Prometheus metrics, behind a token on the main port or alone on a port of their own. */

const TOKEN = 'metrics-token-for-the-test';

/** The value of one sample line of the exposition text, e.g. `name{a="b"}`; undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('/metrics on the main port', () => {
  // One connection, so that a transaction holding it makes a query wait (the in-process PGlite has one anyway).
  const server = useTestServer('pg', {}, { poolSize: 1 });
  const build = (metricsToken: string | undefined) => {
    const metrics = createMetrics({ db: server().db, clock: server().clock.now });
    const app = createApp({
      db: server().db,
      config: testConfig({ metricsToken }),
      clock: server().clock.now,
      logger: new RecordingLogger(),
      sleep: () => Promise.resolve(),
      metrics,
    });
    const scrape = async () => {
      const answer = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toContain('text/plain');
      return answer.text();
    };
    return { app, metrics, scrape };
  };

  it('counts and times requests by method, route pattern and status, never by the address with its ids', async () => {
    const { app, scrape } = build(TOKEN);
    const before = await scrape();
    const signIn = await app.request('/portalApi/Auth', json({ username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false }));
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const authorised = { headers: { Authorization: `Bearer ${accessToken}` } };
    const orders = await Promise.all(['9900001', '9900002'].map(async (number) => app.request(`/portalApi/Orders/${number}`, authorised)));
    const status = orders[0]?.status ?? 0;
    expect(orders.map((answer) => answer.status)).toEqual([status, status]);
    const after = await scrape();

    const signIns = 'portal_http_requests_total{method="POST",route="/portalApi/Auth",status="200"}';
    expect(sample(before, signIns)).toBeUndefined();
    expect(sample(after, signIns)).toBe(1);
    const lookups = `portal_http_requests_total{method="GET",route="/portalApi/Orders/:number",status="${status}"}`;
    expect(sample(after, lookups)).toBe(2);
    expect(after).not.toContain('9900001');
    const timed = `portal_http_request_duration_seconds_count{method="GET",route="/portalApi/Orders/:number",status="${status}"}`;
    expect(sample(after, timed)).toBe(2);
    const slowest = `portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/portalApi/Orders/:number",status="${status}"}`;
    expect(sample(after, slowest)).toBe(2);
    expect(sample(after, 'portal_http_request_duration_seconds_sum{method="POST",route="/portalApi/Auth",status="200"}')).toBeGreaterThan(
      0,
    );
  });

  it('reports the pool, the outbox depths, the deliveries, the throttled sign-ins and the process', async () => {
    const { app, metrics, scrape } = build(TOKEN);
    // A restore message waits in the mail outbox.
    expect((await app.request('/portalApi/Auth/Password/Forgot', json({ username: 'hcp.checkout' }))).status).toBe(200);
    const queued = await scrape();
    expect(sample(queued, 'portal_outbox_rows{outbox="mail",state="pending"}')).toBe(1);
    expect(sample(queued, 'portal_outbox_rows{outbox="mail",state="leased"}')).toBe(0);
    expect(sample(queued, 'portal_outbox_rows{outbox="webhook",state="pending"}')).toBe(0);
    for (const pool of ['portal_db_pool_connections', 'portal_db_pool_idle_connections', 'portal_db_pool_waiting_queries']) {
      expect(sample(queued, pool)).toEqual(expect.any(Number));
    }
    expect(queued).toContain('process_cpu_user_seconds_total');
    expect(queued).toContain('nodejs_eventloop_lag_seconds');

    const sent: string[] = [];
    const transport: MailTransport = { send: (mail) => Promise.resolve(void sent.push(mail.to)), close: () => undefined };
    const sender = createMailSender({
      db: server().db,
      config: testConfig(),
      transport,
      clock: server().clock.now,
      logger: new RecordingLogger(),
      metrics,
    });
    expect(await sender.runOnce()).toBe(1);
    expect(sent).toHaveLength(1);

    // Wrong passwords from one address until the throttle refuses the next attempt.
    for (let attempt = 0; attempt <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await app.request('/portalApi/Auth', json({ username: 'hcp.checkout', password: 'Wrong-password-1', rememberMe: false }));
    }
    const delivered = await scrape();
    expect(sample(delivered, 'portal_outbox_rows{outbox="mail",state="pending"}')).toBe(0);
    expect(sample(delivered, 'portal_outbox_deliveries_total{outbox="mail",result="delivered"}')).toBe(1);
    expect(sample(delivered, 'portal_sign_ins_throttled_total{outcome="refused"}')).toBe(1);
    expect(sample(delivered, 'portal_http_requests_total{method="POST",route="/portalApi/Auth",status="429"}')).toBe(1);
    expect(sample(delivered, 'portal_http_requests_total{method="POST",route="/portalApi/Auth",status="401"}')).toBe(
      SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    );
  });

  it('counts the webhook sender’s results: a failed attempt, then the delivery, and a delivery given up', async () => {
    const { metrics, scrape } = build(TOKEN);
    const { db, clock } = server();
    const practice = PRACTICE_IDS.riverside;
    await webhookSecret(db, practice);
    await addWebhook(db, practice, 'http://127.0.0.1:9/hooks', [DeliveryEventName.KitStatusChanged]);
    // An address the sender refuses to post to: retrying cannot help, so the delivery is given up at once.
    await addWebhook(db, practice, 'ftp://127.0.0.1/hooks', [DeliveryEventName.KitStatusChanged]);
    const { barcode, status } = await kitToMove(db, practice);
    await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: clock.now() });
    const answers = [500, 204];
    const sender = createWebhookSender({
      db,
      config: { ...testConfig(), webhookRetryBaseMs: 1_000 },
      clock: clock.now,
      logger: new RecordingLogger(),
      post: () => Promise.resolve(answers.shift() ?? 500),
      metrics,
    });
    const series = (result: string) => `portal_outbox_deliveries_total{outbox="webhook",result="${result}"}`;
    expect(sample(await scrape(), 'portal_outbox_rows{outbox="webhook",state="pending"}')).toBe(2);
    expect(await sender.runOnce()).toBe(2);
    const first = await scrape();
    expect(sample(first, series('failed_attempt'))).toBe(1);
    expect(sample(first, series('gave_up'))).toBe(1);
    expect(sample(first, series('delivered'))).toBeUndefined();
    expect(sample(first, 'portal_outbox_rows{outbox="webhook",state="pending"}')).toBe(1);
    clock.advance(1); // seconds: the retry base
    expect(await sender.runOnce()).toBe(1);
    const second = await scrape();
    expect(sample(second, series('delivered'))).toBe(1);
    expect(sample(second, series('failed_attempt'))).toBe(1);
    expect(sample(second, 'portal_outbox_rows{outbox="webhook",state="pending"}')).toBe(0);
  });

  it('reports the pool of node-postgres as it is used: connections, idle ones and queries waiting for one', async () => {
    const { metrics } = build(TOKEN);
    const read = async (name: string) => sample(await metrics.registry.getSingleMetricAsString(name), name);
    const figures = async () => ({
      total: await read('portal_db_pool_connections'),
      idle: await read('portal_db_pool_idle_connections'),
      waiting: await read('portal_db_pool_waiting_queries'),
    });
    // The tests' pool has one connection: a transaction holds it, and a query has to wait for it.
    let release = (): void => undefined;
    let holding = (): void => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server().db.transaction(() => {
      holding();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const waiting = server().db.query('SELECT 1');
    expect(await figures()).toEqual({ total: 1, idle: 0, waiting: 1 });
    release();
    await Promise.all([transaction, waiting]);
    expect(await figures()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it('answers 401 without the token or with a wrong one, naming neither', async () => {
    const { app } = build(TOKEN);
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
      const answer = await app.request('/metrics', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="metrics"');
      const body = await answer.text();
      expect(errorMessage(JSON.parse(body))).toBe(ServerText.metricsTokenRequired);
      expect(body).not.toContain('portal_');
    }
  });

  it('answers 404 when no METRICS_TOKEN is set, whatever the request carries', async () => {
    const { app } = build(undefined);
    const variants: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}` }, { Authorization: 'Bearer ' }];
    for (const headers of variants) {
      const answer = await app.request('/metrics', { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('portal_');
    }
  });
});

describe('/metrics on a port of its own (METRICS_PORT)', () => {
  const server = useTestServer('pglite');

  it('serves the metrics there without a token, and nothing else', async () => {
    const metrics = createMetrics({ db: server().db, clock: server().clock.now });
    const app = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger(), metrics });
    expect((await app.request('/healthz')).status).toBe(200);
    const listener = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const { port } = listener.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const text = await answer.text();
      expect(sample(text, 'portal_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
      // PGlite has no pool: no pool series rather than made-up ones.
      expect(text).not.toContain('portal_db_pool_connections');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
      // The main port still hides them: no METRICS_TOKEN.
      expect((await app.request('/metrics')).status).toBe(404);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
