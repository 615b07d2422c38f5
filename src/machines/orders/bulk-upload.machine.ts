import { assign, fromPromise, setup } from 'xstate';
import { Paths } from '../../model/shell/navigation';
import type { ManifestRowProblem } from '../../model/orders/manifest-answers';
import { manifestErrorsCsv } from '../../model/orders/manifest-errors-csv';
import { ManifestCsvText, ManifestPageText, ManifestSpecText } from '../../model/orders/manifest-texts';
import { BULK_UPLOAD_REDIRECT_MS, uploadBlocker, type UploadReadiness } from '../../model/orders/manifest-upload';
import { defaultTextForStatus, ApiError, UserFacingError } from '../../services/http/api-error';
import { browser } from '../../services/platform/browser';
import { newCheckoutKey } from '../../services/orders/idempotency-key';
import { saveFile } from '../../services/orders/manifest-check';
import { manifestApi, ManifestRowsRefused } from '../../services/orders/manifest.api';
import { notify } from '../../services/platform/notify';
import { queryClient } from '../../services/http/query-client';
import { orderKeys } from '../../services/orders/queries';
import { kitKeys } from '../../services/kits/queries';

/**
 * The manifest (bulk) upload of ordering §4, §5 and §8, issue 9 item 4 and issue 40 point 2: idle → uploading
 * ("Uploading...", the 60 s time-out of the call) → uploaded (the message, then /orders after 2000 ms), refused
 * (the service listed rows to fix: they join the page's table of rows, and only another file may be sent) or
 * failed (the §8 message, the file kept for another try). Each chosen file has its own Idempotency-Key, kept
 * through every try of that file, so a retry after a lost answer never makes a second order. An upload is taken
 * only when ordering §5 allows it: a file chosen and checked without errors, a saved card for per-order payers,
 * complete billing information for invoice payers.
 */

export interface BulkUploadContext {
  /** What the server said about a failed upload, shown under the §8 message; null when it said nothing of its own. */
  detail: string | null;
  /** The rows the service refused, with their reasons; empty unless refused. */
  rowErrors: readonly ManifestRowProblem[];
  /** The chosen file's Idempotency-Key: the same for every try of the file, a new one for another file. */
  idempotencyKey: string;
}

export type BulkUploadEvent =
  | { type: 'bulk.upload'; file: File; readiness: UploadReadiness }
  /** Another file was chosen: the failure message of the last one is put away and a new key made. */
  | { type: 'bulk.fileChanged' }
  /** Saves the rows the service refused as a CSV file. */
  | { type: 'bulk.downloadErrors' };

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
    uploadManifest: fromPromise<boolean, { file: File; idempotencyKey: string } | null>(({ input, signal }) =>
      input ? manifestApi.upload(input.file, input.idempotencyKey, { signal }) : Promise.reject(new Error('No manifest was chosen')),
    ),
  },
  guards: {
    allowed: (_, params: { readiness: UploadReadiness | null }) => params.readiness !== null && uploadBlocker(params.readiness) === null,
    accepted: (_, params: { answer: boolean }) => params.answer,
    rowsRefused: (_, params: { error: unknown }) => params.error instanceof ManifestRowsRefused,
  },
  actions: {
    newKey: assign({ idempotencyKey: () => newCheckoutKey() }),
    forgetFailure: assign({ detail: null, rowErrors: [] }),
    assignFailure: assign((_, params: { error: unknown }) => ({ detail: failureDetail(params.error) })),
    assignRowErrors: assign((_, params: { error: unknown }) => ({
      detail: null,
      rowErrors: params.error instanceof ManifestRowsRefused ? params.error.rowErrors : [],
    })),
    notifyFailed: () => notify.error(ManifestPageText.uploadFailedToast),
    notifyUploaded: () => notify.success(ManifestSpecText.uploaded),
    // The upload made an order and registered its samples: both lists are stale.
    invalidateOrders: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.orders });
      void queryClient.invalidateQueries({ queryKey: kitKeys.all });
    },
    goToOrders: () => browser.navigate(Paths.orders),
    downloadErrors: (_, params: { errors: readonly ManifestRowProblem[] }) =>
      saveFile(ManifestCsvText.fileName, new Blob([manifestErrorsCsv(params.errors)], { type: 'text/csv;charset=utf-8' })),
  },
  delays: { redirect: BULK_UPLOAD_REDIRECT_MS },
}).createMachine({
  id: 'bulkUpload',
  context: { detail: null, rowErrors: [], idempotencyKey: '' },
  initial: 'idle',
  states: {
    idle: {
      tags: ['editable'],
      entry: ['forgetFailure', 'newKey'],
      on: { 'bulk.upload': upload },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadManifest',
        src: 'uploadManifest',
        input: ({ context, event }) => (event.type === 'bulk.upload' ? { file: event.file, idempotencyKey: context.idempotencyKey } : null),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) }, target: 'uploaded' },
          // Ordering §7: only a truthy answer means success.
          { target: 'failed', actions: [{ type: 'assignFailure', params: () => ({ error: null }) }, 'notifyFailed'] },
        ],
        onError: [
          {
            guard: { type: 'rowsRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: [{ type: 'assignRowErrors', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
          },
          {
            target: 'failed',
            actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
          },
        ],
      },
    },
    failed: {
      tags: ['editable', 'failed'],
      description: 'The §8 message is shown; the chosen file stays for another try, under the same Idempotency-Key.',
      on: { 'bulk.upload': upload, 'bulk.fileChanged': 'idle' },
    },
    refused: {
      tags: ['editable', 'failed', 'refused'],
      description: 'The service listed rows to fix: they are shown with the page’s own, and only another file may be sent.',
      on: {
        'bulk.fileChanged': 'idle',
        'bulk.downloadErrors': { actions: { type: 'downloadErrors', params: ({ context }) => ({ errors: context.rowErrors }) } },
      },
    },
    uploaded: {
      tags: ['uploaded'],
      entry: ['invalidateOrders', 'notifyUploaded'],
      after: { redirect: 'leaving' },
    },
    leaving: { type: 'final', tags: ['uploaded'], entry: 'goToOrders' },
  },
});
