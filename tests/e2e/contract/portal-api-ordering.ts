import type { Json } from './portal-api-fake';

/**
 * The ordering part of the contract fake, from ordering §3, §7 and §9 and the README's contract decisions only:
 * the public product list, the price calculation, the geo-shipping check, placing an order (with an
 * Idempotency-Key, answering the first order again for a repeated key), reading one by number (200 `null` when
 * none matches) and the saved cards. Like a real service it adds fields nobody asked for and leaves optional
 * ones out; what it is sent it checks exactly, answering 400 with the first problem, so a journey sees a
 * request outside the contract fail.
 */

type JsonObject = { [key: string]: Json };

export interface Answer {
  status: number;
  json: Json;
}

/** What ordering needs of the signed-in account. */
export interface OrderingAccount {
  readonly practiceId: number;
  readonly name: string;
  readonly billingType: number;
  readonly cards: readonly JsonObject[];
}

interface FakeProduct {
  readonly id: number;
  readonly uid: string;
  readonly name: string;
  readonly price: number;
  readonly record: JsonObject;
}

const product = (id: number, uid: string, name: string, price: number, extra: JsonObject): FakeProduct => ({
  id,
  uid,
  name,
  price,
  record: { id, uid, name, price, ...extra, currency: 'USD', active: true },
});

/**
 * The lab's kits, in the service's own order (not the catalogue's priority order, which the client applies). The
 * quiz's five ids carry the quiz's prices (ordering §2); one product has no description and one no sku. It answers every
 * product to every practice, array processing included: the portal offers each unit type its own (issue 40 item 5).
 */
export const FAKE_PRODUCTS: readonly FakeProduct[] = [
  product(47, 'prd_5e1c47', 'PGx Drug Response Panel', 160, {
    description: 'How your genes shape your response to common medicines.',
    sku: 'PGX-47',
  }),
  product(1, 'prd_9a0b01', 'Biological Age Test', 375, {
    description: 'Epigenetic age, pace of aging and organ-system ages.',
    sku: 'AGE-01',
  }),
  product(90, 'prd_77d090', 'Sample Return Kit', 25, { sku: 'RET-90' }),
  product(79, 'prd_c4f279', 'Age and Health Combo', 550, {
    description: 'The biological age and health tests from one sample.',
    sku: 'COMBO-79',
  }),
  product(74, 'prd_3b8e74', 'Genetic Analysis', 200, { description: 'Genetic SNP and polygenic risk report.', sku: null }),
  product(78, 'prd_1d6a78', 'Health Test', 375, { description: 'Nutrient and functional health report.', sku: 'HEALTH-78' }),
  // Array processing, which this service lists to everyone: its skus hold the array's name among its own parts.
  product(301, 'prd_e0a301', 'Methylation Screening Array Processing', 120, {
    description: 'Your samples processed on the methylation screening array.',
    sku: 'ARRAY-MSA-301',
  }),
  product(304, 'prd_e0a304', 'EPIC v2 Array Processing', 185, {
    description: 'Methylation profiling of your samples.',
    sku: 'epicv2.proc',
  }),
];

/** Countries this service ships to; every other is refused (ordering §5). */
export const SHIPPABLE_COUNTRIES: readonly string[] = ['US', 'CA', 'GB'];

/** Volume tiers of this service, highest first: from a quantity on, a discount per kit. */
const TIERS = [
  { name: 'Platinum', from: 50, discount: 60 },
  { name: 'Gold', from: 25, discount: 40 },
  { name: 'Silver', from: 10, discount: 20 },
] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const ok = (json: Json): Answer => ({ status: 200, json });

interface PricedItem {
  readonly product: FakeProduct;
  readonly quantity: number;
  readonly discountPerKit: number;
  readonly discount: JsonObject;
}

