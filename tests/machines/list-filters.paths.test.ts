import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listFiltersMachine, type ListFiltersEvent } from '../../src/machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../src/machines/lists/list-filters.selectors';
import { DEFAULT_KIT_SORT, KIT_COLUMNS } from '../../src/model/kits/kit';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS } from '../../src/model/orders/order-list';
import { describePaths, recordTransitions } from '../support/path-tests';

/** One machine for every big list (orders, kits, team): walked here with the orders list's columns and default sort. */
const selectOrderFilters = listFiltersSelector(ORDER_COLUMNS, DEFAULT_ORDER_SORT);
const orders = { defaultSort: DEFAULT_ORDER_SORT };

const statusEquals = { type: 'filters.remove', column: 'status', operator: 'equals' } as const;

describePaths(listFiltersMachine, {
  name: 'a list query (ordering §2, kits §2): remote sort by header, and the filter builder with its chips',
  input: orders,
  events: {
    'list.sort': [{ type: 'list.sort', column: 'number' }],
    'filters.search': [{ type: 'filters.search', text: 'stat' }],
    'filters.pickColumn': [{ type: 'filters.pickColumn', column: 'status' }],
    'filters.setOperator': [{ type: 'filters.setOperator', operator: 'equals' }],
    'filters.setValue': [
      { type: 'filters.setValue', value: '  Shipped ' },
      { type: 'filters.setValue', value: '   ' },
    ],
    'filters.remove': [statusEquals],
  },
  strategy: 'transitions',
  // Next only grows the page (list-pages.paths.test.ts follows it); pages beyond 3 behave as page 3 does.
  stateKey: (snapshot) => JSON.stringify({ ...snapshot.context, state: snapshot.value, page: Math.min(snapshot.context.page, 3) }),
  check: { context: true, tags: true },
  afterPath: ({ snapshot, path }) => {
    const view = selectOrderFilters(snapshot);
    const events = path.steps.map(({ event }) => event as ListFiltersEvent);
    // A header sorts ascending first and turns around on every further click; before any, orderDate descending.
    const sorts = events.filter((event) => event.type === 'list.sort').length;
    expect(view.sort).toEqual(
      sorts === 0 ? { column: 'orderDate', direction: 'desc' } : { column: 'number', direction: sorts % 2 ? 'asc' : 'desc' },
    );
    // Only trimmed, non-blank values become filters, one per column and operator.
    for (const filter of view.filters) expect(filter.value).toBe(filter.value.trim());
    expect(view.filters.every((filter) => filter.value.length > 0)).toBe(true);
    expect(new Set(view.filters.map((f) => `${f.column} ${f.operator}`)).size).toBe(view.filters.length);
    // What the view may ask agrees with the builder's step.
    expect(view.open).toBe(view.pickingColumn || view.editingValue);
    expect(view.canApply).toBe(view.editingValue && view.value.trim().length > 0);
    expect(view.canClear).toBe(view.filters.length > 0);
    if (view.editingValue) expect(view.column).toBe('status');
    const last = events.at(-1);
    if (last?.type === 'filters.apply')
      expect(view.filters).toContainEqual({ column: 'status', operator: view.operator, value: 'Shipped' });
    if (last?.type === 'filters.clear') expect(view.filters).toEqual([]);
    if (last?.type === 'filters.remove') expect(view.filters.some((f) => f.column === 'status' && f.operator === 'equals')).toBe(false);
  },
});

describe('the filter builder, step by step', () => {
  const inspect = recordTransitions();

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

  it('a blank value is not applied and the builder stays open; Escape goes back a step, then closes', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: orders }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.search', text: 'ship' });
    actor.send({ type: 'filters.pickColumn', column: 'shippingType' });
    actor.send({ type: 'filters.setValue', value: '   ' });
    actor.send({ type: 'filters.apply' });
    expect(selectOrderFilters(actor.getSnapshot())).toMatchObject({ editingValue: true, canApply: false, filters: [] });
    actor.send({ type: 'filters.back' });
    expect(selectOrderFilters(actor.getSnapshot())).toMatchObject({ pickingColumn: true, open: true });
    actor.send({ type: 'filters.back' });
    expect(selectOrderFilters(actor.getSnapshot()).open).toBe(false);
    // Opening again starts a fresh filter: no leftover search, column or value.
    actor.send({ type: 'filters.open' });
    expect(selectOrderFilters(actor.getSnapshot())).toMatchObject({ search: '', column: null, value: '', operator: 'contains' });
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
