import { assign, fromPromise, setup } from 'xstate';
import { Paths } from '../../model/shell/navigation';
import { ManifestSpecText } from '../../model/orders/manifest-texts';
import { BULK_UPLOAD_REDIRECT_MS, uploadBlocker, type UploadReadiness } from '../../model/orders/manifest-upload';
import { defaultTextForStatus, ApiError, UserFacingError } from '../../services/http/api-error';
import { browser } from '../../services/platform/browser';
import { manifestApi } from '../../services/orders/manifest.api';
import { notify } from '../../services/platform/notify';
import { queryClient } from '../../services/http/query-client';
import { orderKeys } from '../../services/orders/queries';
import { ManifestPageText } from '../../model/orders/manifest-texts';

/**
 * The manifest (bulk) upload of ordering §4, §5 and §8 and issue 9 item 4: idle → uploading ("Uploading...",
 * the 60 s time-out of the call) → uploaded (the message, then /orders after 2000 ms) or failed (the §8 message,
 * the file kept for another try). An upload is taken only when ordering §5 allows it: a file chosen and checked
 * without errors, a saved card for per-order payers, complete billing information for invoice payers. The page
 * keeps the File and says, with each upload, where the file and the payment stand.
 */

export interface BulkUploadContext {
  /** What the server said about a failed upload, shown under the §8 message; null when it said nothing of its own. */
  detail: string | null;
}

export type BulkUploadEvent =
  | { type: 'bulk.upload'; file: File; readiness: UploadReadiness }
  /** Another file was chosen: the failure message of the last one is put away. */
  | { type: 'bulk.fileChanged' };

/** The server's own words about a failure, when it gave any beyond the status's default text. */
export function failureDetail(error: unknown): string | null {
  if (error instanceof ApiError && error.status !== null && error.message === defaultTextForStatus(error.status)) return null;
  if (!(error instanceof UserFacingError) || error.message === ManifestSpecText.uploadFailed) return null;
  return error.message;
}

const upload = {
  guard: { type: 'allowed', params: ({ event }: { event: BulkUploadEvent }) => ({ readiness: readinessOf(event) }) },
  target: '#bulkUpload.uploading',
} as const;

function readinessOf(event: BulkUploadEvent): UploadReadiness | null {
  return event.type === 'bulk.upload' ? event.readiness : null;
}

export const bulkUploadMachine = setup({
  types: {
    context: {} as BulkUploadContext,
    events: {} as BulkUploadEvent,
  },
  actors: {
    // `uploading` is only entered by an upload event, so the input is never null; the null keeps the input total.
    uploadManifest: fromPromise<boolean, { file: File } | null>(({ input, signal }) =>
      input ? manifestApi.upload(input.file, { signal }) : Promise.reject(new Error('No manifest was chosen')),
    ),
  },
  guards: {
    allowed: (_, params: { readiness: UploadReadiness | null }) => params.readiness !== null && uploadBlocker(params.readiness) === null,
    accepted: (_, params: { answer: boolean }) => params.answer,
  },
  actions: {
    forgetFailure: assign({ detail: null }),
    assignFailure: assign((_, params: { error: unknown }) => ({ detail: failureDetail(params.error) })),
    notifyFailed: () => notify.error(ManifestPageText.uploadFailedToast),
    notifyUploaded: () => notify.success(ManifestSpecText.uploaded),
    invalidateOrders: () => void queryClient.invalidateQueries({ queryKey: orderKeys.orders }),
    goToOrders: () => browser.navigate(Paths.orders),
  },
  delays: { redirect: BULK_UPLOAD_REDIRECT_MS },
}).createMachine({
  id: 'bulkUpload',
  context: { detail: null },
  initial: 'idle',
  states: {
    idle: {
      tags: ['editable'],
      entry: 'forgetFailure',
      on: { 'bulk.upload': upload },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadManifest',
        src: 'uploadManifest',
        input: ({ event }) => (event.type === 'bulk.upload' ? { file: event.file } : null),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) }, target: 'uploaded' },
          // Ordering §7: only a truthy answer means success.
          { target: 'failed', actions: [{ type: 'assignFailure', params: () => ({ error: null }) }, 'notifyFailed'] },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
        },
      },
    },
    failed: {
      tags: ['editable', 'failed'],
      description: 'The §8 message is shown; the chosen file stays for another try.',
      on: { 'bulk.upload': upload, 'bulk.fileChanged': 'idle' },
    },
    uploaded: {
      tags: ['uploaded'],
      entry: ['invalidateOrders', 'notifyUploaded'],
      after: { redirect: 'leaving' },
    },
    leaving: { type: 'final', tags: ['uploaded'], entry: 'goToOrders' },
  },
});
