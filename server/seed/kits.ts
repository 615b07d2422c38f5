import { UnitType } from '../../src/model/enums';
import { KitStatus } from '../../src/model/kits/kit-status';
import { OrderStatus } from '../../src/model/orders/order';
import type { Database, Queryable } from '../db/database';
import { PRACTICE_IDS, SEED_PRACTICES, type SeedPractice } from './seed-data';
import {
  DEMO_KIT_ROUND,
  diagnosticsFiles,
  KIT_LIFECYCLE_NAMES,
  KIT_LIFECYCLES,
  PRODUCT_REPORTS,
  REPORT_NAMES,
  RIVERSIDE_EXTRA_KITS,
  type DemoKitPlan,
  type KitLifecycleName,
} from './kit-plans';
import { KIT_PRODUCTS, PROCESSING_PRODUCTS, usesProcessing } from './order-plans';
import { demoPatientCount, seedDemoPatients, seedPatientUid } from './patients';
import { SEED_ORDER_UID_PREFIX } from '../store/orders/orders';
import { insertKits, type NewKit } from '../store/kits/insert-kits';
import { random } from './random';
import { issueReadyReports } from '../reports/issue';

/**
 * The demo kits: every demo practice gets kits in every status group (kits §4), each with a history that
 * walks the steps in date order, of its seeded orders and registered by its seeded patients; Riverside gets
 * three pages. Deterministic (fixed uids, dates in 2026 counted back from KIT_SEED_REFERENCE_DATE), inserted
 * only when missing. `seedPerformanceKits` adds thousands more to one practice (`--seed-kits N`).
 */

/** The seed's "today": the last day of the seeded orders. Overdue kits are overdue on this date. */
export const KIT_SEED_REFERENCE_DATE = new Date(Date.UTC(2026, 10, 20, 15, 0));
export const SEED_KIT_UID_PREFIX = 'seed-kit-';

/** The kits' tables and the patients', each before the ones it refers to (for the test-only reset). */
export const KIT_TABLES = ['kit_diagnostics', 'kit_reports', 'kit_samples', 'kit_status_history', 'kits', 'patients'] as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function seedKitUid(practiceId: number, n: number): string {
  return `${SEED_KIT_UID_PREFIX}${practiceId}-${pad(n, 4)}`;
}

export function seedKitBarcode(practiceId: number, n: number): string {
  return `KT-${practiceId}-${pad(n, 4)}`;
}

/** A sample-processing customer's own id of the sample, as its manifest's "Unique ID" (6 or more letters or digits). */
function externalBarcode(practice: SeedPractice, serial: string): string | null {
  return practice.unitType === UnitType.CPS ? `SMP${practice.id}${serial}` : null;
}

export function demoKitPlans(practiceId: number): readonly DemoKitPlan[] {
  return practiceId === PRACTICE_IDS.riverside ? [...DEMO_KIT_ROUND, ...RIVERSIDE_EXTRA_KITS] : DEMO_KIT_ROUND;
}

/** The dates of a walk whose last step was `endDaysAgo` days before the reference date; whole minutes apart at least. */
function walkDates(lifecycle: KitLifecycleName, end: number): Date[] {
  const steps = KIT_LIFECYCLES[lifecycle].steps;
  const dates: Date[] = [];
  let at = end;
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    dates[i] = new Date(at);
    at -= (steps[i]?.[1] ?? 0) * DAY_MS + 41 * MINUTE_MS;
  }
  return dates;
}

interface Walk {
  readonly history: NewKit['history'];
  readonly samples: NewKit['samples'];
  readonly registeredAt: Date | null;
}

function walk(lifecycle: KitLifecycleName, end: number): Walk {
  const { steps, samples } = KIT_LIFECYCLES[lifecycle];
  const dates = walkDates(lifecycle, end);
  const history = steps.map(([status], i) => ({ status, date: dates[i] ?? new Date(end) }));
  const dateOf = (status: number) => history.find((entry) => entry.status === status)?.date ?? null;
  return {
    history,
    samples: samples.map(([status, at]) => ({ status, processingDate: dateOf(at) ?? new Date(end) })),
    registeredAt: dateOf(KitStatus.HealthAssessmentCompleted),
  };
}

function reportsOf(lifecycle: KitLifecycleName, productId: number, legacy: boolean): NewKit['reports'] {
  if (!KIT_LIFECYCLES[lifecycle].reports) return [];
  const [current, old] = PRODUCT_REPORTS[productId] ?? [[], []];
  return [...current, ...(legacy ? old : [])].map((type) => ({ type, name: REPORT_NAMES[type] }));
}

