import { fireEvent, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnitType } from '../../src/model/enums';
import { clock } from '../../src/services/platform/clock';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The list is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/kits/list/kits.view');

const TODAY = new Date('2026-06-01T12:00:00Z');
const day = (offset: number) => new Date(TODAY.getTime() + offset * 86_400_000).toISOString();

/** A kit as a service answers it in a list: numeric ids, unknown fields added, optional ones left out or null. */
function kit(n: number, status: number, extra: Record<string, unknown> = {}) {
  return {
    id: n,
    uid: `kit-${n}`,
    barcode: `KIT-${String(n).padStart(4, '0')}`,
    externalBarcode: n % 2 ? `EXT-${n}` : null,
    order: { orderNumber: 5000 + n },
    registeredAt: '2026-03-12T15:30:00',
    createdAt: '2026-03-10T09:00:00',
    status: { status, date: day(-2) },
    statusHistory: [
      { status: 2, date: '2026-03-12T15:30:00' },
      { status, date: day(-2) },
    ],
    registrant: { uid: `pat-${n}`, firstName: 'Patient', lastName: String(n), externalId: null },
    product: { id: 7, name: 'Biological Age Test', description: 'An epigenetic test of biological age.' },
    samples: [],
    reports: [],
    labNotes: 'ignored by the client',
    ...extra,
  };
}

const READY = kit(1, 17);
// In Sample Processing since 40 days ago: 12 days past the 4 weeks' upper bound.
const LATE = kit(2, 51, {
  statusHistory: [
    { status: 51, date: day(-40) },
    { status: 3, date: day(-50) },
    { status: 2, date: '2026-03-12T15:30:00' },
  ],
  status: { status: 51, date: day(-40) },
  product: { id: 8, name: 'Health Test', description: null },
});
const KITS = [READY, LATE, ...Array.from({ length: 13 }, (_, i) => kit(i + 3, i % 2 ? 3 : 51))];

const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://portal.test').searchParams);
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/portalApi/Kits?')).map(params);

function kitsApi(
  options: { unitType?: number; fail?: (call: RecordedCall) => Response | Promise<Response> | undefined; kits?: readonly object[] } = {},
) {
  const all = options.kits ?? KITS;
  return fakePortalApi({
    practice: practiceRecord({ unitType: options.unitType ?? UnitType.HCP }),
    routes: {
      'GET /portalApi/Kits': (call) => {
        const failed = options.fail?.(call);
        if (failed) return failed;
        const { page: raw, searchQuery } = params(call);
        const page = Number(raw);
        const found = searchQuery ? all.filter((each) => JSON.stringify(each).includes(searchQuery)) : all;
        return json({ items: found.slice((page - 1) * 10, page * 10), page, hasMore: page * 10 < found.length, totalCount: found.length });
      },
    },
  });
}

const render = (unitType: number = UnitType.HCP, respond = kitsApi({ unitType })) =>
  renderApp({ path: '/kits', user: sessionUser({ unitType }), respond });

