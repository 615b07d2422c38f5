import { FulfilmentType } from '../../../src/model/enums';
import { OrderStatus, orderStatusGroup } from '../../../src/model/orders/order';
import type { OrderColumn, OrderListQuery } from '../../../src/model/orders/order-list';
import { likePattern } from '../../../src/model/lists/list-params';
import type { Queryable } from '../../db/database';
import { ORDER_ROW_COLUMNS, readOrders, type OrderRow } from './read-orders';
import type { Order } from '../../../src/model/orders/order';

/**
 * One page of a practice's orders (GET /Orders): sorted and filtered in SQL, then read whole with a
 * few batched queries. Column expressions come from the fixed maps below, never from the request;
 * every value from the request is a parameter.
 */

/** The group names by status code, and the fulfilment kinds by code: joined in as parameters. */
const STATUS_CODES = Object.values(OrderStatus);
const STATUS_GROUPS = STATUS_CODES.map(orderStatusGroup);
const FULFILMENT_CODES = [FulfilmentType.Digital, FulfilmentType.Physical];
const FULFILMENT_NAMES = ['Digital', 'Physical'];

const FROM = `orders o
  LEFT JOIN unnest($2::int[], $3::text[]) AS g(code, name) ON g.code = o.status
  LEFT JOIN unnest($4::int[], $5::text[]) AS f(code, name) ON f.code = o.fulfillment`;

/**
 * Sorting by products sorts by the order's product names, alphabetically joined. One grouped pass over
 * the practice's items, joined in only for this sort: a subquery per order costs several times more.
 */
const PRODUCT_NAMES = `
  LEFT JOIN (SELECT i.order_id, lower(string_agg(p.name, ', ' ORDER BY p.name)) AS names
             FROM order_items i JOIN orders io ON io.id = i.order_id JOIN products p ON p.id = i.product_id
             WHERE io.practice_id = $1 GROUP BY i.order_id) pn ON pn.order_id = o.id`;

/** What each column sorts by; the number sorts as a number (shorter first), text without regard to case. */
const SORT: Readonly<Record<OrderColumn, readonly string[]>> = {
  orderDate: ['o.order_date'],
  number: ['length(o.number)', 'o.number'],
  customer: ['lower(o.customer)'],
  products: ['pn.names'],
  status: ['g.name'],
  shippingType: ['lower(o.shipping_type)'],
  fulfillment: ['f.name'],
};

/** The text each column filters on; `?` stands for the pattern's parameter. */
const FILTER: Readonly<Record<OrderColumn, string>> = {
  orderDate: `to_char(o.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') ILIKE ? ESCAPE '\\'`,
  number: `o.number ILIKE ? ESCAPE '\\'`,
  customer: `o.customer ILIKE ? ESCAPE '\\'`,
  // Any item's product name.
  products: `EXISTS (SELECT 1 FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id AND p.name ILIKE ? ESCAPE '\\')`,
  status: `g.name ILIKE ? ESCAPE '\\'`,
  shippingType: `o.shipping_type ILIKE ? ESCAPE '\\'`,
  fulfillment: `f.name ILIKE ? ESCAPE '\\'`,
};

export interface OrdersPage {
  readonly items: Order[];
  readonly page: number;
  readonly hasMore: boolean;
}

/** The page of the practice's orders that the query asks for; one row more than a page tells whether more follow. */
export async function listOrders(q: Queryable, practiceId: number, query: OrderListQuery): Promise<OrdersPage> {
  const params: unknown[] = [practiceId, STATUS_CODES, STATUS_GROUPS, FULFILMENT_CODES, FULFILMENT_NAMES];
  const parameter = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['o.practice_id = $1'];
  for (const filter of query.filters) {
    where.push(FILTER[filter.column].replace('?', parameter(likePattern(filter.operator, filter.value))));
  }
  const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  // Nulls (an unknown status code) sort as the largest value either way round, like PostgreSQL's default.
  const order = [...SORT[query.sort.column], 'o.id'].map((expression) => `${expression} ${direction}`).join(', ');
  const limit = parameter(query.pageSize + 1);
  const offset = parameter((query.page - 1) * query.pageSize);
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER_ROW_COLUMNS} FROM ${FROM}${query.sort.column === 'products' ? PRODUCT_NAMES : ''} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const page = rows.slice(0, query.pageSize);
  return { items: await readOrders(q, practiceId, page), page: query.page, hasMore: rows.length > query.pageSize };
}
