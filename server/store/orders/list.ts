import { FulfilmentType } from '../../../src/model/enums';
import { OrderStatus, orderStatusGroup } from '../../../src/model/orders/order';
import type { OrderColumn, OrderListQuery } from '../../../src/model/orders/order-list';
import type { Queryable } from '../../db/database';
import { dayFilter } from '../day-filter';
import { like, readPage, type PagedList } from '../paged-select';
import { ORDER_COLUMNS, orderLists, ordersOf, type OrderRow } from './read-orders';
import type { Order } from '../../../src/model/orders/order';
import { readDateRange, type DateRange } from '../../../src/model/lists/date-range';
import { isOrderDateRange } from '../../../src/model/orders/order-list-filters';

/** One page of a practice's orders (GET /Orders), sorted and filtered (see ../paged-select), then read whole. */

/** The group names by status code, and the fulfilment kinds by code: joined in as parameters. */
const STATUS_CODES = Object.values(OrderStatus);
const STATUS_GROUPS = STATUS_CODES.map(orderStatusGroup);
const FULFILMENT_CODES = [FulfilmentType.Digital, FulfilmentType.Physical];
const FULFILMENT_NAMES = ['Digital', 'Physical'];

const FROM = `orders o
  LEFT JOIN unnest($2::int[], $3::text[]) AS g(code, name) ON g.code = o.status
  LEFT JOIN unnest($4::int[], $5::text[]) AS f(code, name) ON f.code = o.fulfillment`;

/**
 * What each column sorts by; the number sorts as a number (shorter first), text without regard to case. Products
 * sort by the order's product names, alphabetically joined, lower case: the order's own copy (migration 024, kept
 * exact by triggers on its items and the products); the status by its group name, as order_status_rank (equal to
 * orderStatusGroup, checked by tests/server/list-sort-keys.test.ts). Each has an index in this order, where the
 * joined names sorted every order of the practice (0.3–2.7 s at 200,000 orders, bench:scale).
 */
const SORT: Readonly<Record<OrderColumn, readonly string[]>> = {
  orderDate: ['o.order_date'],
  number: ['length(o.number)', 'o.number'],
  customer: ['lower(o.customer)'],
  products: ['o.products_key'],
  status: ['order_status_rank(o.status)'],
  shippingType: ['lower(o.shipping_type)'],
  // The code's order is its name's (0 Digital, 1 Physical, and the table allows no other), so the code sorts with
  // its index rather than the joined name sorting every order.
  fulfillment: ['o.fulfillment'],
};

/** The text each column filters on. */
const FILTER: PagedList<OrderColumn>['filter'] = {
  orderDate: dayFilter('o.order_date', like(`to_char(o.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD')`)),
  number: like('o.number'),
  customer: like('o.customer'),
  // Any item's product name.
  products: `EXISTS (SELECT 1 FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id AND ${like('p.name')})`,
  status: like('g.name'),
  shippingType: like('o.shipping_type'),
  fulfillment: like('f.name'),
};

export interface OrdersPage {
  readonly items: Order[];
  readonly page: number;
  readonly hasMore: boolean;
}

/**
 * The order date ranges of a query (issue 40: `equals` with an ISO 8601 interval, checked by OrderListQuerySchema),
 * apart from the text filters: each keeps the orders placed from its start, up to but not at its end.
 */
function splitRanges(query: OrderListQuery): { ranges: DateRange[]; rest: OrderListQuery } {
  const ranges: DateRange[] = [];
  const filters = query.filters.filter((filter) => {
    const range = isOrderDateRange(filter) ? readDateRange(filter.value) : null;
    if (range) ranges.push(range);
    return range === null;
  });
  return { ranges, rest: { ...query, filters } };
}

/** The page of the practice's orders that the query asks for. */
export async function listOrders(q: Queryable, practiceId: number, whole: OrderListQuery): Promise<OrdersPage> {
  const { ranges, rest: query } = splitRanges(whole);
  // A join on a condition, since the list's text filters are LIKE patterns; every bound is a parameter.
  const rangeJoins = (parameter: (value: unknown) => string) =>
    ranges
      .map(
        (range, at) =>
          ` JOIN (SELECT ${parameter(range.start.toISOString())}::timestamptz AS starts, ${parameter(range.end.toISOString())}::timestamptz AS ends) r${at}
            ON o.order_date >= r${at}.starts AND o.order_date < r${at}.ends`,
      )
      .join('');
  const { rows, hasMore } = await readPage<OrderRow, OrderColumn>(
    q,
    {
      columns: ORDER_COLUMNS,
      from: FROM,
      leadingParams: [practiceId, STATUS_CODES, STATUS_GROUPS, FULFILMENT_CODES, FULFILMENT_NAMES],
      scope: 'o.practice_id = $1',
      // Nulls (an unknown status code) sort as the largest value either way round.
      sort: SORT,
      filter: FILTER,
      tieBreak: 'o.id',
    },
    query,
    {
      extraFrom: rangeJoins,
      perRow: orderLists('page.id'),
    },
  );
  return { items: ordersOf(rows), page: query.page, hasMore };
}
