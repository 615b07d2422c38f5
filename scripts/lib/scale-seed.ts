import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../../server/db/database';
import { performanceKitUid, seedPerformanceKits } from '../../server/seed/kits';
import { performanceOrderUid, seedPerformanceOrders } from '../../server/seed/orders';

/**
 * The bulk path of `npm run bench:scale`: a million kits and 200,000 orders in one practice in minutes rather than
 * the hours the row-by-row performance seed would take. The app's own performance seed (seedPerformanceKits,
 * seedPerformanceOrders) writes a template of a few thousand orders and kits, whole, with their items, histories,
 * deliveries, samples and reports; then set-based INSERT … SELECT statements copy that template over and over, each
 * copy under the uid, barcode and order number the performance seed would have given it, its dates moved back by up
 * to 30 days (every date of one order or kit by the same amount, so that its history still walks in order), its kits
 * on the copied orders, and its registrants spread over 20,000 patients whose names cross the demo names. So every
 * column that the lists sort or filter on has the variety of the app's own rows.
 */

/** Copies of the template: the first copy is the template itself. */
const ORDER_TEMPLATE = 4_000;
const KIT_TEMPLATE = 10_000;
const EXTRA_PATIENTS = 20_000;
/** How far back a copy's dates move, at most, in minutes (30 days). */
const SHIFT_MINUTES = 30 * 24 * 60;

export interface ScaleTarget {
  readonly practiceId: number;
  readonly kits: number;
  readonly orders: number;
}

