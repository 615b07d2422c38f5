import { FulfilmentType, UnitType } from '../../src/model/enums';
import { OrderStatus, orderStatusGroup, ShipTo } from '../../src/model/orders/order';
import { OrderCancelText } from '../../src/model/orders/order-cancel';
import { OrderHistoryText } from '../../src/model/orders/order-history';
import { orderingConfiguration } from '../../src/model/orders/ordering';
import type { Queryable } from '../db/database';
import { priceLine } from '../orders/pricing/calculate';
import { PRICING_TIERS } from '../orders/pricing/tiers';
import { shippingTypeOf } from '../routes/orders/order-rules';
import { SEED_PRODUCTS, type SeedPractice } from './seed-data';
import { insertOrders, nextOrderNumbers, type NewDelivery, type NewOrder, type NewStatusEntry } from '../store/orders/orders';
import { SEED_CARDS } from '../payments/seed-cards';

/**
 * Seeded orders before they become rows: the status walks (lifecycles), the recipients and products
 * they use, and how a plan becomes an order priced like the checkout prices one. seed-orders.ts
 * decides which plans the demo practices get and generates the ones for performance work.
 */

/** Carriers (ordering §3). */
export const Carrier = { UPS: 1, USPS: 2, FedEx: 3 } as const;
export type Carrier = (typeof Carrier)[keyof typeof Carrier];
const CARRIER_NAME: Readonly<Record<Carrier, string>> = { 1: 'UPS', 2: 'USPS', 3: 'FedEx' };

/** A status and the days after the order date it was reached. */
export type Step = readonly [status: OrderStatus, afterDays: number];

const S = OrderStatus;
/** Each walks the groups in order: Draft, Received, Pending Payment, Shipped, Completed; or ends Canceled. */
export const LIFECYCLES = {
  draft: [[S.Draft, 0]],
  received: [[S.OrderReceived, 0]],
  kitIds: [
    [S.OrderReceived, 0],
    [S.KitIdGenerated, 1],
  ],
  pendingPayment: [
    [S.OrderReceived, 0],
    [S.PendingPayment, 0],
  ],
  paymentFailed: [
    [S.OrderReceived, 0],
    [S.PendingPayment, 0],
    [S.PaymentFailed, 2],
  ],
  shipped: [
    [S.OrderReceived, 0],
    [S.KitIdGenerated, 1],
    [S.Shipped, 3],
  ],
  partlyShipped: [
    [S.OrderReceived, 0],
    [S.KitIdGenerated, 1],
    [S.PartialOrderShipped, 3],
  ],
  delivered: [
    [S.OrderReceived, 0],
    [S.PendingPayment, 0],
    [S.Shipped, 2],
    [S.Delivered, 6],
  ],
  completed: [
    [S.OrderReceived, 0],
    [S.KitIdGenerated, 1],
    [S.Shipped, 3],
    [S.Delivered, 7],
    [S.Completed, 21],
  ],
  canceled: [
    [S.OrderReceived, 0],
    [S.OrderCanceled, 2],
  ],
  canceledDraft: [
    [S.Draft, 0],
    [S.OrderCanceled, 4],
  ],
} as const satisfies Record<string, readonly Step[]>;
export type Lifecycle = keyof typeof LIFECYCLES;

export const SHIPPING_STATUSES: ReadonlySet<number> = new Set([S.Shipped, S.PartialOrderShipped]);

/** What one order is, before it becomes rows. */
export interface OrderPlan {
  readonly uid: string;
  readonly practice: SeedPractice;
  readonly lifecycle: Lifecycle;
  readonly orderDate: Date;
  readonly lines: readonly { readonly productId: number; readonly quantity: number }[];
  /** Index into RECIPIENTS when kits go to a patient; null for the practice itself. */
  readonly recipient: number | null;
  readonly carrier: Carrier;
  readonly fulfillment: number;
  /** Seeds the tracking number. */
  readonly serial: number;
}

export const RECIPIENTS = [
  ['Maria', 'Lopez', '48 Oak Lane', 'Sacramento', 'CA', '95819'],
  ['James', 'Whitfield', '1907 Elm Street', 'Chicago', 'IL', '60614'],
  ['Aisha', 'Rahman', '22 Birch Court', 'Austin', 'TX', '78704'],
  ['Daniel', 'Okafor', '315 Pine Avenue', 'Seattle', 'WA', '98103'],
  ['Sophie', 'Laurent', '9 Cedar Road', 'Denver', 'CO', '80206'],
  ['Kenji', 'Tanaka', '760 Maple Drive', 'Portland', 'OR', '97210'],
  ['Emily', 'Carter', '54 Willow Way', 'Boston', 'MA', '02116'],
  ['Luis', 'Romero', '1200 Aspen Street', 'Columbus', 'OH', '43215'],
] as const;

export const KIT_PRODUCTS = [79, 1, 78, 74, 47] as const;
export const PROCESSING_PRODUCTS = [201, 202, 203, 204, 205] as const;
export const KIT_QUANTITIES = [1, 2, 3, 5, 10, 12, 25, 50] as const;
export const SAMPLE_QUANTITIES = [24, 48, 96, 8, 16, 192] as const;

/** Research and sample-processing customers order processing; everyone else orders the kits. */
export function usesProcessing(practice: SeedPractice): boolean {
  return practice.unitType === UnitType.CPS || practice.unitType === UnitType.IRC;
}

