import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserType } from '../../src/model/enums';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceSummary, userRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/patient-portal/reports/reports.view');

afterEach(() => vi.restoreAllMocks());

const day = (month: number, date: number) => `2026-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}T09:00:00Z`;

/** As a service answers GET /Reports/My: result-ready kits, unknown fields added, optional ones left out. */
const ready = (barcode: string, product: string, readyOn: string, reports: { type: number; name: string }[]) => ({
  uid: `uid-${barcode}`,
  barcode,
  product: { name: product },
  statusHistory: [
    { status: 2, date: day(1, 3) },
    { status: 17, date: readyOn },
  ],
  status: { status: 17, date: readyOn },
  reports,
  labNotes: 'ignored',
});

const TRUAGE = ready('TRU-1001', 'TruAge Complete', day(3, 10), [
  { type: 200, name: 'TruAge' },
  { type: 5, name: 'Telomere' },
  { type: 9, name: 'MitoticClock' },
]);
const HEALTH = ready('TRU-2002', 'TruHealth Panel', day(2, 4), [{ type: 500, name: 'TruHealth' }]);
/** Not ready: a service that answers more than it should is not believed. */
const PROCESSING = { ...ready('TRU-3003', 'TruAge Complete', day(1, 20), []), status: { status: 6, date: day(1, 20) } };
const KITS = [TRUAGE, HEALTH, PROCESSING];

type ReportsRoute = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>;

function open({
  reports = () => json(KITS),
  report = () => json({ presignedUrl: 'https://reports.example.test/r/1' }),
  showReportsToPatients = true,
  width,
}: { reports?: ReportsRoute; report?: () => Response; showReportsToPatients?: boolean; width?: number } = {}) {
  const patient = practiceAccount({ userType: UserType.Patient });
  const api = fakePortalApi({
    practice: practiceSummary({ showReportsToPatients }),
    me: userRecord({ userType: UserType.Patient }),
    routes: { 'POST /portalApi/Reports/': report },
  });
  return renderApp({
    path: '/reports',
    user: sessionUser({ userType: UserType.Patient, practice: patient, practices: [patient] }),
    respond: (call, signal) => (call.url === '/portalApi/Reports/My' ? reports(call, signal) : api(call, signal)),
    width,
  });
}

const table = () => screen.findByRole('table', { name: 'Your result-ready kits' });
const bodyRows = (root: HTMLElement) =>
  within(root)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
const reportCalls = (calls: readonly RecordedCall[]) => calls.filter((call) => call.url === '/portalApi/Reports/').map((call) => call.body);
const openTab = () => {
  const tab = { location: { replace: vi.fn() }, close: vi.fn(), closed: false, opener: window };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
};

