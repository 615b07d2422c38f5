import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserType } from '../../src/model/enums';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceSummary, userRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';
import { clock } from '../../src/services/platform/clock';

// The page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/patient-portal/kit-status/kit-status.view');

afterEach(() => vi.restoreAllMocks());

const day = (month: number, date: number) => `2026-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}T09:00:00Z`;

/** As a service answers GET /Kits/My: unknown fields added, optional ones left out. */
const kit = (barcode: string, more: Record<string, unknown>) => ({
  uid: `uid-${barcode}`,
  barcode,
  createdAt: day(1, 2),
  statusHistory: [
    { status: 2, date: day(1, 3) },
    { status: 3, date: day(1, 10) },
    { status: 4, date: day(1, 20) },
    { status: 6, date: day(1, 22) },
  ],
  status: { status: 6, date: day(1, 22) },
  labNotes: 'ignored',
  ...more,
});

/** The page's today: before every kit's ETA unless a test says otherwise. */
const TODAY = new Date('2026-02-01T12:00:00Z');

/** In Sample Processing since Jan 20: 4 weeks on is Feb 17. */
const PROCESSING = kit('TRU-2002', { product: { id: 1, name: 'Biological Age Test' } });
const READY = kit('TRU-1001', {
  status: { status: 17, date: day(2, 10) },
  reports: [
    { type: 200, name: 'TruAge' },
    { type: 5, name: 'Telomere' },
  ],
});
/** A QC failure rerun since and ready: history, no Error badge. */
const RERUN_READY = kit('TRU-5005', {
  status: { status: 17, date: day(2, 10) },
  statusHistory: [
    { status: 3, date: day(1, 10) },
    { status: 44, date: day(1, 21) },
    { status: 25, date: day(1, 23) },
    { status: 17, date: day(2, 10) },
  ],
  samples: [
    { status: 15, processingDate: day(1, 21) },
    { status: 100, processingDate: day(2, 5) },
  ],
  product: { id: 79, name: 'Health Test' },
});
/** A QC failure, the latest result: rerun, 2 weeks more (Mar 3). */
const QC_FAILED = kit('TRU-4004', { samples: [{ status: 15, processingDate: day(1, 21) }] });
const ORIGINAL = kit('TRU-0001', { samples: [{ status: 10, processingDate: day(1, 21) }] });
const REPLACEMENT = kit('TRU-3003', {
  createdAt: day(1, 25),
  status: { status: 2, date: day(1, 26) },
  statusHistory: [{ status: 2, date: day(1, 26) }],
  source: { uid: 'uid-TRU-0001', barcode: 'TRU-0001' },
});
const SEVERAL = [READY, PROCESSING, QC_FAILED, ORIGINAL, REPLACEMENT];

type Route = (call: RecordedCall) => Response | Promise<Response>;
type KitsRoute = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>;

function open({
  kits = () => json(SEVERAL),
  one = (call) => json([...SEVERAL, RERUN_READY].find((each) => call.url === `/portalApi/Kits/${each.barcode}/My`) ?? null),
  report = () => json({ presignedUrl: 'https://reports.example.test/r/1' }),
  showReportsToPatients = true,
  width,
  today = TODAY,
}: { kits?: KitsRoute; one?: Route; report?: Route; showReportsToPatients?: boolean; width?: number; today?: Date } = {}) {
  vi.spyOn(clock, 'now').mockReturnValue(today);
  const patient = practiceAccount({ userType: UserType.Patient });
  const api = fakePortalApi({
    practice: practiceSummary({ showReportsToPatients }),
    me: userRecord({ userType: UserType.Patient }),
    routes: {
      'POST /portalApi/Reports/': report,
      ...Object.fromEntries([...SEVERAL, RERUN_READY].map((each) => [`GET /portalApi/Kits/${each.barcode}/My`, one])),
    },
  });
  return renderApp({
    path: '/kit-status',
    user: sessionUser({ userType: UserType.Patient, practice: patient, practices: [patient] }),
    // The spinner test answers never: the call's signal is handed on.
    respond: (call, signal) => (call.url === '/portalApi/Kits/My' ? kits(call, signal) : api(call, signal)),
    width,
  });
}

