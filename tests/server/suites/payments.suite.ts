import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentMethodListSchema, PaymentMethodSchema, type PaymentMethod } from '../../../src/model/payments/payment';
import { MISSING_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import type { ServerConfig } from '../../../server/config';
import { CardServerText } from '../../../server/payments/card-rules';
import { seedCards } from '../../../server/payments/seed-cards';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { newCardId, startFakeStripe, type FakeStripe } from '../../support/fake-stripe-api';
import { buildServer, errorMessage, testConfig, type TestServer } from '../support/harness';

/** A practice with saved cards (Riverside, PerOrder) and one without any at first (Lakeside). */
const OWNER = 'hcp.checkout';
const STRANGER = 'hcp.net30';

interface Mode {
  readonly server: () => TestServer;
  /** Gives the owner's practice two saved cards, the first its default; answers their ids. */
  readonly twoCards: (token: string) => Promise<readonly [string, string]>;
  /** How the provider, or the table standing in for it, refuses an id it does not know. */
  readonly unknownCard: (id: string) => string;
}

async function tokenOf(server: TestServer, username: string): Promise<string> {
  return (await server.signIn(username)).accessToken.token;
}

async function listOf(server: TestServer, token: string): Promise<PaymentMethod[]> {
  const answer = await server.call('GET', '/Payments/Methods', { token });
  expect(answer.status).toBe(200);
  return v.parse(PaymentMethodListSchema, answer.body);
}

const defaults = (cards: readonly PaymentMethod[]) => cards.filter((card) => card.isDefault).map((card) => card.id);

/** The contract's rules, the same whoever keeps the cards. */
function cardRules(mode: Mode): void {
  const server = () => mode.server();

  it('lists the practice’s cards with exactly one default', async () => {
    const token = await tokenOf(server(), OWNER);
    const [first, second] = await mode.twoCards(token);
    const cards = await listOf(server(), token);
    expect(cards.map((card) => card.id).sort()).toEqual([first, second].sort());
    expect(defaults(cards)).toEqual([first]);
  });

  it('SetDefault answers the card as the default and the list then shows it alone as default', async () => {
    const token = await tokenOf(server(), OWNER);
    const [first, second] = await mode.twoCards(token);
    const answer = await server().call('PATCH', `/Payments/Methods/${second}/SetDefault`, { token });
    expect(answer.status).toBe(200);
    expect(v.parse(PaymentMethodSchema, answer.body)).toMatchObject({ id: second, isDefault: true });
    expect(defaults(await listOf(server(), token))).toEqual([second]);
    const again = await server().call('PATCH', `/Payments/Methods/${first}/SetDefault`, { token });
    expect(again.status).toBe(200);
    expect(defaults(await listOf(server(), token))).toEqual([first]);
  });

  it('refuses to delete the default card while other cards exist (409), then deletes down to none', async () => {
    const token = await tokenOf(server(), OWNER);
    const [first, second] = await mode.twoCards(token);
    const refused = await server().call('DELETE', `/Payments/Methods/${first}`, { token });
    expect(refused.status).toBe(409);
    expect(errorMessage(refused.body)).toBe(CardServerText.defaultInUse);
    expect((await listOf(server(), token)).map((card) => card.id)).toContain(first);

    const other = await server().call('DELETE', `/Payments/Methods/${second}`, { token });
    expect(other).toMatchObject({ status: 200, body: {} });
    expect((await listOf(server(), token)).map((card) => card.id)).toEqual([first]);
    const last = await server().call('DELETE', `/Payments/Methods/${first}`, { token });
    expect(last).toMatchObject({ status: 200, body: {} });
    expect(await listOf(server(), token)).toEqual([]);
  });

  it('keeps each practice to its own cards: another practice’s card is not found, and cannot be taken', async () => {
    const ownerToken = await tokenOf(server(), OWNER);
    const [first, second] = await mode.twoCards(ownerToken);
    const before = await listOf(server(), ownerToken);
    const token = await tokenOf(server(), STRANGER);
    expect(await listOf(server(), token)).toEqual([]);
    for (const [method, path] of [
      ['PATCH', `/Payments/Methods/${first}/SetDefault`],
      ['DELETE', `/Payments/Methods/${second}`],
    ] as const) {
      const answer = await server().call(method, path, { token });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(errorMessage(answer.body)).toBe(CardServerText.notFound);
    }
    const taken = await server().call('PATCH', `/Payments/Methods/${second}/Attach`, { token });
    expect(taken.status).toBe(400);
    expect(await listOf(server(), token)).toEqual([]);
    expect(await listOf(server(), ownerToken)).toEqual(before);
  });

  it('answers 404 for a card that does not exist anywhere', async () => {
    const token = await tokenOf(server(), OWNER);
    for (const [method, path] of [
      ['PATCH', '/Payments/Methods/pm_nothing000/SetDefault'],
      ['DELETE', '/Payments/Methods/pm_nothing000'],
    ] as const) {
      expect((await server().call(method, path, { token })).status, `${method} ${path}`).toBe(404);
    }
  });

  it('passes on the refusal of an attach as a 400 with its message', async () => {
    const token = await tokenOf(server(), OWNER);
    const answer = await server().call('PATCH', '/Payments/Methods/pm_unknown000/Attach', { token });
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body)).toBe(mode.unknownCard('pm_unknown000'));
  });

  it.each([
    ['PATCH', '/Payments/Methods/card_1/Attach'],
    ['PATCH', '/Payments/Methods/pm_a-b/SetDefault'],
    ['DELETE', '/Payments/Methods/pm_'],
  ])('%s %s: an id not of the pm_ form is a 400 before any lookup', async (method, path) => {
    const answer = await server().call(method, path, { token: await tokenOf(server(), OWNER) });
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body)).toBe('Payment method ID is missing');
  });

  it.each([
    ['GET', '/Payments/Methods'],
    ['PATCH', '/Payments/Methods/pm_abc/Attach'],
    ['PATCH', '/Payments/Methods/pm_abc/SetDefault'],
    ['DELETE', '/Payments/Methods/pm_abc'],
  ])('%s %s without a token is a 401', async (method, path) => {
    const answer = await server().call(method, path);
    expect(answer.status).toBe(401);
    expect(errorMessage(answer.body)).toBe(MISSING_TOKEN_MESSAGE);
  });
}

