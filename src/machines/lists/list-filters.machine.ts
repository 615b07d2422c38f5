import { assign, setup } from 'xstate';
import { applyFilter, FilterOperator, nextSort, type ColumnFilter, type ListSort } from '../../model/lists/paging';
import { canApplyValue, FilterKind } from '../../model/lists/filter-kinds';

/**
 * A big list's query as the user shapes it (ordering §2, kits §2 and §4), one machine for every list: the remote
 * sort by header, and the filter builder. The builder picks a column (searchable), then an operator and a value;
 * Apply needs a non-blank trimmed value and replaces an earlier filter of the same column and operator; Back
 * (Escape) returns a step, and each applied filter is a chip that can be removed, or all cleared. Columns are the
 * list's own names, as strings: the list's selectors give them back typed. A list shown a page at a time (the
 * patients list) moves with Previous and Next, and a new sort, an applied or removed filter and Clear all go back
 * to page 1; the infinite lists (orders, kits) ask for their pages themselves and leave `page` at 1. The rows are
 * server data and stay in TanStack Query, keyed by this query.
 *
 * A column may be of another kind than free text (issue 40): a date range (one `equals` filter whose value is an
 * interval, refused while its end is before its start) or a choice (one `equals` filter naming an option). A list
 * that keeps its query in the page's address starts from it (`initial`) and is told when the address changes
 * under it (`list.restore`: Back, a link to the bare list).
 */

export interface ListFiltersInput {
  /** The list's sort until the user picks another (orders: orderDate descending; kits: createdAt descending). */
  defaultSort: ListSort;
  /** Where the list starts: the sort and filters its address holds; the default sort and no filters without. */
  initial?: { sort: ListSort; filters: readonly ColumnFilter[] };
  /** The kind of each column that is not free text. */
  kinds?: Readonly<Record<string, FilterKind>>;
}

export interface ListFiltersContext {
  sort: ListSort;
  filters: readonly ColumnFilter[];
  /** From 1. Next is offered while the page shown says `hasMore`; the machine goes where it is sent. */
  page: number;
  /** The text typed into "Find column...". */
  search: string;
  kinds: Readonly<Record<string, FilterKind>>;
  /** The filter being built. */
  column: string | null;
  operator: FilterOperator;
  value: string;
}

export type ListFiltersEvent =
  | { type: 'list.sort'; column: string }
  | { type: 'list.restore'; sort: ListSort; filters: readonly ColumnFilter[] }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'filters.open' }
  | { type: 'filters.close' }
  | { type: 'filters.back' }
  | { type: 'filters.search'; text: string }
  | { type: 'filters.pickColumn'; column: string }
  | { type: 'filters.setOperator'; operator: FilterOperator }
  | { type: 'filters.setValue'; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.remove'; column: string; operator: FilterOperator }
  | { type: 'filters.clear' };

const draft = { search: '', column: null, operator: FilterOperator.contains, value: '' } as const;

/** A column's kind; one the list does not name is free text. */
export function kindOf(context: Pick<ListFiltersContext, 'kinds'>, column: string | null): FilterKind {
  return (column !== null && context.kinds[column]) || FilterKind.text;
}
const FIRST_PAGE = 1;

export const listFiltersMachine = setup({
  types: {
    input: {} as ListFiltersInput,
    context: {} as ListFiltersContext,
    events: {} as ListFiltersEvent,
  },
  guards: {
    valueGiven: ({ context }) => canApplyValue(kindOf(context, context.column), context.value),
    hasFilters: ({ context }) => context.filters.length > 0,
    hasFilter: ({ context }, params: { column: string; operator: FilterOperator }) =>
      context.filters.some((f) => f.column === params.column && f.operator === params.operator),
    afterFirstPage: ({ context }) => context.page > FIRST_PAGE,
  },
  actions: {
    sortBy: assign(({ context }, params: { column: string }) => ({ sort: nextSort(context.sort, params.column), page: FIRST_PAGE })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    resetDraft: assign(() => ({ ...draft })),
    setSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    restore: assign((_, params: { sort: ListSort; filters: readonly ColumnFilter[] }) => ({
      sort: params.sort,
      filters: params.filters,
      page: FIRST_PAGE,
    })),
    pickColumn: assign(({ context }, params: { column: string }) => ({
      column: params.column,
      // A date range or a choice is one `equals` filter; free text starts with contains.
      operator: kindOf(context, params.column) === FilterKind.text ? FilterOperator.contains : FilterOperator.equals,
      value: '',
    })),
    setOperator: assign((_, params: { operator: FilterOperator }) => ({ operator: params.operator })),
    setValue: assign((_, params: { value: string }) => ({ value: params.value })),
    applyDraft: assign(({ context }) => ({
      filters: context.column
        ? applyFilter(context.filters, { column: context.column, operator: context.operator, value: context.value })
        : context.filters,
      page: FIRST_PAGE,
    })),
    removeFilter: assign(({ context }, params: { column: string; operator: FilterOperator }) => ({
      filters: context.filters.filter((f) => f.column !== params.column || f.operator !== params.operator),
      page: FIRST_PAGE,
    })),
    clearFilters: assign({ filters: [], page: FIRST_PAGE }),
  },
}).createMachine({
  id: 'listFilters',
  context: ({ input }) => ({
    sort: input.initial?.sort ?? input.defaultSort,
    filters: input.initial?.filters ?? [],
    page: FIRST_PAGE,
    kinds: input.kinds ?? {},
    ...draft,
  }),
  initial: 'closed',
  on: {
    'list.sort': { actions: { type: 'sortBy', params: ({ event }) => ({ column: event.column }) } },
    'list.restore': { actions: { type: 'restore', params: ({ event }) => ({ sort: event.sort, filters: event.filters }) } },
    'page.next': { actions: 'nextPage' },
    'page.previous': { guard: 'afterFirstPage', actions: 'previousPage' },
    'filters.remove': {
      guard: { type: 'hasFilter', params: ({ event }) => ({ column: event.column, operator: event.operator }) },
      actions: { type: 'removeFilter', params: ({ event }) => ({ column: event.column, operator: event.operator }) },
    },
    'filters.clear': { guard: 'hasFilters', actions: 'clearFilters' },
  },
  states: {
    closed: {
      on: { 'filters.open': { target: 'pickingColumn', actions: 'resetDraft' } },
    },
    pickingColumn: {
      tags: ['open', 'pickingColumn'],
      on: {
        'filters.search': { actions: { type: 'setSearch', params: ({ event }) => ({ text: event.text }) } },
        'filters.pickColumn': {
          target: 'editingValue',
          actions: { type: 'pickColumn', params: ({ event }) => ({ column: event.column }) },
        },
        'filters.back': 'closed',
        'filters.close': 'closed',
      },
    },
    editingValue: {
      tags: ['open', 'editingValue'],
      on: {
        'filters.setOperator': { actions: { type: 'setOperator', params: ({ event }) => ({ operator: event.operator }) } },
        'filters.setValue': { actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) } },
        'filters.apply': { guard: 'valueGiven', target: 'closed', actions: 'applyDraft' },
        'filters.back': 'pickingColumn',
        'filters.close': 'closed',
      },
    },
  },
});
