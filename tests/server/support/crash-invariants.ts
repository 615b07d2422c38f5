import * as v from 'valibot';
import type { Queryable } from '../../../server/db/database';
import { FulfilmentType } from '../../../src/model/enums';
import { OrderSchema, ShipTo, type OrderRequest } from '../../../src/model/orders/order';
import { LAKESIDE_ADDRESS, PRODUCT } from '../suites/ordering-fixtures.suite';

/**
 * What the crash test (issue 13 item 5) checks in a database a killed server left behind: an order is stored whole
 * (order, items, status history) or not at all, and an Idempotency-Key places at most one order. Read straight from
 * the tables, so that nothing the server would repair or hide on reading gets in the way. The client's side is here
 * too: the requests it sends, and what it was told.
 */

/** Every key the test sends starts so. */
export const KEY_PREFIX = 'crash-';

/** The request a key sends, always the same for the same key; the key rides in the address, so each order shows its key. */
export function orderFor(key: string): OrderRequest {
  return {
    customerInformation: null,
    shippingInformation: { ...LAKESIDE_ADDRESS, addressLine2: key },
    items: [
      { productId: PRODUCT.health, quantity: 2 },
      { productId: PRODUCT.combo, quantity: 1 },
    ],
    paymentMethod: null,
    fulfillment: FulfilmentType.Physical,
    shipTo: ShipTo.Clinic,
  };
}

/** Every way the stored orders break the all-or-nothing rule; empty when every order is whole. */
export async function brokenOrders(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const withoutItems = await q.query<{ number: string }>(
    'SELECT o.number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id) ORDER BY o.id',
  );
  problems.push(...withoutItems.map((row) => `order ${row.number} has no items`));
  const withoutHistory = await q.query<{ number: string }>(
    'SELECT o.number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id) ORDER BY o.id',
  );
  problems.push(...withoutHistory.map((row) => `order ${row.number} has no status history`));
  // The order's status is written with its history, as the history's last entry.
  const unlike = await q.query<{ number: string; status: number; latest: number }>(
    `SELECT o.number, o.status, h.status AS latest FROM orders o
     JOIN LATERAL (SELECT status FROM order_status_history WHERE order_id = o.id ORDER BY id DESC LIMIT 1) h ON true
     WHERE o.status <> h.status ORDER BY o.id`,
  );
  problems.push(...unlike.map((row) => `order ${row.number} has status ${row.status} but its history ends with ${row.latest}`));
  // The foreign keys forbid these; the check does not rely on them still being there.
  for (const table of ['order_items', 'order_status_history', 'order_deliveries', 'manifest_samples'] as const) {
    const orphans = await q.query<{ id: number; order_id: number }>(
      `SELECT t.id, t.order_id FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id) ORDER BY t.id`,
    );
    problems.push(...orphans.map((row) => `${table} row ${row.id} belongs to no order (order id ${row.order_id})`));
  }
  const keysOfMissingOrders = await q.query<{ practice_id: number; key: string }>(
    `SELECT k.practice_id, k.key FROM order_idempotency_keys k
     WHERE k.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = k.order_id) ORDER BY k.key`,
  );
  problems.push(...keysOfMissingOrders.map((row) => `key ${row.key} of practice ${row.practice_id} names an order that does not exist`));
  const sharedOrders = await q.query<{ number: string; keys: string }>(
    `SELECT o.number, string_agg(k.key, ', ' ORDER BY k.key) AS keys FROM order_idempotency_keys k JOIN orders o ON o.id = k.order_id
     GROUP BY o.number HAVING count(*) > 1 ORDER BY o.number`,
  );
  problems.push(...sharedOrders.map((row) => `order ${row.number} is named by several keys: ${row.keys}`));
  return problems;
}

/** A stored order the test placed: its key is in the order itself (the address's second line). */
export interface KeyedOrder {
  readonly key: string;
  readonly number: string;
  readonly items: number;
  readonly history: number;
}

/** The claim of a key: the number of the order it names, null while (or because) no order was stored under it. */
export interface KeyClaim {
  readonly key: string;
  readonly orderNumber: string | null;
}

export interface StoredByKey {
  readonly orders: readonly KeyedOrder[];
  readonly claims: readonly KeyClaim[];
}

/** The practice's orders whose address's second line starts with `prefix`, and its key claims that do. */
export async function storedByKey(q: Queryable, practiceId: number, prefix: string): Promise<StoredByKey> {
  const orders = await q.query<{ key: string; number: string; items: number; history: number }>(
    `SELECT o.shipping_information->>'addressLine2' AS key, o.number,
       (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
       (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id) AS history
     FROM orders o WHERE o.practice_id = $1 AND starts_with(o.shipping_information->>'addressLine2', $2) ORDER BY o.id`,
    [practiceId, prefix],
  );
  const claims = await q.query<{ key: string; number: string | null }>(
    `SELECT k.key, o.number FROM order_idempotency_keys k LEFT JOIN orders o ON o.id = k.order_id
     WHERE k.practice_id = $1 AND starts_with(k.key, $2) ORDER BY k.key`,
    [practiceId, prefix],
  );
  return {
    orders: orders.map((row) => ({ key: row.key, number: row.number, items: row.items, history: row.history })),
    claims: claims.map((row) => ({ key: row.key, orderNumber: row.number })),
  };
}