/** Shaped like the carriers' own numbers, so the tracking links look real. */
function trackingNumber(carrier: Carrier, serial: number): string {
  const digits = (length: number) => String((serial * 7_919 + 104_729) % 10 ** Math.min(length, 15)).padStart(length, '0');
  if (carrier === Carrier.UPS) return `1Z999AA1${digits(10)}`;
  if (carrier === Carrier.USPS) return `9400111${digits(15)}`;
  return `7${digits(11)}`;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

function description(status: OrderStatus, carrier: Carrier, total: number): string {
  switch (status) {
    case S.Draft:
      return 'Order created but not yet submitted.';
    case S.OrderReceived:
      return OrderHistoryText.received;
    case S.KitIdGenerated:
      return 'Kit IDs were generated for the order.';
    case S.PaymentSucceeded:
      return OrderHistoryText.paid(total);
    case S.PendingPayment:
      return 'Payment is pending before further processing.';
    case S.PaymentFailed:
      return 'The payment failed; the order waits for payment.';
    case S.Shipped:
      return `Shipped via ${CARRIER_NAME[carrier]}.`;
    case S.PartialOrderShipped:
      return `Part of the order shipped via ${CARRIER_NAME[carrier]}.`;
    case S.Delivered:
      return 'Delivered to the shipping address.';
    case S.Completed:
      return 'The order is complete.';
    case S.OrderCanceled:
      return OrderCancelText.historyEntry;
    default:
      return orderStatusGroup(status);
  }
}

/** A card payer's order is paid as it is received; the payment is part of the Received group. */
function stepsOf(plan: OrderPlan): readonly Step[] {
  const steps: readonly Step[] = LIFECYCLES[plan.lifecycle];
  const paysByCard = orderingConfiguration(plan.practice).paymentMethodInformation;
  const paid = paysByCard && !steps.some(([status]) => status === S.PendingPayment);
  return steps.flatMap((step): Step[] => (paid && step[0] === S.OrderReceived ? [step, [S.PaymentSucceeded, step[1]]] : [step]));
}

export function toOrder(plan: OrderPlan, number: string): NewOrder {
  const { practice } = plan;
  const priced = plan.lines.map((line) => {
    const product = SEED_PRODUCTS.find((candidate) => candidate.id === line.productId);
    if (!product) throw new Error(`No seed product ${line.productId}`);
    return { productId: product.id, ...priceLine(product.price, line.quantity, PRICING_TIERS) };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discount = priced.reduce((sum, line) => sum + line.discountPerKit * line.quantity, 0);
  const physical = plan.fulfillment === FulfilmentType.Physical;
  const recipient = plan.recipient === null ? null : RECIPIENTS[plan.recipient % RECIPIENTS.length];
  const customerInformation = recipient && {
    firstName: recipient[0],
    lastName: recipient[1],
    email: `${recipient[0]}.${recipient[1]}@mail.example`.toLowerCase(),
    phone: `(555) 010-${String(1000 + (plan.serial % 9000)).slice(-4)}`,
  };
  const address = practice.address;
  const shippingInformation = !physical
    ? null
    : recipient
      ? { country: 'US', state: recipient[4], city: recipient[3], zipCode: recipient[5], addressLine1: recipient[2], addressLine2: null }
      : address && { ...address };
  // Whole minutes apart, so that every history walks forward in time even on one day.
  const at = (afterDays: number, index: number) => new Date(plan.orderDate.getTime() + afterDays * DAY_MS + index * 17 * 60_000);
  const history: NewStatusEntry[] = stepsOf(plan).map(([status, afterDays], index) => ({
    status,
    group: orderStatusGroup(status),
    date: at(afterDays, index),
    description: description(status, plan.carrier, subtotal - discount),
  }));
  const shipped = history.find((entry) => SHIPPING_STATUSES.has(entry.status));
  const deliveries: NewDelivery[] = shipped
    ? [{ trackingNumber: trackingNumber(plan.carrier, plan.serial), provider: plan.carrier, createdAt: shipped.date }]
    : [];
  return {
    uid: plan.uid,
    number,
    practiceId: practice.id,
    orderDate: plan.orderDate,
    customer: recipient ? `${recipient[0]} ${recipient[1]}` : practice.name,
    shippingType: shippingTypeOf(plan.fulfillment, 'US'),
    fulfillment: plan.fulfillment,
    shipTo: recipient ? ShipTo.Patient : ShipTo.Clinic,
    customerInformation,
    shippingInformation,
    paymentMethod: orderingConfiguration(practice).paymentMethodInformation ? 'pm_demo_card_on_file' : null,
    card: orderingConfiguration(practice).paymentMethodInformation ? seedCardOf(practice.id) : null,
    total: subtotal,
    discount,
    shippingPrice: 0,
    history,
    items: priced.map((line) => ({
      productId: line.productId,
      price: line.price,
      discount: line.discountPerKit,
      quantity: line.quantity,
      totalPrice: line.totalPrice,
    })),
    deliveries,
  };
}

/** The practice's default demo card, as its seeded card orders name it; a practice without one names none. */
function seedCardOf(practiceId: number): { brand: string; last4: string } | null {
  const card = SEED_CARDS.find((each) => each.practiceId === practiceId && each.isDefault);
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

/** Inserts the plans whose uid is not stored yet, numbered from the sequence by order date. */
export async function insertMissing(tx: Queryable, plans: readonly OrderPlan[]): Promise<number> {
  const present = await tx.query<{ uid: string }>('SELECT uid FROM orders WHERE uid = ANY($1::text[])', [plans.map((plan) => plan.uid)]);
  const stored = new Set(present.map((row) => row.uid));
  const missing = plans.filter((plan) => !stored.has(plan.uid)).sort((a, b) => a.orderDate.getTime() - b.orderDate.getTime());
  if (!missing.length) return 0;
  const numbers = await nextOrderNumbers(tx, missing.length);
  await insertOrders(
    tx,
    missing.map((plan, i) => toOrder(plan, numbers[i] ?? '')),
  );
  return missing.length;
}
