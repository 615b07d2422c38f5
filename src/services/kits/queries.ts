import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { KITS_PAGE_SIZE, type KitColumn } from '../../model/kits/kit';
import type { ListQuery } from '../../model/lists/paging';
import { kitsApi } from './kits.api';

/**
 * The kit list as infinite pages and one kit by barcode (kits §2, §7), keyed under ['kits'] so that one
 * invalidation refreshes both.
 */
export const kitKeys = {
  all: ['kits'] as const,
  list: (query: KitListKey) => ['kits', 'list', query] as const,
  detail: (barcode: string) => ['kits', 'detail', barcode] as const,
};

/** A list's key is what its first page asks for, without the paging the pages add. */
export interface KitListKey extends Pick<ListQuery<KitColumn>, 'sort' | 'filters'> {
  /** The search text as sent: empty when none is (fewer than 3 characters are never sent). */
  readonly search: string;
}

export const kitsListQuery = ({ sort, filters, search }: KitListKey) =>
  infiniteQueryOptions({
    queryKey: kitKeys.list({ sort, filters, search }),
    queryFn: ({ pageParam, signal }) =>
      kitsApi.list({ sort, filters, search: search || undefined, page: pageParam, pageSize: KITS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
  });

export const kitQuery = (barcode: string) =>
  queryOptions({ queryKey: kitKeys.detail(barcode), queryFn: ({ signal }) => kitsApi.get(barcode, { signal }) });
