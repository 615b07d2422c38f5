import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TokenSchemaRecordSchema,
  WebhookRecordSchema,
  WebhookSecretRecordSchema,
  type WebhookRecord,
} from '../../src/model/developers/webhook';
import { DeliveryLogRecordSchema, DeliveryQueuedRecordSchema } from '../../src/model/developers/webhook-console';
import { KeyRotationText, WebhookConsoleServerText as T } from '../../src/model/developers/webhook-console-texts';
import { WebhookServerText } from '../../src/model/developers/webhook';
import { loadSigningKey } from '../../server/auth/access-tokens';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import { verifyApiKey } from '../../server/developers/api-keys';
import { PingPayloadSchema } from '../../server/developers/payload';
import { createWebhookSender, DeliveryHeader, type WebhookSender } from '../../server/developers/sender';
import { parseSignatureHeader, verifySignature } from '../../server/developers/signature';
import { silentLogger } from '../../server/logger';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { errorMessage, useTestServer, type Answer } from './support/harness';
import { header, Receiver } from './support/webhook-fixtures';

/**
 * The webhook console (issue 44 item 3) over the API: a test event through the outbox to a local receiver and into
 * the delivery log, resending a delivery, rotating the webhook secret with a 24-hour overlap of both signatures (on
 * the manual clock), regenerating the API key, the password each rotation needs, and another practice's 404s.
 */

const server = useTestServer('pglite');
const RIVERSIDE = PRACTICE_IDS.riverside;
const DAY_SECONDS = 24 * 60 * 60;
/** How far a receiver lets a signature's timestamp be from its own clock. */
const TOLERANCE_SECONDS = 300;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(): Promise<Receiver> {
  const started = new Receiver();
  await started.start();
  cleanups.push(() => started.close());
  return started;
}

function sender(): WebhookSender {
  const created = createWebhookSender({
    db: server().db,
    config: { ...server().config, webhookRetryBaseMs: 1_000, webhookMaxAttempts: 5, webhookTimeoutMs: 5_000 },
    clock: server().clock.now,
    logger: silentLogger,
  });
  cleanups.push(() => created.stop());
  return created;
}

const riverside = async () => (await server().signIn('hcp.checkout')).accessToken.token;
const lakeside = async () => (await server().signIn('hcp.net30')).accessToken.token;

function ok<TSchema extends v.GenericSchema>(answer: Answer, schema: TSchema, status = 200): v.InferOutput<TSchema> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(schema, answer.body);
}

async function webhookTo(token: string, endpoint: string): Promise<WebhookRecord> {
  const body = { endpoint, events: ['KitStatusChanged'] };
  return ok(await server().call('POST', '/Webhooks', { token, body }), WebhookRecordSchema, 201);
}

async function sendTest(token: string, uid: string): Promise<string> {
  return ok(await server().call('POST', `/Webhooks/${uid}/Test`, { token }), DeliveryQueuedRecordSchema, 201).deliveryId;
}

async function logOf(token: string, uid: string, query = '') {
  return ok(await server().call('GET', `/Webhooks/${uid}/Deliveries${query}`, { token }), DeliveryLogRecordSchema);
}

async function secretOf(token: string) {
  return ok(await server().call('GET', '/Webhooks/Secret', { token }), WebhookSecretRecordSchema);
}

const nowSeconds = (): number => Math.floor(server().clock.now().getTime() / 1000);

