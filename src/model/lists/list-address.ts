import { FILTER_OPERATORS, SortDirection, type ColumnFilter, type FilterOperator, type ListSort } from './paging';
import { LIST_FILTER_MAX_LENGTH, LIST_MAX_FILTERS } from './list-params';

/**
 * A list's filters and sort in the page's address (issue 40), so that a reload, a shared link and Back keep them:
 * `?filters=` the same JSON array of `{ column, operator, value }` the list sends to the server, and
 * `?sort={column}.{asc|desc}`. The default sort and no filters leave the address bare. Any list may use it with
 * its own columns; what an address holds that the list cannot use is left out, with a message saying so.
 */

export interface ListAddressState<TColumn extends string> {
  readonly sort: ListSort<TColumn>;
  readonly filters: readonly ColumnFilter<TColumn>[];
}

export interface ListAddressSpec<TColumn extends string> {
  readonly columns: readonly TColumn[];
  readonly defaultSort: ListSort<TColumn>;
  /** The list's own rule for a filter's value (a date range that ends before it starts): its problem, or null. */
  readonly filterProblem?: (filter: ColumnFilter<TColumn>) => string | null;
}

export interface ReadListAddress<TColumn extends string> extends ListAddressState<TColumn> {
  /** Why a part of the address was left out, in words; empty when all of it was used. */
  readonly refused: readonly string[];
}

export const ListAddressText = {
  filtersUnreadable: 'The filters in this address could not be read, so none were applied.',
  filterLeftOut: (problem: string) => `A filter in this address was left out: ${problem}`,
} as const;

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // An address cut short or typed by hand: it holds no filters.
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The address's query for this state: empty for the default sort and no filters. */
export function listAddressSearch<TColumn extends string>(state: ListAddressState<TColumn>, defaultSort: ListSort<TColumn>): string {
  const params = new URLSearchParams();
  if (state.filters.length)
    params.set('filters', JSON.stringify(state.filters.map(({ column, operator, value }) => ({ column, operator, value }))));
  if (state.sort.column !== defaultSort.column || state.sort.direction !== defaultSort.direction)
    params.set('sort', `${state.sort.column}.${state.sort.direction}`);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The state an address's query holds: what the list can use, and why the rest was left out. */
export function readListAddress<TColumn extends string>(search: string, spec: ListAddressSpec<TColumn>): ReadListAddress<TColumn> {
  const params = new URLSearchParams(search);
  const isColumn = (name: unknown): name is TColumn => typeof name === 'string' && (spec.columns as readonly string[]).includes(name);
  const isOperator = (name: unknown): name is FilterOperator =>
    typeof name === 'string' && (FILTER_OPERATORS as readonly string[]).includes(name);
  const refused: string[] = [];

  const [sortColumn, sortDirection] = (params.get('sort') ?? '').split('.');
  const sort: ListSort<TColumn> =
    isColumn(sortColumn) && (sortDirection === SortDirection.asc || sortDirection === SortDirection.desc)
      ? { column: sortColumn, direction: sortDirection }
      : spec.defaultSort;

  const filters: ColumnFilter<TColumn>[] = [];
  const raw = params.get('filters');
  if (raw !== null) {
    const parsed = readJson(raw);
    if (!Array.isArray(parsed)) refused.push(ListAddressText.filtersUnreadable);
    else
      for (const each of parsed.slice(0, LIST_MAX_FILTERS)) {
        if (!isObject(each) || !isColumn(each.column) || !isOperator(each.operator) || typeof each.value !== 'string') continue;
        const value = each.value.trim();
        if (!value || value.length > LIST_FILTER_MAX_LENGTH) continue;
        const filter = { column: each.column, operator: each.operator, value };
        const problem = spec.filterProblem?.(filter) ?? null;
        if (problem) {
          refused.push(ListAddressText.filterLeftOut(problem));
          continue;
        }
        // One filter per column and operator, as the builder keeps them: the later one wins.
        const at = filters.findIndex((f) => f.column === filter.column && f.operator === filter.operator);
        if (at < 0) filters.push(filter);
        else filters[at] = filter;
      }
  }
  return { sort, filters, refused };
}
