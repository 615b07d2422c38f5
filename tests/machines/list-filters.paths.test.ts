import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listFiltersMachine, type ListFiltersEvent } from '../../src/machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../src/machines/lists/list-filters.selectors';
import { DEFAULT_KIT_SORT, KIT_COLUMNS } from '../../src/model/kits/kit';
import type { ListSort } from '../../src/model/lists/paging';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS } from '../../src/model/orders/order-list';
import { DEFAULT_PATIENT_SORT, PATIENT_COLUMNS } from '../../src/model/patients/patient';
import { describePaths, recordTransitions } from '../support/path-tests';
import { FilterKind } from '../../src/model/lists/filter-kinds';
import { dateRangeValue } from '../../src/model/lists/date-range';
import { ORDER_FILTER_KINDS } from '../../src/model/orders/order-list-filters';

/**
 * One machine for every big list's query (ordering §2, kits §2, §4): walked with the orders list's columns, which
 * scroll through their pages, and with the patients list's, shown a page at a time (Previous and Next). The
 * same rules hold for both; each list's own cases follow.
 */
interface ListCase {
  readonly name: string;
  readonly columns: readonly string[];
  readonly defaultSort: ListSort;
  /** The header clicked in the walk, and the filter built: its column, the text that finds the column, a value. */
  readonly sortColumn: string;
  readonly filterColumn: string;
  readonly search: string;
  readonly value: string;
  /** Another column, for the blank value that is not applied. */
  readonly blankColumn: string;
  readonly check: { context?: boolean; tags: true };
  /** The list's columns that are not free text (the orders list's status is a choice of the status groups). */
  readonly kinds?: Readonly<Record<string, FilterKind>>;
}

const LISTS: readonly ListCase[] = [
  {
    name: 'orders list query (ordering §2): remote sort by header, the filter builder with its chips, pages as it scrolls',
    columns: ORDER_COLUMNS,
    defaultSort: DEFAULT_ORDER_SORT,
    sortColumn: 'number',
    filterColumn: 'status',
    search: 'stat',
    value: 'Shipped',
    blankColumn: 'shippingType',
    check: { context: true, tags: true },
    kinds: ORDER_FILTER_KINDS,
  },
  {
    name: 'patients list query (kits §2, §4): sort by header, filter chips, Previous and Next, back to page 1 on a new query',
    columns: PATIENT_COLUMNS,
    defaultSort: DEFAULT_PATIENT_SORT,
    sortColumn: 'email',
    filterColumn: 'name',
    search: 'na',
    value: 'Quinn',
    blankColumn: 'dateOfBirth',
    check: { tags: true },
  },
];

/** What the page should be after these events, told from the events alone: back to 1 whenever the query changes. */
function expectedPage(events: readonly ListFiltersEvent[]): number {
  let page = 1;
  let filters = 0;
  let open = false;
  let valueGiven = false;
  for (const event of events) {
    switch (event.type) {
      case 'page.next':
        page += 1;
        break;
      case 'page.previous':
        page = Math.max(1, page - 1);
        break;
      case 'list.sort':
        page = 1;
        break;
      case 'list.restore':
        page = 1;
        filters = event.filters.length;
        break;
      case 'filters.open':
        open = true;
        valueGiven = false;
        break;
      case 'filters.setValue':
        valueGiven = event.value.trim().length > 0;
        break;
      case 'filters.apply':
        if (open && valueGiven) {
          page = 1;
          filters = 1;
          open = false;
        }
        break;
      case 'filters.remove':
      case 'filters.clear':
        if (filters > 0) page = 1;
        filters = 0;
        break;
      case 'filters.close':
        open = false;
        break;
      default:
        break;
    }
  }
  return page;
}