describe('the patient Reports page on a desktop (kits §2 "Patient Reports screen")', () => {
  it('lists the result-ready kits only, oldest result first, with KIT ID, PRODUCT, RESULT READY, REPORTS and the total', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'KIT ID', 'PRODUCT', 'RESULT READY', 'REPORTS']);
    expect(bodyRows(list)).toEqual(['TRU-2002TruHealth PanelFeb 4, 20261 Report(s)', 'TRU-1001TruAge CompleteMar 10, 20263 Report(s)']);
    expect(screen.getByText('2 row(s) total.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search by Kit ID, Product, or Date' })).toBeTruthy();
  });

  it('turns the result-ready sort with each click of its header, saying it with aria-sort', async () => {
    const { user } = open();
    const list = await table();
    const header = within(list).getByRole('columnheader', { name: /RESULT READY/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header).getByRole('button', { name: /RESULT READY/ }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows(list).map((row) => row?.slice(0, 8))).toEqual(['TRU-1001', 'TRU-2002']);
    await user.click(within(header).getByRole('button', { name: /RESULT READY/ }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows(list).map((row) => row?.slice(0, 8))).toEqual(['TRU-2002', 'TRU-1001']);
  });

  it('searches the barcode or the product name without regard to case, and says "No kits found." when nothing matches', async () => {
    const { user } = open();
    const list = await table();
    const search = screen.getByRole('textbox', { name: 'Search by Kit ID, Product, or Date' });
    await user.type(search, 'truhealth');
    expect(bodyRows(list).map((row) => row?.slice(0, 8))).toEqual(['TRU-2002']);
    expect(screen.getByText('1 row(s) total.')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'tru-1001');
    expect(bodyRows(list).map((row) => row?.slice(0, 8))).toEqual(['TRU-1001']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(within(list).getByText('No kits found.')).toBeTruthy();
    expect(screen.getByText('0 row(s) total.')).toBeTruthy();
    // What was typed stays: the search is the patient's until they change it.
    expect((search as HTMLInputElement).value).toBe('nothing like it');
  });

  it('expands a row to its report buttons, the legacy ones under "Legacy Reports (n)"; a report opens as HTML', async () => {
    const tab = openTab();
    const { user, calls } = open();
    const list = await table();
    const row = within(list).getByRole('row', { name: /TRU-1001/ });
    await user.click(within(row).getByRole('button', { name: 'Expand row' }));
    const group = await screen.findByRole('group', { name: 'Reports of TRU-1001' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['TruAge', 'Legacy Reports (2)']);
    await user.click(within(group).getByRole('button', { name: 'Legacy Reports (2)' }));
    expect(within(group).getByRole('button', { name: 'Telomere' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'MitoticClock' })).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'TruAge' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://reports.example.test/r/1'));
    expect(reportCalls(calls)).toEqual([{ kitId: 'TRU-1001', reportType: 200, renderStrategy: 10, renderDetails: 1 }]);
    expect(screen.queryByText('Report generated successfully')).toBeNull();
  });

  it('has no REPORTS column and no report buttons where the practice does not show reports to patients', async () => {
    open({ showReportsToPatients: false });
    const list = await table();
    // The practice is read after the kits: wait for its answer to have been applied.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['KIT ID', 'PRODUCT', 'RESULT READY']),
    );
    expect(bodyRows(list)).toEqual(['TRU-2002TruHealth PanelFeb 4, 2026', 'TRU-1001TruAge CompleteMar 10, 2026']);
    expect(screen.queryByRole('button', { name: 'Expand row' })).toBeNull();
  });

  it('shows a spinner while the kits load', async () => {
    open({ reports: (_call, signal) => never(signal) });
    expect((await screen.findByText('Loading reports')).closest('[role="status"]')).not.toBeNull();
  });

  it('says the server’s message when the reports cannot be loaded', async () => {
    open({ reports: () => json({ error: { message: 'Reports are resting' }, correlationId: 'c-9' }, 400) });
    expect(await screen.findByText(/^Error: Reports are resting/)).toBeTruthy();
  });

  it('says "Error: Unknown error while fetching my reports" for an answer outside the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open({ reports: () => json({ items: [] }) });
    expect(await screen.findByText('Error: Unknown error while fetching my reports')).toBeTruthy();
  });
});

describe('the patient Reports page on a phone', () => {
  it('shows cards with Kit ID and Result Ready, a sort button, and "{n} Report(s)" opening the buttons; a report is a PDF', async () => {
    const tab = openTab();
    const { user, calls } = open({ width: 375 });
    const list = await screen.findByRole('list', { name: 'Your result-ready kits' });
    const cards = () =>
      within(list)
        .getAllByRole('article')
        .map((card) => card.textContent);
    expect(cards()).toEqual(['Kit IDTRU-2002Result ReadyFeb 4, 20261 Report(s)', 'Kit IDTRU-1001Result ReadyMar 10, 20263 Report(s)']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('2 row(s) total.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Result Ready: oldest first' }));
    expect(cards().map((text) => text?.slice(6, 14))).toEqual(['TRU-1001', 'TRU-2002']);
    expect(screen.getByRole('button', { name: 'Result Ready: newest first' })).toBeTruthy();

    const card = within(list).getByRole('article', { name: 'TRU-1001' });
    const toggle = within(card).getByRole('button', { name: '3 Report(s)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(card).getByRole('button', { name: 'TruAge' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalled());
    expect(reportCalls(calls)).toEqual([{ kitId: 'TRU-1001', reportType: 200, renderStrategy: 20, renderDetails: 1 }]);
  });

  it('says "No kits found." without a ready kit', async () => {
    open({ width: 375, reports: () => json([PROCESSING]) });
    expect(await screen.findByText('No kits found.')).toBeTruthy();
    expect(screen.getByText('0 row(s) total.')).toBeTruthy();
  });

  it('closes the tab with no message when a report cannot be generated', async () => {
    const tab = openTab();
    const { user } = open({ width: 375, report: () => json({ error: { message: 'Renderer is down' } }, 500) });
    const card = await screen.findByRole('article', { name: 'TRU-2002' });
    await user.click(within(card).getByRole('button', { name: '1 Report(s)' }));
    await user.click(within(card).getByRole('button', { name: 'TruHealth' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(screen.queryByText(/Renderer is down/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
