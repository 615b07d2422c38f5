import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { listAddressSearch, readListAddress, type ListAddressSpec, type ListAddressState } from '../../../model/lists/list-address';
import type { ColumnFilter, ListSort } from '../../../model/lists/paging';

/**
 * A list's sort and filters kept in the page's address (issue 40), for any list's query machine: it starts from
 * what the address holds (`initial`), the address follows the machine (replaced, so that Back leaves the list
 * rather than undoing a filter), and a new address from outside (Back to the list, the menu's link to the bare
 * list) is sent to the machine as `list.restore`. The orders list uses it; another list can take it as it is.
 */
export interface ListAddress<TColumn extends string> {
  /** What the address held when the list opened: the machine's input. */
  readonly initial: { sort: ListSort<TColumn>; filters: readonly ColumnFilter<TColumn>[] };
  /** Why parts of the address were left out (a date range that ends before it starts), in words. */
  readonly refused: readonly string[];
  /** The address's query, `?…` or empty: what a link back to the list adds to keep the filters. */
  readonly search: string;
}

const withMark = (search: string) => (search && !search.startsWith('?') ? `?${search}` : search);

export function useListAddress<TColumn extends string>(spec: ListAddressSpec<TColumn>): ListAddress<TColumn> {
  const search = withMark(useSearch());
  const [opened] = useState(() => readListAddress(search, spec));
  return { initial: { sort: opened.sort, filters: opened.filters }, refused: opened.refused, search };
}

/** Keeps the address and the machine in step; `restore` sends the machine what a new address holds. */
export function useListAddressSync<TColumn extends string>(
  spec: ListAddressSpec<TColumn>,
  state: ListAddressState<TColumn>,
  restore: (state: ListAddressState<TColumn>) => void,
): void {
  const search = withMark(useSearch());
  const [path, navigate] = useLocation();
  const address = listAddressSearch(state, spec.defaultSort);
  const seen = useRef({ address, search });
  useEffect(() => {
    const before = seen.current;
    seen.current = { address, search };
    if (address === search) return;
    if (search !== before.search) {
      const read = readListAddress(search, spec);
      restore({ sort: read.sort, filters: read.filters });
    } else if (address !== before.address) {
      navigate(`${path}${address}`, { replace: true });
    }
  }, [address, search, path, navigate, restore, spec]);
}