interface OrderLine {
  readonly orderId: number;
  readonly practiceId: number;
  readonly orderDate: Date;
  readonly productId: number;
  /** Kits not yet given to a demo kit. */
  left: number;
}

/** The practices' demo orders that have kits (their ids were generated, or they shipped), oldest first, line by line. */
async function kitOrderLines(tx: Queryable): Promise<OrderLine[]> {
  const rows = await tx.query<{ order_id: number; practice_id: number; order_date: Date; product_id: number; quantity: number }>(
    `SELECT o.id AS order_id, o.practice_id, o.order_date, i.product_id, i.quantity
     FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE o.uid LIKE $1 AND o.uid NOT LIKE $2
       AND EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.status = ANY($3::int[]))
     ORDER BY o.order_date, o.id, i.id`,
    [
      `${SEED_ORDER_UID_PREFIX}%`,
      `${SEED_ORDER_UID_PREFIX}perf-%`,
      [OrderStatus.KitIdGenerated, OrderStatus.Shipped, OrderStatus.PartialOrderShipped],
    ],
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    practiceId: row.practice_id,
    orderDate: row.order_date,
    productId: row.product_id,
    left: row.quantity,
  }));
}

/** The latest order line, at least a day older than the kit, that has a kit left; else none. */
function takeLine(lines: readonly OrderLine[], createdAt: Date): OrderLine | null {
  const latest = createdAt.getTime() - DAY_MS;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i];
    if (line && line.left > 0 && line.orderDate.getTime() <= latest) {
      line.left -= 1;
      return line;
    }
  }
  return null;
}

/** The demo kits of one practice, whole, numbered from 1 in plan order. */
function practiceKits(practice: SeedPractice, lines: OrderLine[], patients: ReadonlyMap<string, number>): NewKit[] {
  const plans = demoKitPlans(practice.id);
  const products = usesProcessing(practice) ? PROCESSING_PRODUCTS : KIT_PRODUCTS;
  const patientCount = demoPatientCount(practice.id);
  // Riverside's first patient is the demo patient account: she registers only the kits her plans name.
  const firstInTurn = practice.id === PRACTICE_IDS.riverside ? 2 : 1;
  const own = lines.filter((line) => line.practiceId === practice.id);
  const kits = new Map<number, NewKit>();
  const registrants = new Map<number, number | null>();
  const build = (plan: DemoKitPlan, n: number): NewKit => {
    const serial = pad(n, 4);
    const end = KIT_SEED_REFERENCE_DATE.getTime() - plan.endDaysAgo * DAY_MS - (n % 5) * HOUR_MS;
    const { history, samples, registeredAt } = walk(plan.lifecycle, end);
    const createdAt = history[0]?.date ?? new Date(end);
    const source = plan.replaces === undefined ? undefined : kits.get(plan.replaces);
    const line = source ? null : takeLine(own, createdAt);
    const productId = source?.productId ?? line?.productId ?? products[n % products.length] ?? 1;
    const turn = firstInTurn + ((n - 1) % (patientCount - firstInTurn + 1));
    const registrant = source
      ? (registrants.get(plan.replaces ?? 0) ?? null)
      : plan.lifecycle === 'notRegistered'
        ? null
        : (plan.registrant ?? turn);
    registrants.set(n, registrant);
    const barcode = seedKitBarcode(practice.id, n);
    return {
      uid: seedKitUid(practice.id, n),
      barcode,
      externalBarcode: externalBarcode(practice, serial),
      practiceId: practice.id,
      orderId: source ? source.orderId : (line?.orderId ?? null),
      patientId: registrant === null ? null : (patients.get(seedPatientUid(practice.id, registrant)) ?? null),
      productId,
      createdAt,
      registeredAt,
      sourceUid: source?.uid ?? null,
      history,
      samples,
      reports: reportsOf(plan.lifecycle, productId, plan.legacy ?? false),
      diagnostics: plan.diagnostics
        ? diagnosticsFiles(barcode, n).map((file) => ({ ...file, bytes: new TextEncoder().encode(file.text) }))
        : [],
    };
  };
  // Kits that replace another come after it, so they take its order, product and registrant.
  const order = plans.map((plan, i) => ({ plan, n: i + 1 }));
  for (const { plan, n } of order.filter(({ plan }) => plan.replaces === undefined)) kits.set(n, build(plan, n));
  for (const { plan, n } of order.filter(({ plan }) => plan.replaces !== undefined)) kits.set(n, build(plan, n));
  return [...kits.entries()].sort(([a], [b]) => a - b).map(([, kit]) => kit);
}