for (const list of LISTS) {
  const select = listFiltersSelector(list.columns, list.defaultSort);
  const removeBuilt = { type: 'filters.remove', column: list.filterColumn, operator: 'equals' } as const;
  describePaths(listFiltersMachine, {
    name: list.name,
    input: { defaultSort: list.defaultSort, kinds: list.kinds },
    events: {
      'list.sort': [{ type: 'list.sort', column: list.sortColumn }],
      // The address changed under the list (Back, a shared link): its sort and filters replace the machine's.
      'list.restore': [
        { type: 'list.restore', sort: list.defaultSort, filters: [{ column: list.filterColumn, operator: 'equals', value: list.value }] },
      ],
      'filters.search': [{ type: 'filters.search', text: list.search }],
      'filters.pickColumn': [{ type: 'filters.pickColumn', column: list.filterColumn }],
      'filters.setOperator': [{ type: 'filters.setOperator', operator: 'equals' }],
      'filters.setValue': [
        { type: 'filters.setValue', value: `  ${list.value} ` },
        { type: 'filters.setValue', value: '   ' },
      ],
      'filters.remove': [removeBuilt],
    },
    strategy: 'transitions',
    // Next only grows the page; pages beyond 3 behave as page 3 does.
    stateKey: (snapshot) => JSON.stringify({ ...snapshot.context, state: snapshot.value, page: Math.min(snapshot.context.page, 3) }),
    check: list.check,
    afterPath: ({ snapshot, path }) => {
      const view = select(snapshot);
      const events = path.steps.map(({ event }) => event as ListFiltersEvent);
      // A header sorts ascending first and turns around on every further click; before any, the list's default.
      const restored = events.map((event) => event.type).lastIndexOf('list.restore');
      const sorts = events.slice(restored + 1).filter((event) => event.type === 'list.sort').length;
      expect(view.sort).toEqual(sorts === 0 ? list.defaultSort : { column: list.sortColumn, direction: sorts % 2 ? 'asc' : 'desc' });
      expect(view.page).toBe(expectedPage(events));
      expect(view.canGoBack).toBe(view.page > 1);
      // Only trimmed, non-blank values become filters, one per column and operator.
      for (const filter of view.filters) expect(filter.value).toBe(filter.value.trim());
      expect(view.filters.every((filter) => filter.value.length > 0)).toBe(true);
      expect(new Set(view.filters.map((f) => `${f.column} ${f.operator}`)).size).toBe(view.filters.length);
      // What the view may ask agrees with the builder's step.
      expect(view.open).toBe(view.pickingColumn || view.editingValue);
      expect(view.canApply).toBe(view.editingValue && view.value.trim().length > 0);
      expect(view.canClear).toBe(view.filters.length > 0);
      if (view.editingValue) expect(view.column).toBe(list.filterColumn);
      const last = events.at(-1);
      if (last?.type === 'filters.apply')
        expect(view.filters).toContainEqual({ column: list.filterColumn, operator: view.operator, value: list.value });
      if (last?.type === 'filters.clear') expect(view.filters).toEqual([]);
      if (last?.type === 'filters.remove')
        expect(view.filters.some((f) => f.column === list.filterColumn && f.operator === 'equals')).toBe(false);
    },
  });
}

describe.each(LISTS)('$name, step by step', (list) => {
  const inspect = recordTransitions();
  const select = listFiltersSelector(list.columns, list.defaultSort);

  it('a blank value is not applied and the builder stays open; Escape goes back a step, then closes', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: { defaultSort: list.defaultSort } }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.search', text: list.search });
    actor.send({ type: 'filters.pickColumn', column: list.blankColumn });
    actor.send({ type: 'filters.setValue', value: '   ' });
    actor.send({ type: 'filters.apply' });
    expect(select(actor.getSnapshot())).toMatchObject({ editingValue: true, canApply: false, filters: [] });
    actor.send({ type: 'filters.back' });
    expect(select(actor.getSnapshot())).toMatchObject({ pickingColumn: true, open: true });
    actor.send({ type: 'filters.back' });
    expect(select(actor.getSnapshot()).open).toBe(false);
    // Opening again starts a fresh filter: no leftover search, column or value.
    actor.send({ type: 'filters.open' });
    expect(select(actor.getSnapshot())).toMatchObject({ search: '', column: null, value: '', operator: 'contains' });
  });
});

