import { randomUUID } from 'node:crypto';
import { FulfilmentType } from '../../../src/model/enums';
import { ShipTo } from '../../../src/model/orders/order';
import { ManifestColumn, uniqueIdKey, type ManifestRowError, type ManifestSample } from '../../../src/model/orders/manifest';
import { ManifestRowText } from '../../../src/model/orders/manifest-texts';
import type { Practice } from '../../../src/model/practice/practice';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import { openingHistory, ShippingType } from '../../routes/orders/order-rules';
import { OrderingServerText } from '../../routes/orders/texts';
import { completeKey, type KeyClaim } from '../../store/orders/idempotency';
import { insertManifestSamples, lockPracticeSamples, registeredUniqueIds } from '../../store/orders/manifest';
import { insertOrder, nextOrderNumber } from '../../store/orders/orders';
import { productOf, type ManifestOrderPlan, type ManifestProducts } from './orders';

/**
 * Issue 40 point 2: the checks only the server can make, and the one order an accepted manifest becomes. A row is
 * refused when the practice registered its Unique ID before, or when the server offers no product for its Product
 * ID; any refused row stores nothing.
 */

/** A manifest refused row by row: the route answers 400 with these, and nothing was stored. */
export class ManifestRefusal extends Error {
  constructor(readonly rowErrors: readonly ManifestRowError[]) {
    super('The manifest has rows to fix');
  }
}

/** The refused rows of checked samples, in row order: a Unique ID registered before, then a product not offered. */
export async function serverRowErrors(
  q: Queryable,
  practiceId: number,
  samples: readonly ManifestSample[],
  products: ManifestProducts | null,
): Promise<ManifestRowError[]> {
  const registered = await registeredUniqueIds(
    q,
    practiceId,
    samples.map((sample) => sample.uniqueId),
  );
  return samples.flatMap((sample) => {
    const errors: ManifestRowError[] = [];
    if (registered.has(uniqueIdKey(sample.uniqueId))) {
      errors.push({ row: sample.row, column: ManifestColumn.uniqueId, reason: ManifestRowText.uniqueIdRegistered(sample.uniqueId) });
    }
    if (products && !productOf(products, sample)) {
      errors.push({ row: sample.row, column: ManifestColumn.productId, reason: ManifestRowText.productNotOffered(sample.productId) });
    }
    return errors;
  });
}

export interface ManifestOrder {
  readonly practiceId: number;
  readonly practice: Practice;
  readonly plan: ManifestOrderPlan;
  readonly products: ManifestProducts;
  /** The card charged, null for an invoice payer. */
  readonly card: string | null;
  readonly claim: KeyClaim | null;
  /** Writes the upload's activity entry (issue 44) in the order's own transaction, given the new order's number. */
  readonly recordActivity?: (tx: Queryable, orderNumber: string) => Promise<void>;
}

/**
 * Stores the order, received (and paid, for a card payer), with every sample as a kit of it, in one transaction
 * that holds the practice's lock: the Unique IDs are checked again under it, so two uploads at once never
 * register one twice.
 */
export async function storeManifestOrder(db: Database, clock: Clock, order: ManifestOrder): Promise<void> {
  const { practiceId, practice, plan, products, card, claim } = order;
  const now = clock();
  await db.transaction(async (tx) => {
    await lockPracticeSamples(tx, practiceId);
    const refused = await serverRowErrors(tx, practiceId, plan.samples, null);
    if (refused.length) throw new ManifestRefusal(refused);
    const number = await nextOrderNumber(tx);
    const orderId = await insertOrder(tx, {
      uid: randomUUID(),
      number,
      practiceId,
      orderDate: now,
      customer: practice.name,
      // The customer sends the samples to the lab: nothing is shipped, which §3 calls Digital.
      shippingType: ShippingType.None,
      fulfillment: FulfilmentType.Digital,
      shipTo: ShipTo.Clinic,
      customerInformation: null,
      shippingInformation: null,
      paymentMethod: card,
      total: plan.priced.subtotal,
      discount: plan.priced.discount,
      shippingPrice: plan.priced.shippingPrice,
      history: openingHistory(now, card ? plan.priced.total : null),
      items: plan.priced.lines.map((line) => ({
        productId: line.item.product.id,
        price: line.price,
        discount: line.discountPerKit,
        quantity: line.quantity,
        totalPrice: line.totalPrice,
      })),
    });
    await insertManifestSamples(
      tx,
      {
        orderId,
        practiceId,
        now,
        productOf: (sample) => {
          const product = productOf(products, sample);
          if (!product) throw new Error(`A checked manifest names a product the server lacks: ${sample.productId}`);
          return product;
        },
      },
      plan.samples,
    );
    // A claim that lapsed while this request waited was taken over by a retry, which stores the order itself.
    if (claim && !(await completeKey(tx, claim, orderId))) throw new HttpError(409, OrderingServerText.idempotencyKeyBusy);
    await order.recordActivity?.(tx, number);
  });
}
