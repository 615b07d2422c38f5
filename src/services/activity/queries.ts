import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_SIZE,
  OBJECT_ACTIVITY_PAGE_SIZE,
  objectFilters,
  DEFAULT_ACTIVITY_SORT,
  type ActivityColumn,
  type ActivityObjectType,
} from '../../model/activity/activity';
import type { ColumnFilter, ListSort } from '../../model/lists/paging';
import { ApiError } from '../http/api-error';
import { activityApi } from './activity.api';

/** The trail's pages and one object's entries, keyed under ['activity'] so that one invalidation refreshes both. */
export const activityKeys = {
  all: ['activity'] as const,
  list: (sort: ListSort<ActivityColumn>, filters: readonly ColumnFilter<ActivityColumn>[]) => ['activity', 'list', sort, filters] as const,
  object: (type: ActivityObjectType, id: string) => ['activity', 'object', type, id] as const,
  my: ['activity', 'my'] as const,
};

export const activityListQuery = (sort: ListSort<ActivityColumn>, filters: readonly ColumnFilter<ActivityColumn>[]) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(sort, filters),
    queryFn: ({ pageParam, signal }) => activityApi.list({ sort, filters, page: pageParam, pageSize: ACTIVITY_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
    // A service without the trail (this project's own call) answers 404: asking again changes nothing.
    retry: (count, error) => !isActivityUnavailable(error) && count < 1,
    // A report opens in a tab of its own: coming back to the page shows its opening.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

/** The latest entries naming one kit, patient or order, for the Activity section of its page. */
export const objectActivityQuery = (type: ActivityObjectType, id: string) =>
  queryOptions({
    queryKey: activityKeys.object(type, id),
    queryFn: ({ signal }) =>
      activityApi.list(
        { sort: DEFAULT_ACTIVITY_SORT, filters: objectFilters(type, id), page: 1, pageSize: OBJECT_ACTIVITY_PAGE_SIZE },
        { signal },
      ),
    retry: (count, error) => !isActivityUnavailable(error) && count < 1,
    // A report opens in a tab of its own: coming back to the page shows its opening.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

/** The signed-in account's latest own entries, for the "Recent activity" of the patient's Account → Security. */
export const myActivityQuery = () =>
  queryOptions({
    queryKey: activityKeys.my,
    queryFn: ({ signal }) =>
      activityApi.my({ sort: DEFAULT_ACTIVITY_SORT, filters: [], page: 1, pageSize: OBJECT_ACTIVITY_PAGE_SIZE }, { signal }),
    retry: (count, error) => !isActivityUnavailable(error) && count < 1,
    // A report opened in its own tab or a consent changed on the next tab: coming back shows it.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

/**
 * Whether a failure says this portalApi has no activity trail: GET /Activity is this project's extension of the
 * contract, and a service without it answers 404. The page then says so and works on.
 */
export function isActivityUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
