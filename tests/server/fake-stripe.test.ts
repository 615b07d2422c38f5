import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, readConfig } from '../../server/config';
import type { Database, Row } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { CardServerText } from '../../server/payments/card-rules';
import type { Cards } from '../../server/payments/cards';
import { createCards } from '../../server/payments/create-cards';
import { seedCards } from '../../server/payments/seed-cards';
import { stripeCards, stripeClient } from '../../server/payments/stripe-cards';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import {
  createCardInBrowser,
  ATTACH_THEN_DECLINE_CARD_NUMBER,
  DECLINED_CARD_NUMBER,
  DECLINED_MESSAGE,
  newCardId,
  startFakeStripe,
  type FakeStripe,
} from '../support/fake-stripe-api';
import { errorMessage, openTestDatabase, START } from './support/harness';

const RIVERSIDE: number = PRACTICE_IDS.riverside;
const LAKESIDE: number = PRACTICE_IDS.lakeside;
const clock = () => START;
/** What the route answers for a refused charge: a 400 HttpError with this message. */
const refusal = (message: string) => ({ name: 'HttpError', status: 400, message });

let fake: FakeStripe;
let db: Database;

beforeAll(async () => {
  [fake, db] = await Promise.all([startFakeStripe(), openTestDatabase('pglite')]);
});
afterAll(async () => {
  await Promise.all([fake.close(), db.close()]);
});
beforeEach(async () => {
  fake.reset();
  await db.query('DELETE FROM card_provider_customers');
});

async function provider(path: string, init: RequestInit & { key?: string | null } = {}) {
  const { key = fake.secretKey, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key) headers.set('Authorization', `Bearer ${key}`);
  const response = await fetch(`${fake.url}${path}`, { ...rest, headers });
  const body: unknown = await response.json();
  return { status: response.status, headers: response.headers, body };
}

