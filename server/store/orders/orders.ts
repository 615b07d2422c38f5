import type { Order } from '../../../src/model/orders/order';
import type { Queryable } from '../../db/database';

/**
 * Orders with their items and status history. Every read is filtered by the practice, so another
 * practice's order is as absent as one that does not exist. Money is cast to float8 (a JS number).
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
  readonly total: number;
  readonly discount: number;
  readonly shippingPrice: number;
  /** In order; the last one is the order's status. */
  readonly history: readonly NewStatusEntry[];
  readonly items: readonly NewOrderItem[];
}

/** The next order number: digits from a sequence, unique and increasing, never reused. */
export async function nextOrderNumber(q: Queryable): Promise<string> {
  const [row] = await q.query<{ number: string }>(`SELECT nextval('order_number_seq')::text AS number`);
  if (!row) throw new Error('The order number sequence answered nothing');
  return row.number;
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Stores an order, its items and its history; run it in a transaction so that all or none is written. */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<number> {
  const latest = order.history.at(-1);
  if (!latest) throw new Error('An order needs a first status');
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO orders (uid, number, practice_id, order_date, customer, shipping_type, fulfillment, ship_to,
       customer_information, shipping_information, payment_method, total, discount, shipping_price, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15)
     RETURNING id`,
    [
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
    ],
  );
  if (!row) throw new Error('Storing the order answered no id');
  const items = order.items.map((item, i) => `($1, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5}, $${i * 5 + 6})`);
  await tx.query(`INSERT INTO order_items (order_id, product_id, price, discount, quantity, total_price) VALUES ${items.join(', ')}`, [
    row.id,
    ...order.items.flatMap((item) => [item.productId, item.price, item.discount, item.quantity, item.totalPrice]),
  ]);
  const history = order.history.map((_entry, i) => `($1, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}, $${i * 4 + 5})`);
  await tx.query(`INSERT INTO order_status_history (order_id, status, status_group, date, description) VALUES ${history.join(', ')}`, [
    row.id,
    ...order.history.flatMap((entry) => [entry.status, entry.group, entry.date.toISOString(), entry.description]),
  ]);
  return row.id;
}

interface OrderRow extends Record<string, unknown> {
  id: number;
  uid: string;
  number: string;
  order_date: Date;
  customer: string;
  shipping_type: string;
  total: number;
  discount: number;
  shipping_price: number;
}

interface ItemRow extends Record<string, unknown> {
  product_id: number;
  product_uid: string;
  name: string;
  description: string | null;
  price: number;
  discount: number;
  quantity: number;
  total_price: number;
}

interface HistoryRow extends Record<string, unknown> {
  status: number;
  status_group: string;
  date: Date;
  description: string | null;
}

/** The practice's order with this number, as OrderSchema reads it; null when the practice has none. */
export async function findOrder(q: Queryable, practiceId: number, number: string): Promise<Order | null> {
  const [order] = await q.query<OrderRow>(
    `SELECT id, uid, number, order_date, customer, shipping_type, total::float8 AS total, discount::float8 AS discount,
            shipping_price::float8 AS shipping_price
     FROM orders WHERE practice_id = $1 AND number = $2`,
    [practiceId, number],
  );
  if (!order) return null;
  const items = await q.query<ItemRow>(
    `SELECT p.id AS product_id, p.uid AS product_uid, p.name, p.description, i.price::float8 AS price,
            i.discount::float8 AS discount, i.quantity, i.total_price::float8 AS total_price
     FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
     WHERE o.practice_id = $1 AND o.id = $2 ORDER BY i.id`,
    [practiceId, order.id],
  );
  const history = await q.query<HistoryRow>(
    `SELECT h.status, h.status_group, h.date, h.description
     FROM order_status_history h JOIN orders o ON o.id = h.order_id
     WHERE o.practice_id = $1 AND o.id = $2 ORDER BY h.id`,
    [practiceId, order.id],
  );
  const statusHistory = history.map((entry) => ({
    group: entry.status_group,
    status: entry.status,
    date: entry.date.toISOString(),
    description: entry.description,
  }));
  const latest = statusHistory.at(-1);
  return {
    uid: order.uid,
    number: order.number,
    orderDate: order.order_date.toISOString(),
    customer: order.customer,
    status: latest ? { status: latest.status, group: latest.group, date: latest.date } : null,
    statusHistory,
    deliveries: [],
    shippingType: order.shipping_type,
    items: items.map((item) => ({
      product: { id: item.product_id, name: item.name, description: item.description, uid: item.product_uid },
      price: item.price,
      discount: item.discount,
      quantity: item.quantity,
      totalPrice: item.total_price,
    })),
    total: order.total,
    discount: order.discount,
    shippingPrice: order.shipping_price,
  };
}

export async function countOrders(q: Queryable, practiceId: number): Promise<number> {
  const [row] = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE practice_id = $1', [practiceId]);
  return row?.count ?? 0;
}
