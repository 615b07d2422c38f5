import { assign, fromPromise, sendTo, setup } from 'xstate';
import { AnalysisArchiveText } from '../../model/orders/analysis';
import { withSample, type ProgressSample } from '../../model/orders/analysis-progress';
import { AnalysisPageText } from '../../model/orders/analysis-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { kitKeys } from '../../services/kits/queries';
import { inspectFile } from '../../services/orders/analysis-file';
import { settledOutcome, type SettledOutcome } from '../../services/orders/analysis-outcome';
import type { UploadOwner } from '../../services/orders/analysis-storage';
import { unfinishedUploads, type UnfinishedUpload } from '../../services/orders/analysis-unfinished';
import { orderKeys } from '../../services/orders/queries';
import { transfer, type FileInput, type TransferCommand, type TransferReport } from './analysis-transfer';

export type { FileInput, TransferCommand, TransferReport } from './analysis-transfer';

/**
 * Issue 42: the analysis upload of /analysis. looking (unfinished uploads to offer) → idle → checking (the model's
 * rules on the file and its first bytes) → transfer: uploading (online or offline) ⇄ paused, or cancelling → verifying
 * (the server checks the archive) → done (the new order) | failed (the words to show; Try Again resumes the same file).
 *
 * The chosen File is not kept in the context (it cannot be serialised): the view keeps it for Try Again, and the
 * transfer actor, which the file is given to, holds it while the upload lasts. Pause and resume are told to that
 * actor, so one tus upload carries the file from its first byte to its last.
 */

export interface AnalysisUploadInput {
  readonly practiceId: string | number | null;
  readonly userId: string | number | null;
}

export interface AnalysisUploadContext {
  readonly owner: UploadOwner;
  /** Uploads of this account that did not finish, offered to be resumed. */
  readonly unfinished: readonly UnfinishedUpload[];
  readonly fileName: string;
  /** The browser holds an unfinished upload of the chosen file: it continues rather than starts. */
  readonly resumable: boolean;
  readonly sent: number;
  readonly total: number;
  /** The last seconds of progress, for the speed and the time left. */
  readonly samples: readonly ProgressSample[];
  readonly uploadUrl: string | null;
  /** Every byte arrived and the server's word on the archive is still to come: Try Again asks for it, never resends. */
  readonly awaitingOutcome: boolean;
  readonly orderNumber: string | null;
  /** When the accepted archive's reports are due, as the server said (a service may leave it out). */
  readonly dueDate: string | null;
  readonly error: string | null;
  readonly problems: readonly string[];
}

export type AnalysisUploadEvent =
  | { type: 'analysis.choose'; file: File }
  /** Try Again after a failure: the same file, resumed where the server holds it. */
  | { type: 'analysis.retry'; file: File }
  | { type: 'analysis.pause' }
  | { type: 'analysis.resume' }
  | { type: 'analysis.cancel' }
  /** Back to the drop zone: another archive after one was accepted, or another file after a failure. */
  | { type: 'analysis.reset' }
  | TransferReport;

/** The file the check passed: the transfer starts only from the check's done event, which carries it. */
function checkedFile(event: unknown): File | null {
  if (typeof event !== 'object' || event === null || !('output' in event)) return null;
  const output: unknown = event.output;
  return typeof output === 'object' && output !== null && 'file' in output && output.file instanceof File ? output.file : null;
}

const fileOf = (event: AnalysisUploadEvent) => (event.type === 'analysis.choose' || event.type === 'analysis.retry' ? event.file : null);

/** Everything the context knows of one file's upload, before a file is chosen (and again when another one is). */
const NO_FILE = {
  fileName: '',
  resumable: false,
  sent: 0,
  total: 0,
  samples: [],
  uploadUrl: null,
  awaitingOutcome: false,
  orderNumber: null,
  dueDate: null,
  error: null,
  problems: [],
} satisfies Omit<AnalysisUploadContext, 'owner' | 'unfinished'>;