function priced(productFound: FakeProduct, quantity: number): PricedItem {
  const tier = TIERS.find((each) => quantity >= each.from);
  const next = [...TIERS].reverse().find((each) => quantity < each.from);
  return {
    product: productFound,
    quantity,
    discountPerKit: tier?.discount ?? 0,
    discount: {
      Type: tier ? 2 : 0,
      Name: tier?.name ?? null,
      // At the top tier the service leaves NextTier out.
      ...(next ? { NextTier: { MissingQuantity: next.from - quantity, Discount: next.discount, Name: next.name } } : {}),
    },
  };
}

/** Items of `{ productId: <uid>, quantity }`, or the first problem with them. */
function readItems(items: unknown): PricedItem[] | string {
  if (!Array.isArray(items) || items.length === 0) return 'items must be a non-empty array';
  const read: PricedItem[] = [];
  for (const item of items) {
    if (!isObject(item) || Object.keys(item).sort().join() !== 'productId,quantity') return 'each item is exactly { productId, quantity }';
    const found = FAKE_PRODUCTS.find((each) => each.uid === item.productId);
    if (!found) return `productId must be a product uid, got ${JSON.stringify(item.productId)}`;
    if (!isCount(item.quantity)) return `quantity must be a whole number of at least 1, got ${JSON.stringify(item.quantity)}`;
    read.push(priced(found, item.quantity));
  }
  return read;
}

const ADDRESS_FIELDS = 'addressLine1,addressLine2,city,country,state,zipCode';
const CUSTOMER_FIELDS = 'email,firstName,lastName,phone';
const keysOf = (value: Record<string, unknown>) => Object.keys(value).sort().join();
const textFields = (value: Record<string, unknown>) => Object.values(value).every((field) => typeof field === 'string');

/** The order request of ordering §3 and the README decisions, or the first problem with it. */
function orderProblem(body: unknown, account: OrderingAccount): string | null {
  if (!isObject(body)) return 'the order request must be a JSON object';
  if (keysOf(body) !== 'customerInformation,fulfillment,items,paymentMethod,shipTo,shippingInformation') {
    return `the order request has exactly customerInformation, shippingInformation, items, paymentMethod, fulfillment and shipTo; got ${keysOf(body)}`;
  }
  if (body.fulfillment !== 0 && body.fulfillment !== 1) return 'fulfillment must be 0 (Digital) or 1 (Physical)';
  if (body.shipTo !== 'Clinic' && body.shipTo !== 'Patient') return 'shipTo must be "Clinic" or "Patient"';
  const { customerInformation: customer, shippingInformation: shipping } = body;
  if (body.shipTo === 'Clinic' && customer !== null) return 'customerInformation must be null when shipping to the practice';
  if (body.shipTo === 'Patient' && !(isObject(customer) && keysOf(customer) === CUSTOMER_FIELDS && textFields(customer))) {
    return 'customerInformation must be { firstName, lastName, email, phone } when shipping to the patient';
  }
  if (shipping !== null && !(isObject(shipping) && keysOf(shipping) === ADDRESS_FIELDS && textFields(shipping))) {
    return 'shippingInformation must be null or { country, state, city, zipCode, addressLine1, addressLine2 }';
  }
  if (body.fulfillment === 1 && shipping === null) return 'a physical order needs shippingInformation';
  const perOrder = account.billingType === 1;
  if (perOrder && !(typeof body.paymentMethod === 'string' && account.cards.some((card) => card.id === body.paymentMethod))) {
    return 'paymentMethod must be one of the practice\u2019s cards';
  }
  if (!perOrder && body.paymentMethod !== null) return 'paymentMethod must be null for a Net 30 practice';
  return null;
}

export class OrderingFake {
  private readonly orders = new Map<string, { practiceId: number; order: JsonObject }>();
  private readonly byKey = new Map<string, string>();
  private placed = 0;
  /** Each practice's saved cards once one was made the default or deleted. */
  private readonly cards = new Map<number, readonly JsonObject[]>();
  /** Each practice's registered samples (`practiceId:UNIQUE ID`) and the manifests' Idempotency-Keys. */
  private readonly samples = new Set<string>();
  private readonly manifestKeys = new Set<string>();
  /** How many manifests were accepted (a repeated key counts once). */
  manifests = 0;

