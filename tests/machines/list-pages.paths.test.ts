import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listFiltersMachine, type ListFiltersEvent } from '../../src/machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../src/machines/lists/list-filters.selectors';
import { DEFAULT_PATIENT_SORT, PATIENT_COLUMNS } from '../../src/model/patients/patient';
import { describePaths, recordTransitions } from '../support/path-tests';

/** The list machine with the patients list's columns, the one list shown a page at a time (Previous and Next). */
const selectPatientList = listFiltersSelector(PATIENT_COLUMNS, DEFAULT_PATIENT_SORT);
const patients = { defaultSort: DEFAULT_PATIENT_SORT };

const nameEquals = { type: 'filters.remove', column: 'name', operator: 'equals' } as const;

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

describePaths(listFiltersMachine, {
  input: patients,
  name: 'patients list query (kits §2, §4): sort by header, filter chips, Previous and Next, back to page 1 on a new query',
  events: {
    'list.sort': [{ type: 'list.sort', column: 'email' }],
    'filters.search': [{ type: 'filters.search', text: 'na' }],
    'filters.pickColumn': [{ type: 'filters.pickColumn', column: 'name' }],
    'filters.setOperator': [{ type: 'filters.setOperator', operator: 'equals' }],
    'filters.setValue': [
      { type: 'filters.setValue', value: '  Quinn ' },
      { type: 'filters.setValue', value: '   ' },
    ],
    'filters.remove': [nameEquals],
  },
  strategy: 'transitions',
  // The page only grows; pages beyond 3 behave as page 3 does.
  stateKey: (snapshot) => JSON.stringify({ ...snapshot.context, state: snapshot.value, page: Math.min(snapshot.context.page, 3) }),
  check: { tags: true },
  afterPath: ({ snapshot, path }) => {
    const view = selectPatientList(snapshot);
    const events = path.steps.map(({ event }) => event as ListFiltersEvent);
    // A header sorts ascending first and turns around on every further click; before any, name ascending.
    const sorts = events.filter((event) => event.type === 'list.sort').length;
    expect(view.sort).toEqual(
      sorts === 0 ? { column: 'name', direction: 'asc' } : { column: 'email', direction: sorts % 2 ? 'asc' : 'desc' },
    );
    expect(view.page).toBe(expectedPage(events));
    expect(view.canGoBack).toBe(view.page > 1);
    // Only trimmed, non-blank values become filters, one per column and operator.
    for (const filter of view.filters) expect(filter.value).toBe(filter.value.trim());
    expect(view.filters.every((filter) => filter.value.length > 0)).toBe(true);
    expect(new Set(view.filters.map((f) => `${f.column} ${f.operator}`)).size).toBe(view.filters.length);
    expect(view.open).toBe(view.pickingColumn || view.editingValue);
    expect(view.canApply).toBe(view.editingValue && view.value.trim().length > 0);
    expect(view.canClear).toBe(view.filters.length > 0);
    if (view.editingValue) expect(view.column).toBe('name');
    const last = events.at(-1);
    if (last?.type === 'filters.apply') expect(view.filters).toContainEqual({ column: 'name', operator: view.operator, value: 'Quinn' });
    if (last?.type === 'filters.clear') expect(view.filters).toEqual([]);
    if (last?.type === 'filters.remove') expect(view.filters.some((f) => f.column === 'name' && f.operator === 'equals')).toBe(false);
  },
});

describe('the patients list query, step by step', () => {
  const inspect = recordTransitions();

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

  it('a blank value is not applied and the builder stays open; Escape goes back a step, then closes', () => {
    const actor = createActor(listFiltersMachine, { inspect, input: patients }).start();
    actor.send({ type: 'filters.open' });
    actor.send({ type: 'filters.search', text: 'birth' });
    actor.send({ type: 'filters.pickColumn', column: 'dateOfBirth' });
    actor.send({ type: 'filters.setValue', value: '   ' });
    actor.send({ type: 'filters.apply' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ editingValue: true, canApply: false, filters: [] });
    actor.send({ type: 'filters.back' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ pickingColumn: true, open: true });
    actor.send({ type: 'filters.back' });
    expect(selectPatientList(actor.getSnapshot()).open).toBe(false);
    actor.send({ type: 'filters.open' });
    expect(selectPatientList(actor.getSnapshot())).toMatchObject({ search: '', column: null, value: '', operator: 'contains' });
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