describe('the fake card provider API', () => {
  it('creates a card payment method from the browser’s call, branded by its number, and answers any origin', async () => {
    for (const [number, brand] of [
      ['4242424242424242', 'visa'],
      ['5555555555554444', 'mastercard'],
      ['378282246310005', 'amex'],
    ] as const) {
      const created = await createCardInBrowser(fake, { number, expMonth: 7, expYear: 2031 });
      expect(created).toMatchObject({ status: 200, body: { card: { brand, last4: number.slice(-4), exp_month: 7, exp_year: 2031 } } });
      expect(created.body.id).toMatch(/^pm_[0-9a-f]{24}$/);
    }
    const preflight = await fetch(`${fake.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe('authorization');
  });

  it.each([
    [{ number: '4242424242424241' }, 'incorrect_number', 'Your card number is incorrect.'],
    [{ number: '4242424242424242', expMonth: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [{ number: '4242424242424242', expYear: 2001 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    [{ number: '4242424242424242', cvc: '1' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('refuses card details the provider would refuse (%o) with its card error', async (card, code, message) => {
    expect(await createCardInBrowser(fake, card)).toEqual({ status: 402, body: { error: { type: 'card_error', code, message } } });
  });

  it('takes card details only with the publishable key, and server calls only with the secret key', async () => {
    const form = { method: 'POST', body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242' }) };
    expect((await provider('/v1/payment_methods', { ...form, key: null })).status).toBe(401);
    expect(errorMessage((await provider('/v1/payment_methods', { ...form, key: 'pk_test_other' })).body)).toMatch(
      /^Invalid API Key provided: pk_test_/,
    );
    expect((await provider('/v1/payment_methods', form)).status).toBe(400);
    const asBrowser = await provider('/v1/customers', { method: 'POST', key: fake.publishableKey });
    expect(asBrowser.status).toBe(401);
    expect(errorMessage(asBrowser.body)).toMatch(/cannot be made with a publishable API key/);
    const wrongSecret = await provider('/v1/customers', { method: 'POST', key: 'sk_test_wrong123456789' });
    expect(wrongSecret.body).toMatchObject({ error: { message: 'Invalid API Key provided: sk_test_**********6789' } });
  });

  it('replays a repeated idempotency key and refuses it with other parameters', async () => {
    const create = (name: string) =>
      provider('/v1/customers', {
        method: 'POST',
        headers: { 'Idempotency-Key': 'k-1' },
        body: new URLSearchParams({ 'metadata[practiceId]': name }),
      });
    const first = await create('11');
    expect(await create('11')).toMatchObject({ status: 200, body: first.body });
    expect(fake.customersOf(11)).toHaveLength(1);
    expect(await create('12')).toMatchObject({ status: 400, body: { error: { type: 'idempotency_error' } } });
  });

  it('answers readiness, reset and a practice’s payment intents under /__fake for journeys', async () => {
    expect(await provider('/__fake/health', { key: null })).toMatchObject({ status: 200, body: { ok: true } });
    await provider('/v1/customers', { method: 'POST', body: new URLSearchParams({ 'metadata[practiceId]': '11' }) });
    expect(await provider('/__fake/payment_intents?practiceId=11', { key: null })).toMatchObject({ status: 200, body: { data: [] } });
    expect((await provider('/__fake/reset', { method: 'POST', key: null })).status).toBe(200);
    expect(fake.customersOf(11)).toEqual([]);
  });
});

describe('the Stripe-backed cards against the fake: charging and ownership', () => {
  let cards: Cards;
  beforeAll(() => {
    cards = stripeCards({ db, clock, logger: silentLogger, stripe: stripeClient(fake.secretKey, fake.url) });
  });
  const charge = (paymentMethodId: string, idempotencyKey: string, practiceId = RIVERSIDE, amountCents = 12_500) =>
    cards.charge({ practiceId, paymentMethodId, amountCents, idempotencyKey, description: 'Order 1001' });
  const saved = async (practiceId: number, number: string) => (await cards.attach(practiceId, await newCardId(fake, { number }))).id;
  const intents = (practiceId = RIVERSIDE) => fake.customersOf(practiceId).flatMap((customer) => fake.paymentIntentsOf(customer.id));

  it('charges a saved card once per idempotency key, off session, in US dollars', async () => {
    const card = await saved(RIVERSIDE, '4242424242424242');
    await charge(card, 'order-1001');
    await charge(card, 'order-1001');
    expect(intents()).toMatchObject([
      { amount: 12_500, currency: 'usd', payment_method: card, status: 'succeeded', description: 'Order 1001' },
    ]);
    await charge(card, 'order-1002');
    expect(intents()).toHaveLength(2);
  });

  it('refuses a declined card with the provider’s own message, and a repeat gets the same answer', async () => {
    const card = await saved(RIVERSIDE, ATTACH_THEN_DECLINE_CARD_NUMBER);
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(charge(card, 'order-declined')).rejects.toMatchObject(refusal(DECLINED_MESSAGE));
    }
    expect(intents()).toMatchObject([{ status: 'requires_payment_method' }]);
  });

  it('refuses to save a card its issuer declines, with the provider’s own message, and saves nothing', async () => {
    await expect(saved(RIVERSIDE, DECLINED_CARD_NUMBER)).rejects.toMatchObject(refusal(DECLINED_MESSAGE));
    expect(await cards.list(RIVERSIDE)).toEqual([]);
  });

  it('charges only the practice’s own cards', async () => {
    const riverside = await saved(RIVERSIDE, '4242424242424242');
    await expect(charge(riverside, 'lakeside-1', LAKESIDE)).rejects.toMatchObject(refusal(CardServerText.noSuchCard(riverside)));
    await saved(LAKESIDE, '5555555555554444');
    await expect(charge(riverside, 'lakeside-2', LAKESIDE)).rejects.toMatchObject({ status: 400 });
    expect(intents(LAKESIDE)).toEqual([]);
    expect(await cards.owns(RIVERSIDE, riverside)).toBe(true);
    expect(await cards.owns(LAKESIDE, riverside)).toBe(false);
    expect(await cards.owns(RIVERSIDE, 'pm_unknown000')).toBe(false);
    expect(await cards.owns(PRACTICE_IDS.summit, riverside)).toBe(false);
  });

  it('keeps the customer another server process stored first, and deletes its own', async () => {
    const stripe = stripeClient(fake.secretKey, fake.url);
    const theirs = await stripe.customers.create({ metadata: { practiceId: String(RIVERSIDE) } });
    // The other process stores its customer while this one is waiting for the provider to create its own.
    const racingDb: Database = {
      ...db,
      async query<T extends Row>(sql: string, params?: readonly unknown[]) {
        if (sql.includes('INSERT INTO card_provider_customers')) {
          await db.query('INSERT INTO card_provider_customers (practice_id, customer_id, created_at) VALUES ($1, $2, now())', [
            RIVERSIDE,
            theirs.id,
          ]);
        }
        return db.query<T>(sql, params);
      },
    };
    const racing = stripeCards({ db: racingDb, clock, logger: silentLogger, stripe });
    const card = await racing.attach(RIVERSIDE, await newCardId(fake, { number: '4242424242424242' }));
    expect(card.isDefault).toBe(true);
    await vi.waitFor(() => expect(fake.customersOf(RIVERSIDE).map((customer) => customer.deleted)).toEqual([false, true]));
    expect(fake.customersOf(RIVERSIDE)[0]?.id).toBe(theirs.id);
    expect((await racing.list(RIVERSIDE)).map((saved) => saved.id)).toEqual([card.id]);
  });

  it('charges nothing for a free order and refuses an amount that is not whole cents', async () => {
    const card = await saved(RIVERSIDE, '4242424242424242');
    await charge(card, 'free', RIVERSIDE, 0);
    expect(intents()).toEqual([]);
    await expect(charge(card, 'odd', RIVERSIDE, 10.5)).rejects.toThrow(/whole number of cents/);
    await expect(charge(card, 'negative', RIVERSIDE, -100)).rejects.toThrow(/whole number of cents/);
  });
});

describe('the server’s own table of cards: charging', () => {
  const cards = () => createCards({ db, config: DEFAULT_CONFIG, clock, logger: silentLogger });
  const charges = () => db.query('SELECT practice_id, payment_method_id, amount_cents, description FROM card_charges ORDER BY created_at');
  beforeEach(async () => {
    await db.query('DELETE FROM card_charges');
    await seedCards(db);
  });

  it('always succeeds for a saved card, once per idempotency key', async () => {
    const [card] = await cards().list(RIVERSIDE);
    const charge = {
      practiceId: RIVERSIDE,
      paymentMethodId: card?.id ?? '',
      amountCents: 9_900,
      idempotencyKey: 'order-7',
      description: 'Order 7',
    };
    await cards().charge(charge);
    await cards().charge(charge);
    await cards().charge({ ...charge, amountCents: 0, idempotencyKey: 'free' });
    expect(await charges()).toEqual([{ practice_id: RIVERSIDE, payment_method_id: card?.id, amount_cents: 9_900, description: 'Order 7' }]);
  });

  it('refuses a card the practice does not have', async () => {
    const [card] = await cards().list(RIVERSIDE);
    const charge = { practiceId: LAKESIDE, paymentMethodId: card?.id ?? '', amountCents: 100, idempotencyKey: 'x', description: 'x' };
    await expect(cards().charge(charge)).rejects.toMatchObject(refusal(CardServerText.noSuchCard(card?.id ?? '')));
    expect(await charges()).toEqual([]);
  });
});

describe('card provider settings', () => {
  it('has no provider by default, so the server keeps its own demo cards', () => {
    expect(DEFAULT_CONFIG).toMatchObject({ cardProviderSecretKey: undefined, cardProviderApiUrl: undefined });
    expect(readConfig({ STRIPE_SECRET_KEY: ' ', STRIPE_API_URL: '' })).toEqual(DEFAULT_CONFIG);
  });

  it('reads the secret key and another origin for the provider’s API', () => {
    const config = readConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_API_URL: 'http://127.0.0.1:12111/' });
    expect(config).toMatchObject({ cardProviderSecretKey: 'sk_test_abc123', cardProviderApiUrl: 'http://127.0.0.1:12111' });
    expect(readConfig({ STRIPE_SECRET_KEY: 'rk_live_abc' }).cardProviderSecretKey).toBe('rk_live_abc');
  });

  it('refuses a publishable key without echoing it', () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'pk_live_secretlooking' })).toThrow(
      'STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…); the value given is a publishable key',
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'hunter2' })).toThrow(
      /^STRIPE_SECRET_KEY must be a secret key .* not a key of the expected form$/,
    );
  });

  it.each(['api.stripe.com', 'ftp://127.0.0.1:1', 'http://127.0.0.1:1/v1', 'http://user:pw@127.0.0.1:1', 'http://127.0.0.1:1/?x=1'])(
    'refuses STRIPE_API_URL %s: only an http(s) origin fits',
    (value) => {
      expect(() => readConfig({ STRIPE_API_URL: value })).toThrow(/^STRIPE_API_URL must be an absolute http\(s\) URL of an origin/);
    },
  );
});

describe('the standalone fake (tests/support/fake-stripe-main.ts)', () => {
  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/fake-stripe-main.ts'], { env: { ...process.env, ...env } });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output, exited };
  }

  it('listens on FAKE_STRIPE_PORT, prints nothing and ends cleanly on SIGTERM', async () => {
    const probe = await startFakeStripe();
    await probe.close();
    const { child, output, exited } = run({ FAKE_STRIPE_PORT: String(probe.port) });
    let health = 0;
    for (let attempt = 0; attempt < 100 && health !== 200; attempt++) {
      health = await fetch(`${probe.url}/__fake/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health).toBe(200);
    expect((await createCardInBrowser(probe, { number: '4242424242424242' })).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toEqual({ stdout: '', stderr: '' });
  });

  it('refuses to start without a valid port, saying why', async () => {
    const { output, exited } = run({ FAKE_STRIPE_PORT: 'soon' });
    expect(await exited).toBe(1);
    expect(output.stderr).toContain('FAKE_STRIPE_PORT must be a port number from 1 to 65535, got "soon"');
  });
});