describe('the orders list, step by step', () => {
  const inspect = recordTransitions();
  const selectOrderFilters = listFiltersSelector(ORDER_COLUMNS, DEFAULT_ORDER_SORT);
  const orders = { defaultSort: DEFAULT_ORDER_SORT };
  const statusEquals = { type: 'filters.remove', column: 'status', operator: 'equals' } as const;

  it('the same column and operator replaces the earlier value in its place; another operator adds a chip; Clear all empties', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: orders }).start();
    const add = (column: 'status' | 'number', operator: 'equals' | 'contains', value: string) => {
      actor.send({ type: 'filters.open' });
      actor.send({ type: 'filters.pickColumn', column });
      actor.send({ type: 'filters.setOperator', operator });
      actor.send({ type: 'filters.setValue', value });
      actor.send({ type: 'filters.apply' });
    };
    add('status', 'equals', 'Shipped');
    add('number', 'contains', '10');
    add('status', 'equals', ' Received ');
    add('status', 'contains', 'ed');
    expect(selectOrderFilters(actor.getSnapshot()).filters).toEqual([
      { column: 'status', operator: 'equals', value: 'Received' },
      { column: 'number', operator: 'contains', value: '10' },
      { column: 'status', operator: 'contains', value: 'ed' },
    ]);
    actor.send(statusEquals);
    expect(selectOrderFilters(actor.getSnapshot()).filters).toHaveLength(2);
    actor.send({ type: 'filters.clear' });
    expect(selectOrderFilters(actor.getSnapshot())).toMatchObject({ filters: [], canClear: false, open: false });
  });

  it('keeps the sort and the applied filters the same objects through the builder’s steps, and new once they change', () => {
    const select = listFiltersSelector(ORDER_COLUMNS, DEFAULT_ORDER_SORT);
    const actor = createActor(listFiltersMachine, { inspect, input: orders }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'number' });
    actor.send({ type: 'filters.setValue', value: '10' });
    actor.send({ type: 'filters.apply' });
    const applied = select(actor.getSnapshot());
    const steps: ListFiltersEvent[] = [
      { type: 'filters.open' },
      { type: 'filters.search', text: 'sta' },
      { type: 'filters.pickColumn', column: 'status' },
      { type: 'filters.setValue', value: 'Shipped' },
    ];
    for (const step of steps) {
      actor.send(step);
      const view = select(actor.getSnapshot());
      expect(view.sort).toBe(applied.sort);
      expect(view.filters).toBe(applied.filters);
    }
    actor.send({ type: 'filters.apply' });
    const filtered = select(actor.getSnapshot());
    expect(filtered.filters).not.toBe(applied.filters);
    expect(filtered.filters).toEqual([...applied.filters, { column: 'status', operator: 'contains', value: 'Shipped' }]);
    expect(filtered.sort).toBe(applied.sort);
    actor.send({ type: 'list.sort', column: 'number' });
    const sorted = select(actor.getSnapshot());
    expect(sorted.sort).not.toBe(applied.sort);
    expect(sorted.sort).toEqual({ column: 'number', direction: 'asc' });
    expect(sorted.filters).toBe(filtered.filters);
  });
});

describe('the patients list, step by step', () => {
  const inspect = recordTransitions();
  const selectPatientList = listFiltersSelector(PATIENT_COLUMNS, DEFAULT_PATIENT_SORT);
  const patients = { defaultSort: DEFAULT_PATIENT_SORT };
  const nameEquals = { type: 'filters.remove', column: 'name', operator: 'equals' } as const;

  it('Next and Previous move the page; Previous stops at 1; a sort, a filter, a removed chip and Clear all go back to 1', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: patients }).start();
    const page = () => selectPatientList(actor.getSnapshot()).page;
    actor.send({ type: 'page.previous' });
    expect(page()).toBe(1);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.previous' });
    expect(page()).toBe(2);
    actor.send({ type: 'list.sort', column: 'dateOfBirth' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ page: 1, sort: { column: 'dateOfBirth', direction: 'asc' } });
    actor.send({ type: 'list.sort', column: 'dateOfBirth' });
    expect(selectPatientList(actor.getSnapshot()).sort).toEqual({ column: 'dateOfBirth', direction: 'desc' });

    const add = (column: 'name' | 'phone', operator: 'equals' | 'contains', value: string) => {
      actor.send({ type: 'page.next' });
      actor.send({ type: 'filters.open' });
      actor.send({ type: 'filters.pickColumn', column });
      actor.send({ type: 'filters.setOperator', operator });
      actor.send({ type: 'filters.setValue', value });
      actor.send({ type: 'filters.apply' });
      expect(page()).toBe(1);
    };
    add('name', 'equals', 'Ada Quinn');
    add('phone', 'contains', '555');
    add('name', 'equals', ' Ada ');
    expect(selectPatientList(actor.getSnapshot()).filters).toEqual([
      { column: 'name', operator: 'equals', value: 'Ada' },
      { column: 'phone', operator: 'contains', value: '555' },
    ]);
    actor.send({ type: 'page.next' });
    // A chip that is not there changes nothing, the page included.
    actor.send({ type: 'filters.remove', column: 'email', operator: 'contains' });
    expect(page()).toBe(2);
    actor.send(nameEquals);
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ page: 1, filters: [{ column: 'phone' }] });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'filters.clear' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ page: 1, filters: [], canClear: false });
  });

  it('closing the builder (a click outside) from either step keeps the applied filters and the page', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: patients }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'email' });
    actor.send({ type: 'filters.setValue', value: 'mail' });
    actor.send({ type: 'filters.apply' });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.close' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ open: false, page: 2, filters: [{ column: 'email', value: 'mail' }] });
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'phone' });
    actor.send({ type: 'filters.setValue', value: '312' });
    actor.send({ type: 'filters.close' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ open: false, page: 2, filters: [{ column: 'email', value: 'mail' }] });
  });
});

