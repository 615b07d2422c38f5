import { assign, setup } from 'xstate';
import { applyFilter, canApplyFilter, FilterOperator, nextSort, type ColumnFilter, type ListSort } from '../../model/lists/paging';
import { DEFAULT_PATIENT_SORT, type PatientColumn } from '../../model/patients/patient';

/**
 * The patients list's query as the user shapes it (kits §2, §4): the remote sort by header (ascending first,
 * then turning around), the filter builder and its chips, and the page, moved with Previous and Next. A new
 * sort or filter, a removed chip or Clear all starts again from page 1. The builder picks a column (searchable),
 * then an operator and a value; Apply needs a non-blank trimmed value and replaces an earlier filter of the same
 * column and operator; Back (Escape) returns a step. The rows are server data and stay in TanStack Query, keyed
 * by this query.
 */

export type PatientFilter = ColumnFilter<PatientColumn>;

export interface PatientListContext {
  sort: ListSort<PatientColumn>;
  filters: readonly PatientFilter[];
  /** From 1. Next is offered while the page shown says `hasMore`; the machine goes where it is sent. */
  page: number;
  /** The text typed into "Find column...". */
  search: string;
  /** The filter being built. */
  column: PatientColumn | null;
  operator: FilterOperator;
  value: string;
}

export type PatientListEvent =
  | { type: 'list.sort'; column: PatientColumn }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'filters.open' }
  | { type: 'filters.close' }
  | { type: 'filters.back' }
  | { type: 'filters.search'; text: string }
  | { type: 'filters.pickColumn'; column: PatientColumn }
  | { type: 'filters.setOperator'; operator: FilterOperator }
  | { type: 'filters.setValue'; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.remove'; column: PatientColumn; operator: FilterOperator }
  | { type: 'filters.clear' };

const draft = { search: '', column: null, operator: FilterOperator.contains, value: '' } as const;
const FIRST_PAGE = 1;

export const patientListMachine = setup({
  types: {
    context: {} as PatientListContext,
    events: {} as PatientListEvent,
  },
  guards: {
    valueGiven: ({ context }) => canApplyFilter(context.value),
    hasFilters: ({ context }) => context.filters.length > 0,
    hasFilter: ({ context }, params: { column: PatientColumn; operator: FilterOperator }) =>
      context.filters.some((f) => f.column === params.column && f.operator === params.operator),
    afterFirstPage: ({ context }) => context.page > FIRST_PAGE,
  },
  actions: {
    sortBy: assign(({ context }, params: { column: PatientColumn }) => ({ sort: nextSort(context.sort, params.column), page: FIRST_PAGE })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    resetDraft: assign(() => ({ ...draft })),
    setSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    pickColumn: assign((_, params: { column: PatientColumn }) => ({ column: params.column, operator: FilterOperator.contains, value: '' })),
    setOperator: assign((_, params: { operator: FilterOperator }) => ({ operator: params.operator })),
    setValue: assign((_, params: { value: string }) => ({ value: params.value })),
    applyDraft: assign(({ context }) => ({
      filters: context.column
        ? applyFilter(context.filters, { column: context.column, operator: context.operator, value: context.value })
        : context.filters,
      page: FIRST_PAGE,
    })),
    removeFilter: assign(({ context }, params: { column: PatientColumn; operator: FilterOperator }) => ({
      filters: context.filters.filter((f) => f.column !== params.column || f.operator !== params.operator),
      page: FIRST_PAGE,
    })),
    clearFilters: assign({ filters: [], page: FIRST_PAGE }),
  },
}).createMachine({
  id: 'patientList',
  context: { sort: DEFAULT_PATIENT_SORT, filters: [], page: FIRST_PAGE, ...draft },
  initial: 'closed',
  on: {
    'list.sort': { actions: { type: 'sortBy', params: ({ event }) => ({ column: event.column }) } },
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