/** What the page's status regions say: antd's Spin has no name of its own, so each says its label as text. */
const statusTexts = () => screen.queryAllByRole('status').map((status) => status.textContent);
const columnNames = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${text}`);
  return row;
};

/**
 * happy-dom lays nothing out, so the scroll area would measure 0 px and the virtual table would show no row;
 * it measures the 600 px of kits §9 here (and nothing is below it, so every page is asked for in turn).
 */
const measured = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('aria-label')?.endsWith('list, scroll to load more') ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (measured) Object.defineProperty(HTMLElement.prototype, 'clientHeight', measured);
});
beforeEach(() => {
  vi.spyOn(clock, 'now').mockReturnValue(TODAY);
});

describe('the kit list of a healthcare practice (kits §2, §5, §6)', { timeout: 40_000 }, () => {
  it('shows Kit Status, its subtitle, the checkout columns and a search box but no Filter; asks page 1 newest first, then the next', async () => {
    const { calls } = render();
    expect(await screen.findByRole('heading', { name: 'Kit Status' })).toBeTruthy();
    expect(screen.getByText('Monitor the status of all kits in the system')).toBeTruthy();
    expect(await screen.findByText('KIT-0001')).toBeTruthy();
    expect(columnNames()).toEqual(['Kit ID', 'Order Number', 'Registered Date', 'Patient', 'Product', 'Status', 'Results']);
    expect(screen.getByRole('textbox', { name: 'Search kits' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
    expect(listCalls(calls)[0]).toEqual({ sortColumn: 'createdAt', sortDirection: 'desc', page: '1', pageSize: '10' });
    await waitFor(() => expect(listCalls(calls).map((call) => call.page)).toEqual(['1', '2']));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Kit Status' }).getAttribute('aria-rowcount')).toBe(String(KITS.length + 1)),
    );

    const ready = rowOf('KIT-0001');
    expect(within(ready).getByRole('link', { name: 'KIT-0001' }).getAttribute('href')).toBe('/kits/KIT-0001');
    expect(within(ready).getByText('5001')).toBeTruthy();
    expect(within(ready).getByText('Mar 12, 2026')).toBeTruthy();
    expect(within(ready).getByText('Patient 1')).toBeTruthy();
    expect(within(ready).getByRole('link', { name: 'View Results' }).getAttribute('href')).toBe('/kits/KIT-0001');
    expect(within(ready).queryByText(/^Delayed/)).toBeNull();
    const late = rowOf('KIT-0002');
    expect(within(late).getByText('Coming Soon')).toBeTruthy();
    expect(within(late).queryByRole('link', { name: 'View Results' })).toBeNull();
    // Sample Processing for 40 days, 4 weeks typical: expected by May 20, twelve days ago, so no date is promised.
    expect(within(late).getByText('Delayed — taking longer than usual')).toBeTruthy();
    expect(within(late).getByRole('button', { name: 'Sample Processing: status history of kit KIT-0002' })).toBeTruthy();
  });

  it('searches 400 ms after typing stops: 1–2 characters send nothing and ask for 3, 3 or more are sent, an empty box sends none', async () => {
    const { calls, user } = render();
    await screen.findByText('KIT-0001');
    const box = screen.getByRole('textbox', { name: 'Search kits' });
    await user.type(box, 'KI');
    expect(await screen.findByText('Please enter at least 3 characters to search')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listCalls(calls).some((call) => 'searchQuery' in call)).toBe(false);
    await user.type(box, 'T-0002');
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({
        sortColumn: 'createdAt',
        sortDirection: 'desc',
        page: '1',
        pageSize: '10',
        searchQuery: 'KIT-0002',
      }),
    );
    expect(screen.queryByText('Please enter at least 3 characters to search')).toBeNull();
    await waitFor(() => expect(screen.queryByText('KIT-0001')).toBeNull());
    expect(screen.getByText('KIT-0002')).toBeTruthy();
    // Every search of the typing went out only once it settled: never a part of it.
    expect(
      listCalls(calls)
        .filter((call) => 'searchQuery' in call)
        .map((call) => call.searchQuery),
    ).toEqual(['KIT-0002']);
    await user.clear(box);
    expect(await screen.findByText('KIT-0001')).toBeTruthy();
    expect(screen.queryByText('Please enter at least 3 characters to search')).toBeNull();
    await user.type(box, 'nothing-like-it');
    expect(await screen.findByText('No kits match the search')).toBeTruthy();
  });

  it('sorts remotely by a header: ascending first, then descending, each from page 1', async () => {
    const { calls, user } = render();
    await screen.findByText('KIT-0001');
    await user.click(screen.getByRole('button', { name: 'Registered Date' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({ sortColumn: 'registeredAt', sortDirection: 'asc', page: '1', pageSize: '10' }),
    );
    await waitFor(() => expect(screen.getAllByRole('columnheader')[2]?.getAttribute('aria-sort')).toBe('ascending'));
    await user.click(screen.getByRole('button', { name: 'Registered Date' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({ sortColumn: 'registeredAt', sortDirection: 'desc', page: '1', pageSize: '10' }),
    );
    expect(within(screen.getAllByRole('columnheader')[6] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('the status cell opens "Kit Status History": each entry’s status and date, newest last', async () => {
    const { user } = render();
    await screen.findByText('KIT-0002');
    await user.click(screen.getByRole('button', { name: 'Sample Processing: status history of kit KIT-0002' }));
    const panel = await screen.findByRole('dialog', { name: 'Kit Status History' });
    expect(within(panel).getByText('KIT-0002')).toBeTruthy();
    const entries = within(within(panel).getByRole('list')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'RegisteredMar 12, 2026 3:30 PM',
      `Sample Received${dayjs(day(-50)).format('MMM D, YYYY h:mm A')}`,
      `Sample Processing${dayjs(day(-40)).format('MMM D, YYYY h:mm A')}`,
    ]);
    // The kit story's words, as on the kit page and the patient's tracker.
    expect(within(panel).getByText('Delayed — taking longer than usual')).toBeTruthy();
  });

  it('the product cell opens the product information: name and description', async () => {
    const { user } = render();
    await screen.findByText('KIT-0001');
    await user.click(screen.getByRole('button', { name: 'Biological Age Test: product information of kit KIT-0001' }));
    const panel = await screen.findByRole('dialog', { name: 'Product Information' });
    expect(within(panel).getByText('Biological Age Test')).toBeTruthy();
    expect(within(panel).getByText('An epigenetic test of biological age.')).toBeTruthy();
  });

  it('says "Error loading kits: {message}" when nothing loaded', async () => {
    render(UnitType.HCP, kitsApi({ fail: () => json({ error: { message: 'Database is asleep' }, correlationId: 'c-1' }, 500) }));
    expect(await screen.findByText(/^Error loading kits: Database is asleep/)).toBeTruthy();
  });

  it('"Try Again" reads the list again: once the server is back the kits are there', async () => {
    let down = true;
    const { user, calls } = render(
      UnitType.HCP,
      kitsApi({ fail: () => (down ? json({ error: { message: 'Database is asleep' }, correlationId: 'c-1' }, 500) : undefined) }),
    );
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Error loading kits: Database is asleep');
    down = false;
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('KIT-0001')).toBeTruthy();
    expect(screen.queryByText(/^Error loading kits/)).toBeNull();
    // The failed first page, then the first page again (the table may go on to the next once rows are there).
    expect(
      listCalls(calls)
        .slice(0, 2)
        .map((query) => query.page),
    ).toEqual(['1', '1']);
  });

  it('a failure without a message of its own says kits §8\'s "Unknown error while fetching kits"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(UnitType.HCP, kitsApi({ fail: () => json({ items: 'not a list', page: 1, hasMore: false }) }));
    expect(await screen.findByText('Error loading kits: Unknown error while fetching kits')).toBeTruthy();
  });

  it('keeps the rows when a later page fails, says so, and reads that page again with Try Again', async () => {
    let second = 0;
    const { calls } = render(
      UnitType.HCP,
      kitsApi({
        fail: (call) => (params(call).page === '2' && (second += 1) === 1 ? json({ message: 'Page two is gone' }, 500) : undefined),
      }),
    );
    expect(await screen.findByText(/^Error loading kits: Page two is gone/)).toBeTruthy();
    expect(screen.getByText('KIT-0001')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(listCalls(calls).filter((query) => query.page === '2')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull());
  });

  it('says so when there are no kits', async () => {
    render(UnitType.HCP, kitsApi({ kits: [] }));
    expect(await screen.findByText('No kits found')).toBeTruthy();
  });

  it('tells screen readers the first page is loading in a status region: "Loading kits..."', async () => {
    render(UnitType.HCP, kitsApi({ fail: () => never(undefined) }));
    await waitFor(() => expect(statusTexts()).toContain('Loading kits...'));
  });

  it('says "Loading more kits..." in a status region below the rows while the next page loads', async () => {
    render(UnitType.HCP, kitsApi({ fail: (call) => (params(call).page === '2' ? never(undefined) : undefined) }));
    expect(await screen.findByText('KIT-0001')).toBeTruthy();
    await waitFor(() => expect(statusTexts()).toContain('Loading more kits...'));
  });
});

describe('the kit list of the other units (kits §2, §6)', { timeout: 40_000 }, () => {
  it('CPS: Samples, its subtitle, Unique ID with the external barcode linking by barcode, no Patient, and filters', async () => {
    const { calls, user } = render(UnitType.CPS);
    expect(await screen.findByRole('heading', { name: 'Samples' })).toBeTruthy();
    expect(screen.getByText('Manage and track all your samples')).toBeTruthy();
    expect(await screen.findByText('EXT-1')).toBeTruthy();
    expect(columnNames()).toEqual(['Unique ID', 'Order Number', 'Registered Date', 'Product', 'Status', 'Results']);
    expect(screen.getByRole('link', { name: 'EXT-1' }).getAttribute('href')).toBe('/kits/KIT-0001');
    expect(screen.getByRole('link', { name: 'KIT-0002' }).getAttribute('href')).toBe('/kits/KIT-0002');
    expect(screen.queryByRole('textbox', { name: 'Search kits' })).toBeNull();

    // Find the column, Enter picks it; Apply Filter needs a value; Enter applies.
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'prod{Enter}');
    const value = await screen.findByRole('textbox', { name: 'Value' });
    expect(screen.getByRole('button', { name: 'Apply Filter' }).hasAttribute('disabled')).toBe(true);
    await user.type(value, '   {Enter}');
    expect(screen.getByRole('textbox', { name: 'Value' })).toBeTruthy();
    await user.type(value, 'Age{Enter}');
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({
        sortColumn: 'createdAt',
        sortDirection: 'desc',
        page: '1',
        pageSize: '10',
        filters: JSON.stringify([{ column: 'product', operator: 'contains', value: 'Age' }]),
      }),
    );
    const chips = () => within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('listitem');
    expect(chips().map((chip) => chip.textContent)).toEqual(['Product contains "Age"']);

    // The same column and operator replaces; Escape goes back a step.
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'unique{Enter}');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('textbox', { name: 'Find column...' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Find column...' }), '{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Value' }), 'KIT{Enter}');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'product{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Value' }), 'Health{Enter}');
    await waitFor(() => expect(chips().map((chip) => chip.textContent)).toEqual(['Product contains "Health"', 'Unique ID contains "KIT"']));
    await user.click(screen.getByRole('button', { name: 'Remove filter Unique ID contains "KIT"' }));
    await waitFor(() => expect(chips()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    await waitFor(() => expect(listCalls(calls).at(-1)?.filters).toBeUndefined());
  });

  it('IRC: Samples, "Manage and track all samples in the system", with Patient', async () => {
    render(UnitType.IRC);
    expect(await screen.findByRole('heading', { name: 'Samples' })).toBeTruthy();
    expect(screen.getByText('Manage and track all samples in the system')).toBeTruthy();
    await screen.findByText('KIT-0001');
    expect(columnNames()).toEqual(['Kit ID', 'Order Number', 'Registered Date', 'Patient', 'Product', 'Status', 'Results']);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('DTC: Kits, "Manage and track all kits in the system"', async () => {
    render(UnitType.DTC);
    expect(await screen.findByRole('heading', { name: 'Kits' })).toBeTruthy();
    expect(screen.getByText('Manage and track all kits in the system')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('textbox', { name: 'Find column...' })).toBeTruthy();
  });

  it('CPS with nothing yet says No samples found', async () => {
    render(UnitType.CPS, kitsApi({ unitType: UnitType.CPS, kits: [] }));
    expect(await screen.findByText('No samples found')).toBeTruthy();
  });
});
