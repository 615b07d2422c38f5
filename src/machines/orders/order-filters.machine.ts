import { assign, setup } from 'xstate';
import { applyFilter, canApplyFilter, FilterOperator, type ColumnFilter, type ListSort } from '../../model/lists/paging';
import { nextSort } from '../../model/orders/order-list-rules';
import { DEFAULT_ORDER_SORT, type OrderColumn } from '../../model/orders/order-list';

/**
 * The orders list's query as the user shapes it (ordering §2): the remote sort by header, and the filter builder.
 * The builder picks a column (searchable), then an operator and a value; Apply needs a non-blank trimmed value and
 * replaces an earlier filter of the same column and operator; Back (Escape) returns a step, and each applied
 * filter is a chip that can be removed, or all cleared. The list itself is server data and stays in TanStack Query,
 * keyed by this query, so a new sort or filter starts again from page 1.
 */

export type OrderFilter = ColumnFilter<OrderColumn>;

export interface OrderFiltersContext {
  sort: ListSort<OrderColumn>;
  filters: readonly OrderFilter[];
  /** The text typed into "Find column...". */
  search: string;
  /** The filter being built. */
  column: OrderColumn | null;
  operator: FilterOperator;
  value: string;
}

export type OrderFiltersEvent =
  | { type: 'list.sort'; column: OrderColumn }
  | { type: 'filters.open' }
  | { type: 'filters.close' }
  | { type: 'filters.back' }
  | { type: 'filters.search'; text: string }
  | { type: 'filters.pickColumn'; column: OrderColumn }
  | { type: 'filters.setOperator'; operator: FilterOperator }
  | { type: 'filters.setValue'; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.remove'; column: OrderColumn; operator: FilterOperator }
  | { type: 'filters.clear' };

const draft = { search: '', column: null, operator: FilterOperator.contains, value: '' } as const;

export const orderFiltersMachine = setup({
  types: {
    context: {} as OrderFiltersContext,
    events: {} as OrderFiltersEvent,
  },
  guards: {
    valueGiven: ({ context }) => canApplyFilter(context.value),
    hasFilters: ({ context }) => context.filters.length > 0,
  },
  actions: {
    sortBy: assign(({ context }, params: { column: OrderColumn }) => ({ sort: nextSort(context.sort, params.column) })),
    resetDraft: assign(() => ({ ...draft })),
    setSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    pickColumn: assign((_, params: { column: OrderColumn }) => ({ column: params.column, operator: FilterOperator.contains, value: '' })),
    setOperator: assign((_, params: { operator: FilterOperator }) => ({ operator: params.operator })),
    setValue: assign((_, params: { value: string }) => ({ value: params.value })),
    applyDraft: assign(({ context }) => ({
      filters: context.column
        ? applyFilter(context.filters, { column: context.column, operator: context.operator, value: context.value })
        : context.filters,
    })),
    removeFilter: assign(({ context }, params: { column: OrderColumn; operator: FilterOperator }) => ({
      filters: context.filters.filter((f) => f.column !== params.column || f.operator !== params.operator),
    })),
    clearFilters: assign({ filters: [] }),
  },
}).createMachine({
  id: 'orderFilters',
  context: { sort: DEFAULT_ORDER_SORT, filters: [], ...draft },
  initial: 'closed',
  on: {
    'list.sort': { actions: { type: 'sortBy', params: ({ event }) => ({ column: event.column }) } },
    'filters.remove': { actions: { type: 'removeFilter', params: ({ event }) => ({ column: event.column, operator: event.operator }) } },
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
