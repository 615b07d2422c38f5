import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FulfilmentType, UnitType } from '../../src/model/enums';
import { kitKeys } from '../../src/services/kits/queries';
import { json, never } from '../support/fake-fetch';
import { screen } from '../support/render-app';
import { KIT, open, PATH, rows } from './kit-detail-fixture';
import { queryClient } from '../../src/services/http/query-client';

// The detail page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/kits/detail/kit-detail.view');

afterEach(() => vi.restoreAllMocks());

describe('the kit detail page (kits §2 "Kit detail")', () => {
  it('shows the title, status pill, registrant, the HCP card, the current reports, the legacy toggle and the diagnostics', async () => {
    const { calls } = open();
    expect(await screen.findByRole('heading', { name: 'Kit Details: TRU-1001' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Kit Details: TRU-1001/));
    expect(screen.getByRole('link', { name: 'Back to Kits' }).getAttribute('href')).toBe('/kits');
    expect(screen.getByRole('button', { name: 'Status: Sample Processing. Show processing status' })).toBeTruthy();
    // In the header, and again in the HCP card.
    expect(screen.getAllByText('Ada Byron')).toHaveLength(2);
    // A date of birth is the day as written.
    expect(screen.getByText('Apr 12, 1980')).toBeTruthy();
    expect(screen.queryByText('Sample Failed')).toBeNull();
    expect(screen.queryByText(/^Delayed/)).toBeNull();

    const card = await screen.findByText('Kit & Product Information');
    const info = card.closest('.ant-card') as HTMLElement;
    const terms = [...info.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Kit ID', 'TRU-1001'],
      ['Order Number', '30003'],
      ['Status', 'Sample Processing'],
      ['Created Date', 'Jan 2, 2026'],
      ['Registered Date', 'Jan 3, 2026'],
      ['Registrant', 'Ada Byron'],
      ['Product', 'TruAge Complete'],
      ['Description', 'Biological age from one sample.'],
    ]);

    expect(screen.getByRole('heading', { name: 'Available Reports' })).toBeTruthy();
    expect(rows(screen.getByRole('table', { name: 'Available reports' }))).toEqual(['TruAgeDownload', 'TruHealthDownload']);
    expect(screen.getByRole('button', { name: 'Show Legacy Reports (2)' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Legacy reports' })).toBeNull();
    expect(screen.getByRole('button', { name: /Download \(0\)/ }).hasAttribute('disabled')).toBe(true);

    expect(screen.getByRole('heading', { name: 'Diagnostics Files' })).toBeTruthy();
    const file = screen.getByRole('link', { name: 'run-7.idat (opens in a new tab)' });
    expect([file.getAttribute('href'), file.getAttribute('target'), file.getAttribute('rel')]).toEqual([
      '/files/run-7.idat?sig=abc',
      '_blank',
      'noopener noreferrer',
    ]);
    const download = screen.getByRole('link', { name: 'Download run-7.idat' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual(['/files/run-7.idat?sig=abc', 'run-7.idat']);
    expect(calls.filter((call) => call.url === '/portalApi/Kits/TRU-1001')).toHaveLength(1);
  });

  it("a sample registered by a manifest shows its row under the template's column names; a kit without one shows no such card", async () => {
    const sample = {
      collectionDate: '2026-01-02',
      dateOfBirth: '1980-04-12',
      sex: 'F',
      clinicId: 'LAB1',
      type: null,
      concentration: 50,
      volume: null,
      patientExternalId: 'P-77',
    };
    open({ kit: () => json({ ...KIT, manifestSample: sample }) });
    const card = (await screen.findByText('Sample Details')).closest('.ant-card') as HTMLElement;
    const terms = [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Date of Collection', 'Jan 2, 2026'],
      ['DOB', 'Apr 12, 1980'],
      ['Sex', 'Female'],
      ['Clinic ID', 'LAB1'],
      ['Concentration (ug/mL)', '50'],
      ['Patient External ID', 'P-77'],
    ]);
  });

  it('a kit the service sends without a manifest row has no "Sample Details"', async () => {
    open();
    expect(await screen.findByText('Kit & Product Information')).toBeTruthy();
    expect(screen.queryByText('Sample Details')).toBeNull();
  });

  it('the status pill opens "Processing Status": the four steps, the last one reached highlighted', async () => {
    const { user } = open();
    const pill = await screen.findByRole('button', { name: /^Status: Sample Processing/ });
    await user.click(pill);
    const modal = await screen.findByRole('dialog', { name: 'Processing Status' });
    const steps = within(within(modal).getByRole('list', { name: 'Processing steps' })).getAllByRole('listitem');
    expect(
      steps.map((step) =>
        within(step)
          .getAllByText(/./)
          .slice(0, 2)
          .map((node) => node.textContent),
      ),
    ).toEqual([
      ['Registered', 'Completed'],
      ['Sample Received', 'Completed'],
      ['Sample Processing', 'Current'],
      ['Result Ready', 'Upcoming'],
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(within(steps[2]!).getByText('Jan 20, 2026 9:00 AM')).toBeTruthy();
    expect(within(steps[2]!).getByText('The lab is processing the sample.')).toBeTruthy();
    expect(within(steps[2]!).getByText('Typical duration: 2-4 weeks')).toBeTruthy();
    // Issue 41: the end is no stretch of time, so Result Ready promises no "Typical duration: Done".
    expect(within(steps[3]!).queryByText(/^Typical duration/)).toBeNull();
    // Closing (Escape, Close) and focus going back to the pill wait for the modal's motion, which happy-dom never
    // ends: the browser journey checks them.
    expect(within(modal).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('a failed sample shows the error badge and "Sample Failed" with the latest failure’s reason on the last entry', async () => {
    const failed = {
      ...KIT,
      samples: [
        { status: 10, processingDate: '2026-01-21T09:00:00' },
        { status: 15, processingDate: '2026-01-23T09:00:00' },
      ],
    };
    const { user } = open({ kit: () => json(failed) });
    expect(await screen.findByText('Sample Failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Status:/ }));
    const modal = await screen.findByRole('dialog', { name: 'Processing Status' });
    const current = within(modal)
      .getAllByRole('listitem')
      .find((step) => step.getAttribute('aria-current') === 'step');
    expect(within(current!).getByText('Sample Failed')).toBeTruthy();
    expect(within(current!).getByText('The sample failed quality control and is being rerun, which adds 2 weeks.')).toBeTruthy();
  });

  it('Result Ready says the physical or the digital practice’s message', async () => {
    const ready = { ...KIT, status: { status: 17, date: '2026-02-20T09:00:00' } };
    const { user } = open({ kit: () => json(ready), fulfilmentType: FulfilmentType.Digital });
    await user.click(await screen.findByRole('button', { name: 'Status: Result Ready. Show processing status' }));
    const modal = await screen.findByRole('dialog', { name: 'Processing Status' });
    expect(await within(modal).findByText('Contact your account rep to get further details on deliverable timelines')).toBeTruthy();
  });

  it('a replacement kit warns that it replaces its source, with the link to that kit; its first step reads Ordered', async () => {
    const replacement = { ...KIT, source: { uid: 'kit-uid-0', barcode: 'TRU-0001' } };
    const { user } = open({ kit: () => json(replacement) });
    const link = await screen.findByRole('link', { name: 'TRU-0001' });
    expect(link.getAttribute('href')).toBe('/kits/TRU-0001');
    expect(link.closest('.ant-alert')?.textContent).toBe('This kit replaces TRU-0001 (failed during processing)');
    await user.click(screen.getByRole('button', { name: /^Status:/ }));
    const modal = await screen.findByRole('dialog', { name: 'Processing Status' });
    expect(within(modal).getAllByRole('listitem')[0]?.textContent).toMatch(
      /^OrderedCompletedJan 2, 2026 8:00 AMThe replacement kit was ordered\./,
    );
  });

  it('shows and hides the legacy reports', async () => {
    const { user } = open();
    const toggle = await screen.findByRole('button', { name: 'Show Legacy Reports (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(rows(await screen.findByRole('table', { name: 'Legacy reports' }))).toEqual(['TelomereDownload', 'SymphonyAgeDownload']);
    expect(toggle.textContent).toBe('Hide Legacy Reports');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Legacy reports' })).toBeNull());
    expect(toggle.textContent).toBe('Show Legacy Reports (2)');
  });

  it('a kit whose expected date has passed says it is delayed, without the date gone by (the kit story)', async () => {
    open({}, undefined, new Date('2026-03-01T12:00:00'));
    // Sample Processing since Jan 20: 4 weeks is Feb 17, so on March 1 it is late.
    expect(await screen.findByText('Delayed — taking longer than usual')).toBeTruthy();
    expect(screen.queryByText(/expected by Feb 17/)).toBeNull();
  });

  it('a unit other than HCP sees no Kit & Product Information card; a kit without files says No Diagnostic available', async () => {
    open({ unitType: UnitType.CPS, kit: () => json({ ...KIT, diagnostics: null }) });
    expect(await screen.findByText('No Diagnostic available')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Available Reports' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download TruAge' })).toBeTruthy());
    expect(screen.queryByText('Kit & Product Information')).toBeNull();
  });

  it('the card’s product name opens the product information panel', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'TruAge Complete' }));
    const panel = await screen.findByRole('dialog', { name: 'Product Information' });
    expect(within(panel).getByText('Biological age from one sample.')).toBeTruthy();
  });

  it('shows a spinner while the kit loads', async () => {
    open({ kit: () => never(undefined) });
    await waitFor(() => expect(document.querySelector('.ant-spin')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: /Kit Details/ })).toBeNull();
  });

  it('an unknown barcode (404) shows the message and "Redirecting to kits list...", then the kits list', async () => {
    open({ kit: () => json({ error: { message: 'Kit not found' }, correlationId: 'c-404' }, 404) });
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Kit not found (Correlation ID: c-404)')).toBeTruthy();
    expect(within(box).getByText('Redirecting to kits list...')).toBeTruthy();
    expect(window.location.pathname).toBe(PATH);
    // After the named delay (3 s), not at once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(window.location.pathname).toBe(PATH);
    await waitFor(() => expect(window.location.pathname).toBe('/kits'), { timeout: 4_000 });
    expect(await screen.findByRole('heading', { name: 'Kit Status' })).toBeTruthy();
  });

  it('a failure with no message of its own (an answer outside the contract) says "Unknown error while fetching kit"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open({ kit: () => json({ barcode: 42, status: 'not a kit' }) });
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Unknown error while fetching kit')).toBeTruthy();
  });

  it('an answer without a kit says "No kit data available"', async () => {
    // kitsApi.get reads only a whole kit today; a service answering with nothing reaches the page as no data.
    queryClient.setQueryData(kitKeys.detail('TRU-1001'), null);
    open({ kit: () => never(undefined) });
    expect(await screen.findByText('No kit data available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Kits' })).toBeTruthy();
  });
});
