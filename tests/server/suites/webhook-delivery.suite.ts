import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { KitStatus } from '../../../src/model/kits/kit-status';
import { TestKitStatusSchema, TestKitStatusText } from '../../../src/model/test-support';
import type { Database, Row } from '../../../server/db/database';
import { silentLogger } from '../../../server/logger';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { contractDocument } from '../../../server/openapi';
import { changeKitStatus } from '../../../server/store/kits/kit-status';
import { DeliveryEventName, DeliveryPayloadSchema } from '../../../server/developers/payload';
import { createWebhookSender, DeliveryHeader, type SenderOptions, type WebhookSender } from '../../../server/developers/sender';
import { verifySignature } from '../../../server/developers/signature';
import { UrlPolicyText } from '../../../server/developers/url-policy';
import { buildServer, errorMessage, testConfig, type TestServer } from '../support/harness';
import {
  addWebhook,
  attemptsOf,
  deliveries,
  header,
  kitToMove,
  Receiver,
  webhookSecret,
  type Answer,
  NOTICE_LINKS,
} from '../support/webhook-fixtures';

/**
 * Signed webhook delivery from the outbox (issue 11, item 4): a kit's status change writes the outbox in its own
 * transaction, and senders over the database deliver each event once, signed, retried with backoff until delivered
 * or failed. The rows a delivery needs come from ../support/webhook-fixtures.
 */

const RIVERSIDE = PRACTICE_IDS.riverside;
const BASE_MS = 1_000;
const MAX_ATTEMPTS = 6;
/** How far a receiver lets a signature's timestamp be from its own clock. */
const TOLERANCE_SECONDS = 300;