describe('a test event', () => {
  it('is queued as a signed Ping through the outbox, delivered to the receiver, and shown in the log with what was sent', async () => {
    const token = await riverside();
    const target = await receiver();
    const hook = await webhookTo(token, target.url('http'));
    const deliveryId = await sendTest(token, hook.uid);

    // Queued, not sent: the request only wrote the outbox.
    expect(target.hits).toHaveLength(0);
    const waiting = await logOf(token, hook.uid);
    expect(waiting.items).toEqual([expect.objectContaining({ deliveryId, event: 'Ping', attempt: null, outcome: 'waiting' })]);

    expect(await sender().runOnce()).toBe(1);
    const [hit] = target.hits;
    if (!hit) throw new Error('The receiver got nothing');
    expect(header(hit, DeliveryHeader.event)).toBe('Ping');
    expect(header(hit, DeliveryHeader.delivery)).toBe(deliveryId);
    const { secret } = await secretOf(token);
    expect(verifySignature(secret, header(hit, DeliveryHeader.signature), hit.body, TOLERANCE_SECONDS, nowSeconds())).toBe(true);
    expect(v.parse(PingPayloadSchema, JSON.parse(hit.body))).toMatchObject({
      id: deliveryId,
      type: 'Ping',
      data: { webhook: { uid: hook.uid, endpoint: target.url('http') } },
    });

    const log = await logOf(token, hook.uid);
    expect(log).toMatchObject({ page: 1, hasMore: false });
    const [entry, ...older] = log.items;
    expect(older).toEqual([]);
    expect(entry).toMatchObject({
      deliveryId,
      event: 'Ping',
      attempt: 1,
      at: server().clock.now().toISOString(),
      outcome: 'delivered',
      statusCode: 200,
      error: null,
      requestBody: hit.body,
    });
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    // The waiting entry showed the very body that was then sent.
    expect(waiting.items[0]?.requestBody).toBe(hit.body);
  });

  it('pages the log newest first', async () => {
    const token = await riverside();
    const target = await receiver();
    const hook = await webhookTo(token, target.url('http'));
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await sendTest(token, hook.uid));
      await sender().runOnce();
      server().clock.advance(60);
    }
    const first = await logOf(token, hook.uid, '?page=1&pageSize=2');
    expect(first.items.map((entry) => entry.deliveryId)).toEqual([ids[2], ids[1]]);
    expect(first.hasMore).toBe(true);
    const second = await logOf(token, hook.uid, '?page=2&pageSize=2');
    expect(second.items.map((entry) => entry.deliveryId)).toEqual([ids[0]]);
    expect(second.hasMore).toBe(false);
    const bad = await server().call('GET', `/Webhooks/${hook.uid}/Deliveries?pageSize=500`, { token });
    expect(bad.status).toBe(400);
  });
});

describe('resending a delivery', () => {
  it('makes a new attempt with the same delivery id, and the log shows both, the new one first', async () => {
    const token = await riverside();
    const target = await receiver();
    const hook = await webhookTo(token, target.url('http'));
    const deliveryId = await sendTest(token, hook.uid);
    await sender().runOnce();
    server().clock.advance(30);

    const resent = ok(await server().call('POST', `/Webhooks/Deliveries/${deliveryId}/Resend`, { token }), DeliveryQueuedRecordSchema);
    expect(resent.deliveryId).toBe(deliveryId);
    expect(await sender().runOnce()).toBe(1);

    expect(target.hits.map((hit) => header(hit, DeliveryHeader.delivery))).toEqual([deliveryId, deliveryId]);
    expect(target.hits[1]?.body).toBe(target.hits[0]?.body);
    const log = await logOf(token, hook.uid);
    expect(log.items.map(({ deliveryId: id, attempt, outcome }) => ({ id, attempt, outcome }))).toEqual([
      { id: deliveryId, attempt: 2, outcome: 'delivered' },
      { id: deliveryId, attempt: 1, outcome: 'delivered' },
    ]);
  });

  it('gives a delivery that used up its attempts a whole new series: a failed resend is retried, not given up', async () => {
    const token = await riverside();
    const target = new Receiver([], 500);
    await target.start();
    cleanups.push(() => target.close());
    const hook = await webhookTo(token, target.url('http'));
    const deliveryId = await sendTest(token, hook.uid);
    const send = sender();
    // Five attempts (the sender's most here), each after its backoff: then the delivery has failed.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await send.runOnce()).toBe(1);
      server().clock.advance(60);
    }
    expect(await send.runOnce()).toBe(0);
    const [state] = await server().db.query<{ state: string }>('SELECT state FROM webhook_deliveries WHERE uid = $1', [deliveryId]);
    expect(state?.state).toBe('failed');

    ok(await server().call('POST', `/Webhooks/Deliveries/${deliveryId}/Resend`, { token }), DeliveryQueuedRecordSchema);
    expect(await send.runOnce()).toBe(1);
    const [after] = await server().db.query<{ state: string }>('SELECT state FROM webhook_deliveries WHERE uid = $1', [deliveryId]);
    expect(after?.state).toBe('pending');
    const log = await logOf(token, hook.uid);
    // Newest first: the retry it waits for, then the sixth attempt's 500.
    expect(log.items.slice(0, 2).map(({ attempt, outcome, statusCode }) => ({ attempt, outcome, statusCode }))).toEqual([
      { attempt: null, outcome: 'waiting', statusCode: null },
      { attempt: 6, outcome: 'failed', statusCode: 500 },
    ]);
    expect(target.hits).toHaveLength(6);
  });

  it('is refused with a reason once the webhook is deleted, and the deleted webhook’s waiting delivery is never sent', async () => {
    const token = await riverside();
    const target = await receiver();
    const hook = await webhookTo(token, target.url('http'));
    const sent = await sendTest(token, hook.uid);
    await sender().runOnce();
    const waiting = await sendTest(token, hook.uid);
    expect((await server().call('DELETE', `/Webhooks/${hook.uid}`, { token })).status).toBe(200);

    for (const deliveryId of [sent, waiting]) {
      const refused = await server().call('POST', `/Webhooks/Deliveries/${deliveryId}/Resend`, { token });
      expect(refused.status).toBe(409);
      expect(errorMessage(refused.body)).toBe(T.webhookDeleted);
    }
    expect(await sender().runOnce()).toBe(0);
    expect(target.hits).toHaveLength(1);
    expect((await server().call('GET', `/Webhooks/${hook.uid}/Deliveries`, { token })).status).toBe(404);
  });
});