/** Every demo practice's patients and kits that are missing; run it inside the seed's transaction, after the orders. */
export async function seedDemoKits(tx: Queryable): Promise<number> {
  const patients = await seedDemoPatients(tx);
  const uids = SEED_PRACTICES.flatMap((practice) => demoKitPlans(practice.id).map((_plan, i) => seedKitUid(practice.id, i + 1)));
  const present = await tx.query<{ uid: string }>('SELECT uid FROM kits WHERE uid = ANY($1::text[])', [uids]);
  if (present.length === uids.length) return 0;
  const stored = new Set(present.map((row) => row.uid));
  const lines = await kitOrderLines(tx);
  const kits = SEED_PRACTICES.flatMap((practice) => practiceKits(practice, lines, patients));
  return insertKits(
    tx,
    kits.filter((kit) => !stored.has(kit.uid)),
  );
}

/** The uid of the generated kit `index` (from 1) of a practice; stable, so a rerun finds it. */
export function performanceKitUid(practiceId: number, index: number): string {
  return `${SEED_KIT_UID_PREFIX}perf-${practiceId}-${pad(index, 6)}`;
}

/** Generated kits spread over this many days before the reference date. */
const PERF_SPAN_DAYS = 900;
/** Generated kits are written in transactions of this many, so memory stays flat for any N. */
const PERF_BATCH = 2_000;

interface PracticeRefs {
  readonly orders: readonly { readonly id: number; readonly products: readonly number[] }[];
  readonly patients: readonly number[];
}

function performanceKit(practice: SeedPractice, refs: PracticeRefs, index: number): NewKit {
  const next = random(practice.id * 1_000_033 + index);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  const lifecycle = pick(KIT_LIFECYCLE_NAMES) ?? 'registered';
  const end = KIT_SEED_REFERENCE_DATE.getTime() - Math.floor(1 + next() * PERF_SPAN_DAYS) * DAY_MS - Math.floor(next() * 600) * MINUTE_MS;
  const { history, samples, registeredAt } = walk(lifecycle, end);
  const order = pick(refs.orders);
  const productId = pick(order?.products ?? []) ?? pick(usesProcessing(practice) ? PROCESSING_PRODUCTS : KIT_PRODUCTS) ?? 1;
  const serial = `P${pad(index, 6)}`;
  return {
    uid: performanceKitUid(practice.id, index),
    barcode: `KT-${practice.id}-${serial}`,
    externalBarcode: externalBarcode(practice, serial),
    practiceId: practice.id,
    orderId: order?.id ?? null,
    patientId: lifecycle === 'notRegistered' ? null : (pick(refs.patients) ?? null),
    productId,
    createdAt: history[0]?.date ?? new Date(end),
    registeredAt,
    sourceUid: null,
    history,
    samples,
    reports: reportsOf(lifecycle, productId, next() < 0.3),
    diagnostics: [],
  };
}

/**
 * Makes sure the practice has the generated kits 1 to `count` (besides its demo kits), of its orders and
 * patients; a rerun with the same count adds nothing. Answers how many it added.
 */
export async function seedPerformanceKits(db: Database, practiceId: number, count: number): Promise<number> {
  const practice = SEED_PRACTICES.find((candidate) => candidate.id === practiceId);
  if (!practice) throw new Error(`SEED_KITS_PRACTICE ${practiceId} is not a demo practice (${SEED_PRACTICES.map((p) => p.id).join(', ')})`);
  const orders = await db.query<{ id: number; products: number[] }>(
    `SELECT o.id, array_agg(i.product_id ORDER BY i.id) AS products
     FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.practice_id = $1 GROUP BY o.id ORDER BY o.id`,
    [practiceId],
  );
  const patients = await db.query<{ id: number }>('SELECT id FROM patients WHERE practice_id = $1 ORDER BY id', [practiceId]);
  const refs: PracticeRefs = { orders, patients: patients.map((row) => row.id) };
  let added = 0;
  for (let start = 1; start <= count; start += PERF_BATCH) {
    const kits = Array.from({ length: Math.min(PERF_BATCH, count - start + 1) }, (_unused, i) => performanceKit(practice, refs, start + i));
    added += await db.transaction(async (tx) => {
      const inserted = await insertKits(tx, kits);
      await issueReadyReports(tx, KIT_SEED_REFERENCE_DATE);
      return inserted;
    });
  }
  // Fresh statistics, so the planner uses the indexes for a page (PGlite runs no autovacuum).
  if (added) await db.exec('ANALYZE kits, kit_status_history, kit_samples, kit_reports');
  return added;
}
