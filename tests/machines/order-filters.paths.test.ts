import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { orderFiltersMachine, type OrderFiltersEvent } from '../../src/machines/orders/order-filters.machine';
import { selectOrderFilters } from '../../src/machines/orders/order-filters.selectors';
import { describePaths, recordTransitions } from '../support/path-tests';

const statusEquals = { type: 'filters.remove', column: 'status', operator: 'equals' } as const;

describePaths(orderFiltersMachine, {
  name: 'orders list query (ordering §2): remote sort by header, and the filter builder with its chips',
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
  check: { context: true, tags: true },
  afterPath: ({ snapshot, path }) => {
    const view = selectOrderFilters(snapshot);
    const events = path.steps.map(({ event }) => event as OrderFiltersEvent);
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
    const actor = createActor(orderFiltersMachine, { inspect }).start();
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
    const actor = createActor(orderFiltersMachine, { inspect }).start();
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
