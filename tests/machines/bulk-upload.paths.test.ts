import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { ManifestSpecText } from '../../src/model/orders/manifest-texts';
import { BULK_UPLOAD_REDIRECT_MS, type UploadReadiness } from '../../src/model/orders/manifest-upload';
import { bulkUploadMachine, type BulkUploadContext, type BulkUploadEvent } from '../../src/machines/orders/bulk-upload.machine';
import { selectBulkUpload, selectUploadButton } from '../../src/machines/orders/bulk-upload.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { ManifestRowsRefused } from '../../src/services/orders/manifest.api';
import { describePaths, recordTransitions } from '../support/path-tests';
import { ManifestPageText } from '../../src/model/orders/manifest-texts';

const file = new File(['Unique ID,Product ID\n'], 'northgate-run-7.xlsx');
const invoiceReady: UploadReadiness = { manifest: 'ready', payer: { kind: 'invoice', billingErrors: [] } };
const cardReady: UploadReadiness = { manifest: 'ready', payer: { kind: 'card', savedCards: 1 } };
/** Each §5 guard failing on its own: no file, no saved card, incomplete billing, rows to fix. */
const refused: UploadReadiness[] = [
  { ...invoiceReady, manifest: 'none' },
  { manifest: 'ready', payer: { kind: 'card', savedCards: 0 } },
  { manifest: 'ready', payer: { kind: 'invoice', billingErrors: ['Invoice contact phone is required'] } },
  { ...cardReady, manifest: 'invalid' },
];
const rowsRefused = new ApiError('Row 3, Sex: Sex must be F or M (Correlation ID: c-9)', 'http', 400, 'c-9');
const bareServerError = new ApiError(ErrorText.server, 'http', 500);
/** The service listed rows to fix (issue 40 point 2). */
const refusedRows = [{ row: 2, column: 'Unique ID', reason: 'Unique ID NG00001 is already registered' }];
const registeredRefusal = new ManifestRowsRefused(ManifestSpecText.uploadFailed, refusedRows);
/** Each chosen file's key, in turn (the standalone test below); the paths use one, so that their graph ends. */
let keys = 0;

const done: string[] = [];
/** The machine's key-making action with predictable keys. */
const keyAction = (next: () => string) =>
  assign<BulkUploadContext, BulkUploadEvent, unknown, BulkUploadEvent, never>({ idempotencyKey: () => next() });

const effects = {
  newKey: keyAction(() => 'key-1'),
  downloadErrors: vi.fn(() => void done.push('downloadErrors')),
  notifyFailed: vi.fn(() => void done.push('notifyFailed')),
  notifyUploaded: vi.fn(() => void done.push('notifyUploaded')),
  invalidateOrders: vi.fn(() => void done.push('invalidateOrders')),
  goToOrders: vi.fn(() => void done.push('goToOrders')),
};

const isUploadOf = (event: unknown, readiness: UploadReadiness) =>
  typeof event === 'object' && event !== null && 'readiness' in event && event.readiness === readiness;

beforeEach(() => {
  keys = 0;
  done.length = 0;
  vi.clearAllMocks();
});

/** What each settled step must have left behind (ordering §8 toasts, the orders refreshed, /orders after 2 s). */
function expectedEffects(steps: readonly { event: { type: string } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.error.actor.uploadManifest') return ['notifyFailed'];
    if (event.type === 'xstate.done.actor.uploadManifest')
      return 'output' in event && event.output ? ['invalidateOrders', 'notifyUploaded'] : ['notifyFailed'];
    if (event.type.startsWith('xstate.after')) return ['goToOrders'];
    if (event.type === 'bulk.downloadErrors') return ['downloadErrors'];
    return [];
  });
}