describe('the same machine on the kit list (kits §2, §4)', () => {
  const inspect = recordTransitions();
  const selectKitFilters = listFiltersSelector(KIT_COLUMNS, DEFAULT_KIT_SORT);

  it('starts from the sort it is given, newest kits first, and sorts and filters by the kit columns', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: { defaultSort: DEFAULT_KIT_SORT } }).start();
    expect(selectKitFilters(actor.getSnapshot()).sort).toEqual({ column: 'createdAt', direction: 'desc' });
    actor.send({ type: 'list.sort', column: 'registeredAt' });
    expect(selectKitFilters(actor.getSnapshot()).sort).toEqual({ column: 'registeredAt', direction: 'asc' });
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'product' });
    actor.send({ type: 'filters.setOperator', operator: 'startsWith' });
    actor.send({ type: 'filters.setValue', value: 'Age ' });
    actor.send({ type: 'filters.apply' });
    expect(selectKitFilters(actor.getSnapshot()).filters).toEqual([{ column: 'product', operator: 'startsWith', value: 'Age' }]);
  });

  it('gives back only the list’s own columns: a name outside them is left out, and a sort by one falls back to the default', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: { defaultSort: DEFAULT_KIT_SORT } }).start();
    actor.send({ type: 'list.sort', column: 'shippingType' });
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'customer' });
    expect(selectKitFilters(actor.getSnapshot())).toMatchObject({ sort: DEFAULT_KIT_SORT, column: null, editingValue: true });
    actor.send({ type: 'filters.setValue', value: 'Lee' });
    actor.send({ type: 'filters.apply' });
    expect(actor.getSnapshot().context.filters).toHaveLength(1);
    expect(selectKitFilters(actor.getSnapshot()).filters).toEqual([]);
  });
});

describe('the orders list’s date range and status choice (issue 40), step by step', () => {
  const inspect = recordTransitions();
  const select = listFiltersSelector(ORDER_COLUMNS, DEFAULT_ORDER_SORT);
  const input = { defaultSort: DEFAULT_ORDER_SORT, kinds: ORDER_FILTER_KINDS };

  it('an order date range that ends before it starts is refused with words; a right one applies as one equals filter', () => {
    const actor = createActor(listFiltersMachine, { inspect, input }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'orderDate' });
    expect(select(actor.getSnapshot())).toMatchObject({
      kind: FilterKind.dateRange,
      operator: 'equals',
      valueProblem: null,
      canApply: false,
    });
    actor.send({ type: 'filters.setValue', value: dateRangeValue('2026-10-18', '2026-10-01') });
    expect(select(actor.getSnapshot())).toMatchObject({
      canApply: false,
      valueProblem: 'The end date must be on or after the start date.',
    });
    actor.send({ type: 'filters.apply' });
    expect(select(actor.getSnapshot())).toMatchObject({ editingValue: true, filters: [] });
    const october = dateRangeValue('2026-10-01', '2026-10-18');
    actor.send({ type: 'filters.setValue', value: october });
    actor.send({ type: 'filters.apply' });
    expect(select(actor.getSnapshot()).filters).toEqual([{ column: 'orderDate', operator: 'equals', value: october }]);
  });

  it('the status is a choice: picked, it is an equals filter; the list starts from what its address holds', () => {
    const initial = {
      sort: { column: 'number', direction: 'asc' } as const,
      filters: [{ column: 'customer', operator: 'contains', value: 'Lee' } as const],
    };
    const actor = createActor(listFiltersMachine, { inspect, input: { ...input, initial } }).start();
    expect(select(actor.getSnapshot())).toMatchObject({ sort: initial.sort, filters: initial.filters, page: 1 });
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.pickColumn', column: 'status' });
    expect(select(actor.getSnapshot())).toMatchObject({ kind: FilterKind.choice, operator: 'equals' });
    actor.send({ type: 'filters.setValue', value: 'Pending Payment' });
    actor.send({ type: 'filters.apply' });
    expect(select(actor.getSnapshot()).filters).toContainEqual({ column: 'status', operator: 'equals', value: 'Pending Payment' });
    actor.send({ type: 'list.restore', sort: DEFAULT_ORDER_SORT, filters: [] });
    expect(select(actor.getSnapshot())).toMatchObject({ sort: DEFAULT_ORDER_SORT, filters: [] });
  });
});
