import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { AnalysisArchiveText, AnalysisFileText } from '../../src/model/orders/analysis';
import { AnalysisPageText } from '../../src/model/orders/analysis-texts';
import {
  analysisUploadMachine,
  type AnalysisUploadEvent,
  type FileInput,
  type TransferCommand,
  type TransferReport,
} from '../../src/machines/orders/analysis-upload.machine';
import { selectAnalysisUpload } from '../../src/machines/orders/analysis-upload.selectors';
import { UserFacingError } from '../../src/services/http/api-error';
import type { SettledOutcome } from '../../src/services/orders/analysis-outcome';
import type { UnfinishedUpload } from '../../src/services/orders/analysis-unfinished';
import { describePaths, recordTransitions } from '../support/path-tests';

const MB = 1024 * 1024;
const NOW = Date.parse('2026-11-30T08:00:00Z');
const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'northgate-run-7.zip', { type: 'application/zip' });
const uploadUrl = 'https://lab.example/portalApi/Analysis/Uploads/u-41';
const offer: UnfinishedUpload = {
  fileName: 'northgate-run-6.zip',
  size: 48 * MB,
  sent: 12 * MB,
  startedAt: '2026-11-29T16:05:00.000Z',
  uploadUrl: 'https://lab.example/portalApi/Analysis/Uploads/u-40',
};
const accepted: SettledOutcome = { state: 'accepted', orderNumber: 'A-1042', dueDate: '2026-12-02T09:30:00.000Z' };
const refused: SettledOutcome = {
  state: 'refused',
  message: AnalysisArchiveText.refused,
  problems: [AnalysisArchiveText.noPairs, AnalysisArchiveText.notIdat('205832590012_R01C01_Grn.idat')],
};
const notZip = new UserFacingError(AnalysisFileText.notZipBytes);
const tooLong = new UserFacingError(AnalysisPageText.checkTooLong);
const serverRefusal = 'Your organization already has 3 uploads under way. Finish or cancel one of them, then try again.';

const invalidateOrders = vi.fn();

beforeEach(() => {
  invalidateOrders.mockClear();
});

/** The last settled step's cause of a failure, to compare with what the page shows. */
function failureOf(
  events: readonly AnalysisUploadEvent[] | readonly { type: string }[],
): { error: string; problems: readonly string[] } | null {
  const last = [...events]
    .reverse()
    .find((event) => event.type.startsWith('xstate.error') || event.type.startsWith('xstate.done') || event.type === 'analysis.failed');
  if (!last) return null;
  if (last.type === 'analysis.failed' && 'message' in last) return { error: String(last.message), problems: [] };
  // Once every byte arrived, a failure is the server's answer not coming, worded as such.
  const fallback = last.type.includes('waitForOutcome') ? AnalysisPageText.outcomeFailed : AnalysisPageText.uploadFailed;
  if ('error' in last) return { error: last.error instanceof UserFacingError ? last.error.message : fallback, problems: [] };
  if ('output' in last && last.output === refused) return { error: AnalysisArchiveText.refused, problems: refused.problems ?? [] };
  return null;
}

describePaths(analysisUploadMachine, {
  name: 'analysis upload (issue 42): idle → checking → uploading ⇄ paused → verifying → done | failed, with cancel and retry',
  input: { practiceId: 7, userId: 11 },
  now: NOW,
  strategy: 'transitions',
  events: {
    'analysis.choose': [{ type: 'analysis.choose', file }],
    'analysis.retry': [{ type: 'analysis.retry', file }],
    'analysis.progress': [{ type: 'analysis.progress', sent: 10 * MB, total: 40 * MB, at: NOW }],
    'analysis.located': [{ type: 'analysis.located', uploadUrl }],
    'analysis.sent': [{ type: 'analysis.sent', uploadUrl }],
    'analysis.failed': [{ type: 'analysis.failed', message: serverRefusal }],
  },
  invokes: {
    findUnfinished: { outputs: [[offer]], errors: [new Error('localStorage is not available')] },
    inspectFile: { outputs: [{ file, resumable: true }], errors: [notZip] },
    transfer: { errors: [new Error('The transfer could not start')] },
    waitForOutcome: { outputs: [accepted, refused], errors: [tooLong] },
  },
  provide: { actions: { invalidateOrders } },
  check: { tags: true },
  afterPath: ({ snapshot, path, invocations }) => {
    const view = selectAnalysisUpload(snapshot);
    const events = path.steps.map((step) => step.event);
    // The file goes to the check and, once it passes, to the transfer, with the signed-in account as its owner.
    for (const { input } of invocations.filter((call) => call.src === 'inspectFile' || call.src === 'transfer')) {
      expect(input).toEqual({ file, owner: { practiceId: 7, userId: 11 } });
    }
    for (const { input } of invocations.filter((call) => call.src === 'waitForOutcome')) expect(input).toBe(uploadUrl);
    // The orders and samples lists are refreshed once an archive became an order, never otherwise.
    expect(invalidateOrders).toHaveBeenCalledTimes(events.filter((event) => 'output' in event && event.output === accepted).length);
    if (view.stage === 'done') {
      expect(view.orderNumber).toBe('A-1042');
      expect(view.orderPath).toBe('/orders/A-1042');
      expect(view.dueBy).toMatch(/^Reports are due by Dec 2, 2026 \d{1,2}:30 [AP]M\.$/);
    } else {
      expect(view.orderPath).toBeNull();
      expect(view.dueBy).toBeNull();
    }
    if (view.stage === 'failed') {
      const cause = failureOf(events);
      expect({ error: view.error, problems: view.problems }).toEqual(cause);
      // A refused archive is deleted: only another file can help; any other failure may be tried again.
      expect(view.canRetry).toBe(view.problems.length === 0);
    } else {
      expect(view.error).toBeNull();
      expect(view.canRetry).toBe(false);
    }
    if (view.stage === 'choosing') {
      const found = events.some((event) => 'output' in event && Array.isArray(event.output));
      expect(view.offers.length).toBe(found ? 1 : 0);
    }
    // Pause, Resume and Cancel are offered exactly where they make sense.
    expect(view.canPause).toBe(snapshot.hasTag('uploading'));
    expect(view.canResume).toBe(snapshot.hasTag('paused'));
    expect(view.canCancel).toBe(snapshot.hasTag('uploading') || snapshot.hasTag('paused'));
    expect(view.status === AnalysisPageText.offline).toBe(snapshot.hasTag('offline'));
  },
});

