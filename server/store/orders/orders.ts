import type { Order } from '../../../src/model/orders/order';
import type { Queryable } from '../../db/database';
import { ORDER_ROW_COLUMNS, orderKits, ordersOf, type OrderRow } from './read-orders';

/**
 * Orders with their items, status history and deliveries. Every read is filtered by the practice, so
 * another practice's order is as absent as one that does not exist. Money is cast to float8 (a JS number).
 */

export interface NewOrderItem {
  readonly productId: number;
  readonly price: number;
  readonly discount: number;
  readonly quantity: number;
  readonly totalPrice: number;
}

export interface NewStatusEntry {
  readonly status: number;
  readonly group: string;
  readonly date: Date;
  readonly description: string;
}

/** A shipment of the order: carrier 1 UPS, 2 USPS, 3 FedEx (ordering §3). */
export interface NewDelivery {
  readonly trackingNumber: string;
  readonly provider: number;
  readonly createdAt: Date;
}

export interface NewOrder {
  readonly uid: string;
  readonly number: string;
  readonly practiceId: number;
  readonly orderDate: Date;
  readonly customer: string;
  readonly shippingType: string;
  readonly fulfillment: number;
  readonly shipTo: string;
  readonly customerInformation: unknown;
  readonly shippingInformation: unknown;
  readonly paymentMethod: string | null;
  /** The charged card's brand and last four, which the order page shows; null when not known or not a card. */
  readonly card?: { readonly brand: string; readonly last4: string } | null;
  readonly total: number;
  readonly discount: number;
  readonly shippingPrice: number;
  /** In order; the last one is the order's status. */
  readonly history: readonly NewStatusEntry[];
  readonly items: readonly NewOrderItem[];
  /** Oldest first; none until the order ships. */
  readonly deliveries?: readonly NewDelivery[];
}

/** The next order number: digits from a sequence, unique and increasing, never reused. */
export async function nextOrderNumber(q: Queryable): Promise<string> {
  const [number] = await nextOrderNumbers(q, 1);
  if (!number) throw new Error('The order number sequence answered nothing');
  return number;
}