describePaths(bulkUploadMachine, {
  name: 'manifest upload (ordering §4, §5, §8): idle → uploading → uploaded, then /orders; or failed, the file kept',
  events: {
    'bulk.upload': [...refused, invoiceReady, cardReady].map((readiness) => ({ type: 'bulk.upload' as const, file, readiness })),
  },
  invokes: { uploadManifest: { outputs: [true, false], errors: [rowsRefused, bareServerError, registeredRefusal] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectBulkUpload(snapshot);
    // Only a file allowed by every §5 guard is sent, and it is the chosen file, with its Idempotency-Key.
    for (const { input } of invocations) expect(input).toEqual({ file, idempotencyKey: 'key-1' });
    const sent: unknown[] = path.steps.map(({ event }) => event).filter((event) => event.type === 'bulk.upload');
    expect(sent.every((event) => refused.every((readiness) => !isUploadOf(event, readiness)))).toBe(true);
    expect(invocations.length).toBe(sent.length);
    expect(done).toEqual(expectedEffects(path.steps));
    if (snapshot.hasTag('failed')) {
      expect(view.error).toBe(ManifestSpecText.uploadFailed);
      // The server's own words are shown under the message; a bare status text or a falsy answer adds none.
      // The last settled upload (a download of the refused rows may follow it).
      const settled = path.steps.map(({ event }) => event).findLast((event) => event.type.includes('uploadManifest'));
      const cause: unknown = settled && 'error' in settled ? settled.error : null;
      expect(view.detail).toBe(cause === rowsRefused ? rowsRefused.message : null);
      // Rows the service refused are listed, and only another file may be sent.
      expect(view.rowErrors).toEqual(cause === registeredRefusal ? refusedRows : []);
      expect(snapshot.can({ type: 'bulk.upload', file, readiness: invoiceReady })).toBe(cause !== registeredRefusal);
    } else expect(view.error).toBeNull();
    expect(view.uploaded).toBe(snapshot.matches('uploaded') || snapshot.matches('leaving'));
    if (snapshot.status === 'done') expect(effects.goToOrders).toHaveBeenCalledTimes(1);
  },
});

describe('manifest upload, the button and the redirect', () => {
  const inspect = recordTransitions();

  it('refuses an upload that a §5 guard blocks, and says why in the tooltip', () => {
    const upload = vi.fn(() => Promise.resolve(true));
    const actor = createActor(bulkUploadMachine.provide({ actors: { uploadManifest: fromPromise(upload) }, actions: effects }), {
      inspect,
    }).start();
    const tooltips = refused.map((readiness) => selectUploadButton(actor.getSnapshot(), file, readiness).tooltip);
    expect(tooltips).toEqual([
      ManifestSpecText.selectFile,
      ManifestSpecText.addPaymentMethod,
      'Your billing information is incomplete. Complete it in billing settings before placing an order.',
      ManifestPageText.fixRowsTooltip,
    ]);
    for (const readiness of refused) actor.send({ type: 'bulk.upload', file, readiness });
    expect(upload).not.toHaveBeenCalled();
    expect(selectUploadButton(actor.getSnapshot(), null, cardReady)).toMatchObject({ disabled: true, tooltip: null });
    expect(selectUploadButton(actor.getSnapshot(), file, cardReady)).toEqual({
      label: ManifestPageText.uploadFile,
      loading: false,
      disabled: false,
      tooltip: null,
    });
  });

  it('says "Uploading..." while busy, then leaves for /orders 2000 ms after the success, not before', async () => {
    vi.useFakeTimers();
    try {
      let answer: (accepted: boolean) => void = () => undefined;
      const logic = bulkUploadMachine.provide({
        actors: { uploadManifest: fromPromise(() => new Promise<boolean>((resolve) => (answer = resolve))) },
        actions: effects,
      });
      const actor = createActor(logic, { inspect }).start();
      actor.send({ type: 'bulk.upload', file, readiness: invoiceReady });
      expect(selectUploadButton(actor.getSnapshot(), file, invoiceReady)).toMatchObject({
        label: 'Uploading...',
        loading: true,
        disabled: true,
      });
      answer(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(selectBulkUpload(actor.getSnapshot()).uploaded).toBe(true);
      await vi.advanceTimersByTimeAsync(BULK_UPLOAD_REDIRECT_MS - 1);
      expect(effects.goToOrders).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toEqual(['invalidateOrders', 'notifyUploaded', 'goToOrders']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a file’s Idempotency-Key through every try after a failure, and makes a new one for another file', async () => {
    const sentKeys: string[] = [];
    let answers = [Promise.reject(bareServerError), Promise.resolve(true)];
    const logic = bulkUploadMachine.provide({
      actors: {
        uploadManifest: fromPromise<boolean, { file: File; idempotencyKey: string } | null>(({ input }) => {
          sentKeys.push(input?.idempotencyKey ?? '');
          const [next = Promise.resolve(true), ...rest] = answers;
          answers = rest;
          return next;
        }),
      },
      actions: { ...effects, newKey: keyAction(() => `key-${++keys}`) },
    });
    const actor = createActor(logic, { inspect }).start();
    const settled = () => vi.waitFor(() => expect(actor.getSnapshot().hasTag('busy')).toBe(false));
    actor.send({ type: 'bulk.upload', file, readiness: invoiceReady });
    await settled();
    actor.send({ type: 'bulk.upload', file, readiness: invoiceReady });
    await settled();
    expect(sentKeys).toEqual(['key-1', 'key-1']);
    actor.stop();
    const again = createActor(logic, { inspect }).start();
    again.send({ type: 'bulk.fileChanged' });
    expect(again.getSnapshot().context.idempotencyKey).toBe('key-2');
    again.send({ type: 'bulk.upload', file, readiness: invoiceReady });
    again.send({ type: 'bulk.fileChanged' });
    again.stop();
  });
});
