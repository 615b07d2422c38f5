import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisArchiveText, AnalysisFileText } from '../../src/model/orders/analysis';
import { AnalysisPageText } from '../../src/model/orders/analysis-texts';
import type { Transfer, TransferListener } from '../../src/services/orders/analysis-upload';
import type { UploadOwner } from '../../src/services/orders/analysis-storage';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';
import { UserType } from '../../src/model/enums';

/** The tus transfer, scripted: the test says what the network did; the rest of the page is real. */
interface Started {
  file: File;
  owner: UploadOwner;
  listener: TransferListener;
  controls: { [K in keyof Transfer]: ReturnType<typeof vi.fn> };
}
const started: Started[] = [];

vi.mock('../../src/services/orders/analysis-upload', () => ({
  startTransfer: (file: File, owner: UploadOwner, listener: TransferListener): Transfer => {
    const controls = {
      pause: vi.fn(() => Promise.resolve()),
      resume: vi.fn(),
      cancel: vi.fn(() => Promise.resolve()),
      stop: vi.fn(),
    };
    started.push({ file, owner, listener, controls });
    return controls;
  },
}));

// The page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/analysis/analysis-upload.view');

const MB = 1024 * 1024;
const UPLOAD = '/portalApi/Analysis/Uploads/u-41';
const archive = () => new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], 'northgate-run-7.zip', { type: 'application/zip' });

function renderAnalysis(outcome: () => Response = () => json({ state: 'checking' })) {
  return renderApp({
    path: '/analysis',
    user: sessionUser(),
    respond: fakePortalApi({
      routes: {
        'GET /portalApi/Analysis/Uploads/u-41/Outcome': outcome,
        'HEAD /portalApi/Analysis/Uploads/u-40': () => new Response(null, { status: 200, headers: { 'Upload-Offset': String(12 * MB) } }),
      },
    }),
  });
}

/** The browser's file dialog: the drop zone's own file input. */
async function choose(file: File) {
  await screen.findByText(AnalysisPageText.dropTitle);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('The drop zone has no file input');
  expect(input.accept).toContain('.zip');
  fireEvent.change(input, { target: { files: [file] } });
}

async function transferStarted(): Promise<Started> {
  await vi.waitFor(() => expect(started).toHaveLength(1));
  const [transfer] = started;
  if (!transfer) throw new Error('No transfer started');
  return transfer;
}

