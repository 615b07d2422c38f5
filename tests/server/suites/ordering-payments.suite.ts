import { describe, expect, it } from 'vitest';
import { OrderStatus, OrderStatusGroup } from '../../../src/model/orders/order';
import { CheckoutValidationText as T } from '../../../src/model/orders/texts';
import { OrderHistoryText } from '../../../src/model/orders/order-history';
import { OrderingServerText } from '../../../server/routes/orders/texts';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { claimOrWait, holdingClaim } from '../../../server/routes/orders/idempotency';
import { claimKey, completeKey, readKey } from '../../../server/store/orders/idempotency';
import { buildServer, errorMessage, START, testConfig, type TestServer } from '../support/harness';
import { clinicOrder, FakeCards, orderCount, placed, placeOrder, PRODUCT, tokenOf } from './ordering-fixtures.suite';

const RIVERSIDE_CARD = 'pm_riverside_visa';
const HARBOR_CARD = 'pm_harbor_amex';

const RIVERSIDE_ADDRESS = {
  country: 'US',
  state: 'CA',
  city: 'Sacramento',
  zipCode: '95815',
  addressLine1: '1200 River Park Drive',
  addressLine2: 'Suite 210',
};

/** What hcp.checkout's checkout sends: 12 health tests (Silver) and one combo, paid by card. */
function cardOrder(overrides: Record<string, unknown> = {}) {
  return clinicOrder({
    shippingInformation: RIVERSIDE_ADDRESS,
    items: [
      { productId: PRODUCT.health, quantity: 12 },
      { productId: PRODUCT.combo, quantity: 1 },
    ],
    paymentMethod: RIVERSIDE_CARD,
    ...overrides,
  });
}
const CARD_ORDER_TOTAL = 12 * 360 + 550;

