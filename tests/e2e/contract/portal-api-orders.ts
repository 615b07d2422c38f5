import type { Json } from './portal-api-fake';
import { matchesAny, readFilters, whole, type Filter as ListFilter } from './list-query';
import type { Answer } from './portal-api-ordering';

/**
 * The orders list part of the contract fake, from ordering §2, §3, §4 and §7 and the README's contract decisions
 * only: `GET /Orders` pages of `{ items, page, hasMore }` (page from 1, default size 10), sorted by `sortColumn` and
 * `sortDirection`, filtered by the JSON `filters` array and by `filter_{column}_{operator}=value`; `DELETE
 * /Orders/{uid}` cancels by the order's uid; `GET /Orders/{number}` answers one of these orders. Like a real
 * service it adds fields nobody asked for (a total count, an invoice status), leaves optional fields out or null,
 * and checks what it is sent exactly, answering 400 with the first problem.
 */

type JsonObject = { [key: string]: Json };

const COLUMNS = ['orderDate', 'number', 'customer', 'products', 'status', 'shippingType', 'fulfillment'] as const;
type Column = (typeof COLUMNS)[number];
const GROUP_CODE: Record<string, number> = { Draft: 0, Received: 1, 'Pending Payment': 9, Shipped: 4, Completed: 12, Canceled: 5 };
const GROUPS = ['Received', 'Pending Payment', 'Shipped', 'Completed', 'Draft', 'Canceled'] as const;

const isColumn = (value: unknown): value is Column => COLUMNS.some((column) => column === value);
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const ok = (json: Json): Answer => ({ status: 200, json });

type Filter = ListFilter<Column>;

interface FakeOrder {
  practiceId: number;
  uid: string;
  number: string;
  date: string;
  customer: string | null;
  group: string;
  shippingType: string | null;
  products: string[];
  carrier: number | null;
  /** Issue 40's order page facts, as a service might give them: any of them may be missing. */
  shipTo: 'Clinic' | 'Patient' | null;
  payment: { method: string; brand?: string; last4?: string } | null;
  kits: { barcode: string; status: number }[] | null;
}

/** The Harbor practice (11) has 23 orders, three pages of ten; Lakeshore (21) three, never shown to Harbor. */
function seed(): FakeOrder[] {
  const products = ['Biological Age Test', 'Health Test', 'Age and Health Combo', 'Genetic Analysis', 'PGx Drug Response Panel'];
  const harbor = Array.from({ length: 23 }, (_, i): FakeOrder => {
    const group = GROUPS[i % GROUPS.length] ?? 'Received';
    return {
      practiceId: 11,
      uid: `ord_h${String(i + 1).padStart(3, '0')}`,
      number: `H-${30_001 + i}`,
      // One order a day in October 2026, at varied hours.
      date: new Date(Date.UTC(2026, 9, 1 + i, 8 + (i % 9), 15)).toISOString(),
      // The service leaves the customer out of one order: optional fields may be missing or null.
      customer: i === 4 ? null : `Patient ${String.fromCharCode(65 + (i % 26))}. ${['Reyes', 'Okafor', 'Lind', 'Ito'][i % 4]}`,
      group,
      shippingType: i % 3 === 0 ? 'None' : 'Ground',
      products: [products[i % products.length] ?? 'Biological Age Test', ...(i % 4 === 0 ? ['Health Test'] : [])],
      carrier: group === 'Shipped' || group === 'Completed' ? (i % 3) + 1 : null,
      shipTo: i % 3 === 0 ? 'Clinic' : i % 2 ? 'Patient' : 'Clinic',
      // The service leaves the payment out of one order in five.
      payment: i % 5 === 4 ? null : i % 2 ? { method: 'Invoice' } : { method: 'Card', brand: 'mastercard', last4: String(4400 + i) },
      // Kits once the order has them; one order's kits are left out altogether.
      kits:
        i === 7
          ? null
          : group === 'Shipped' || group === 'Completed'
            ? [
                { barcode: `KH${30_001 + i}A`, status: group === 'Completed' ? 18 : 1 },
                { barcode: `KH${30_001 + i}B`, status: 0 },
              ]
            : [],
    };
  });
  const lakeshore = [0, 1, 2].map((i): FakeOrder => ({
    practiceId: 21,
    uid: `ord_l${i + 1}`,
    number: `L-${40_001 + i}`,
    date: new Date(Date.UTC(2026, 9, 5 + i, 10)).toISOString(),
    customer: 'Lakeshore Patient',
    group: 'Received',
    shippingType: 'Ground',
    products: ['Health Test'],
    carrier: null,
    shipTo: 'Clinic',
    payment: { method: 'Invoice' },
    kits: [],
  }));
  return [...harbor, ...lakeshore];
}

