import type { Order } from '../../../src/model/orders/order';
import type { Queryable } from '../../db/database';

/**
 * Reading stored orders whole, as OrderSchema reads them: the detail (findOrder) and the list's page
 * (listOrders) both select order rows and hand them here. Every query is filtered by the practice.
 */

/** The columns of `orders` that readOrders needs, for a SELECT over `orders o`. */
export const ORDER_ROW_COLUMNS = `o.id, o.uid, o.number, o.order_date, o.customer, o.shipping_type, o.total::float8 AS total,
  o.discount::float8 AS discount, o.shipping_price::float8 AS shipping_price`;

export interface OrderRow extends Record<string, unknown> {
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
  order_id: number;
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
  order_id: number;
  status: number;
  status_group: string;
  date: Date;
  description: string | null;
}

interface DeliveryRow extends Record<string, unknown> {
  order_id: number;
  tracking_number: string;
  provider: number;
}

function byOrder<T extends { order_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.order_id, [...(grouped.get(row.order_id) ?? []), row]);
  return grouped;
}

/**
 * The orders of these rows as OrderSchema reads them, in the rows' order: one query each for the
 * items, the histories and the deliveries of all of them, however many rows there are.
 */
export async function readOrders(q: Queryable, practiceId: number, rows: readonly OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [items, history, deliveries] = [
    byOrder(
      await q.query<ItemRow>(
        `SELECT i.order_id, p.id AS product_id, p.uid AS product_uid, p.name, p.description, i.price::float8 AS price,
                i.discount::float8 AS discount, i.quantity, i.total_price::float8 AS total_price
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
         WHERE o.practice_id = $1 AND i.order_id = ANY($2::int[]) ORDER BY i.order_id, i.id`,
        [practiceId, ids],
      ),
    ),
    byOrder(
      await q.query<HistoryRow>(
        `SELECT h.order_id, h.status, h.status_group, h.date, h.description
         FROM order_status_history h JOIN orders o ON o.id = h.order_id
         WHERE o.practice_id = $1 AND h.order_id = ANY($2::int[]) ORDER BY h.order_id, h.id`,
        [practiceId, ids],
      ),
    ),
    byOrder(
      await q.query<DeliveryRow>(
        `SELECT d.order_id, d.tracking_number, d.provider
         FROM order_deliveries d JOIN orders o ON o.id = d.order_id
         WHERE o.practice_id = $1 AND d.order_id = ANY($2::int[]) ORDER BY d.order_id, d.id`,
        [practiceId, ids],
      ),
    ),
  ];
  return rows.map((order) => {
    const statusHistory = (history.get(order.id) ?? []).map((entry) => ({
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
      deliveries: (deliveries.get(order.id) ?? []).map((delivery) => ({
        trackingNumber: delivery.tracking_number,
        provider: delivery.provider,
      })),
      shippingType: order.shipping_type,
      items: (items.get(order.id) ?? []).map((item) => ({
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
  });
}
