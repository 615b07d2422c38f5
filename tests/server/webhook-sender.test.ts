import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { resetDatabase } from '../../server/seed/seed';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { changeKitStatus } from '../../server/store/kits/kit-status';
import { DeliveryEventName } from '../../server/developers/payload';
import { postJson } from '../../server/developers/post';
import { createWebhookSender, SenderText, type SenderConfig } from '../../server/developers/sender';
import { retryDelayMs } from '../../server/outbox/poller';
import { UrlPolicyText } from '../../server/developers/url-policy';
import { ManualClock, openTestDatabase } from './support/harness';
import { addWebhook, attemptsOf, deliveries, kitToMove, Receiver, webhookSecret, NOTICE_LINKS } from './support/webhook-fixtures';

/**
 * The sender's parts one at a time: the POST itself (answer, timeout, the address rule at connection time), the
 * backoff formula, and the outcomes the API suite does not reach (no secret yet, an endpoint that is not a URL, a
 * receiver that never answers, the timer).
 */

const RIVERSIDE = PRACTICE_IDS.riverside;
const CONFIG: SenderConfig = {
  production: false,
  webhookRetryBaseMs: 1_000,
  webhookMaxAttempts: 5,
  webhookPollMs: 20,
  webhookTimeoutMs: 5_000,
};

const receivers: Receiver[] = [];
async function receiver(...args: ConstructorParameters<typeof Receiver>): Promise<Receiver> {
  const started = new Receiver(...args);
  await started.start();
  receivers.push(started);
  return started;
}

afterEach(async () => {
  for (const started of receivers.splice(0)) await started.close();
});

describe('postJson', () => {
  const options = { headers: { 'Content-Type': 'application/json' }, timeoutMs: 5_000, production: false };

  it('answers the receiver’s status, whatever it is, having sent the body as given', async () => {
    const target = await receiver([201, 404]);
    expect(await postJson(target.url('http'), '{"a":1}', options)).toBe(201);
    expect(await postJson(target.url('http'), '{"a":2}', options)).toBe(404);
    expect(target.hits.map((hit) => hit.body)).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('gives up when no answer comes within the timeout', async () => {
    const target = await receiver([{ status: 200, afterMs: 2_000 }]);
    const started = performance.now();
    await expect(postJson(target.url('http'), '{}', { ...options, timeoutMs: 300 })).rejects.toThrow('No answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(1_900);
  });

  it('rejects a dropped connection', async () => {
    const target = await receiver(['drop']);
    await expect(postJson(target.url('http'), '{}', options)).rejects.toThrow();
  });

  it('in production settings never connects to a name that resolves to a loopback address', async () => {
    const target = await receiver();
    const port = new URL(target.url('http')).port;
    await expect(postJson(`http://localhost:${port}/hooks`, '{}', { ...options, production: true })).rejects.toThrow(
      UrlPolicyText.privateAddress,
    );
    expect(target.hits).toHaveLength(0);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base with every attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(30_000, attempt))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });
});

describe('the sender’s outcomes', () => {
  let db: Database;
  const clock = new ManualClock();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    clock.reset();
    await resetDatabase(db);
  });
  afterAll(async () => {
    await db.close();
  });

  async function enqueue(endpoint: string, withSecret = true): Promise<void> {
    if (withSecret) await webhookSecret(db, RIVERSIDE);
    else await db.query('DELETE FROM practice_developer_settings WHERE practice_id = $1', [RIVERSIDE]);
    await addWebhook(db, RIVERSIDE, endpoint, [DeliveryEventName.KitStatusChanged]);
    const { barcode, status } = await kitToMove(db, RIVERSIDE);
    await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: clock.now() });
  }

  const sender = (config: Partial<SenderConfig> = {}) =>
    createWebhookSender({ db, config: { ...CONFIG, ...config }, clock: clock.now, logger: silentLogger });

  it('records an attempt without a connection while the practice has no webhook secret, and tries again later', async () => {
    const target = await receiver();
    await enqueue(target.url('http'), false);
    expect(await sender().runOnce()).toBe(1);
    const [delivery] = await deliveries(db);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await attemptsOf(db, delivery?.id ?? 0)).toEqual([
      { attempt: 1, status_code: null, error: SenderText.noSecret, duration_ms: 0 },
    ]);
    expect(target.hits).toHaveLength(0);

    await webhookSecret(db, RIVERSIDE);
    clock.advance(1);
    expect(await sender().runOnce()).toBe(1);
    expect((await deliveries(db))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(target.hits).toHaveLength(1);
  });

  it('fails at once a delivery whose endpoint is no http(s) URL', async () => {
    await enqueue('ftp://files.example/hooks');
    expect(await sender().runOnce()).toBe(1);
    const [delivery] = await deliveries(db);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await attemptsOf(db, delivery?.id ?? 0))[0]?.error).toBe(UrlPolicyText.notWebUrl);
  });

  it('records a receiver that does not answer in time as a failed attempt, with how long it waited', async () => {
    const target = await receiver([{ status: 200, afterMs: 1_000 }]);
    await enqueue(target.url('http'));
    expect(await sender({ webhookTimeoutMs: 300 }).runOnce()).toBe(1);
    const [delivery] = await deliveries(db);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    const [attempt] = await attemptsOf(db, delivery?.id ?? 0);
    expect(attempt).toMatchObject({ status_code: null, error: 'No answer within 300 ms' });
    expect(attempt?.duration_ms).toBeGreaterThanOrEqual(290);
  });

  it('delivers on its own timer once started, and stops polling when stopped', async () => {
    const target = await receiver();
    await enqueue(target.url('http'));
    const running = sender();
    running.start();
    await expect.poll(async () => (await deliveries(db))[0]?.state, { timeout: 5_000 }).toBe('delivered');
    await running.stop();

    const { barcode, status } = await kitToMove(db, RIVERSIDE, 1);
    await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: clock.now() });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await deliveries(db)).map((row) => row.state)).toEqual(['delivered', 'pending']);
    expect(target.hits).toHaveLength(1);
  });
});
