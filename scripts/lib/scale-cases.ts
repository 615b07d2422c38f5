import { KIT_COLUMNS, type KitColumn } from '../../src/model/kits/kit';
import { KIT_DISPLAY_STATUS, KitDisplayStatus, type KitStatus } from '../../src/model/kits/kit-status';
import { FILTER_OPERATORS, SortDirection, type ColumnFilter, type FilterOperator, type ListQuery } from '../../src/model/lists/paging';
import { ORDER_COLUMNS, type OrderColumn } from '../../src/model/orders/order-list';
import { orderStatusGroup, type OrderStatus } from '../../src/model/orders/order';
import type { Queryable } from '../../server/db/database';

/**
 * What `npm run bench:scale` asks each list: the first page, page 500, every sort column both ways, and every filter
 * operator of every column, with values taken from a row in the middle of the practice's data, so that each filter
 * matches what a person would look for (an equals matches, a startsWith has a real prefix).
 */

export type ListName = 'kits' | 'orders';

export interface ScaleCase {
  readonly list: ListName;
  readonly name: string;
  /** The page-500 row has its own goal. */
  readonly deep: boolean;
  readonly query: ListQuery<string> & { readonly search?: string };
}

const PAGE_SIZE = 10;
const DEEP_PAGE = 500;

/** The query string the client would send for this page. */
export function queryString(query: ScaleCase['query']): string {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sortColumn: query.sort.column,
    sortDirection: query.sort.direction,
  });
  if (query.filters.length) params.set('filters', JSON.stringify(query.filters));
  if (query.search) params.set('searchQuery', query.search);
  return params.toString();
}

/** Values to filter with, one text per column, as the list shows it. */
type Samples<TColumn extends string> = Readonly<Record<TColumn, string>>;

/** The operator's value for this full text: the text itself, its first or last part, or a part in the middle. */
function valueFor(operator: FilterOperator, text: string): string {
  const part = Math.max(3, Math.ceil(text.length / 2));
  switch (operator) {
    case 'equals':
      return text;
    case 'startsWith':
      return text.slice(0, part);
    case 'endsWith':
      return text.slice(-part);
    case 'contains': {
      const from = Math.max(0, Math.floor((text.length - part) / 2));
      return text.slice(from, from + Math.min(part, text.length));
    }
  }
}

function casesOf<TColumn extends string>(
  list: ListName,
  columns: readonly TColumn[],
  defaultSort: ListQuery<TColumn>['sort'],
  samples: Samples<TColumn>,
  extra: readonly ScaleCase[],
): ScaleCase[] {
  const base = { sort: defaultSort, filters: [] as ColumnFilter<TColumn>[], page: 1, pageSize: PAGE_SIZE };
  const cases: ScaleCase[] = [
    { list, name: 'first page', deep: false, query: base },
    { list, name: `page ${DEEP_PAGE}`, deep: true, query: { ...base, page: DEEP_PAGE } },
  ];
  for (const column of columns) {
    for (const direction of [SortDirection.asc, SortDirection.desc]) {
      cases.push({ list, name: `sort ${column} ${direction}`, deep: false, query: { ...base, sort: { column, direction } } });
    }
  }
  for (const column of columns) {
    for (const operator of FILTER_OPERATORS) {
      const value = valueFor(operator, samples[column]);
      cases.push({
        list,
        name: `filter ${column} ${operator} "${value}"`,
        deep: false,
        query: { ...base, filters: [{ column, operator, value }] },
      });
    }
  }
  return [...cases, ...extra];
}

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : '');

/** The kit list's cases, with a kit from the middle of the practice's data. */
export async function kitCases(q: Queryable, practiceId: number): Promise<ScaleCase[]> {
  const [kit] = await q.query<{
    barcode: string;
    number: string | null;
    registered_at: Date | null;
    created_at: Date;
    patient: string;
    product: string;
    status: number;
  }>(
    `SELECT k.barcode, o.number, k.registered_at, k.created_at, concat_ws(' ', pt.first_name, pt.last_name) AS patient,
            p.name AS product, k.status
     FROM kits k JOIN products p ON p.id = k.product_id LEFT JOIN orders o ON o.id = k.order_id
     LEFT JOIN patients pt ON pt.id = k.patient_id
     WHERE k.practice_id = $1 AND k.registered_at IS NOT NULL AND k.patient_id IS NOT NULL AND k.order_id IS NOT NULL
     ORDER BY k.id OFFSET (SELECT count(*) / 2 FROM kits WHERE practice_id = $1) LIMIT 1`,
    [practiceId],
  );
  if (!kit) throw new Error('The practice has no registered kit to take filter values from');
  const samples: Samples<KitColumn> = {
    barcode: kit.barcode,
    orderNumber: kit.number ?? '',
    registeredAt: day(kit.registered_at),
    createdAt: day(kit.created_at),
    patient: kit.patient,
    product: kit.product,
    status: KIT_DISPLAY_STATUS[kit.status as KitStatus] ?? KitDisplayStatus.Unknown,
  };
  const base = { sort: { column: 'createdAt', direction: SortDirection.desc }, filters: [], page: 1, pageSize: PAGE_SIZE };
  const search = (text: string): ScaleCase => ({ list: 'kits', name: `search "${text}"`, deep: false, query: { ...base, search: text } });
  return casesOf('kits', KIT_COLUMNS, { column: 'createdAt', direction: SortDirection.desc }, samples, [
    search(valueFor('contains', kit.barcode)),
    search(kit.patient.split(' ').at(-1) ?? kit.patient),
  ]);
}

/** The order list's cases, with an order from the middle of the practice's data, and a month's date range. */
export async function orderCases(q: Queryable, practiceId: number): Promise<ScaleCase[]> {
  const [order] = await q.query<{
    number: string;
    order_date: Date;
    customer: string;
    product: string;
    status: number;
    shipping_type: string;
    fulfillment: number;
  }>(
    `SELECT o.number, o.order_date, o.customer, o.status, o.shipping_type, o.fulfillment,
            (SELECT p.name FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id ORDER BY i.id LIMIT 1) AS product
     FROM orders o WHERE o.practice_id = $1
     ORDER BY o.id OFFSET (SELECT count(*) / 2 FROM orders WHERE practice_id = $1) LIMIT 1`,
    [practiceId],
  );
  if (!order) throw new Error('The practice has no order to take filter values from');
  const samples: Samples<OrderColumn> = {
    orderDate: day(order.order_date),
    number: order.number,
    customer: order.customer,
    products: order.product,
    status: orderStatusGroup(order.status as OrderStatus),
    shippingType: order.shipping_type,
    fulfillment: order.fulfillment === 0 ? 'Digital' : 'Physical',
  };
  const month = new Date(Date.UTC(order.order_date.getUTCFullYear(), order.order_date.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  const range = `${month.toISOString()}/${nextMonth.toISOString()}`;
  const base = { sort: { column: 'orderDate', direction: SortDirection.desc }, filters: [], page: 1, pageSize: PAGE_SIZE };
  return casesOf('orders', ORDER_COLUMNS, { column: 'orderDate', direction: SortDirection.desc }, samples, [
    {
      list: 'orders',
      name: `filter orderDate range ${day(month)} to ${day(nextMonth)}`,
      deep: false,
      query: { ...base, filters: [{ column: 'orderDate', operator: 'equals', value: range }] },
    },
  ]);
}