  /** Orders placed (first answers only; a repeated key places nothing), oldest first. */
  placedOrders(): JsonObject[] {
    return [...this.orders.values()].map((entry) => entry.order);
  }

  /** The answer for an ordering call, or null when the call is not one of ordering's. */
  respond(
    method: string,
    path: string,
    account: OrderingAccount | undefined,
    headers: Record<string, string>,
    body: unknown,
  ): Answer | null {
    const route = `${method} ${path.toLowerCase()}`;
    // The product list is public (ordering §7).
    if (route === 'GET /products') return ok(FAKE_PRODUCTS.map((each) => each.record));
    const orderNumber = method === 'GET' && /^\/orders\/([^/]+)$/i.exec(path)?.[1];
    // Ordering §7: making a saved card the default, and deleting one.
    const card = /^\/payments\/methods\/([^/]+?)(\/setdefault)?$/i.exec(path);
    if (card && ((method === 'PATCH' && card[2]) || (method === 'DELETE' && !card[2]))) {
      if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
      return this.changeCard(account, decodeURIComponent(card[1] ?? ''), method === 'DELETE' ? 'delete' : 'setDefault');
    }
    const known = [
      'POST /orders/calculate',
      'POST /orders/validategeoshipping',
      'POST /orders/',
      'GET /payments/methods',
      'POST /orders/bulk',
    ];
    if (!known.includes(route) && !orderNumber) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (orderNumber) {
      const entry = this.orders.get(decodeURIComponent(orderNumber));
      return ok(entry && entry.practiceId === account.practiceId ? entry.order : null);
    }
    switch (route) {
      case 'POST /orders/calculate':
        return this.calculate(body);
      case 'POST /orders/validategeoshipping':
        if (
          !isObject(body) ||
          typeof body.isDTC !== 'boolean' ||
          typeof body.countryCode !== 'string' ||
          keysOf(body) !== 'countryCode,isDTC'
        ) {
          return bad('the request is exactly { isDTC: boolean, countryCode: string }');
        }
        return ok(SHIPPABLE_COUNTRIES.includes(body.countryCode));
      case 'POST /orders/':
        return this.place(account, headers['idempotency-key'], body);
      case 'POST /orders/bulk':
        return this.bulk(account, headers['idempotency-key'], body);
      default:
        return ok([...this.cardsOf(account)]);
    }
  }

  /** The practice's saved cards as this fake keeps them: the account's own until one is changed. */
  private cardsOf(account: OrderingAccount): readonly JsonObject[] {
    return this.cards.get(account.practiceId) ?? account.cards;
  }

  private changeCard(account: OrderingAccount, id: string, change: 'setDefault' | 'delete'): Answer {
    const cards = this.cardsOf(account);
    const chosen = cards.find((each) => each.id === id);
    if (!chosen) return { status: 404, json: { message: 'Payment method not found' } };
    if (change === 'delete' && chosen.isDefault === true && cards.length > 1) {
      return bad('Set another card as default before deleting this one');
    }
    this.cards.set(
      account.practiceId,
      change === 'delete' ? cards.filter((each) => each !== chosen) : cards.map((each) => ({ ...each, isDefault: each === chosen })),
    );
    return ok(true);
  }