export const analysisUploadMachine = setup({
  types: {
    input: {} as AnalysisUploadInput,
    context: {} as AnalysisUploadContext,
    events: {} as AnalysisUploadEvent,
  },
  actors: {
    findUnfinished: fromPromise<UnfinishedUpload[], UploadOwner>(({ input, signal }) => unfinishedUploads(input, { signal })),
    // `checking` is only entered with a file, so the input is never null; the null keeps the input total.
    inspectFile: fromPromise<{ file: File; resumable: boolean }, FileInput | null>(async ({ input }) => {
      if (!input) throw new Error('No file was chosen');
      return { file: input.file, ...(await inspectFile(input.file, input.owner)) };
    }),
    transfer,
    waitForOutcome: fromPromise<SettledOutcome, string | null>(({ input, signal }) =>
      input ? settledOutcome(input, { signal }) : Promise.reject(new Error('The upload has no address')),
    ),
  },
  guards: {
    accepted: (_, params: { outcome: SettledOutcome }) => params.outcome.state === 'accepted',
    awaitingOutcome: ({ context }) => context.awaitingOutcome,
  },
  actions: {
    assignUnfinished: assign((_, params: { unfinished: readonly UnfinishedUpload[] }) => ({ unfinished: params.unfinished })),
    startFile: assign((_, params: { file: File | null }) => ({
      ...NO_FILE,
      fileName: params.file?.name ?? '',
      total: params.file?.size ?? 0,
    })),
    assignResumable: assign((_, params: { resumable: boolean }) => ({ resumable: params.resumable })),
    assignProgress: assign(({ context }, params: { sent: number; total: number; at: number }) => ({
      sent: params.sent,
      total: params.total,
      samples: withSample(context.samples, { at: params.at, sent: params.sent }),
    })),
    // A pause or a lost connection is no measure of the network: the speed starts again after it.
    forgetSpeed: assign({ samples: [] }),
    assignUploadUrl: assign((_, params: { uploadUrl: string }) => ({ uploadUrl: params.uploadUrl })),
    expectOutcome: assign({ awaitingOutcome: true, error: null }),
    // The file arrived: a failure now is the server's answer not coming, never the upload's.
    assignOutcomeFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, AnalysisPageText.outcomeFailed),
      problems: [],
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, AnalysisPageText.uploadFailed),
      problems: [],
    })),
    assignTransferFailure: assign((_, params: { message: string }) => ({ error: params.message, problems: [] })),
    assignOutcome: assign((_, params: { outcome: SettledOutcome }) =>
      params.outcome.state === 'accepted'
        ? { orderNumber: params.outcome.orderNumber ?? null, dueDate: params.outcome.dueDate ?? null, awaitingOutcome: false }
        : { error: params.outcome.message ?? AnalysisArchiveText.refused, problems: params.outcome.problems ?? [], awaitingOutcome: false },
    ),
    pauseTransfer: sendTo('transfer', { type: 'pause' } satisfies TransferCommand),
    resumeTransfer: sendTo('transfer', { type: 'resume' } satisfies TransferCommand),
    cancelTransfer: sendTo('transfer', { type: 'cancel' } satisfies TransferCommand),
    // The archive became an order with samples: both lists are stale.
    invalidateOrders: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.orders });
      void queryClient.invalidateQueries({ queryKey: kitKeys.all });
    },
  },
}).createMachine({
  id: 'analysisUpload',
  context: ({ input }) => ({
    owner: { practiceId: input.practiceId, userId: input.userId },
    unfinished: [],
    ...NO_FILE,
  }),
  initial: 'looking',
  states: {
    looking: {
      tags: ['choosing'],
      description: 'Asks the browser for unfinished uploads of this account, and the server how much of each it holds.',
      invoke: {
        id: 'findUnfinished',
        src: 'findUnfinished',
        input: ({ context }) => context.owner,
        onDone: { target: 'idle', actions: { type: 'assignUnfinished', params: ({ event }) => ({ unfinished: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignUnfinished', params: () => ({ unfinished: [] }) } },
      },
      // A file dropped before the offers are known is taken at once: the transfer finds its stored upload itself.
      on: { 'analysis.choose': { target: 'checking', actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) } } },
    },
    idle: {
      tags: ['choosing'],
      on: {
        'analysis.choose': { target: 'checking', actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'inspectFile',
        src: 'inspectFile',
        input: ({ context, event }) => {
          const file = fileOf(event);
          return file ? { file, owner: context.owner } : null;
        },
        onDone: {
          target: 'transfer',
          actions: { type: 'assignResumable', params: ({ event }) => ({ resumable: event.output.resumable }) },
        },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    transfer: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context, event }) => {
          const file = checkedFile(event);
          return file ? { file, owner: context.owner } : null;
        },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      initial: 'uploading',
      on: {
        'analysis.progress': {
          actions: { type: 'assignProgress', params: ({ event }) => ({ sent: event.sent, total: event.total, at: event.at }) },
        },
        'analysis.located': { actions: { type: 'assignUploadUrl', params: ({ event }) => ({ uploadUrl: event.uploadUrl }) } },
        'analysis.sent': {
          target: 'verifying',
          actions: [{ type: 'assignUploadUrl', params: ({ event }) => ({ uploadUrl: event.uploadUrl }) }, 'expectOutcome'],
        },
        'analysis.failed': {
          target: 'failed',
          actions: { type: 'assignTransferFailure', params: ({ event }) => ({ message: event.message }) },
        },
      },
      states: {
        uploading: {
          tags: ['uploading'],
          initial: 'online',
          on: {
            'analysis.pause': { target: 'paused', actions: ['pauseTransfer', 'forgetSpeed'] },
            'analysis.cancel': { target: 'cancelling', actions: 'cancelTransfer' },
          },
          states: {
            online: { on: { 'analysis.offline': { target: 'offline', actions: 'forgetSpeed' } } },
            offline: {
              tags: ['offline'],
              description: 'The browser lost its connection: nothing is sent, and the upload continues when it is back online.',
              on: { 'analysis.online': 'online' },
            },
          },
        },
        paused: {
          tags: ['paused'],
          on: {
            'analysis.resume': { target: 'uploading', actions: 'resumeTransfer' },
            'analysis.cancel': { target: 'cancelling', actions: 'cancelTransfer' },
          },
        },
        cancelling: {
          tags: ['busy', 'cancelling'],
          description: 'The upload is deleted on the server (tus termination) and forgotten by the browser.',
          on: { 'analysis.cancelled': '#analysisUpload.looking' },
        },
      },
    },
    verifying: {
      tags: ['busy', 'verifying'],
      invoke: {
        id: 'waitForOutcome',
        src: 'waitForOutcome',
        input: ({ context }) => context.uploadUrl,
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: [{ type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) }, 'invalidateOrders'],
          },
          { target: 'failed', actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignOutcomeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      tags: ['done'],
      on: { 'analysis.reset': 'looking' },
    },
    failed: {
      tags: ['failed'],
      on: {
        'analysis.retry': [
          // The server has the whole file: ask again for its answer rather than send the file a second time.
          { guard: 'awaitingOutcome', target: 'verifying' },
          { target: 'checking', actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'analysis.reset': 'looking',
      },
    },
  },
});
