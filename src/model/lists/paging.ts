import * as v from 'valibot';

/**
 * Paged lists and their query (contract decisions): answers are `{ items, page, hasMore }` with `page`
 * from 1; filters travel as the JSON array `filters` of `{ column, operator, value }`, sorting as
 * `sortColumn` and `sortDirection`. The orders and kit lists use it, patients and team members later.
 */

/** Ordering §9 (and the kits list's): the virtualised tables' numbers. */
export const VIRTUAL_TABLE = {
  rowHeightPx: 64,
  viewportPx: 600,
  loadMoreWithinPx: 200,
  overscan: 5,
} as const;

export const FilterOperator = {
  contains: 'contains',
  equals: 'equals',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
} as const;
export type FilterOperator = (typeof FilterOperator)[keyof typeof FilterOperator];
export const FILTER_OPERATORS: readonly FilterOperator[] = Object.values(FilterOperator);

export const SortDirection = { asc: 'asc', desc: 'desc' } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

export interface ColumnFilter<TColumn extends string = string> {
  readonly column: TColumn;
  readonly operator: FilterOperator;
  readonly value: string;
}

export interface ListSort<TColumn extends string = string> {
  readonly column: TColumn;
  readonly direction: SortDirection;
}

/** What one page of a list asks for; `page` starts at 1. */
export interface ListQuery<TColumn extends string = string> {
  readonly sort: ListSort<TColumn>;
  readonly filters: readonly ColumnFilter<TColumn>[];
  readonly page: number;
  readonly pageSize: number;
}

/** A page as the client reads it: lenient about `page`, strict about the items it shows and `hasMore`. */
export function pagedAnswer<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({
    items: v.array(item),
    page: v.nullish(v.number(), 1),
    hasMore: v.nullish(v.boolean(), false),
  });
}

/** The query parameters of one page, as the client sends them. */
export function listSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams({
    sortColumn: query.sort.column,
    sortDirection: query.sort.direction,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.filters.length)
    params.set('filters', JSON.stringify(query.filters.map(({ column, operator, value }) => ({ column, operator, value }))));
  return params;
}

/**
 * Ordering §5: Apply needs a non-blank trimmed value, and re-applying the same column and operator
 * replaces the earlier value (at its place, so the chips do not jump). Returns the list unchanged for a blank value.
 */
export function applyFilter<TColumn extends string>(
  filters: readonly ColumnFilter<TColumn>[],
  filter: ColumnFilter<TColumn>,
): readonly ColumnFilter<TColumn>[] {
  const value = filter.value.trim();
  if (!value) return filters;
  const next = { column: filter.column, operator: filter.operator, value };
  const at = filters.findIndex((f) => f.column === next.column && f.operator === next.operator);
  return at < 0 ? [...filters, next] : filters.map((f, i) => (i === at ? next : f));
}

export function canApplyFilter(value: string): boolean {
  return value.trim().length > 0;
}

/** Remote sort (ordering §2, kits §4): a header sorts its column ascending first, a second click turns it around. */
export function nextSort<TColumn extends string>(current: ListSort<TColumn>, column: TColumn): ListSort<TColumn> {
  if (current.column !== column) return { column, direction: SortDirection.asc };
  return { column, direction: current.direction === SortDirection.asc ? SortDirection.desc : SortDirection.asc };
}

/**
 * The words of a list's filter bar and builder (ordering §2, kits §2): each list has its own catalogue entry,
 * since the orders list says "Apply" and lower-case operators where the kit list says "Apply Filter" and "Contains".
 */
export interface FilterBarTexts {
  readonly open: string;
  readonly title: string;
  readonly column: string;
  readonly findColumn: string;
  readonly noColumn: string;
  readonly operator: string;
  readonly value: string;
  readonly apply: string;
  readonly back: string;
  readonly clearAll: string;
  readonly activeFilters: string;
  readonly removeFilter: (label: string) => string;
  readonly chip: (column: string, operator: string, value: string) => string;
  readonly operators: Readonly<Record<FilterOperator, string>>;
}