beforeEach(() => {
  started.length = 0;
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('Analysis Upload (/analysis, issue 42)', () => {
  it('says what to send, the limit and the promise, with a drop zone for one .zip', async () => {
    renderAnalysis();
    expect(await screen.findByRole('heading', { level: 2, name: 'Analysis Upload' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What to send' })).toBeTruthy();
    for (const line of AnalysisPageText.whatToSend) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByText(/\{barcode\}_\{position\}_Grn\.idat/)).toBeTruthy();
    expect(screen.getByText(/Sentrix_ID and Sentrix_Position/)).toBeTruthy();
    expect(screen.getByText('Up to 5 GB per archive; send a larger set as several archives.')).toBeTruthy();
    expect(screen.getByText('Reports within 48 hours.')).toBeTruthy();
    expect(await screen.findByText(AnalysisPageText.dropTitle)).toBeTruthy();
    expect(screen.getByText(AnalysisPageText.dropHint)).toBeTruthy();
    expect(document.title).toContain('Analysis Upload');
  });

  it('refuses a file that is not a .zip before sending a byte, and offers another file', async () => {
    renderAnalysis();
    await choose(new File(['Unique ID\n'], 'results.xlsx'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(AnalysisPageText.failedTitle)).toBeTruthy();
    expect(within(alert).getByText(AnalysisFileText.notZip)).toBeTruthy();
    expect(started).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: 'Choose another file' }));
    expect(await screen.findByText(AnalysisPageText.dropTitle)).toBeTruthy();
  });

  it('shows bytes sent, speed and time left; Pause and Resume reach the transfer; a lost connection is said', async () => {
    renderAnalysis();
    await choose(archive());
    const transfer = await transferStarted();
    // The transfer gets the file and the signed-in practice account, whose uploads are its own.
    expect(transfer.file.name).toBe('northgate-run-7.zip');
    expect(transfer.owner).toEqual({ practiceId: 1, userId: 101 });
    expect(await screen.findByRole('heading', { name: 'Uploading northgate-run-7.zip' })).toBeTruthy();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    transfer.listener.progress(10 * MB, 40 * MB);
    vi.spyOn(Date, 'now').mockReturnValue(now + 2000);
    transfer.listener.progress(20 * MB, 40 * MB);
    vi.restoreAllMocks();
    expect(await screen.findByText('20 MB of 40 MB sent')).toBeTruthy();
    expect(screen.getByText('5 MB/s')).toBeTruthy();
    expect(screen.getByText('less than a minute left')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(transfer.controls.pause).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(AnalysisPageText.paused)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(transfer.controls.resume).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();

    transfer.listener.connection(false);
    expect(await screen.findByText('Connection lost — the upload continues when you are back online.')).toBeTruthy();
    transfer.listener.connection(true);
    await vi.waitFor(() => expect(screen.queryByText(AnalysisPageText.offline)).toBeNull());
  });

  it('after the last byte shows the new order with a link to it, and another upload may follow', async () => {
    renderAnalysis(() => json({ state: 'accepted', orderNumber: 'A-1042', dueDate: '2026-12-02T09:30:00.000Z' }));
    await choose(archive());
    const transfer = await transferStarted();
    transfer.listener.located(`http://localhost${UPLOAD}`);
    transfer.listener.finished(`http://localhost${UPLOAD}`);
    expect(await screen.findByText('Order A-1042 created')).toBeTruthy();
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'View order A-1042' });
    expect(link.getAttribute('href')).toBe('/orders/A-1042');
    // The due date in the reader's time zone, as the order screens write dates.
    expect(screen.getByText(/^Reports are due by Dec 2, 2026 \d{1,2}:\d{2} [AP]M\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload another archive' }));
    expect(await screen.findByText(AnalysisPageText.dropTitle)).toBeTruthy();
  });

  it('a refused archive shows the server’s words and each problem, and offers another file rather than the same bytes again', async () => {
    const problems = [AnalysisArchiveText.noPairs, AnalysisArchiveText.notIdat('205832590012_R01C01_Grn.idat')];
    renderAnalysis(() => json({ state: 'refused', message: AnalysisArchiveText.refused, problems }));
    const file = archive();
    await choose(file);
    const transfer = await transferStarted();
    transfer.listener.finished(`http://localhost${UPLOAD}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(AnalysisArchiveText.refused)).toBeTruthy();
    expect(within(alert).getByText('What to fix')).toBeTruthy();
    for (const problem of problems) expect(within(alert).getByText(problem)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try Again' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Choose another file' }));
    expect(await screen.findByText(AnalysisPageText.dropTitle)).toBeTruthy();
    expect(started).toHaveLength(1);
  });

  it('a server refusal during the transfer is shown in its own words', async () => {
    renderAnalysis();
    await choose(archive());
    const transfer = await transferStarted();
    const { UserFacingError } = await import('../../src/services/http/api-error');
    transfer.listener.failed(new UserFacingError('The laboratory cannot take an upload of this size right now.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The laboratory cannot take an upload of this size right now.')).toBeTruthy();
    // Not the archive's fault: the same file may be tried again later.
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('after a reload offers to resume the unfinished upload, with how much was sent and when it started', async () => {
    const started = new Date(2026, 10, 29, 16, 5);
    localStorage.setItem(
      `tus::analysis/1/101/${48 * MB}/1700000000000/northgate-run-6.zip::42`,
      JSON.stringify({
        size: 48 * MB,
        metadata: { filename: 'northgate-run-6.zip', filetype: 'application/zip' },
        creationTime: started.toString(),
        uploadUrl: '/portalApi/Analysis/Uploads/u-40',
      }),
    );
    // Another account's upload on the same browser is not offered.
    localStorage.setItem(
      'tus::analysis/2/202/100/1700000000000/other.zip::43',
      JSON.stringify({
        size: 100,
        metadata: { filename: 'other.zip' },
        creationTime: started.toString(),
        uploadUrl: '/portalApi/Analysis/Uploads/u-9',
      }),
    );
    const { calls } = renderAnalysis();
    expect(await screen.findByText(AnalysisPageText.resumeOfferTitle)).toBeTruthy();
    expect(
      screen.getByText(
        'northgate-run-6.zip (12 MB of 48 MB sent, started on Nov 29, 2026 4:05 PM): choose the same file again to resume it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/other\.zip/)).toBeNull();
    const head = calls.find((call) => call.method === 'HEAD');
    expect(head?.authorization).toBe('Bearer access-1');
  });

  it('is a provider-portal page: a patient is refused and signed out softly', async () => {
    const { session } = renderApp({ path: '/analysis', user: sessionUser({ userType: UserType.Patient }), respond: fakePortalApi() });
    await settledPath('/unauthorized');
    expect(await screen.findByText('Access denied.')).toBeTruthy();
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(started).toHaveLength(0);
  });
});
