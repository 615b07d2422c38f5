import * as v from 'valibot';
import { DateRangeText, readDateRange } from '../lists/date-range';
import { listParamsSchemas } from '../lists/list-params';
import { isOrderDateRange } from './order-list-filters';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS, ORDERS_PAGE_SIZE } from './order-list';

/**
 * GET /Orders' query parameters (ordering §3 "Order list query", contract decisions): the list parameters of
 * every paged list, with the orders' columns and their default sort (newest first).
 */

const orderListParams = listParamsSchemas({
  columns: ORDER_COLUMNS,
  defaultSort: DEFAULT_ORDER_SORT,
  pageSize: ORDERS_PAGE_SIZE,
  itemsName: 'Orders',
  tieBreak: 'the order’s id',
});

export const OrderListParamText = orderListParams.texts;
/** The named query parameters, as the contract (OpenAPI) lists them. */
export const OrderListParamsSchema = orderListParams.ParamsSchema;
/**
 * The whole query as the server reads it, every `filter_{column}_{operator}` included. An order date range (issue
 * 40: `equals` with an ISO 8601 interval `start/end`) must be readable and end after it starts.
 */
export const OrderListQuerySchema = v.pipe(
  orderListParams.QuerySchema,
  v.check(
    (query) =>
      query.filters.every((filter) => {
        if (!isOrderDateRange(filter)) return true;
        const range = readDateRange(filter.value);
        return range !== null && range.end.getTime() > range.start.getTime();
      }),
    DateRangeText.server,
  ),
);

export { escapeLike, likePattern } from '../lists/list-params';
