import type { Order } from '../../../src/model/orders/order';

/**
 * Reading stored orders whole, as OrderSchema reads them: the detail (findOrder) and the list's page
 * (listOrders) both select order rows, each order whole in one row, and hand them here. Every query is filtered
 * by the practice.
 */

/** An order's own columns, for a SELECT over `orders o`. */
export const ORDER_COLUMNS = `o.id, o.uid, o.number, o.order_date, o.customer, o.shipping_type, o.total::float8 AS total,
  o.discount::float8 AS discount, o.shipping_price::float8 AS shipping_price`;

/**
 * An order's items, status history and deliveries, each as a JSON array in its order, for the order whose id
 * `orderId` names: select-list subqueries, so that an order is one row and any number of orders one query.
 */
export const orderLists = (orderId: string) => `
  (SELECT coalesce(json_agg(json_build_object('productId', p.id, 'productUid', p.uid, 'name', p.name, 'description', p.description,
       'price', i.price::float8, 'discount', i.discount::float8, 'quantity', i.quantity, 'totalPrice', i.total_price::float8)
       ORDER BY i.id), '[]')
     FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = ${orderId}) AS items,
  (SELECT coalesce(json_agg(json_build_object('status', h.status, 'group', h.status_group, 'date', h.date, 'description', h.description)
       ORDER BY h.id), '[]')
     FROM order_status_history h WHERE h.order_id = ${orderId}) AS history,
  (SELECT coalesce(json_agg(json_build_object('trackingNumber', d.tracking_number, 'provider', d.provider) ORDER BY d.id), '[]')
     FROM order_deliveries d WHERE d.order_id = ${orderId}) AS deliveries`;

/** The columns ordersOf needs, for a SELECT over `orders o`: an order whole in one row. */
export const ORDER_ROW_COLUMNS = `${ORDER_COLUMNS},${orderLists('o.id')}`;

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
  items: {
    productId: number;
    productUid: string;
    name: string;
    description: string | null;
    price: number;
    discount: number;
    quantity: number;
    totalPrice: number;
  }[];
  /** Dates as JSON carries them (PostgreSQL's own offset notation). */
  history: { status: number; group: string; date: string; description: string | null }[];
  deliveries: { trackingNumber: string; provider: number }[];
}

/** The orders of these rows (selected with ORDER_ROW_COLUMNS) as OrderSchema reads them, in the rows' order. */
export function ordersOf(rows: readonly OrderRow[]): Order[] {
  return rows.map((order) => {
    const statusHistory = order.history.map((entry) => ({
      group: entry.group,
      status: entry.status,
      date: new Date(entry.date).toISOString(),
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
      deliveries: order.deliveries,
      shippingType: order.shipping_type,
      items: order.items.map((item) => ({
        product: { id: item.productId, name: item.name, description: item.description, uid: item.productUid },
        price: item.price,
        discount: item.discount,
        quantity: item.quantity,
        totalPrice: item.totalPrice,
      })),
      total: order.total,
      discount: order.discount,
      shippingPrice: order.shipping_price,
    };
  });
}
