import { FulfilmentType, UnitType } from '../../src/model/enums';
import type { Database, Queryable } from '../db/database';
import {
  Carrier,
  DAY_MS,
  HOUR_MS,
  insertMissing,
  KIT_PRODUCTS,
  KIT_QUANTITIES,
  LIFECYCLES,
  PROCESSING_PRODUCTS,
  RECIPIENTS,
  SAMPLE_QUANTITIES,
  SHIPPING_STATUSES,
  usesProcessing,
  type Lifecycle,
  type OrderPlan,
  type Step,
} from './order-plans';
import { PRACTICE_IDS, SEED_PRACTICES, type SeedPractice } from './seed-data';
import { SEED_ORDER_UID_PREFIX } from '../store/orders/orders';
import { random } from './random';

/**
 * The demo orders: every ordering practice gets orders in every status group (ordering §4), each with
 * a history that walks the groups in order, priced like the checkout prices them. Deterministic (fixed
 * uids and dates in 2026), inserted only when missing. `seedPerformanceOrders` adds thousands more to
 * one practice for performance work (`--seed-orders N`).
 */

/** Oldest first, so the newest orders are the open ones; every group and every carrier is in one round. */
const DEMO_ROUND: readonly (readonly [Lifecycle, Carrier])[] = [
  ['completed', Carrier.FedEx],
  ['delivered', Carrier.UPS],
  ['canceled', Carrier.UPS],
  ['partlyShipped', Carrier.FedEx],
  ['shipped', Carrier.USPS],
  ['shipped', Carrier.UPS],
  ['paymentFailed', Carrier.UPS],
  ['canceledDraft', Carrier.UPS],
  ['pendingPayment', Carrier.UPS],
  ['kitIds', Carrier.UPS],
  ['received', Carrier.UPS],
  ['draft', Carrier.UPS],
];

/** Three pages of ten for the HCP demo practice (riverside); one round of every group for the others. */
export const DEMO_ORDER_COUNT: Readonly<Record<number, number>> = { [PRACTICE_IDS.riverside]: 27 };
const DEFAULT_DEMO_ORDER_COUNT = DEMO_ROUND.length;

/**
 * Ordering §1 gives every unit type an ordering experience (Checkout, or ManifestUpload when no kit
 * ships), DTC and the unknown unit type included, so every demo practice orders and has orders.
 */
export const ORDERING_PRACTICES: readonly SeedPractice[] = SEED_PRACTICES;

const FIRST_DAY = Date.UTC(2026, 0, 5, 15, 0);
const LAST_DAY = Date.UTC(2026, 10, 20, 15, 0);

function demoPlans(practice: SeedPractice): OrderPlan[] {
  const count = DEMO_ORDER_COUNT[practice.id] ?? DEFAULT_DEMO_ORDER_COUNT;
  const step = Math.floor((LAST_DAY - FIRST_DAY) / count / DAY_MS) * DAY_MS;
  const products = usesProcessing(practice) ? PROCESSING_PRODUCTS : KIT_PRODUCTS;
  const quantities = usesProcessing(practice) ? SAMPLE_QUANTITIES : KIT_QUANTITIES;
  const toPatients = practice.unitType === UnitType.DTC;
  return Array.from({ length: count }, (_unused, i) => {
    const [lifecycle, carrier] = DEMO_ROUND[i % DEMO_ROUND.length] ?? ['received', Carrier.UPS];
    const serial = practice.id * 1_000 + i;
    const shipping = (LIFECYCLES[lifecycle] as readonly Step[]).some(([status]) => SHIPPING_STATUSES.has(status));
    // A practice ships or not by its fulfilment type; shipped orders of a digital practice date from before it switched.
    const digital = practice.fulfilmentType === FulfilmentType.Digital ? !shipping : !shipping && i % 5 === 4;
    const lines = [{ productId: products[i % products.length] ?? 1, quantity: quantities[i % quantities.length] ?? 1 }];
    if (i % 3 === 1)
      lines.push({ productId: products[(i + 2) % products.length] ?? 1, quantity: quantities[(i + 3) % quantities.length] ?? 1 });
    return {
      uid: `${SEED_ORDER_UID_PREFIX}${practice.id}-${String(i + 1).padStart(2, '0')}`,
      practice,
      lifecycle,
      orderDate: new Date(FIRST_DAY + i * step + (i % 7) * HOUR_MS),
      lines,
      recipient: usesProcessing(practice) || (!toPatients && i % 3 !== 2) ? null : i,
      carrier,
      fulfillment: digital ? FulfilmentType.Digital : FulfilmentType.Physical,
      serial,
    };
  });
}