describe('analysis upload: what the page shows and what the transfer is told', () => {
  const inspect = recordTransitions();

  function start() {
    const commands: TransferCommand[] = [];
    let report: (event: TransferReport) => void = () => undefined;
    const logic = analysisUploadMachine.provide({
      actors: {
        findUnfinished: fromPromise(() => Promise.resolve([offer])),
        inspectFile: fromPromise<{ file: File; resumable: boolean }, FileInput | null>(() => Promise.resolve({ file, resumable: false })),
        transfer: fromCallback<TransferCommand, FileInput | null, TransferReport>(({ sendBack, receive }) => {
          report = sendBack;
          receive((command) => commands.push(command));
        }),
        waitForOutcome: fromPromise(() => Promise.resolve(accepted)),
      },
      actions: { invalidateOrders },
    });
    const actor = createActor(logic, { input: { practiceId: 7, userId: 11 }, inspect }).start();
    return { actor, commands, report: (event: TransferReport) => report(event), view: () => selectAnalysisUpload(actor.getSnapshot()) };
  }

  it('offers the unfinished upload with how much the server holds and when it started', async () => {
    const { actor, view } = start();
    await vi.waitFor(() => expect(view().stage).toBe('choosing'));
    await vi.waitFor(() => expect(view().offers).toHaveLength(1));
    expect(view().offers[0]?.text).toMatch(
      /^northgate-run-6\.zip \(12 MB of 48 MB sent, started on Nov 29, 2026 \d+:05 [AP]M\): choose the same file again to resume it\.$/,
    );
    actor.stop();
  });

  it('shows the bytes sent, the speed and the time left; pauses, resumes and cancels through the transfer', async () => {
    const { actor, commands, report, view } = start();
    actor.send({ type: 'analysis.choose', file });
    await vi.waitFor(() => expect(view().stage).toBe('transfer'));
    expect(view().status).toBe(AnalysisPageText.starting);
    report({ type: 'analysis.progress', sent: 10 * MB, total: 40 * MB, at: NOW });
    report({ type: 'analysis.progress', sent: 20 * MB, total: 40 * MB, at: NOW + 2000 });
    expect(view().progress).toEqual({ percent: 50, sentOf: '20 MB of 40 MB sent', speed: '5 MB/s', timeLeft: 'less than a minute left' });
    expect(view().status).toBeNull();
    actor.send({ type: 'analysis.pause' });
    expect(view()).toMatchObject({ paused: true, canPause: false, canResume: true, status: AnalysisPageText.paused });
    // A pause is no measure of the network: the speed is measured again once bytes flow.
    expect(view().progress.speed).toBeNull();
    actor.send({ type: 'analysis.resume' });
    report({ type: 'analysis.offline' });
    expect(view()).toMatchObject({ offline: true, status: AnalysisPageText.offline, canPause: true });
    report({ type: 'analysis.online' });
    actor.send({ type: 'analysis.cancel' });
    expect(view()).toMatchObject({ status: AnalysisPageText.cancelling, canCancel: false });
    expect(commands).toEqual([{ type: 'pause' }, { type: 'resume' }, { type: 'cancel' }]);
    report({ type: 'analysis.cancelled' });
    await vi.waitFor(() => expect(view().stage).toBe('choosing'));
    actor.stop();
  });

  it('after the whole file arrived, Try Again asks the server for its answer again instead of sending the file a second time', async () => {
    let asked = 0;
    let transfers = 0;
    const logic = analysisUploadMachine.provide({
      actors: {
        findUnfinished: fromPromise(() => Promise.resolve<UnfinishedUpload[]>([])),
        inspectFile: fromPromise<{ file: File; resumable: boolean }, FileInput | null>(() => Promise.resolve({ file, resumable: false })),
        transfer: fromCallback<TransferCommand, FileInput | null, TransferReport>(({ sendBack }) => {
          transfers += 1;
          sendBack({ type: 'analysis.sent', uploadUrl });
        }),
        waitForOutcome: fromPromise(() => {
          asked += 1;
          return asked === 1 ? Promise.reject(new Error('The answer could not be read')) : Promise.resolve(accepted);
        }),
      },
      actions: { invalidateOrders },
    });
    const actor = createActor(logic, { input: { practiceId: 7, userId: 11 }, inspect }).start();
    const view = () => selectAnalysisUpload(actor.getSnapshot());
    actor.send({ type: 'analysis.choose', file });
    await vi.waitFor(() => expect(view().stage).toBe('failed'));
    expect(view().error).toBe(AnalysisPageText.outcomeFailed);
    actor.send({ type: 'analysis.retry', file });
    await vi.waitFor(() => expect(view().stage).toBe('done'));
    expect([asked, transfers]).toEqual([2, 1]);
    actor.stop();
  });
});