export function paymentsSuite(server: () => TestServer): void {
  describe('saved cards kept by the server (no card provider key)', () => {
    // The demo cards; seed.ts seeds them once the lead wires seedCards in, until then this does.
    beforeEach(async () => {
      await seedCards(server().db);
    });

    cardRules({
      server,
      twoCards: async (token) => {
        const [newest, oldest] = await listOf(server(), token);
        if (!newest || !oldest) throw new Error('Riverside’s two demo cards are missing');
        return oldest.isDefault ? [oldest.id, newest.id] : [newest.id, oldest.id];
      },
      unknownCard: CardServerText.noSuchCard,
    });

    it('lists the seeded cards of each practice, newest first, with ids like the provider’s', async () => {
      const riverside = await listOf(server(), await tokenOf(server(), OWNER));
      expect(riverside).toMatchObject([
        { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030, isDefault: true },
        { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029, isDefault: false },
      ]);
      for (const card of riverside) expect(card.id).toMatch(/^pm_[0-9a-f]{24}$/);
      expect(await listOf(server(), await tokenOf(server(), 'multi.practice'))).toMatchObject([
        { brand: 'amex', last4: '8431', isDefault: true },
      ]);
      expect(await listOf(server(), await tokenOf(server(), STRANGER))).toEqual([]);
    });

    it('attaching a card the practice already has answers it unchanged', async () => {
      const token = await tokenOf(server(), OWNER);
      const [newest, oldest] = await listOf(server(), token);
      const answer = await server().call('PATCH', `/Payments/Methods/${oldest?.id ?? ''}/Attach`, { token });
      expect(answer).toMatchObject({ status: 200, body: oldest });
      expect(await listOf(server(), token)).toEqual([newest, oldest]);
    });

    it('makes the first card attached the default when the practice has none', async () => {
      const token = await tokenOf(server(), OWNER);
      await server().db.query('DELETE FROM practice_cards WHERE practice_id = $1', [PRACTICE_IDS.riverside]);
      await server().db.query(
        `INSERT INTO practice_cards (id, practice_id, brand, last4, exp_month, exp_year) VALUES ('pm_fresh0001', $1, 'visa', '1881', 1, 2032)`,
        [PRACTICE_IDS.riverside],
      );
      const answer = await server().call('PATCH', '/Payments/Methods/pm_fresh0001/Attach', { token });
      expect(answer).toMatchObject({ status: 200, body: { id: 'pm_fresh0001', last4: '1881', isDefault: true } });
    });
  });

  describe('saved cards kept by the card provider (stripe package → fake provider API)', () => {
    let fake: FakeStripe;
    let provider: TestServer | undefined;
    const providerServer = (): TestServer => {
      if (!provider) throw new Error('The provider-backed server is not ready');
      return provider;
    };
    const withProvider = (overrides: Partial<ServerConfig>) =>
      buildServer(
        server().db,
        server().adapter,
        testConfig({ cardProviderSecretKey: fake.secretKey, cardProviderApiUrl: fake.url, ...overrides }),
      );
    const attach = async (token: string, number: string, on: TestServer = providerServer()) => {
      const answer = await on.call('PATCH', `/Payments/Methods/${await newCardId(fake, { number })}/Attach`, { token });
      expect(answer.status).toBe(200);
      return v.parse(PaymentMethodSchema, answer.body);
    };
    const liveCustomers = () => fake.customersOf(PRACTICE_IDS.riverside).filter((customer) => !customer.deleted);

    beforeAll(async () => {
      fake = await startFakeStripe();
      provider = withProvider({});
    });
    beforeEach(() => {
      fake.reset();
      providerServer().logger.entries.length = 0;
    });
    afterAll(async () => {
      await fake.close();
    });

    cardRules({
      server: providerServer,
      twoCards: async (token) => [(await attach(token, '4242424242424242')).id, (await attach(token, '5555555555554444')).id],
      unknownCard: (id) => `No such PaymentMethod: '${id}'`,
    });

    it('attach answers the saved card from the provider, the first one as the default', async () => {
      const token = await tokenOf(providerServer(), OWNER);
      expect(await listOf(providerServer(), token)).toEqual([]);
      expect(fake.customersOf(PRACTICE_IDS.riverside)).toEqual([]);
      const first = await attach(token, '4242 4242 4242 4242');
      expect(first).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, isDefault: true });
      const second = await attach(token, '378282246310005');
      expect(second).toMatchObject({ brand: 'amex', last4: '0005', isDefault: false });
      expect(await listOf(providerServer(), token)).toEqual([second, first]);
      expect(liveCustomers()).toHaveLength(1);
    });

    it('makes exactly one of two cards attached at once the default, the one its answer says', async () => {
      const token = await tokenOf(providerServer(), OWNER);
      const answers = await Promise.all([attach(token, '4242424242424242'), attach(token, '5555555555554444')]);
      const cards = await listOf(providerServer(), token);
      expect(defaults(cards)).toEqual(defaults(answers));
      expect(defaults(cards)).toHaveLength(1);
      expect(liveCustomers()).toHaveLength(1);
    });

    it('keeps one provider customer per practice when two server processes create it at once', async () => {
      const token = await tokenOf(providerServer(), OWNER);
      await Promise.all([attach(token, '4242424242424242'), attach(token, '5555555555554444', withProvider({}))]);
      const cards = await listOf(providerServer(), token);
      expect(cards).toHaveLength(2);
      expect(defaults(cards)).toHaveLength(1);
      // Whichever process lost the race, if they raced, deleted the customer it made (fake-stripe.test.ts forces the race).
      await vi.waitFor(() => expect(liveCustomers()).toHaveLength(1));
    });

    it('starts afresh when the provider no longer has the practice’s customer', async () => {
      const token = await tokenOf(providerServer(), OWNER);
      await attach(token, '4242424242424242');
      fake.reset();
      expect(await listOf(providerServer(), token)).toEqual([]);
      expect(await attach(token, '5555555555554444')).toMatchObject({ last4: '4444', isDefault: true });
      expect(liveCustomers()).toHaveLength(1);
    });

    it('answers a clear 502, and logs it, when the provider cannot be reached', async () => {
      const gone = await startFakeStripe();
      await gone.close();
      const unreachable = withProvider({ cardProviderApiUrl: gone.url });
      const answer = await unreachable.call('PATCH', '/Payments/Methods/pm_abc/Attach', { token: await tokenOf(unreachable, OWNER) });
      expect(answer.status).toBe(502);
      expect(errorMessage(answer.body)).toBe(CardServerText.unreachable);
      expect(unreachable.logger.entries).toMatchObject([
        { level: 'error', message: 'Card provider call failed', fields: { operation: 'create customer' } },
      ]);
    });

    it('answers 502 with the not-configured text, and logs it, when the provider refuses the server’s key', async () => {
      const misconfigured = withProvider({ cardProviderSecretKey: 'sk_test_notTheFakesKey' });
      const answer = await misconfigured.call('PATCH', '/Payments/Methods/pm_abc/Attach', { token: await tokenOf(misconfigured, OWNER) });
      expect(answer.status).toBe(502);
      expect(errorMessage(answer.body)).toBe('Payment system is not properly configured. Please contact support.');
      expect(misconfigured.logger.entries).toMatchObject([
        { level: 'error', message: 'Card provider call failed', fields: { status: 401 } },
      ]);
      expect(String(misconfigured.logger.entries[0]?.fields.error)).toMatch(/^Invalid API Key provided/);
    });
  });
}
