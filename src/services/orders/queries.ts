import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ColumnFilter, ListSort } from '../../model/lists/paging';
import { ORDERS_PAGE_SIZE, type OrderColumn } from '../../model/orders/order-list';
import { ordersApi } from './orders.api';
import { productsApi } from './products.api';

/** The buying path's server data: the catalogue, the orders list and one order. */
export const orderKeys = {
  products: ['products'] as const,
  /** The list and the details sit under one key, so one invalidation after a cancel refreshes both. */
  orders: ['orders'] as const,
  order: (number: string) => ['orders', 'detail', number] as const,
};

export const productsQuery = () => queryOptions({ queryKey: orderKeys.products, queryFn: ({ signal }) => productsApi.list({ signal }) });

export const orderQuery = (number: string) =>
  queryOptions({ queryKey: orderKeys.order(number), queryFn: ({ signal }) => ordersApi.get(number, { signal }) });

/** The orders list as infinite pages (ordering §2, §7): page 1 first, the next while the last said `hasMore`. */
export const ordersListQuery = (sort: ListSort<OrderColumn>, filters: readonly ColumnFilter<OrderColumn>[]) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.orders, 'list', { sort, filters }] as const,
    queryFn: ({ pageParam, signal }) => ordersApi.list({ sort, filters, page: pageParam, pageSize: ORDERS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
  });
