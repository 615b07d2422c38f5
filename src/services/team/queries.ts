import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '../../model/lists/paging';
import type { UserColumn } from '../../model/team/user';
import { teamApi } from './team.api';

/**
 * The team as infinite pages and one member (kits §2, §7), keyed under ['team'] so that one invalidation after a
 * change refreshes both.
 */
export const teamKeys = {
  all: ['team'] as const,
  list: (query: TeamListKey) => ['team', 'list', query] as const,
  member: (uid: string) => ['team', 'member', uid] as const,
};

/** The team is sorted and searched, never filtered by column. */
export interface TeamListKey extends Pick<ListQuery<UserColumn>, 'sort'> {
  /** The search as sent: empty when none. */
  readonly search: string;
}

export const teamListQuery = ({ sort, search }: TeamListKey) =>
  infiniteQueryOptions({
    queryKey: teamKeys.list({ sort, search }),
    queryFn: ({ pageParam, signal }) => teamApi.list({ sort, search, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
    // While a new search or sort loads, the rows shown stay rather than the table emptying under the search box.
    placeholderData: keepPreviousData,
  });

export const teamMemberQuery = (uid: string) =>
  queryOptions({ queryKey: teamKeys.member(uid), queryFn: ({ signal }) => teamApi.get(uid, { signal }) });