export function orderingPaymentsSuite(server: () => TestServer): void {
  /** An app over the same database whose card provider is a fake that records charges. */
  function withCards() {
    const cards = new FakeCards({ [PRACTICE_IDS.riverside]: [RIVERSIDE_CARD], [PRACTICE_IDS.harbor]: [HARBOR_CARD] });
    return { cards, app: buildServer(server().db, server().adapter, testConfig(), { cards }) };
  }

  describe('POST /Orders/ by a card (PerOrder) practice', () => {
    it('charges the practice’s card once, for the total after discounts, and records the payment', async () => {
      const { cards, app } = withCards();
      const order = placed(await placeOrder(app, await tokenOf(app, 'hcp.checkout'), cardOrder()));
      expect(cards.charges).toHaveLength(1);
      const [charge] = cards.charges;
      expect(charge).toMatchObject({
        practiceId: PRACTICE_IDS.riverside,
        paymentMethodId: RIVERSIDE_CARD,
        amountCents: CARD_ORDER_TOTAL * 100,
        description: `Order ${order.number} — Riverside Family Medicine`,
      });
      // A fresh key per request without an Idempotency-Key, so the provider never mistakes two orders for one.
      expect(charge?.idempotencyKey).toMatch(/^order-[0-9a-f-]{36}$/);
      expect(order.status).toMatchObject({ status: OrderStatus.PaymentSucceeded, group: OrderStatusGroup.Received });
      expect(order.statusHistory.map((entry) => [entry.status, entry.group, entry.description])).toEqual([
        [OrderStatus.OrderReceived, OrderStatusGroup.Received, OrderHistoryText.received],
        [OrderStatus.PaymentSucceeded, OrderStatusGroup.Received, 'The card payment of $4,870.00 succeeded.'],
      ]);
      const [stored] = await server().db.query<{ payment_method: string }>('SELECT payment_method FROM orders WHERE number = $1', [
        order.number,
      ]);
      expect(stored?.payment_method).toBe(RIVERSIDE_CARD);
    });

    it.each([
      ['no card', null],
      ['another practice’s card', HARBOR_CARD],
      ['a card nobody has', 'pm_unknown'],
    ])('refuses %s with “Please select a payment method to continue”, charging and storing nothing', async (_case, paymentMethod) => {
      const { cards, app } = withCards();
      const answer = await placeOrder(app, await tokenOf(app, 'hcp.checkout'), cardOrder({ paymentMethod }));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(T.selectPaymentMethod);
      expect(cards.charges).toEqual([]);
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(0);
    });

    it('passes on the provider’s refusal and stores nothing; the same key may then try again', async () => {
      const { cards, app } = withCards();
      const token = await tokenOf(app, 'hcp.checkout');
      cards.refusal = 'Your card was declined.';
      const refused = await placeOrder(app, token, cardOrder(), 'attempt-1');
      expect(refused.status).toBe(400);
      expect(errorMessage(refused.body)).toBe('Your card was declined.');
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(0);
      cards.refusal = null;
      placed(await placeOrder(app, token, cardOrder(), 'attempt-1'));
      expect(cards.charges).toHaveLength(1);
    });
  });

  describe('POST /Orders/ with an Idempotency-Key', () => {
    it('answers the same request again with the order it placed: one row, one charge', async () => {
      const { cards, app } = withCards();
      const token = await tokenOf(app, 'hcp.checkout');
      const first = placed(await placeOrder(app, token, cardOrder(), 'checkout-7f3a'));
      const again = placed(await placeOrder(app, token, cardOrder(), 'checkout-7f3a'));
      expect(again).toEqual(first);
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(1);
      expect(cards.charges).toHaveLength(1);
    });

    it('places one order when the same request arrives twice at once (a double click)', async () => {
      const { cards, app } = withCards();
      const token = await tokenOf(app, 'hcp.checkout');
      const answers = await Promise.all([
        placeOrder(app, token, cardOrder(), 'double-click'),
        placeOrder(app, token, cardOrder(), 'double-click'),
      ]);
      const [one, two] = answers.map(placed);
      expect(two?.number).toBe(one?.number);
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(1);
      expect(cards.charges).toHaveLength(1);
    });

    it('places one order for an invoice payer too when the same request arrives three times at once', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const answers = await Promise.all([1, 2, 3].map(() => placeOrder(server(), token, clinicOrder(), 'net30-once')));
      expect(new Set(answers.map((answer) => placed(answer).number)).size).toBe(1);
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(1);
    });

    it('refuses the same key with a different request with 409, charging nothing more', async () => {
      const { cards, app } = withCards();
      const token = await tokenOf(app, 'hcp.checkout');
      placed(await placeOrder(app, token, cardOrder(), 'reused-key'));
      const other = await placeOrder(app, token, cardOrder({ items: [{ productId: PRODUCT.age, quantity: 1 }] }), 'reused-key');
      expect(other.status).toBe(409);
      expect(errorMessage(other.body)).toBe(OrderingServerText.idempotencyKeyReused);
      expect(cards.charges).toHaveLength(1);
      expect(await orderCount(server(), PRACTICE_IDS.riverside)).toBe(1);
    });

    it('charges two keys with the same cart as two orders, under two provider keys', async () => {
      const { cards, app } = withCards();
      const token = await tokenOf(app, 'hcp.checkout');
      const first = placed(await placeOrder(app, token, cardOrder(), 'cart-monday'));
      const second = placed(await placeOrder(app, token, cardOrder(), 'cart-tuesday'));
      expect(second.number).not.toBe(first.number);
      const keys = cards.charges.map((charge) => charge.idempotencyKey);
      expect(keys).toHaveLength(2);
      expect(new Set(keys).size).toBe(2);
      for (const key of keys) expect(key).toMatch(/^order-[0-9a-f]{40}$/);
    });

    it('takes over a claim whose request died before placing anything, once its lease ran out', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const lapsed = new Date(START.getTime() - 1000);
      const lost = { practiceId: PRACTICE_IDS.lakeside, key: 'after-restart', requestHash: 'hash-of-a-lost-request', token: 'lost' };
      await claimKey(server().db, lost, lapsed, lapsed);
      placed(await placeOrder(server(), token, clinicOrder(), 'after-restart'));
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(1);
    });

    it('answers 409 when the same request is still being placed after the wait', async () => {
      const claim = { practiceId: PRACTICE_IDS.lakeside, key: 'slow-provider', hash: 'same-request' };
      const options = { leaseMs: 15_000, waitMs: 50 };
      expect(await claimOrWait(server().db, server().clock.now, claim, options)).toMatchObject({ kind: 'claimed' });
      await expect(claimOrWait(server().db, server().clock.now, claim, options)).rejects.toMatchObject({
        status: 409,
        message: OrderingServerText.idempotencyKeyBusy,
      });
    });

    it('keeps renewing the claim of a request that is still placing its order, past its first lease', async () => {
      const { db, clock } = server();
      const request = { practiceId: PRACTICE_IDS.lakeside, key: 'long-charge', hash: 'same-request' };
      const leaseMs = 300;
      const first = await claimOrWait(db, clock.now, request, { leaseMs, waitMs: 50 });
      if (first.kind !== 'claimed') throw new Error('the first request must claim the key');
      let finish = (): void => undefined;
      const placing = holdingClaim(db, clock.now, first.claim, leaseMs, () => new Promise<void>((resolve) => (finish = resolve)));
      // The clock passes the first lease; the request, still at work, renews its claim (every 100 ms here).
      clock.advance(1);
      await expect
        .poll(async () => (await readKey(db, request.practiceId, request.key))?.claimedUntil.getTime())
        .toBeGreaterThan(START.getTime() + 1000);
      await expect(claimOrWait(db, clock.now, request, { leaseMs, waitMs: 50 })).rejects.toMatchObject({ status: 409 });
      finish();
      await placing;
    });

    it('lets a request whose claim lapsed and was taken over store no order under it', async () => {
      const { db, clock } = server();
      const request = { practiceId: PRACTICE_IDS.lakeside, key: 'stalled', hash: 'same-request' };
      const stalled = await claimOrWait(db, clock.now, request, { leaseMs: 1000, waitMs: 50 });
      clock.advance(2);
      const retry = await claimOrWait(db, clock.now, request, { leaseMs: 1000, waitMs: 50 });
      if (stalled.kind !== 'claimed' || retry.kind !== 'claimed') throw new Error('both requests must claim the key in turn');
      expect(retry.claim.token).not.toBe(stalled.claim.token);
      // The stalled request's claim is no longer there to complete, so its transaction stores nothing.
      expect(await completeKey(db, stalled.claim, 1)).toBe(false);
      expect(await readKey(db, request.practiceId, request.key)).toMatchObject({ requestHash: request.hash, orderNumber: null });
    });

    it('keeps keys apart per practice', async () => {
      const lakeside = placed(await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder(), 'shared-key'));
      const westbrook = placed(
        await placeOrder(
          server(),
          await tokenOf(server(), 'irc.user'),
          clinicOrder({ items: [{ productId: PRODUCT.msa, quantity: 2 }] }),
          'shared-key',
        ),
      );
      expect(westbrook.number).not.toBe(lakeside.number);
      expect(westbrook.customer).toBe('Westbrook Research Institute');
    });

    it('places a new order for each request without a key', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      placed(await placeOrder(server(), token, clinicOrder()));
      placed(await placeOrder(server(), token, clinicOrder()));
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(2);
    });

    it.each(['has space', 'x'.repeat(256), 'naïve'])('refuses the key %j with 400', async (key) => {
      const answer = await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder(), key);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(OrderingServerText.idempotencyKeyInvalid);
    });
  });
}
