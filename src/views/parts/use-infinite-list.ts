import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { notify } from '../../services/platform/notify';
import type { ListState } from './list-body';
import type { MoreRows } from './virtual-table';

interface InfiniteList<TRow> {
  readonly state: ListState;
  /** Every page's rows, in order; the same array while no page changes. */
  readonly rows: readonly TRow[];
  /** Why the list could not be read, in the `failed` state. */
  readonly error: unknown;
  readonly more: MoreRows;
}

interface ListPage {
  readonly items: readonly unknown[];
}

/**
 * A list read page by page as it scrolls (ordering §2, §7; kits §2, §7): the query's pages as one array of rows,
 * which of the list body's states to show, and what the big table needs for the next page. A later page that fails
 * keeps the rows already shown and says so in a toast, with `laterPageFailed`'s text; the table then offers "Try Again".
 */
export function useInfiniteList<TPage extends ListPage, TKey extends QueryKey, TPageParam>(
  options: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, TPageParam>,
  laterPageFailed: (error: unknown) => string,
): InfiniteList<TPage['items'][number]> {
  const list = useInfiniteQuery(options);
  const { data, fetchNextPage, hasNextPage, isFetchNextPageError, isFetchingNextPage, error } = list;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const state: ListState = list.isPending ? 'loading' : rows.length > 0 ? 'rows' : list.isError ? 'failed' : 'empty';

  // A scroll and a render may both ask before the page is under way: the second ask must not restart it.
  const onLoadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const more = useMemo(
    () => ({
      hasMore: hasNextPage && !isFetchNextPageError,
      loadingMore: isFetchingNextPage,
      moreFailed: isFetchNextPageError,
      onLoadMore,
    }),
    [hasNextPage, isFetchNextPageError, isFetchingNextPage, onLoadMore],
  );

  // The toast is said once per failure, not again on each render a new text function would bring.
  const failedText = useRef(laterPageFailed);
  useLayoutEffect(() => {
    failedText.current = laterPageFailed;
  });
  useEffect(() => {
    if (isFetchNextPageError) notify.error(failedText.current(error));
  }, [isFetchNextPageError, error]);

  return { state, rows, error, more };
}