describe('rotating the webhook secret', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    let token = await riverside();
    const target = await receiver();
    const hook = await webhookTo(token, target.url('http'));
    const old = (await secretOf(token)).secret;

    const rotated = ok(
      await server().call('POST', '/Webhooks/Secret/Rotate', { token, body: { password: DEMO_PASSWORD } }),
      WebhookSecretRecordSchema,
    );
    expect(rotated.secret).not.toBe(old);
    expect(rotated.secret.startsWith('whsec_')).toBe(true);
    expect(rotated.maskedSecret.endsWith(rotated.secret.slice(-4))).toBe(true);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(server().clock.now().getTime() + DAY_SECONDS * 1000).toISOString());
    expect(await secretOf(token)).toEqual(rotated);

    // An hour into the overlap: two v1 signatures, the new secret's first, each valid with its own secret.
    server().clock.advance(3_600);
    // The access token has run out meanwhile: a fresh sign-in, as a person coming back would.
    token = await riverside();
    const deliveryId = await sendTest(token, hook.uid);
    await sender().runOnce();
    const during = target.hits[0];
    if (!during) throw new Error('The receiver got nothing');
    const signature = header(during, DeliveryHeader.signature);
    expect(parseSignatureHeader(signature)?.signatures).toHaveLength(2);
    expect(verifySignature(rotated.secret, signature, during.body, TOLERANCE_SECONDS, nowSeconds())).toBe(true);
    expect(verifySignature(old, signature, during.body, TOLERANCE_SECONDS, nowSeconds())).toBe(true);

    // A second past the 24 hours: the old secret signs no more.
    server().clock.advance(DAY_SECONDS - 3_600 + 1);
    token = await riverside();
    ok(await server().call('POST', `/Webhooks/Deliveries/${deliveryId}/Resend`, { token }), DeliveryQueuedRecordSchema);
    await sender().runOnce();
    const after = target.hits[1];
    if (!after) throw new Error('The resend reached nothing');
    const single = header(after, DeliveryHeader.signature);
    expect(parseSignatureHeader(single)?.signatures).toHaveLength(1);
    expect(verifySignature(rotated.secret, single, after.body, TOLERANCE_SECONDS, nowSeconds())).toBe(true);
    expect(verifySignature(old, single, after.body, TOLERANCE_SECONDS, nowSeconds())).toBe(false);
    expect((await secretOf(token)).previousSecretExpiresAt).toBeNull();
  });
});

