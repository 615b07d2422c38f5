import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { ManifestSpecText } from '../../src/model/orders/manifest-texts';
import { BULK_UPLOAD_REDIRECT_MS, type UploadReadiness } from '../../src/model/orders/manifest-upload';
import { bulkUploadMachine } from '../../src/machines/orders/bulk-upload.machine';
import { selectBulkUpload, selectUploadButton } from '../../src/machines/orders/bulk-upload.selectors';
import { ApiError } from '../../src/services/http/api-error';
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

const done: string[] = [];
const effects = {
  notifyFailed: vi.fn(() => void done.push('notifyFailed')),
  notifyUploaded: vi.fn(() => void done.push('notifyUploaded')),
  invalidateOrders: vi.fn(() => void done.push('invalidateOrders')),
  goToOrders: vi.fn(() => void done.push('goToOrders')),
};

const isUploadOf = (event: unknown, readiness: UploadReadiness) =>
  typeof event === 'object' && event !== null && 'readiness' in event && event.readiness === readiness;

beforeEach(() => {
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
    return [];
  });
}

describePaths(bulkUploadMachine, {
  name: 'manifest upload (ordering §4, §5, §8): idle → uploading → uploaded, then /orders; or failed, the file kept',
  events: {
    'bulk.upload': [...refused, invoiceReady, cardReady].map((readiness) => ({ type: 'bulk.upload' as const, file, readiness })),
  },
  invokes: { uploadManifest: { outputs: [true, false], errors: [rowsRefused, bareServerError] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectBulkUpload(snapshot);
    // Only a file allowed by every §5 guard is sent, and it is the chosen file.
    for (const { input } of invocations) expect(input).toEqual({ file });
    const sent: unknown[] = path.steps.map(({ event }) => event).filter((event) => event.type === 'bulk.upload');
    expect(sent.every((event) => refused.every((readiness) => !isUploadOf(event, readiness)))).toBe(true);
    expect(invocations.length).toBe(sent.length);
    expect(done).toEqual(expectedEffects(path.steps));
    const last = path.steps.at(-1)?.event;
    if (snapshot.hasTag('failed')) {
      expect(view.error).toBe(ManifestSpecText.uploadFailed);
      // The server's own words are shown under the message; a bare status text or a falsy answer adds none.
      const cause: unknown = last && 'error' in last ? last.error : null;
      expect(view.detail).toBe(cause === rowsRefused ? rowsRefused.message : null);
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
});
