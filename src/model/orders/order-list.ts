import { pagedAnswer, SortDirection, type ListQuery, type ListSort } from '../lists/paging';
import { OrderSchema } from './order';

/**
 * Ordering §2, §3 and §9: the orders list's columns as the query names them, its page and default sort.
 * The server sorts and filters by these names; the view decides which of them a unit type shows.
 */

export const OrderColumn = {
  orderDate: 'orderDate',
  number: 'number',
  customer: 'customer',
  products: 'products',
  status: 'status',
  shippingType: 'shippingType',
  fulfillment: 'fulfillment',
} as const;
export type OrderColumn = (typeof OrderColumn)[keyof typeof OrderColumn];
export const ORDER_COLUMNS: readonly OrderColumn[] = Object.values(OrderColumn);

export const ORDERS_PAGE_SIZE = 10;
export const DEFAULT_ORDER_SORT: ListSort<OrderColumn> = { column: OrderColumn.orderDate, direction: SortDirection.desc };

export type OrderListQuery = ListQuery<OrderColumn>;

/** GET /Orders answers a page of orders, each as the detail reads it (the status panel needs its history). */
export const OrdersPageSchema = pagedAnswer(OrderSchema);