/** A number as the performance seed writes it (padStart: six digits at least, never cut, unlike lpad). */
const PAD = (value: string) => `(CASE WHEN ${value} < 100000 THEN lpad((${value})::text, 6, '0') ELSE (${value})::text END)`;
/** The generated index at the end of a performance-seed uid (`…-000123`). */
const INDEX_OF = (uid: string) => `substring(${uid} from '(\\d+)$')::int`;
/** The copy's shift: a spread of minutes worked out from its index, the same on every run. */
const SHIFT_OF = (index: string) => `make_interval(mins => ((${index}::bigint * 104729) % ${SHIFT_MINUTES})::int)`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function countOf(db: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

/** Patients whose first and last names cross the demo patients' names, so that the patient column has thousands of values. */
async function addPatients(db: Database, practiceId: number): Promise<void> {
  const prefix = `seed-patient-scale-${practiceId}-`;
  const have = await countOf(db, `SELECT count(*)::int AS n FROM patients WHERE uid LIKE $1`, [`${prefix}%`]);
  if (have >= EXTRA_PATIENTS) return;
  await db.query(
    `WITH firsts AS (SELECT array_agg(DISTINCT first_name) AS names FROM patients WHERE first_name IS NOT NULL),
          lasts AS (SELECT array_agg(DISTINCT last_name) AS names FROM patients WHERE last_name IS NOT NULL)
     INSERT INTO patients (uid, practice_id, first_name, last_name, email, phone, date_of_birth, external_id, created_at)
     SELECT $2 || lpad(g::text, 6, '0'), $1::int, f.name, l.name,
            lower(f.name || '.' || l.name || g) || '@mail.example', '(555) 555-' || lpad((g % 10000)::text, 4, '0'),
            date '1940-01-01' + ((g * 7919) % 22000), CASE WHEN g % 2 = 0 THEN 'MRN-' || $1::int || '-' || lpad(g::text, 6, '0') END,
            timestamptz '2023-01-02 08:00Z' + make_interval(mins => ((g::bigint * 104729) % 1500000)::int)
     FROM generate_series($3::int + 1, $4::int) g, firsts, lasts,
          LATERAL (SELECT firsts.names[1 + (g * 7) % array_length(firsts.names, 1)] AS name) f,
          LATERAL (SELECT lasts.names[1 + (g * 13 + g / 17) % array_length(lasts.names, 1)] AS name) l
     ON CONFLICT DO NOTHING`,
    [practiceId, prefix, have, EXTRA_PATIENTS],
  );
}

/** Every generated order with the template order it copies (the template's own included), for the children and the kits. */
async function orderCopyTable(tx: Queryable, practiceId: number): Promise<void> {
  const prefix = performanceOrderUid(practiceId, 0).replace(/0+$/, '');
  await tx.query(
    `CREATE TEMP TABLE scale_order_copy ON COMMIT DROP AS
     SELECT n.id AS new_id, t.id AS template_id, (${INDEX_OF('n.uid')} - 1) / $3 AS copy_no, t.order_date - n.order_date AS shift
     FROM orders n JOIN orders t ON t.practice_id = $1::int AND t.uid = $2 || lpad(((${INDEX_OF('n.uid')} - 1) % $3 + 1)::text, 6, '0')
     WHERE n.practice_id = $1::int AND n.uid LIKE $2 || '%'`,
    [practiceId, prefix, ORDER_TEMPLATE],
  );
}

/** How many rows of a table carry the performance seed's uid prefix: what a rerun finds already there. */
function seededCount(db: Database, table: 'orders' | 'kits', practiceId: number, prefix: string): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS n FROM ${table} WHERE practice_id = $1::int AND uid LIKE $2`, [practiceId, `${prefix}%`]);
}

/** Copies the template orders (index 1 to ORDER_TEMPLATE) into orders ORDER_TEMPLATE + 1 to `count`, whole. */
async function copyOrders(db: Database, practiceId: number, count: number): Promise<void> {
  const prefix = performanceOrderUid(practiceId, 0).replace(/0+$/, '');
  const have = await seededCount(db, 'orders', practiceId, prefix);
  if (have >= count) return;
  const copies = Math.ceil(count / ORDER_TEMPLATE);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO orders (uid, number, practice_id, order_date, customer, shipping_type, fulfillment, ship_to, customer_information,
                           shipping_information, payment_method, total, discount, shipping_price, status, card_brand, card_last4)
       SELECT $2 || ${PAD('c.idx')}, nextval('order_number_seq')::text, o.practice_id, o.order_date - ${SHIFT_OF('c.idx')},
              o.customer, o.shipping_type, o.fulfillment, o.ship_to, o.customer_information, o.shipping_information, o.payment_method,
              o.total, o.discount, o.shipping_price, o.status, o.card_brand, o.card_last4
       FROM orders o
       CROSS JOIN generate_series(1, $3::int - 1) cp
       CROSS JOIN LATERAL (SELECT cp * $4::int + ${INDEX_OF('o.uid')} AS idx) c
       WHERE o.practice_id = $1::int AND o.uid LIKE $2 || '%' AND ${INDEX_OF('o.uid')} <= $4 AND c.idx <= $5
       ORDER BY c.idx
       ON CONFLICT DO NOTHING`,
      [practiceId, prefix, copies, ORDER_TEMPLATE, count],
    );
    await orderCopyTable(tx, practiceId);
    await tx.query(
      `CREATE TEMP TABLE scale_new_orders ON COMMIT DROP AS
       SELECT m.* FROM scale_order_copy m WHERE m.copy_no > 0 AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = m.new_id)`,
    );
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, price, discount, quantity, total_price)
       SELECT m.new_id, i.product_id, i.price, i.discount, i.quantity, i.total_price
       FROM scale_new_orders m JOIN order_items i ON i.order_id = m.template_id ORDER BY m.new_id, i.id`,
    );
    await tx.query(
      `INSERT INTO order_status_history (order_id, status, status_group, date, description)
       SELECT m.new_id, h.status, h.status_group, h.date - m.shift, h.description
       FROM scale_new_orders m JOIN order_status_history h ON h.order_id = m.template_id ORDER BY m.new_id, h.id`,
    );
    await tx.query(
      `INSERT INTO order_deliveries (order_id, tracking_number, provider, created_at)
       SELECT m.new_id, d.tracking_number || '-' || m.new_id, d.provider, d.created_at - m.shift
       FROM scale_new_orders m JOIN order_deliveries d ON d.order_id = m.template_id ORDER BY m.new_id, d.id`,
    );
  });
}

/** Copies the template kits into kits KIT_TEMPLATE + 1 to `count`, whole, on the copied orders and the practice's patients. */
async function copyKits(db: Database, practiceId: number, count: number): Promise<void> {
  const prefix = performanceKitUid(practiceId, 0).replace(/0+$/, '');
  const have = await seededCount(db, 'kits', practiceId, prefix);
  if (have >= count) return;
  const copies = Math.ceil(count / KIT_TEMPLATE);
  await db.transaction(async (tx) => {
    await orderCopyTable(tx, practiceId);
    const orderCopies = await countOf(tx, 'SELECT coalesce(max(copy_no) + 1, 1)::int AS n FROM scale_order_copy', []);
    await tx.query(
      `INSERT INTO kits (uid, barcode, external_barcode, practice_id, order_id, patient_id, product_id, status, status_date, created_at,
                         registered_at)
       SELECT $2 || ${PAD('c.idx')}, 'KT-' || $1::int || '-P' || ${PAD('c.idx')},
              CASE WHEN k.external_barcode IS NOT NULL THEN 'SMP' || $1::int || 'P' || ${PAD('c.idx')} END,
              k.practice_id, coalesce(oc.new_id, k.order_id),
              CASE WHEN k.patient_id IS NOT NULL THEN pa.ids[1 + (c.idx::bigint * 7919) % array_length(pa.ids, 1)] END,
              k.product_id, k.status, k.status_date - c.shift, k.created_at - c.shift, k.registered_at - c.shift
       FROM kits k
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM patients WHERE practice_id = $1::int) pa
       CROSS JOIN generate_series(1, $3::int - 1) cp
       CROSS JOIN LATERAL (SELECT cp * $4::int + ${INDEX_OF('k.uid')} AS idx, ${SHIFT_OF(`cp * $4::int + ${INDEX_OF('k.uid')}`)} AS shift) c
       LEFT JOIN scale_order_copy oc ON oc.template_id = k.order_id AND oc.copy_no = cp % $6
       WHERE k.practice_id = $1::int AND k.uid LIKE $2 || '%' AND ${INDEX_OF('k.uid')} <= $4 AND c.idx <= $5
       ORDER BY c.idx
       ON CONFLICT DO NOTHING`,
      [practiceId, prefix, copies, KIT_TEMPLATE, count, orderCopies],
    );
    await tx.query(
      `CREATE TEMP TABLE scale_new_kits ON COMMIT DROP AS
       SELECT n.id AS new_id, t.id AS template_id, t.created_at - n.created_at AS shift
       FROM kits n JOIN kits t ON t.practice_id = $1::int AND t.uid = $2 || lpad(((${INDEX_OF('n.uid')} - 1) % $3 + 1)::text, 6, '0')
       WHERE n.practice_id = $1::int AND n.uid LIKE $2 || '%' AND ${INDEX_OF('n.uid')} > $3
         AND NOT EXISTS (SELECT 1 FROM kit_status_history h WHERE h.kit_id = n.id)`,
      [practiceId, prefix, KIT_TEMPLATE],
    );
    await tx.query(
      `INSERT INTO kit_status_history (kit_id, status, date)
       SELECT m.new_id, h.status, h.date - m.shift FROM scale_new_kits m JOIN kit_status_history h ON h.kit_id = m.template_id
       ORDER BY m.new_id, h.id`,
    );
    await tx.query(
      `INSERT INTO kit_samples (kit_id, status, processing_date)
       SELECT m.new_id, s.status, s.processing_date - m.shift FROM scale_new_kits m JOIN kit_samples s ON s.kit_id = m.template_id
       ORDER BY m.new_id, s.id`,
    );
    await tx.query(
      `INSERT INTO kit_reports (kit_id, type, name, results, issued_at, logo_content_type, logo_bytes)
       SELECT m.new_id, r.type, r.name, r.results, r.issued_at - m.shift, r.logo_content_type, r.logo_bytes
       FROM scale_new_kits m JOIN kit_reports r ON r.kit_id = m.template_id ORDER BY m.new_id, r.id`,
    );
  });
}

/**
 * Makes sure the practice has `orders` generated orders and `kits` generated kits (besides its demo rows); a rerun
 * on the same database adds nothing. Ends with VACUUM ANALYZE: fresh statistics and a visibility map, as a
 * database that has lived with its rows for a while has.
 */
export async function loadScale(db: Database, { practiceId, kits, orders }: ScaleTarget): Promise<void> {
  await timed(`template: ${ORDER_TEMPLATE} orders (app seed)`, () =>
    seedPerformanceOrders(db, practiceId, Math.min(ORDER_TEMPLATE, orders)),
  );
  await timed(`template: ${KIT_TEMPLATE} kits (app seed)`, () => seedPerformanceKits(db, practiceId, Math.min(KIT_TEMPLATE, kits)));
  await timed(`${EXTRA_PATIENTS} patients`, () => addPatients(db, practiceId));
  await timed(`orders up to ${orders}`, () => copyOrders(db, practiceId, orders));
  await timed(`kits up to ${kits}`, () => copyKits(db, practiceId, kits));
  await timed('VACUUM ANALYZE', () => db.exec('VACUUM ANALYZE'));
}
