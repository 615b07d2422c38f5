import type { Order } from '../../../src/model/orders/order';

/**
 * Reading stored orders whole, as OrderSchema reads them: the detail (findOrder) and the list's page
 * (listOrders) both select order rows, each order whole in one row, and hand them here. Every query is filtered
 * by the practice.
 */

/** An order's own columns, for a SELECT over `orders o`. */
export const ORDER_COLUMNS = `o.id, o.uid, o.number, o.order_date, o.customer, o.shipping_type, o.total::float8 AS total,
  o.discount::float8 AS discount, o.shipping_price::float8 AS shipping_price, o.ship_to, o.shipping_information,
  o.customer_information, o.payment_method, o.card_brand, o.card_last4`;

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

/**
 * The order's kits or samples (kits.order_id), oldest first, with their product: the detail page's list. Only the
 * order's own practice's kits, although a kit of another practice never names this order.
 */
export const orderKits = (orderId: string) => `
  (SELECT coalesce(json_agg(json_build_object('barcode', k.barcode, 'status', k.status, 'productName', p.name) ORDER BY k.id), '[]')
     FROM kits k JOIN orders ko ON ko.id = ${orderId} JOIN products p ON p.id = k.product_id
     WHERE k.order_id = ko.id AND k.practice_id = ko.practice_id) AS kits`;

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
  ship_to: string;
  /** The address as the order request held it (jsonb, read as an object). */
  shipping_information: Record<string, string | null> | null;
  customer_information: Record<string, string | null> | null;
  /** The card charged (its pm_ id), null for an invoice (Net 30) payer. */
  payment_method: string | null;
  /** The charged card's brand and last four, kept when the order was placed (null when not known). */
  card_brand: string | null;
  card_last4: string | null;
  /** Selected for the detail only (orderKits). */
  kits?: { barcode: string; status: number; productName: string }[];
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
      shipTo: order.ship_to,
      shippingInformation: addressOf(order.shipping_information),
      customerInformation: customerOf(order.customer_information),
      payment: order.payment_method
        ? { method: 'Card', brand: order.card_brand, last4: order.card_last4 }
        : { method: 'Invoice', brand: null, last4: null },
      // The list leaves the kits out (null): only the detail page shows them.
      kits: order.kits ?? null,
    };
  });
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The stored shipping address (the request's shippingInformation), its fields as text. */
function addressOf(stored: Record<string, unknown> | null): Order['shippingInformation'] {
  if (!stored) return null;
  return {
    addressLine1: textOf(stored.addressLine1),
    addressLine2: textOf(stored.addressLine2),
    city: textOf(stored.city),
    state: textOf(stored.state),
    zipCode: textOf(stored.zipCode),
    country: textOf(stored.country),
  };
}

/** The stored recipient of an order shipped to another address. */
function customerOf(stored: Record<string, unknown> | null): Order['customerInformation'] {
  if (!stored) return null;
  return {
    firstName: textOf(stored.firstName),
    lastName: textOf(stored.lastName),
    email: textOf(stored.email),
    phone: textOf(stored.phone),
  };
}
