import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The list is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/patients/patients.view');

/** Patients as a service answers them: numeric ids, unknown fields added, optional ones missing or null. */
const PATIENTS = [
  {
    id: 1,
    uid: 'p-1',
    name: 'Ada Quinn',
    email: 'ada@mail.example',
    phone: '(312) 555-0110',
    dateOfBirth: '1984-05-12T00:00:00.000Z',
    mrn: 'x',
  },
  { id: 2, uid: 'p-2', name: null, email: null, phone: null, dateOfBirth: null },
  ...Array.from({ length: 12 }, (_, i) => ({
    id: i + 3,
    name: `Patient ${String(i + 3).padStart(2, '0')}`,
    email: `p${i + 3}@mail.example`,
  })),
];

const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://portal.test').searchParams);
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/portalApi/Patients?')).map(params);

/** Pages of ten; filters by name "contains"; with `total` unless told otherwise. */
function patientsApi(options: { total?: boolean; fail?: () => Response; items?: readonly object[] } = {}) {
  return fakePortalApi({
    routes: {
      'GET /portalApi/Patients': (call) => {
        if (options.fail) return options.fail();
        const query = params(call);
        const page = Number(query.page);
        const filters = query.filters ? (JSON.parse(query.filters) as { value: string }[]) : [];
        const all = (options.items ?? PATIENTS).filter((patient) =>
          filters.every((filter) =>
            String(Reflect.get(patient, 'name') ?? '')
              .toLowerCase()
              .includes(filter.value.toLowerCase()),
          ),
        );
        const items = all.slice((page - 1) * 10, page * 10);
        return json({ items, page, hasMore: page * 10 < all.length, ...(options.total === false ? {} : { total: all.length }) });
      },
    },
  });
}