  /**
   * POST /Orders/bulk (ordering §7, the README's decision): one upload is one order and each row registers a sample by
   * its Unique ID. This service maps the document's Product IDs to its own products itself, so it never checks them
   * against its skus; it refuses a Unique ID registered before the way some services do: a bare `message` and row
   * errors that carry a `message` and no column. It reads a .csv file only, which is what its journeys send.
   */
  private bulk(account: OrderingAccount, key: string | undefined, body: unknown): Answer {
    if (!key) return bad('The Idempotency-Key header is required');
    if (this.manifestKeys.has(`${account.practiceId}:${key}`)) return ok(true);
    const part = typeof body === 'string' ? /name="manifest"; filename="[^"]*"\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(body) : null;
    if (!part) return bad('Send the manifest as the multipart field "manifest"');
    const rows = (part[1] ?? '')
      .split(/\r?\n/)
      .slice(1)
      .map((line, index) => ({ row: index + 2, uniqueId: line.split(',')[0]?.trim() ?? '' }))
      .filter((entry) => entry.uniqueId !== '');
    const taken = rows.filter((entry) => this.samples.has(`${account.practiceId}:${entry.uniqueId.toUpperCase()}`));
    if (taken.length) {
      return {
        status: 400,
        json: {
          message: 'Some samples are registered already',
          rowErrors: taken.map((entry) => ({ row: entry.row, message: `Sample ${entry.uniqueId} is registered already` })),
        },
      };
    }
    for (const entry of rows) this.samples.add(`${account.practiceId}:${entry.uniqueId.toUpperCase()}`);
    this.manifestKeys.add(`${account.practiceId}:${key}`);
    this.manifests += 1;
    return ok(true);
  }

  private calculate(body: unknown): Answer {
    if (!isObject(body) || keysOf(body) !== 'country,items,zipCode')
      return bad('the calculation request is exactly { country, zipCode, items }');
    if (typeof body.country !== 'string' || typeof body.zipCode !== 'string') return bad('country and zipCode must be strings');
    const items = readItems(body.items);
    if (typeof items === 'string') return bad(items);
    const subtotal = items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);
    const discount = items.reduce((sum, item) => sum + item.discountPerKit * item.quantity, 0);
    // This service prices each kit after its tier discount and totals what will be charged.
    return ok({
      total: subtotal - discount,
      discount,
      shippingPrice: 0,
      items: items.map((item) => ({
        productId: item.product.uid,
        pricePerItem: item.product.price - item.discountPerKit,
        quantity: item.quantity,
        discount: item.discount,
        taxCode: 'txcd_99999999',
      })),
      currency: 'USD',
    });
  }

  private place(account: OrderingAccount, key: string | undefined, body: unknown): Answer {
    if (!key) return bad('The Idempotency-Key header is required');
    const earlier = this.byKey.get(`${account.practiceId}:${key}`);
    const earlierOrder = earlier ? this.orders.get(earlier) : undefined;
    if (earlierOrder) return ok(earlierOrder.order);
    const problem = orderProblem(body, { ...account, cards: this.cardsOf(account) });
    if (problem || !isObject(body)) return bad(problem ?? 'the order request must be a JSON object');
    const items = readItems(body.items);
    if (typeof items === 'string') return bad(items);
    this.placed += 1;
    const number = `LAB-${String(20_000 + this.placed)}`;
    const now = new Date().toISOString();
    const customer = isObject(body.customerInformation)
      ? `${String(body.customerInformation.firstName)} ${String(body.customerInformation.lastName)}`
      : account.name;
    const order: JsonObject = {
      uid: `ord_${this.placed.toString(36).padStart(6, '0')}`,
      number,
      orderDate: now,
      customer,
      status: { status: 1, group: 'Received', date: now },
      statusHistory: [{ group: 'Received', status: 1, date: now, description: 'The lab has received the order.' }],
      // deliveries left out: nothing has shipped yet.
      shippingType: body.fulfillment === 0 ? 'None' : 'Ground',
      items: items.map((item) => ({
        product: { id: item.product.id, name: item.product.name, uid: item.product.uid, sku: item.product.record.sku ?? null },
        price: item.product.price,
        discount: item.discountPerKit,
        quantity: item.quantity,
        totalPrice: (item.product.price - item.discountPerKit) * item.quantity,
      })),
      total: items.reduce((sum, item) => sum + item.product.price * item.quantity, 0),
      discount: items.reduce((sum, item) => sum + item.discountPerKit * item.quantity, 0),
      shippingPrice: 0,
      invoiceStatus: account.billingType === 1 ? null : 'Scheduled',
    };
    this.orders.set(number, { practiceId: account.practiceId, order });
    this.byKey.set(`${account.practiceId}:${key}`, number);
    return ok(order);
  }
}
