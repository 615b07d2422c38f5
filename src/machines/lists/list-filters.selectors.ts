import type { SnapshotFrom } from 'xstate';
import type { ColumnFilter, FilterOperator, ListSort } from '../../model/lists/paging';
import { filterValueProblem, type FilterKind } from '../../model/lists/filter-kinds';
import { kindOf, type listFiltersMachine } from './list-filters.machine';

type ListFiltersSnapshot = SnapshotFrom<typeof listFiltersMachine>;

export interface ListFiltersView<TColumn extends string> {
  sort: ListSort<TColumn>;
  /** The page a list shown a page at a time asks for, from 1. */
  page: number;
  /** Previous is offered after page 1. */
  canGoBack: boolean;
  /** The applied filters, shown as chips and sent with every page. */
  filters: readonly ColumnFilter<TColumn>[];
  /** The filter builder is open, on its column step or its value step. */
  open: boolean;
  pickingColumn: boolean;
  editingValue: boolean;
  search: string;
  column: TColumn | null;
  operator: FilterOperator;
  value: string;
  /** The kind of the column being built: free text, a date range or a choice. */
  kind: FilterKind;
  /** What is wrong with the value (a date range that ends before it starts), shown under it; null when nothing. */
  valueProblem: string | null;
  /** Apply takes a click: the value is not blank once trimmed. */
  canApply: boolean;
  canClear: boolean;
}

/**
 * The selector of one list: the machine keeps columns as plain strings, and the list gives them back as its own
 * column type, so that its query and cells stay typed. A name outside the list's columns (only a caller's mistake
 * could send one) is left out, and a sort by one falls back to the list's default.
 */
export function listFiltersSelector<TColumn extends string>(columns: readonly TColumn[], defaultSort: ListSort<TColumn>) {
  const isColumn = (name: string | null): name is TColumn => name !== null && (columns as readonly string[]).includes(name);
  // The sort and the applied filters stay the same objects while the builder's steps change only the rest, so that
  // the list's query and its rows, which read just these two, need not render again on each step.
  let last: Pick<ListFiltersView<TColumn>, 'sort' | 'filters'> | null = null;
  return (snapshot: ListFiltersSnapshot): ListFiltersView<TColumn> => {
    const { sort, filters, page, search, column, operator, value } = snapshot.context;
    const nextSort = isColumn(sort.column) ? { column: sort.column, direction: sort.direction } : defaultSort;
    const nextFilters = filters.filter((filter): filter is ColumnFilter<TColumn> => isColumn(filter.column));
    last = {
      sort: last !== null && sameSort(last.sort, nextSort) ? last.sort : nextSort,
      filters: last !== null && sameFilters(last.filters, nextFilters) ? last.filters : nextFilters,
    };
    return {
      sort: last.sort,
      page,
      canGoBack: snapshot.can({ type: 'page.previous' }),
      filters: last.filters,
      open: snapshot.hasTag('open'),
      pickingColumn: snapshot.hasTag('pickingColumn'),
      editingValue: snapshot.hasTag('editingValue'),
      search,
      column: isColumn(column) ? column : null,
      operator,
      value,
      kind: kindOf(snapshot.context, column),
      valueProblem: filterValueProblem(kindOf(snapshot.context, column), value),
      canApply: snapshot.can({ type: 'filters.apply' }),
      canClear: snapshot.can({ type: 'filters.clear' }),
    };
  };
}

const sameSort = <TColumn extends string>(a: ListSort<TColumn>, b: ListSort<TColumn>) =>
  a.column === b.column && a.direction === b.direction;

const sameFilters = <TColumn extends string>(a: readonly ColumnFilter<TColumn>[], b: readonly ColumnFilter<TColumn>[]) =>
  a.length === b.length &&
  a.every((filter, index) => {
    const other = b[index];
    return other !== undefined && filter.column === other.column && filter.operator === other.operator && filter.value === other.value;
  });