/** The demo orders of every ordering practice that are missing; run it inside the seed's transaction. */
export async function seedDemoOrders(tx: Queryable): Promise<number> {
  return insertMissing(tx, ORDERING_PRACTICES.flatMap(demoPlans));
}

const LIFECYCLE_NAMES = Object.keys(LIFECYCLES) as Lifecycle[];
const PERF_FIRST_DAY = Date.UTC(2023, 0, 2, 8, 0);
const PERF_SPAN_MS = Date.UTC(2026, 10, 20, 8, 0) - PERF_FIRST_DAY;

/** The uid of the generated order `index` (from 1) of a practice; stable, so a rerun finds it. */
export function performanceOrderUid(practiceId: number, index: number): string {
  return `${SEED_ORDER_UID_PREFIX}perf-${practiceId}-${String(index).padStart(6, '0')}`;
}

function performancePlan(practice: SeedPractice, index: number): OrderPlan {
  const next = random(practice.id * 1_000_003 + index);
  const pick = <T>(list: readonly T[]): T => {
    const value = list[Math.floor(next() * list.length)];
    if (value === undefined) throw new Error('Picked from an empty list');
    return value;
  };
  const processing = usesProcessing(practice);
  const products = processing ? PROCESSING_PRODUCTS : KIT_PRODUCTS;
  const quantities = processing ? SAMPLE_QUANTITIES : KIT_QUANTITIES;
  const lineCount = 1 + Math.floor(next() * 2.4);
  const productIds = [...new Set(Array.from({ length: lineCount }, () => pick(products)))];
  const lifecycle = pick(LIFECYCLE_NAMES);
  const shipping = (LIFECYCLES[lifecycle] as readonly Step[]).some(([status]) => SHIPPING_STATUSES.has(status));
  return {
    uid: performanceOrderUid(practice.id, index),
    practice,
    lifecycle,
    orderDate: new Date(PERF_FIRST_DAY + Math.floor((next() * PERF_SPAN_MS) / 60_000) * 60_000),
    lines: productIds.map((productId) => ({ productId, quantity: pick(quantities) })),
    recipient: processing || next() < 0.4 ? null : Math.floor(next() * RECIPIENTS.length),
    carrier: pick([Carrier.UPS, Carrier.USPS, Carrier.FedEx]),
    fulfillment: !shipping && next() < 0.2 ? FulfilmentType.Digital : FulfilmentType.Physical,
    serial: practice.id * 10_000_000 + index,
  };
}

/** Generated orders are written in transactions of this many, so memory stays flat for any N. */
const PERF_BATCH = 2_000;

/**
 * Makes sure the practice has the generated orders 1 to `count` (besides its demo orders); a rerun with
 * the same count adds nothing. Answers how many it added.
 */
export async function seedPerformanceOrders(db: Database, practiceId: number, count: number): Promise<number> {
  const practice = SEED_PRACTICES.find((candidate) => candidate.id === practiceId);
  if (!practice)
    throw new Error(`SEED_ORDERS_PRACTICE ${practiceId} is not a demo practice (${SEED_PRACTICES.map((p) => p.id).join(', ')})`);
  let added = 0;
  for (let start = 1; start <= count; start += PERF_BATCH) {
    const plans = Array.from({ length: Math.min(PERF_BATCH, count - start + 1) }, (_unused, i) => performancePlan(practice, start + i));
    added += await db.transaction((tx) => insertMissing(tx, plans));
  }
  // Fresh statistics, so the planner uses the indexes for a page instead of scanning thousands of rows
  // (PGlite runs no autovacuum; on PostgreSQL it would come later on its own).
  if (added) await db.exec('ANALYZE orders, order_items, order_status_history, order_deliveries');
  return added;
}