/** One request as the client saw it: the order number of a 2xx answer, or null when no answer came (cut off). */
export interface SentRequest {
  readonly key: string;
  readonly answered: { readonly status: number; readonly number: string | null } | null;
}

/**
 * Where the stored orders contradict what the client was told, or a key placed more than one order. A request
 * without an answer may have stored its order or not; one with a 2xx answer must have, exactly once.
 */
export function disagreements(
  sent: readonly SentRequest[],
  stored: StoredByKey,
  expected: { readonly items: number; readonly history: number },
): string[] {
  const problems: string[] = [];
  const keys = new Set(sent.map((request) => request.key));
  const ordersOf = (key: string) => stored.orders.filter((order) => order.key === key);
  for (const order of stored.orders) {
    if (!keys.has(order.key)) problems.push(`order ${order.number} carries key ${order.key}, which was never sent`);
    if (order.items !== expected.items) problems.push(`order ${order.number} has ${order.items} items, not ${expected.items}`);
    if (order.history !== expected.history)
      problems.push(`order ${order.number} has ${order.history} history entries, not ${expected.history}`);
  }
  for (const key of keys) {
    const orders = ordersOf(key);
    if (orders.length > 1) problems.push(`key ${key} placed ${orders.length} orders: ${orders.map((order) => order.number).join(', ')}`);
    const told = new Set(
      sent.flatMap((request) =>
        request.key === key && request.answered && request.answered.status < 300 && request.answered.number !== null
          ? [request.answered.number]
          : [],
      ),
    );
    if (told.size > 1) problems.push(`key ${key} was answered with several orders: ${[...told].join(', ')}`);
    for (const number of told) {
      if (!orders.some((order) => order.number === number))
        problems.push(`key ${key} was answered with order ${number}, which is not stored`);
    }
    // The key is tied to its order in the order's own transaction, so a stored order is always the one its key names.
    const [order] = orders;
    const claim = stored.claims.find((candidate) => candidate.key === key);
    if (order && claim?.orderNumber !== order.number) {
      problems.push(
        `order ${order.number} of key ${key} is not the order the key names (${claim ? String(claim.orderNumber) : 'no claim'})`,
      );
    }
  }
  return problems;
}

export interface Sent extends SentRequest {
  /** The server's life the request was sent in: 1 for the first start, and so on. */
  readonly cycle: number;
  readonly body: unknown;
}

/** POST /Orders/ under the key; `answered` is null when the connection died or no answer came in time. */
async function placeOrder(origin: string, token: string, key: string, cycle: number, waitMs: number): Promise<Sent> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${origin}/portalApi/Orders/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
      body: JSON.stringify(orderFor(key)),
      signal: AbortSignal.timeout(waitMs),
    });
    status = response.status;
    text = await response.text();
  } catch {
    return { key, cycle, answered: null, body: null };
  }
  // Outside the try: a whole answer that is not an order must fail the test, not pass for a cut-off one.
  const body: unknown = text ? JSON.parse(text) : null;
  const number = status >= 200 && status < 300 ? v.parse(OrderSchema, body).number : null;
  return { key, cycle, answered: { status, number }, body };
}

function pick<T>(list: readonly T[]): T | undefined {
  return list[Math.floor(Math.random() * list.length)];
}

/** Everything the client sent, and which keys are where. */
export class CrashClient {
  readonly sent: Sent[] = [];
  private readonly inFlight: string[] = [];
  private fresh = 0;

  /** Keys that got an order number back. */
  answeredKeys(): string[] {
    return [...new Set(this.sent.filter((request) => request.answered?.number).map((request) => request.key))];
  }

  /** Keys that never got an answer: whether their order was stored is for the database to say. */
  cutKeys(): string[] {
    const answered = new Set(this.answeredKeys());
    return [...new Set(this.sent.filter((request) => !answered.has(request.key)).map((request) => request.key))];
  }

  /** Mostly a new key; otherwise the same request again: while it runs, after its answer, or after it was cut off. */
  nextKey(): string {
    const roll = Math.random();
    const repeat =
      roll < 0.1 ? pick(this.inFlight) : roll < 0.25 ? pick(this.answeredKeys()) : roll < 0.35 ? pick(this.cutKeys()) : undefined;
    return repeat ?? `${KEY_PREFIX}${++this.fresh}`;
  }

  async send(origin: string, token: string, key: string, cycle: number, waitMs: number): Promise<Sent> {
    this.inFlight.push(key);
    try {
      const request = await placeOrder(origin, token, key, cycle, waitMs);
      this.sent.push(request);
      return request;
    } finally {
      this.inFlight.splice(this.inFlight.indexOf(key), 1);
    }
  }
}
