import { listParamsSchemas } from '../lists/list-params';
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
/** The whole query as the server reads it, every `filter_{column}_{operator}` included. */
export const OrderListQuerySchema = orderListParams.QuerySchema;

export { escapeLike, likePattern } from '../lists/list-params';