const PRACTICE_ADDRESS = { addressLine1: '100 Harbor Way', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' };
const PATIENT_ADDRESS = {
  addressLine1: '9 Elm Street',
  addressLine2: 'Apt 2',
  city: 'Bangor',
  state: 'ME',
  zipCode: '04401',
  country: 'US',
};

const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** The order as the service writes it: a status object, the history walked so far, and the last delivery. */
function record(order: FakeOrder): JsonObject {
  const walked =
    order.group === 'Draft'
      ? ['Draft']
      : order.group === 'Canceled'
        ? ['Received', 'Canceled']
        : GROUPS.slice(0, GROUPS.indexOf(order.group as (typeof GROUPS)[number]) + 1);
  const history = walked.map((group, at) => ({
    group,
    status: GROUP_CODE[group] ?? null,
    date: minutesAfter(order.date, at * 1440),
    description: `The order is ${group.toLowerCase()}.`,
    changedBy: 'system',
  }));
  const total = order.products.length * 375;
  return {
    uid: order.uid,
    number: order.number,
    orderDate: order.date,
    customer: order.customer,
    status: { status: GROUP_CODE[order.group] ?? null, group: order.group, date: history.at(-1)?.date ?? order.date },
    // A draft has no history yet: the service leaves it out.
    ...(order.group === 'Draft' ? {} : { statusHistory: history }),
    ...(order.carrier
      ? { deliveries: [{ trackingNumber: `TRK${order.number.slice(2)}9`, provider: order.carrier, shippedAt: order.date }] }
      : {}),
    shippingType: order.shippingType,
    items: order.products.map((name, at) => ({
      product: { id: 100 + at, name, uid: `prd_${at}` },
      price: 375,
      discount: 0,
      quantity: 1,
      totalPrice: 375,
    })),
    total,
    discount: null,
    // shippingPrice left out; the service adds its own bookkeeping.
    invoiceStatus: 'Scheduled',
    ...(order.shipTo ? { shipTo: order.shipTo } : {}),
    ...(order.shippingType === 'None' ? {} : { shippingInformation: order.shipTo === 'Patient' ? PATIENT_ADDRESS : PRACTICE_ADDRESS }),
    ...(order.shipTo === 'Patient' ? { customerInformation: { firstName: 'Rosa', lastName: 'Reyes', email: null } } : {}),
    ...(order.payment ? { payment: order.payment } : {}),
    ...(order.kits
      ? {
          kits: order.kits.map((kit, at) => ({
            barcode: kit.barcode,
            status: kit.status,
            productName: order.products[at] ?? order.products[0] ?? null,
            registeredAt: null,
          })),
        }
      : {}),
  };
}

function valueOf(order: FakeOrder, column: Column): string {
  switch (column) {
    case 'orderDate':
      return order.date;
    case 'products':
      return order.products.join(', ');
    case 'status':
      return order.group;
    case 'fulfillment':
      return order.shippingType === 'None' ? 'Digital' : 'Physical';
    case 'customer':
      return order.customer ?? '';
    case 'number':
      return order.number;
    case 'shippingType':
      return order.shippingType ?? '';
  }
}

/**
 * An order date range (README decision): one `equals` filter on orderDate whose value is an ISO 8601 interval of
 * two date-times, `start/end`; the orders placed from start, up to but not at end. Null when the value is not one.
 */
function dateRange(filter: Filter): { start: number; end: number } | 'bad' | null {
  if (filter.column !== 'orderDate' || filter.operator !== 'equals' || !filter.value.includes('/')) return null;
  const [from, to, ...more] = filter.value.split('/');
  const start = Date.parse(from ?? '');
  const end = Date.parse(to ?? '');
  const dateTime = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
  if (more.length || !dateTime.test(from ?? '') || !dateTime.test(to ?? '') || !(end > start)) return 'bad';
  return { start, end };
}

function matches(order: FakeOrder, filter: Filter): boolean {
  const range = dateRange(filter);
  if (range && range !== 'bad') return Date.parse(order.date) >= range.start && Date.parse(order.date) < range.end;
  const values = filter.column === 'products' ? order.products : [valueOf(order, filter.column)];
  return matchesAny(values, filter);
}

export class OrdersListFake {
  private readonly orders = seed();
  /** Order numbers whose next GET /Orders/{number} fails, as a service that is briefly down answers. */
  private readonly failing = new Set<string>();

  /** The next read of this order answers 503 once; the one after answers as usual. */
  failNextRead(number: string): void {
    this.failing.add(number);
  }

  /** The fake's orders of a practice, as GET /Orders/{number} answers them. */
  ordersOf(practiceId: number): JsonObject[] {
    return this.orders.filter((order) => order.practiceId === practiceId).map(record);
  }

  /** The answer for an orders-list call, or null when the call is not one of these (or names an order not here). */
  respond(method: string, path: string, query: URLSearchParams, account: { practiceId: number } | undefined): Answer | null {
    const list = /^\/orders\/?$/i.test(path) && method === 'GET';
    const one = /^\/orders\/([^/]+)$/i.exec(path)?.[1];
    const known = one
      ? this.orders.find((order) => (method === 'DELETE' ? order.uid : order.number) === decodeURIComponent(one))
      : undefined;
    if (!list && !(one && (method === 'DELETE' || (method === 'GET' && known)))) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (list) return this.list(query, account.practiceId);
    if (method === 'GET' && known && this.failing.delete(known.number)) {
      return { status: 503, json: { error: { message: 'The order service is unavailable' }, correlationId: 'fake-503' } };
    }
    // Another practice's order is not there for this one.
    if (!known || known.practiceId !== account.practiceId) {
      return method === 'GET' ? ok(null) : { status: 404, json: { error: { message: 'Order not found' } } };
    }
    return method === 'GET' ? ok(record(known)) : this.cancel(known);
  }

  private list(query: URLSearchParams, practiceId: number): Answer {
    const sortColumn = query.get('sortColumn') ?? 'orderDate';
    const sortDirection = query.get('sortDirection') ?? 'desc';
    const page = whole(query.get('page'), 1);
    const pageSize = whole(query.get('pageSize'), 10);
    if (!isColumn(sortColumn)) return bad(`sortColumn must be one of ${COLUMNS.join(', ')}`);
    if (sortDirection !== 'asc' && sortDirection !== 'desc') return bad('sortDirection must be asc or desc');
    if (!(page >= 1)) return bad('page must be a whole number from 1');
    if (!(pageSize >= 1 && pageSize <= 100)) return bad('pageSize must be a whole number from 1 to 100');
    const filters = readFilters(query, isColumn);
    if (typeof filters === 'string') return bad(filters);
    if (filters.some((filter) => dateRange(filter) === 'bad')) return bad('an order date range must be start/end, the end after the start');
    const found = this.orders
      .filter((order) => order.practiceId === practiceId && filters.every((filter) => matches(order, filter)))
      .sort((a, b) => {
        const order = valueOf(a, sortColumn).localeCompare(valueOf(b, sortColumn)) || a.uid.localeCompare(b.uid);
        return sortDirection === 'asc' ? order : -order;
      });
    const items = found.slice((page - 1) * pageSize, page * pageSize).map(record);
    return ok({ items, page, hasMore: page * pageSize < found.length, totalCount: found.length, pageSize });
  }

  private cancel(order: FakeOrder): Answer {
    // The failure form `{ message }` the decisions also allow.
    if (['Shipped', 'Completed'].includes(order.group)) return { status: 409, json: { message: 'A shipped order cannot be canceled' } };
    if (order.group === 'Canceled') return { status: 409, json: { message: 'The order is already canceled' } };
    order.group = 'Canceled';
    return ok(true);
  }
}
