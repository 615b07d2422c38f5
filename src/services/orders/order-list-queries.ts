import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ColumnFilter, ListSort } from '../../model/lists/paging';
import { ORDERS_PAGE_SIZE, type OrderColumn } from '../../model/orders/order-list';
import { ordersApi } from './orders.api';
import { queryKeys } from '../http/queries';

/**
 * The orders list as infinite pages (ordering §2, §7): page 1 first, the next while the last said `hasMore`.
 * Keyed under ['orders'] beside the details, so one invalidation after a cancel refreshes the list and the order.
 */
export const ordersListQuery = (sort: ListSort<OrderColumn>, filters: readonly ColumnFilter<OrderColumn>[]) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.orders, 'list', { sort, filters }] as const,
    queryFn: ({ pageParam, signal }) => ordersApi.list({ sort, filters, page: pageParam, pageSize: ORDERS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
  });