/** `count` numbers from the sequence at once, in increasing order. */
export async function nextOrderNumbers(q: Queryable, count: number): Promise<string[]> {
  const rows = await q.query<{ number: string }>(`SELECT nextval('order_number_seq')::text AS number FROM generate_series(1, $1)`, [count]);
  return rows.map((row) => row.number).sort((a, b) => a.length - b.length || a.localeCompare(b));
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** PostgreSQL takes at most 65,535 parameters in one statement; this keeps every multi-row insert well below. */
const ROWS_PER_STATEMENT = 1_000;

/** One multi-row INSERT per chunk of rows; `casts` names a cast per column (e.g. `::jsonb`) where needed. */
async function insertRows(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: { casts?: Readonly<Record<number, string>>; returning?: string } = {},
): Promise<Record<string, unknown>[]> {
  const answered: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const tuples = chunk.map(
      (_row, r) => `(${columns.map((_column, c) => `$${r * columns.length + c + 1}${options.casts?.[c] ?? ''}`).join(', ')})`,
    );
    const returning = options.returning ? ` RETURNING ${options.returning}` : '';
    answered.push(
      ...(await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning}`, chunk.flat())),
    );
  }
  return answered;
}

/**
 * Stores orders with their items, history and deliveries in a few multi-row statements (seeding
 * thousands stays fast); run it in a transaction so that all or none is written. Answers the ids in order.
 */
export async function insertOrders(tx: Queryable, orders: readonly NewOrder[]): Promise<number[]> {
  const orderRows = orders.map((order) => {
    const latest = order.history.at(-1);
    if (!latest) throw new Error(`Order ${order.number} needs a first status`);
    return [
      order.uid,
      order.number,
      order.practiceId,
      order.orderDate.toISOString(),
      order.customer,
      order.shippingType,
      order.fulfillment,
      order.shipTo,
      json(order.customerInformation),
      json(order.shippingInformation),
      order.paymentMethod,
      order.total,
      order.discount,
      order.shippingPrice,
      latest.status,
      order.card?.brand ?? null,
      order.card?.last4 ?? null,
    ];
  });
  const columns =
    'uid, number, practice_id, order_date, customer, shipping_type, fulfillment, ship_to, customer_information, shipping_information, payment_method, total, discount, shipping_price, status, card_brand, card_last4';
  const inserted = await insertRows(tx, 'orders', columns.split(', '), orderRows, {
    casts: { 8: '::jsonb', 9: '::jsonb' },
    returning: 'id, uid',
  });
  // RETURNING's row order is not promised, so each id is matched to its order by uid.
  const idOf = new Map(inserted.map((row) => [String(row.uid), Number(row.id)]));
  const ids = orders.map((order) => {
    const id = idOf.get(order.uid);
    if (id === undefined) throw new Error(`Storing order ${order.number} answered no id`);
    return id;
  });
  const each = <T>(pick: (order: NewOrder) => readonly T[], row: (id: number, value: T) => unknown[]) =>
    orders.flatMap((order, i) => pick(order).map((value) => row(ids[i] ?? 0, value)));
  await insertRows(
    tx,
    'order_items',
    ['order_id', 'product_id', 'price', 'discount', 'quantity', 'total_price'],
    each(
      (order) => order.items,
      (id, item) => [id, item.productId, item.price, item.discount, item.quantity, item.totalPrice],
    ),
  );
  await insertRows(
    tx,
    'order_status_history',
    ['order_id', 'status', 'status_group', 'date', 'description'],
    each(
      (order) => order.history,
      (id, entry) => [id, entry.status, entry.group, entry.date.toISOString(), entry.description],
    ),
  );
  await insertRows(
    tx,
    'order_deliveries',
    ['order_id', 'tracking_number', 'provider', 'created_at'],
    each(
      (order) => order.deliveries ?? [],
      (id, delivery) => [id, delivery.trackingNumber, delivery.provider, delivery.createdAt.toISOString()],
    ),
  );
  return ids;
}

/** Stores one order, its items, history and deliveries; run it in a transaction so that all or none is written. */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<number> {
  const [id] = await insertOrders(tx, [order]);
  if (id === undefined) throw new Error('Storing the order answered no id');
  return id;
}

/** The practice's order with this number, its kits included, as OrderSchema reads it; null when the practice has none. */
export async function findOrder(q: Queryable, practiceId: number, number: string): Promise<Order | null> {
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER_ROW_COLUMNS},${orderKits('o.id')} FROM orders o WHERE o.practice_id = $1 AND o.number = $2`,
    [practiceId, number],
  );
  const [order] = ordersOf(rows);
  return order ?? null;
}

/**
 * The practice's order with this uid, locked until the transaction ends so that two cancels of one
 * order take turns; with the group of its latest status, as the client sees it. Null when it has none.
 */
export async function lockOrderByUid(
  tx: Queryable,
  practiceId: number,
  uid: string,
): Promise<{ id: number; number: string; group: string | null } | null> {
  const [order] = await tx.query<{ id: number; number: string }>(
    'SELECT id, number FROM orders WHERE practice_id = $1 AND uid = $2 FOR UPDATE',
    [practiceId, uid],
  );
  if (!order) return null;
  const [latest] = await tx.query<{ status_group: string }>(
    'SELECT status_group FROM order_status_history WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
    [order.id],
  );
  return { id: order.id, number: order.number, group: latest?.status_group ?? null };
}

/** Appends a status to the order's history and makes it the order's status; run it in a transaction. */
export async function appendStatus(tx: Queryable, orderId: number, entry: NewStatusEntry): Promise<void> {
  await tx.query('INSERT INTO order_status_history (order_id, status, status_group, date, description) VALUES ($1, $2, $3, $4, $5)', [
    orderId,
    entry.status,
    entry.group,
    entry.date.toISOString(),
    entry.description,
  ]);
  await tx.query('UPDATE orders SET status = $2 WHERE id = $1', [orderId, entry.status]);
}

/** Seeded orders (the demo ones and those generated for performance work) have uids that start so. */
export const SEED_ORDER_UID_PREFIX = 'seed-order-';

/**
 * How many orders the practice placed itself, its seeded orders left out: what a test compares
 * before and after a request to learn whether the request stored an order.
 */
export async function countOrders(q: Queryable, practiceId: number): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM orders WHERE practice_id = $1 AND NOT starts_with(uid, $2)`,
    [practiceId, SEED_ORDER_UID_PREFIX],
  );
  return row?.count ?? 0;
}