describe('regenerating the API key', () => {
  it('answers a new key under the same schema name, and the old key is refused at once', async () => {
    const token = await riverside();
    const before = ok(await server().call('GET', '/Webhooks/TokenSchema', { token }), TokenSchemaRecordSchema);
    const key = await loadSigningKey(server().db, server().config.tokenSecret);
    expect(await verifyApiKey(server().db, key, before.apiKey)).toBe(RIVERSIDE);

    const after = ok(
      await server().call('POST', '/Webhooks/TokenSchema/Regenerate', { token, body: { password: DEMO_PASSWORD } }),
      TokenSchemaRecordSchema,
    );
    expect(after.apiKey).not.toBe(before.apiKey);
    expect(after.name).toBe(before.name);
    expect(await verifyApiKey(server().db, key, before.apiKey)).toBeNull();
    expect(await verifyApiKey(server().db, key, after.apiKey)).toBe(RIVERSIDE);
    expect(ok(await server().call('GET', '/Webhooks/TokenSchema', { token }), TokenSchemaRecordSchema)).toEqual(after);
  });
});

describe('the password rotation and regeneration need', () => {
  const calls = ['/Webhooks/Secret/Rotate', '/Webhooks/TokenSchema/Regenerate'];

  it('refuses a missing or wrong password and changes nothing', async () => {
    const token = await riverside();
    const secret = await secretOf(token);
    const schema = ok(await server().call('GET', '/Webhooks/TokenSchema', { token }), TokenSchemaRecordSchema);
    for (const path of calls) {
      const missing = await server().call('POST', path, { token, body: {} });
      expect(missing.status).toBe(400);
      expect(errorMessage(missing.body)).toContain(KeyRotationText.passwordRequired);
      const wrong = await server().call('POST', path, { token, body: { password: `${DEMO_PASSWORD}x` } });
      expect(wrong.status).toBe(400);
      expect(errorMessage(wrong.body)).toBe(T.wrongPassword);
    }
    expect(await secretOf(token)).toEqual(secret);
    expect(ok(await server().call('GET', '/Webhooks/TokenSchema', { token }), TokenSchemaRecordSchema)).toEqual(schema);
  });

  it('counts a wrong password as a failed sign-in: past the limit both it and sign-in are refused', async () => {
    const token = await riverside();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      const wrong = await server().call('POST', '/Webhooks/Secret/Rotate', { token, body: { password: 'not it' } });
      expect(wrong.status).toBe(400);
    }
    const refused = await server().call('POST', '/Webhooks/Secret/Rotate', { token, body: { password: DEMO_PASSWORD } });
    expect(refused.status).toBe(429);
    const signIn = await server().call('POST', '/Auth', { body: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false } });
    expect(signIn.status).toBe(429);
  });
});

describe('another practice', () => {
  it('finds none of this practice’s webhooks or deliveries (404), and signed-out calls are 401', async () => {
    const token = await riverside();
    const hook = await webhookTo(token, 'http://127.0.0.1:9/hooks');
    const deliveryId = await sendTest(token, hook.uid);
    const other = await lakeside();
    const refused = [
      await server().call('POST', `/Webhooks/${hook.uid}/Test`, { token: other }),
      await server().call('GET', `/Webhooks/${hook.uid}/Deliveries`, { token: other }),
      await server().call('POST', `/Webhooks/Deliveries/${deliveryId}/Resend`, { token: other }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(errorMessage(refused[0]?.body)).toBe(WebhookServerText.notFound);
    expect(errorMessage(refused[2]?.body)).toBe(T.deliveryNotFound);
    expect((await logOf(token, hook.uid)).items).toHaveLength(1);

    for (const [method, path] of [
      ['POST', `/Webhooks/${hook.uid}/Test`],
      ['GET', `/Webhooks/${hook.uid}/Deliveries`],
      ['POST', `/Webhooks/Deliveries/${deliveryId}/Resend`],
      ['POST', '/Webhooks/Secret/Rotate'],
      ['POST', '/Webhooks/TokenSchema/Regenerate'],
    ] as const) {
      const body = method === 'POST' ? { password: DEMO_PASSWORD } : undefined;
      expect((await server().call(method, path, { body })).status).toBe(401);
    }
  });
});