const columnNames = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${text}`);
  return row;
};
const button = (name: string) => screen.getByRole('button', { name });

describe('the patients list (kits §2)', { timeout: 40_000 }, () => {
  it('shows Name, Email, Phone and Date of Birth for page 1 by name, with "Anonymous", "N/A" and the total', async () => {
    const { calls } = renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi() });
    expect(await screen.findByRole('heading', { name: 'Patients' })).toBeTruthy();
    expect(await screen.findByText('Ada Quinn')).toBeTruthy();
    expect(columnNames()).toEqual(['Name', 'Email', 'Phone', 'Date of Birth']);
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBe('ascending');
    expect(listCalls(calls)).toEqual([{ sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10' }]);
    const ada = rowOf('Ada Quinn');
    expect(within(ada).getByRole('link', { name: 'Ada Quinn' }).getAttribute('href')).toBe('/patients/1');
    expect(within(ada).getByRole('link', { name: 'ada@mail.example' }).getAttribute('href')).toBe('/patients/1');
    expect(within(ada).getByText('(312) 555-0110')).toBeTruthy();
    expect(within(ada).getByText('May 12, 1984')).toBeTruthy();
    const anonymous = rowOf('Anonymous');
    expect(within(anonymous).getByRole('link', { name: 'Anonymous' }).getAttribute('href')).toBe('/patients/2');
    expect(within(anonymous).getAllByText('N/A')).toHaveLength(3);
    expect(screen.getByText('14 row(s) total.')).toBeTruthy();
    expect(button('Previous').hasAttribute('disabled')).toBe(true);
    expect(button('Next').hasAttribute('disabled')).toBe(false);
  });

  it('moves with Next and Previous, Next ending on the last page', async () => {
    const { calls, user } = renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi() });
    await screen.findByText('Ada Quinn');
    await user.click(button('Next'));
    expect(await screen.findByText('Patient 14')).toBeTruthy();
    expect(listCalls(calls).map((call) => call.page)).toEqual(['1', '2']);
    expect(screen.queryByText('Ada Quinn')).toBeNull();
    await waitFor(() => expect(button('Next').hasAttribute('disabled')).toBe(true));
    expect(button('Previous').hasAttribute('disabled')).toBe(false);
    await user.click(button('Previous'));
    expect(await screen.findByText('Ada Quinn')).toBeTruthy();
    expect(button('Previous').hasAttribute('disabled')).toBe(true);
  });

  it('sorts by a header, ascending first then descending, each from page 1', async () => {
    const { calls, user } = renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi() });
    await screen.findByText('Ada Quinn');
    await user.click(button('Next'));
    await screen.findByText('Patient 14');
    await user.click(button('Email'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ sortColumn: 'email', sortDirection: 'asc', page: '1', pageSize: '10' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending'));
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBeNull();
    await user.click(button('Email'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ sortColumn: 'email', sortDirection: 'desc', page: '1', pageSize: '10' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('descending'));
  });

  it('filters with chips: a new filter goes back to page 1; a chip removes its filter, Clear all removes every one', async () => {
    const { calls, user } = renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi() });
    await screen.findByText('Ada Quinn');
    await user.click(button('Next'));
    await screen.findByText('Patient 14');
    await user.click(button('Filter'));
    await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'name{Enter}');
    const value = await screen.findByRole('textbox', { name: 'Value' });
    expect(button('Apply').hasAttribute('disabled')).toBe(true);
    await user.type(value, '   {Enter}');
    expect(screen.getByRole('textbox', { name: 'Value' })).toBeTruthy();
    await user.type(value, 'patient 1{Enter}');
    const nameFilter = JSON.stringify([{ column: 'name', operator: 'contains', value: 'patient 1' }]);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10', filters: nameFilter }),
    );
    expect(await screen.findByText('5 row(s) total.')).toBeTruthy();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Name contains "patient 1"')).toBeTruthy();
    await user.click(button('Remove filter Name contains "patient 1"'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    expect(await screen.findByText('14 row(s) total.')).toBeTruthy();

    for (const text of ['ada', 'quinn']) {
      await user.click(button('Filter'));
      await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'name{Enter}');
      await user.click(await screen.findByRole('combobox', { name: 'Operator' }));
      await user.click(await screen.findByTitle(text === 'ada' ? 'starts with' : 'ends with'));
      await user.type(await screen.findByRole('textbox', { name: 'Value' }), `${text}{Enter}`);
    }
    expect(within(await screen.findByRole('list', { name: 'Active filters' })).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(JSON.parse(listCalls(calls).at(-1)?.filters ?? '[]')).toHaveLength(2));
    await user.click(button('Clear all'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10' }));
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('without a total in the answer, tells the count only on the last page', async () => {
    const { user } = renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi({ total: false }) });
    await screen.findByText('Ada Quinn');
    expect(screen.queryByText(/row\(s\) total\./)).toBeNull();
    await user.click(button('Next'));
    expect(await screen.findByText('14 row(s) total.')).toBeTruthy();
  });

  it('says "No results." when there are none', async () => {
    renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi({ items: [] }) });
    expect(await screen.findByText('No results.')).toBeTruthy();
    expect(screen.getByText('0 row(s) total.')).toBeTruthy();
    expect(button('Next').hasAttribute('disabled')).toBe(true);
  });

  it('says "Error loading patients: {message}" when the page fails', async () => {
    const fail = () => json({ error: { message: 'Database is asleep' }, correlationId: 'c-1' }, 500);
    renderApp({ path: '/patients', user: sessionUser(), respond: patientsApi({ fail }) });
    expect(await screen.findByText(/^Error loading patients: Database is asleep/)).toBeTruthy();
  });

  it('shows a spinner while the first page loads', async () => {
    const api = patientsApi();
    renderApp({
      path: '/patients',
      user: sessionUser(),
      respond: (call, signal) => (call.url.startsWith('/portalApi/Patients') ? never(signal) : api(call, signal)),
    });
    expect((await screen.findByText('Loading patients')).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
