import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type * as v from 'valibot';
import { BillingType } from '../../../src/model/enums';
import { normalizedCountry } from '../../../src/model/address/countries';
import { invoiceBillingErrors, isDtc, isPhysical } from '../../../src/model/orders/checkout';
import { OrderRequestSchema, OrderSchema, type Order } from '../../../src/model/orders/order';
import { knownBillingType } from '../../../src/model/orders/ordering';
import { CheckoutValidationText } from '../../../src/model/orders/texts';
import { fulfilmentOf, type Practice } from '../../../src/model/practice/practice';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { amountInCents, priceOrder, type PricedOrder } from '../../orders/pricing/calculate';
import { isShippable, listTiers } from '../../store/orders/catalogue';
import { completeKey, type KeyClaim } from '../../store/orders/idempotency';
import { findOrder, insertOrder, nextOrderNumber } from '../../store/orders/orders';
import { practiceRecord } from '../../store/practice/practice-record';
import { chargeKey, claimOrWait, holdingClaim, readIdempotencyKey, requestHash } from './idempotency';
import { knownItems, refuseUnorderable, type KnownItem } from './items';
import { customerOf, openingHistory, shippingTypeOf } from './order-rules';
import { chargeDescription, OrderingServerText } from './texts';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import { recordActivity, type ActivityContext } from '../../store/activity/record';
import { activityContext } from '../activity/who';

/**
 * POST /Orders/: the body passes the checkout's own rules (OrderRequestSchema, ordering §5), then the
 * server's: products that exist, a shippable country, and payment by the practice's billing type. A
 * card payer's card is charged before anything is stored; order, items and history are stored in one
 * transaction. Prices come from the server's pricing, never from the request.
 */

type PlacedRequest = v.InferOutput<typeof OrderRequestSchema>;

export function placeOrderHandler({ db, clock, cards, config }: Deps) {
  async function loadPractice(practiceId: number): Promise<Practice> {
    const practice = await practiceRecord(db, practiceId);
    if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return practice;
  }

  /** Prices the request's items with the server's prices and tiers, never with prices a client sends. */
  async function pricedLines(request: PlacedRequest): Promise<PricedOrder<KnownItem>> {
    return priceOrder(await knownItems(db, request.items), await listTiers(db));
  }

  /**
   * The card to charge, null for invoice payers; refuses what the practice's billing type does not allow. The
   * billing type is read as the checkout reads it (knownBillingType): a type other than PerOrder is invoiced.
   */
  async function paymentOf(practiceId: number, practice: Practice, request: PlacedRequest): Promise<string | null> {
    if (knownBillingType(practice.billingType) === BillingType.PerOrder) {
      const card = request.paymentMethod;
      if (!card || !(await cards.owns(practiceId, card))) throw new HttpError(400, CheckoutValidationText.selectPaymentMethod);
      return card;
    }
    if (request.paymentMethod !== null) throw new HttpError(400, OrderingServerText.invoiceWithCard);
    const errors = invoiceBillingErrors(practice);
    if (errors.length) throw new HttpError(400, errors.join('; '));
    return null;
  }

  async function place(practiceId: number, request: PlacedRequest, claim: KeyClaim | null, who: ActivityContext): Promise<string> {
    const practice = await loadPractice(practiceId);
    // The checkout's own rule, so that a practice storing neither 0 nor 1 is expected to send what it sends.
    const expected = fulfilmentOf(practice);
    if (request.fulfillment !== expected) throw new HttpError(400, OrderingServerText.fulfilmentMismatch(expected));
    const priced = await pricedLines(request);
    refuseUnorderable(
      practice.unitType,
      priced.lines.map((line) => line.item),
    );
    const physical = isPhysical(request.fulfillment);
    const shipping = physical ? request.shippingInformation : null;
    const country = shipping ? normalizedCountry(shipping.country) : null;
    if (country !== null && !(await isShippable(db, country, isDtc(practice.unitType)))) {
      throw new HttpError(400, CheckoutValidationText.countryNotShippable);
    }
    const card = await paymentOf(practiceId, practice, request);

    // The order page names the card it was paid with (issue 40), even after the card is deleted.
    const paidWith = card ? ((await cards.list(practiceId)).find((saved) => saved.id === card) ?? null) : null;
    const number = await nextOrderNumber(db);
    const now = clock();
    if (card) {
      await cards.charge({
        practiceId,
        paymentMethodId: card,
        amountCents: amountInCents(priced.total),
        idempotencyKey: chargeKey(claim),
        description: chargeDescription(number, practice.name),
      });
    }
    const history = openingHistory(now, card ? priced.total : null);
    await db.transaction(async (tx) => {
      const orderId = await insertOrder(tx, {
        uid: randomUUID(),
        number,
        practiceId,
        orderDate: now,
        customer: customerOf(request, practice.name),
        shippingType: shippingTypeOf(request.fulfillment, country),
        fulfillment: request.fulfillment,
        shipTo: request.shipTo,
        customerInformation: request.customerInformation,
        shippingInformation: shipping,
        paymentMethod: card,
        card: paidWith && { brand: paidWith.brand, last4: paidWith.last4 },
        total: priced.subtotal,
        discount: priced.discount,
        shippingPrice: priced.shippingPrice,
        history,
        items: priced.lines.map((line) => ({
          productId: line.item.product.id,
          price: line.price,
          discount: line.discountPerKit,
          quantity: line.quantity,
          totalPrice: line.totalPrice,
        })),
      });
      // A claim that lapsed while this request waited on the database was taken over by a retry, which places
      // the order (the card provider answers its charge with this one's): storing this one too would make two.
      if (claim && !(await completeKey(tx, claim, orderId))) throw new HttpError(409, OrderingServerText.idempotencyKeyBusy);
      await recordActivity(tx, who, {
        kind: ActivityKind.orderPlaced,
        object: { type: ActivityObjectType.order, id: number, label: number },
      });
    });
    return number;
  }

  async function answer(c: Context<AuthEnv>, practiceId: number, number: string): Promise<Response> {
    const order: Order | null = await findOrder(db, practiceId, number);
    if (!order) throw new Error(`Order ${number} was placed but cannot be read back`);
    return send(c, OrderSchema, order);
  }

  return async (c: Context<AuthEnv>): Promise<Response> => {
    const request = await readBody(c, OrderRequestSchema);
    const key = readIdempotencyKey(c.req.header('Idempotency-Key'));
    const practiceId = c.var.account.practiceId;
    const leaseMs = config.orderClaimLeaseMs;
    const outcome = key === null ? null : await claimOrWait(db, clock, { practiceId, key, hash: requestHash(request) }, { leaseMs });
    if (outcome?.kind === 'placed') return answer(c, practiceId, outcome.orderNumber);
    const claim = outcome?.claim ?? null;
    const number = await holdingClaim(db, clock, claim, leaseMs, () =>
      place(practiceId, request, claim, activityContext(c, { clock, config })),
    );
    return answer(c, practiceId, number);
  };
}