export function webhookDeliverySuite(server: () => TestServer): void {
  describe('webhook delivery', () => {
    const cleanups: (() => Promise<void>)[] = [];

    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function receiver(script: readonly Answer[] = [], fallback: Answer = 200): Promise<Receiver> {
      const started = new Receiver(script, fallback);
      await started.start();
      cleanups.push(() => started.close());
      return started;
    }

    /** A sender on the suite's database and manual clock, with a small base so that the tests read in seconds. */
    function sender(overrides: Partial<SenderOptions> = {}, config: Partial<SenderOptions['config']> = {}): WebhookSender {
      const created = createWebhookSender({
        db: server().db,
        config: { ...server().config, webhookRetryBaseMs: BASE_MS, webhookMaxAttempts: MAX_ATTEMPTS, webhookTimeoutMs: 5_000, ...config },
        clock: server().clock.now,
        logger: silentLogger,
        ...overrides,
      });
      cleanups.push(() => created.stop());
      return created;
    }

    /** The same app started with PORTAL_TEST_MODE=1, over the same database and clock. */
    function testModeServer(): TestServer {
      const testMode = buildServer(server().db, server().adapter, testConfig({ testMode: true }));
      testMode.clock.advance((server().clock.now().getTime() - testMode.clock.now().getTime()) / 1000);
      return testMode;
    }

    async function moveKit(barcode: string, status: number, practiceId?: number) {
      return testModeServer().call('POST', `/__test/kits/${encodeURIComponent(barcode)}/status`, { body: { status, practiceId } });
    }

    const nowSeconds = (): number => Math.floor(server().clock.now().getTime() / 1000);

    it('sends a signed event after a status change, retries after a 500 and a dropped connection, and records the third attempt delivered', async () => {
      const db = server().db;
      const secret = await webhookSecret(db, RIVERSIDE);
      const target = await receiver([500, 'drop', 200]);
      await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged]);
      const { barcode, status } = await kitToMove(db, RIVERSIDE);
      const [before] = await db.query<{ status: number }>('SELECT status FROM kits WHERE barcode = $1', [barcode]);

      const moved = await moveKit(barcode, status);
      expect(moved.status).toBe(200);
      expect(v.parse(TestKitStatusSchema, moved.body)).toEqual({
        barcode,
        status,
        previousStatus: before?.status,
        changed: true,
        deliveries: 1,
        messages: 0,
      });
      expect(target.hits).toHaveLength(0);

      const send = sender();
      expect(await send.runOnce()).toBe(1);
      expect(await send.runOnce()).toBe(0);
      server().clock.advance(BASE_MS / 1000);
      expect(await send.runOnce()).toBe(1);
      server().clock.advance((2 * BASE_MS) / 1000);
      expect(await send.runOnce()).toBe(1);

      const [delivery] = await deliveries(db);
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, event_name: 'KitStatusChanged', locked_until: null });
      const attempts = await attemptsOf(db, delivery?.id ?? 0);
      expect(attempts.map(({ attempt, status_code }) => [attempt, status_code])).toEqual([
        [1, 500],
        [2, null],
        [3, 200],
      ]);
      expect(attempts[0]?.error).toBeNull();
      expect(attempts[1]?.error).toBeTruthy();
      expect(attempts.every((attempt) => attempt.duration_ms >= 0)).toBe(true);

      expect(target.hits).toHaveLength(3);
      for (const hit of target.hits) {
        expect(header(hit, 'Content-Type')).toBe('application/json');
        expect(header(hit, DeliveryHeader.delivery)).toBe(delivery?.uid);
        expect(header(hit, DeliveryHeader.event)).toBe('KitStatusChanged');
        const signature = header(hit, DeliveryHeader.signature);
        expect(signature).toMatch(new RegExp(`^t=${header(hit, DeliveryHeader.timestamp)},v1=[0-9a-f]{64}$`));
        expect(verifySignature(secret, signature, hit.body, TOLERANCE_SECONDS, nowSeconds())).toBe(true);
        expect(verifySignature(`${secret}x`, signature, hit.body, TOLERANCE_SECONDS, nowSeconds())).toBe(false);
        const event = v.parse(DeliveryPayloadSchema, JSON.parse(hit.body));
        expect(event).toMatchObject({ id: delivery?.uid, type: 'KitStatusChanged', data: { kit: { barcode, status: { status } } } });
        expect(event.data.kit.status.date).toBe(event.createdAt);
        expect(event.data.reports).toBeUndefined();
        expect(event.data.kit.previousStatus?.status).toBe(before?.status);
      }
      // The body is the event as it was built, keys in the documented order, the same bytes on every attempt.
      expect(Object.keys(JSON.parse(target.hits[0]?.body ?? '{}') as object)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(new Set(target.hits.map((hit) => hit.body)).size).toBe(1);
    });

    it('waits base, 2 × base, 4 × base … between attempts, then records the delivery failed and never sends it again', async () => {
      const db = server().db;
      await webhookSecret(db, RIVERSIDE);
      const target = await receiver([], 503);
      await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged]);
      const { barcode, status } = await kitToMove(db, RIVERSIDE);
      await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: server().clock.now() });

      const send = sender();
      const waits: number[] = [];
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        expect(await send.runOnce()).toBe(1);
        const [delivery] = await deliveries(db);
        expect(delivery).toMatchObject({ state: 'pending', attempts: attempt, locked_until: null });
        const wait = new Date(delivery?.next_attempt_at ?? 0).getTime() - server().clock.now().getTime();
        waits.push(wait);
        // Not due half a second before its time.
        server().clock.advance(wait / 1000 - 0.5);
        expect(await send.runOnce()).toBe(0);
        server().clock.advance(0.5);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16].map((factor) => factor * BASE_MS));

      expect(await send.runOnce()).toBe(1);
      const [failed] = await deliveries(db);
      expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, locked_until: null });
      expect((await attemptsOf(db, failed?.id ?? 0)).map((attempt) => attempt.status_code)).toEqual(Array(MAX_ATTEMPTS).fill(503));

      server().clock.advance(86_400);
      expect(await send.runOnce()).toBe(0);
      expect(target.hits).toHaveLength(MAX_ATTEMPTS);
    });

    it('writes the outbox in the status change’s transaction: a change that fails after the outbox insert leaves no delivery', async () => {
      const db = server().db;
      const target = await receiver();
      await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged, DeliveryEventName.ReportReady]);
      const { barcode } = await kitToMove(db, RIVERSIDE);
      const history = 'SELECT count(*)::integer AS n FROM kit_status_history h JOIN kits k ON k.id = h.kit_id WHERE k.barcode = $1';
      const [kitBefore] = await db.query('SELECT status, status_date FROM kits WHERE barcode = $1', [barcode]);
      const [historyBefore] = await db.query(history, [barcode]);

      let inserted = 0;
      const failing: Database = {
        ...db,
        transaction: (work) =>
          db.transaction((tx) =>
            work({
              exec: (sql) => tx.exec(sql),
              async query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
                const rows = await tx.query<T>(sql, params);
                if (sql.includes('INSERT INTO webhook_deliveries')) {
                  inserted += 1;
                  throw new Error('forced failure after the outbox insert');
                }
                return rows;
              },
            }),
          ),
      };
      await expect(
        changeKitStatus(failing, { links: NOTICE_LINKS, barcode, status: KitStatus.ResultReady, date: server().clock.now() }),
      ).rejects.toThrow('forced failure');
      expect(inserted).toBe(1);
      expect(await deliveries(db)).toEqual([]);
      expect(await db.query('SELECT status, status_date FROM kits WHERE barcode = $1', [barcode])).toEqual([kitBefore]);
      expect(await db.query(history, [barcode])).toEqual([historyBefore]);
    });

    it('raises KitStatusChanged and ReportReady (with the kit’s reports) when a kit becomes ResultReady, for the subscribed webhooks only', async () => {
      const db = server().db;
      const both = await addWebhook(db, RIVERSIDE, 'http://127.0.0.1:9/both', [
        DeliveryEventName.KitStatusChanged,
        DeliveryEventName.ReportReady,
      ]);
      const reportsOnly = await addWebhook(db, RIVERSIDE, 'http://127.0.0.1:9/reports', [DeliveryEventName.ReportReady]);
      await addWebhook(db, PRACTICE_IDS.lakeside, 'http://127.0.0.1:9/other-practice', [DeliveryEventName.KitStatusChanged]);
      const { barcode } = await kitToMove(db, RIVERSIDE);
      await db.query(
        `INSERT INTO kit_reports (kit_id, type, name) SELECT id, 200, 'TruAge' FROM kits WHERE barcode = $1 ON CONFLICT DO NOTHING`,
        [barcode],
      );

      const change = await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status: KitStatus.ResultReady, date: server().clock.now() });
      expect(change).toMatchObject({ changed: true, deliveries: 3 });
      const rows = await db.query<{ webhook_id: number; event_name: string; payload: unknown; uid: string }>(
        'SELECT webhook_id, event_name, payload, uid FROM webhook_deliveries ORDER BY webhook_id, event_name',
      );
      expect(rows.map((row) => [row.webhook_id, row.event_name])).toEqual([
        [both, 'KitStatusChanged'],
        [both, 'ReportReady'],
        [reportsOnly, 'ReportReady'],
      ]);
      // The bodies are what the OpenAPI document's `webhooks` describe.
      const ajv = new Ajv2020({ allErrors: true });
      addFormats(ajv);
      const { webhooks } = contractDocument();
      for (const row of rows) {
        const documented = webhooks[row.event_name]?.post.requestBody.content['application/json'].schema;
        expect(ajv.validate(documented ?? false, row.payload), JSON.stringify(ajv.errors)).toBe(true);
        const event = v.parse(DeliveryPayloadSchema, row.payload);
        expect(event.id).toBe(row.uid);
        expect(event.type).toBe(row.event_name);
        if (row.event_name === 'ReportReady') expect(event.data.reports).toContainEqual({ type: 200, name: 'TruAge' });
        else expect(event.data.reports).toBeUndefined();
      }
      expect(new Set(rows.map((row) => row.uid)).size).toBe(3);

      // The same status again changes nothing and raises nothing.
      expect(
        await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status: KitStatus.ResultReady, date: server().clock.now() }),
      ).toMatchObject({
        changed: false,
        deliveries: 0,
      });
      expect(await deliveries(db)).toHaveLength(3);
    });

    it('never sends one delivery twice when two senders share the database and run at the same time', async () => {
      const db = server().db;
      await webhookSecret(db, RIVERSIDE);
      const target = await receiver();
      for (let i = 0; i < 3; i += 1) await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged]);
      const first = sender({ batchSize: 2 });
      const second = sender({ batchSize: 2 });

      let expected = 0;
      for (let round = 0; round < 4; round += 1) {
        for (let kit = 0; kit < 3; kit += 1) {
          const { barcode, status } = await kitToMove(db, RIVERSIDE, round * 3 + kit);
          expected += (await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: server().clock.now() }))?.deliveries ?? 0;
        }
        for (let turn = 0; turn < 20; turn += 1) {
          const claimed = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
          if (claimed.every((count) => count === 0)) break;
        }
      }
      expect(expected).toBe(36);
      const rows = await deliveries(db);
      expect(rows).toHaveLength(expected);
      expect(rows.every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
      const counts = target.countByDelivery();
      expect(counts.size).toBe(expected);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
    });

    it('delivers after a restart: a new sender sends what is pending, and claims again a delivery whose sender died holding it', async () => {
      const db = server().db;
      await webhookSecret(db, RIVERSIDE);
      const target = await receiver();
      await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged]);
      const pending = await kitToMove(db, RIVERSIDE, 0);
      await changeKitStatus(db, { links: NOTICE_LINKS, ...pending, date: server().clock.now() });

      // This instance claims the delivery and never comes back (its answer never arrives).
      let release: (status: number) => void = () => undefined;
      const crashed = sender({ post: () => new Promise<number>((resolve) => (release = resolve)), leaseMs: 30_000 });
      void crashed.runOnce();
      await expect.poll(async () => (await deliveries(db))[0]?.attempts).toBe(1);

      const restarted = sender({ leaseMs: 30_000 });
      expect(await restarted.runOnce()).toBe(0);
      server().clock.advance(30);
      expect(await restarted.runOnce()).toBe(1);
      const [delivery] = await deliveries(db);
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
      expect(target.hits).toHaveLength(1);

      // The lost instance's late answer changes nothing.
      release(200);
      await expect.poll(async () => (await attemptsOf(db, delivery?.id ?? 0)).length).toBe(2);
      expect((await deliveries(db))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    });

    it('answers the status change before the slow receiver has answered: the request only writes the outbox', async () => {
      const db = server().db;
      await webhookSecret(db, RIVERSIDE);
      const target = await receiver([{ status: 200, afterMs: 700 }]);
      await addWebhook(db, RIVERSIDE, target.url('http'), [DeliveryEventName.KitStatusChanged]);
      const { barcode, status } = await kitToMove(db, RIVERSIDE);
      const running = sender({}, { webhookPollMs: 20 });
      running.start();

      const moved = await moveKit(barcode, status);
      const answeredAt = performance.now();
      expect(moved.status).toBe(200);
      expect(target.hits).toHaveLength(0);
      await expect.poll(async () => (await deliveries(db))[0]?.state, { timeout: 5_000 }).toBe('delivered');
      expect(target.hits).toHaveLength(1);
      expect(target.hits[0]?.answeredAt).toBeGreaterThan(answeredAt);
      await running.stop();
    });

    it('in production settings refuses an endpoint on 127.0.0.1 at send time: recorded failed, the receiver never hit', async () => {
      const db = server().db;
      await webhookSecret(db, RIVERSIDE);
      const target = await receiver();
      // Saved before the rule applied (say, in development), so only the sender stands in the way.
      await addWebhook(db, RIVERSIDE, target.url('https'), [DeliveryEventName.KitStatusChanged]);
      const { barcode, status } = await kitToMove(db, RIVERSIDE);
      await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: server().clock.now() });

      const send = sender({}, { production: true });
      expect(await send.runOnce()).toBe(1);
      const [delivery] = await deliveries(db);
      expect(delivery).toMatchObject({ state: 'failed', attempts: 1 });
      expect(await attemptsOf(db, delivery?.id ?? 0)).toEqual([
        { attempt: 1, status_code: null, error: UrlPolicyText.privateAddress, duration_ms: 0 },
      ]);
      server().clock.advance(86_400);
      expect(await send.runOnce()).toBe(0);
      expect(target.hits).toHaveLength(0);
    });

    describe('POST /__test/kits/{barcode}/status', () => {
      it('moves the kit (status, date and history) as GET /Kits/{barcode} then shows it', async () => {
        const { barcode, status } = await kitToMove(server().db, RIVERSIDE);
        const moved = await moveKit(barcode, status, RIVERSIDE);
        expect(moved.status).toBe(200);
        expect(v.parse(TestKitStatusSchema, moved.body)).toMatchObject({ barcode, status, changed: true, deliveries: 0 });
        const user = await server().signIn('hcp.checkout');
        const kit = await server().call('GET', `/Kits/${barcode}`, { token: user.accessToken.token });
        expect(kit.body).toMatchObject({ status: { status, date: server().clock.now().toISOString() } });
      });

      it('answers 404 for another practice’s barcode when a practice is given, and for an unknown barcode', async () => {
        const other = await kitToMove(server().db, PRACTICE_IDS.lakeside);
        expect((await moveKit(other.barcode, other.status, RIVERSIDE)).status).toBe(404);
        expect((await moveKit('KT-NOPE-0000', KitStatus.Disposed)).status).toBe(404);
        expect(await deliveries(server().db)).toEqual([]);
      });

      it.each([99, -1, '17', null])('answers 400 for the status %o, changing nothing', async (status) => {
        const { barcode } = await kitToMove(server().db, RIVERSIDE);
        const before = await server().db.query('SELECT status, status_date FROM kits WHERE barcode = $1', [barcode]);
        const answer = await testModeServer().call('POST', `/__test/kits/${barcode}/status`, { body: { status } });
        expect(answer.status).toBe(400);
        expect(errorMessage(answer.body)).toContain(TestKitStatusText.badStatus);
        expect(await server().db.query('SELECT status, status_date FROM kits WHERE barcode = $1', [barcode])).toEqual(before);
      });

      it('is absent (404) without PORTAL_TEST_MODE=1', async () => {
        const { barcode } = await kitToMove(server().db, RIVERSIDE);
        expect((await server().call('POST', `/__test/kits/${barcode}/status`, { body: { status: KitStatus.Disposed } })).status).toBe(404);
      });
    });
  });
}