const card = (barcode: string) => screen.getByRole('article', { name: barcode });
const steps = (root: HTMLElement, name = 'Kit steps') => within(within(root).getByRole('list', { name })).getAllByRole('listitem');

describe('the patient Kit Status page (kits §2 "Patient Kit Status screen")', () => {
  it('shows a spinner while the kits load', async () => {
    open({ kits: (_call, signal) => never(signal) });
    expect(await screen.findByRole('heading', { name: 'Kit Status' })).toBeTruthy();
    expect((await screen.findByText('Loading kits')).closest('[role="status"]')).not.toBeNull();
  });

  it('says "Error: {message}" when the kits cannot be loaded, with the fallback for an answer outside the contract', async () => {
    open({ kits: () => json({ error: { message: 'Kits are resting' }, correlationId: 'c-9' }, 400) });
    expect(await screen.findByText(/^Error: Kits are resting/)).toBeTruthy();
  });

  it('says "Error: Failed to load my kits" for an answer it cannot read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open({ kits: () => json({ items: [] }) });
    expect(await screen.findByText('Error: Failed to load my kits')).toBeTruthy();
  });

  it('without kits says "No kits found. Please register a kit to get started."', async () => {
    open({ kits: () => json([]) });
    expect(await screen.findByText('No kits found. Please register a kit to get started.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your kits' })).toBeNull();
  });

  it('one kit: its tracker inline, the four steps with number, title, state or date, ETA and typical duration', async () => {
    open({ kits: () => json([PROCESSING]) });
    const tracker = await screen.findByRole('region', { name: 'TRU-2002' });
    expect(within(tracker).getByRole('heading', { level: 3, name: 'TRU-2002' })).toBeTruthy();
    expect(within(tracker).getByText('Biological Age Test')).toBeTruthy();
    expect(within(tracker).getByText('Sample Processing', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(tracker).getByText('Step 3 of 4')).toBeTruthy();
    // The kit's ETA beside its step, and again on the steps it is for.
    expect(within(tracker).getAllByText('ETA Feb 17, 2026')).toHaveLength(3);
    const items = steps(tracker);
    expect(items.map((item) => item.textContent)).toEqual([
      '1RegisteredCompletedJan 3, 2026Typical duration: 3-5 weeks',
      '2Sample ReceivedCompletedJan 10, 2026Typical duration: 3-4 weeks',
      '3Sample ProcessingIn ProgressETA Feb 17, 2026Typical duration: 2-4 weeks',
      '4Result ReadyUpcomingETA Feb 17, 2026',
    ]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(screen.queryByRole('list', { name: 'Your kits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Details' })).toBeNull();
  });

  it('several kits: a card each with barcode, status badge, Error badge, "Step x of n", "Done" or "ETA {x}" and its button', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Your kits' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((each) => each.textContent),
    ).toEqual([
      'TRU-1001Result ReadyStep 4 of 4DoneView Results',
      'TRU-2002Biological Age TestSample ProcessingStep 3 of 4ETA Feb 17, 2026View Details',
      'TRU-4004Sample ProcessingErrorStep 3 of 4ETA Mar 3, 2026View Details',
      // Replaced: no ETA is promised.
      'TRU-0001Sample ProcessingErrorStep 3 of 4View Details',
      // Registered on Jan 26: 5, 4 and 4 weeks on.
      'TRU-3003RegisteredStep 1 of 4ETA Apr 27, 2026View Details',
    ]);
    expect(within(card('TRU-1001')).getByRole('button', { name: 'View Results' }).getAttribute('aria-haspopup')).toBe('dialog');
    // The trackers wait for a click: no kit is read on its own yet.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an ETA already past says "Delayed — taking longer than usual" on the card and in the tracker, never the date gone by (issue 41)', async () => {
    open({ kits: () => json([PROCESSING]), today: new Date('2026-02-20T12:00:00Z') });
    const tracker = await screen.findByRole('region', { name: 'TRU-2002' });
    expect(within(tracker).getAllByText('Delayed — taking longer than usual')).toHaveLength(3);
    expect(within(tracker).queryByText(/Feb 17, 2026/)).toBeNull();
    expect(within(tracker).queryByText(/^ETA /)).toBeNull();
  });

  it('a kit rerun after a failed quality check and ready since: no Error badge, the rerun in its history (issue 41)', async () => {
    const { user } = open({ kits: () => json([RERUN_READY, PROCESSING]) });
    const rerun = await screen.findByRole('article', { name: 'TRU-5005' });
    expect(rerun.textContent).toBe('TRU-5005Health TestResult ReadyStep 4 of 4DoneView Results');
    await user.click(within(rerun).getByRole('button', { name: 'View Results' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-5005' });
    expect(within(panel).queryByText('Error')).toBeNull();
    expect(within(panel).queryByText(/^Sample Failed/)).toBeNull();
    expect(within(steps(panel)[2]!).getByText('Rerun after a failed quality check')).toBeTruthy();
  });

  it('a card’s button opens the side panel with that kit’s tracker, read afresh by its barcode', async () => {
    const { user, calls } = open();
    await user.click(within(await screen.findByRole('article', { name: 'TRU-4004' })).getByRole('button', { name: 'View Details' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-4004' });
    await waitFor(() => expect(calls.some((call) => call.url === '/portalApi/Kits/TRU-4004/My')).toBe(true));
    const current = steps(panel).find((item) => item.getAttribute('aria-current') === 'step');
    expect(within(current!).getByText('Error')).toBeTruthy();
    expect(
      within(current!).getByText('Sample Failed: The sample failed quality control and is being rerun, which adds 2 weeks.'),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('the panel closes on Escape and on its X', async () => {
    const { user } = open();
    const button = within(await screen.findByRole('article', { name: 'TRU-2002' })).getByRole('button', { name: 'View Details' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'TRU-2002' });
    // Focus moves into the panel and back to the button once antd's motion ends, which happy-dom never sees through:
    // the browser journey checks it, and the backdrop.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'TRU-2002' })).toBeNull());
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'TRU-2002' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'TRU-2002' })).toBeNull());
  });

  it('the panel says "Error: {message}" when the kit cannot be read afresh', async () => {
    const { user } = open({ one: () => json({ error: { message: 'Kit not found' } }, 404) });
    await user.click(within(await screen.findByRole('article', { name: 'TRU-2002' })).getByRole('button', { name: 'View Details' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-2002' });
    expect(await within(panel).findByText(/^Error: Kit not found/)).toBeTruthy();
  });

  it('a replacement kit says which kit it replaces; the original says it was replaced, with its history behind a toggle', async () => {
    const { user } = open();
    await user.click(within(await screen.findByRole('article', { name: 'TRU-3003' })).getByRole('button', { name: 'View Details' }));
    const replacement = await screen.findByRole('dialog', { name: 'TRU-3003' });
    expect(await within(replacement).findByText('This kit replaces TRU-0001 (failed during processing)')).toBeTruthy();
  });

  it('a replaced original: "Original Kit (Replaced)", its text, and the history ending in "Ordered" (5) from the replacement’s creation', async () => {
    const { user } = open({ kits: () => json([ORIGINAL, REPLACEMENT]) });
    const cardOf = await screen.findByRole('article', { name: 'TRU-0001' });
    await user.click(within(cardOf).getByRole('button', { name: 'View Details' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-0001' });
    expect(within(panel).getByText('Original Kit (Replaced)')).toBeTruthy();
    expect(within(panel).getByText('This kit was replaced due to a processing failure and is no longer in use.')).toBeTruthy();
    expect(within(panel).queryByRole('list', { name: 'Kit steps' })).toBeNull();
    expect(within(panel).getByText(/^Replaced by/).textContent).toBe('Replaced by TRU-3003');
    const toggle = within(panel).getByRole('button', { name: 'Show History' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.textContent).toBe('Hide History');
    expect(steps(panel, 'Kit history').map((item) => item.textContent)).toEqual([
      '1RegisteredCompletedJan 3, 2026Typical duration: 3-5 weeks',
      '2Sample ReceivedCompletedJan 10, 2026Typical duration: 3-4 weeks',
      '3Sample ProcessingFailedErrorTypical duration: 2-4 weeksSample Failed: There was not enough specimen. A new kit will be sent to recollect the sample.',
      '5OrderedCompletedJan 25, 2026',
    ]);
  });

  it('a replaced original’s "Replaced by" link opens the replacement in the panel (issue 41)', async () => {
    const { user } = open({ kits: () => json([ORIGINAL, REPLACEMENT]) });
    await user.click(within(await screen.findByRole('article', { name: 'TRU-0001' })).getByRole('button', { name: 'View Details' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-0001' });
    await user.click(within(panel).getByRole('button', { name: 'TRU-3003' }));
    const replacement = await screen.findByRole('dialog', { name: 'TRU-3003' });
    expect(await within(replacement).findByText('This kit replaces TRU-0001 (failed during processing)')).toBeTruthy();
  });

  it('writes "Invalid Date" for a date it cannot read', async () => {
    const replacement = { ...REPLACEMENT, createdAt: 'sometime in January' };
    const { user } = open({ kits: () => json([ORIGINAL, replacement]), one: () => json(ORIGINAL) });
    await user.click(within(await screen.findByRole('article', { name: 'TRU-0001' })).getByRole('button', { name: 'View Details' }));
    const panel = await screen.findByRole('dialog', { name: 'TRU-0001' });
    await user.click(within(panel).getByRole('button', { name: 'Show History' }));
    expect(steps(panel, 'Kit history').at(-1)?.textContent).toBe('5OrderedCompletedInvalid Date');
  });
});

describe('a ready kit’s reports (kits §4 "Report download", §6)', () => {
  it('offers the current reports and the legacy ones under "Legacy Reports (n)"; a report opens as HTML on a desktop, with no toast', async () => {
    const tab = { location: { replace: vi.fn() }, close: vi.fn(), closed: false, opener: window };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, calls } = open({ kits: () => json([READY]) });
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(within(reports).getByRole('heading', { level: 4, name: 'Reports' })).toBeTruthy();
    expect(
      within(reports)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['TruAge', 'Legacy Reports (1)']);
    await user.click(within(reports).getByRole('button', { name: 'Legacy Reports (1)' }));
    expect(within(reports).getByRole('button', { name: 'Telomere' })).toBeTruthy();

    await user.click(within(reports).getByRole('button', { name: 'TruAge' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://reports.example.test/r/1'));
    expect(calls.filter((call) => call.url === '/portalApi/Reports/').map((call) => call.body)).toEqual([
      { kitId: 'TRU-1001', reportType: 200, renderStrategy: 10, renderDetails: 1 },
    ]);
    // Kits §4: only the provider-side flow says "Report generated successfully".
    expect(screen.queryByText('Report generated successfully')).toBeNull();
  });

  it('a report asked for on a phone is a PDF; a failure closes the tab with no message', async () => {
    const tab = { location: { replace: vi.fn() }, close: vi.fn(), closed: false, opener: window };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, calls } = open({
      kits: () => json([READY]),
      report: () => json({ error: { message: 'Renderer is down' } }, 500),
      width: 375,
    });
    await user.click(await screen.findByRole('button', { name: 'TruAge' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(calls.filter((call) => call.url === '/portalApi/Reports/').map((call) => call.body)).toEqual([
      { kitId: 'TRU-1001', reportType: 200, renderStrategy: 20, renderDetails: 1 },
    ]);
    expect(screen.queryByText(/Renderer is down/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no report buttons when the practice does not show reports to patients', async () => {
    open({ kits: () => json([READY]), showReportsToPatients: false });
    const tracker = await screen.findByRole('region', { name: 'TRU-1001' });
    expect(within(tracker).getByText('Done')).toBeTruthy();
    expect(within(tracker).getByText('Ready')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reports' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'TruAge' })).toBeNull();
  });
});
