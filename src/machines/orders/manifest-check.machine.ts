import { assign, fromPromise, setup } from 'xstate';
import { ManifestCsvText } from '../../model/orders/manifest-texts';
import type { ManifestRowError } from '../../model/orders/manifest';
import { manifestErrorsCsv } from '../../model/orders/manifest-errors-csv';
import { manifestChecker, saveFile, type ManifestCheckRequest, type ManifestOutcome } from '../../services/orders/manifest-check';
import { ManifestPageText } from '../../model/orders/manifest-texts';

/**
 * Issue 9 item 5: the chosen manifest is read and every row checked before anything is uploaded. Choosing a
 * file starts a check (in the worker); choosing another, even while one is under way, starts over with it.
 * The file itself stays with the page (a File is not serialisable); this machine keeps its name and what the
 * check found: the rows ready to go, the rows to fix, or why the file cannot be read.
 */

export interface ManifestCheckContext {
  fileName: string | null;
  outcome: ManifestOutcome | null;
  /** The check itself failed (the worker could not run): the page asks for the file again. */
  failure: string | null;
}

export type ManifestCheckEvent =
  | ({ type: 'manifest.choose' } & ManifestCheckRequest)
  /** Saves the row errors as a CSV file. */
  | { type: 'manifest.downloadErrors' };

const errorsOf = (outcome: ManifestOutcome | null): readonly ManifestRowError[] => (outcome?.kind === 'invalid' ? outcome.errors : []);

export const manifestCheckMachine = setup({
  types: {
    context: {} as ManifestCheckContext,
    events: {} as ManifestCheckEvent,
  },
  actors: {
    // `checking` is only entered by a choice, so the input is never null; the null keeps the input total.
    checkManifest: fromPromise<ManifestOutcome, ManifestCheckRequest | null>(({ input, signal }) =>
      input ? manifestChecker.run(input, signal) : Promise.reject(new Error('No manifest was chosen')),
    ),
  },
  guards: {
    isReady: (_, params: { outcome: ManifestOutcome }) => params.outcome.kind === 'ready',
    hasRowErrors: (_, params: { outcome: ManifestOutcome }) => params.outcome.kind === 'invalid',
  },
  actions: {
    assignFile: assign((_, params: { fileName: string }) => ({ fileName: params.fileName, outcome: null, failure: null })),
    assignOutcome: assign((_, params: { outcome: ManifestOutcome }) => ({ outcome: params.outcome })),
    assignFailure: assign({ failure: ManifestPageText.checkFailed }),
    logFailure: (_, params: { error: unknown }) => console.warn('The manifest check failed', params.error),
    downloadErrors: (_, params: { errors: readonly ManifestRowError[] }) =>
      saveFile(ManifestCsvText.fileName, new Blob([manifestErrorsCsv(params.errors)], { type: 'text/csv;charset=utf-8' })),
  },
}).createMachine({
  id: 'manifestCheck',
  context: { fileName: null, outcome: null, failure: null },
  initial: 'empty',
  on: {
    'manifest.choose': {
      target: '.checking',
      // A check under way is cancelled (its worker ended) and the new file checked instead.
      reenter: true,
      actions: { type: 'assignFile', params: ({ event }) => ({ fileName: event.file.name }) },
    },
  },
  states: {
    empty: { tags: ['empty'] },
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'checkManifest',
        src: 'checkManifest',
        input: ({ event }) => (event.type === 'manifest.choose' ? { file: event.file, unitType: event.unitType } : null),
        onDone: [
          {
            guard: { type: 'isReady', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'hasRowErrors', params: ({ event }) => ({ outcome: event.output }) },
            target: 'rowErrors',
            actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'unreadable', actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'failed', actions: ['assignFailure', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    ready: { tags: ['ready'], description: 'Every row passed: the file may be uploaded.' },
    rowErrors: {
      tags: ['invalid'],
      description: 'The preview lists each bad row with its column and reason.',
      on: {
        'manifest.downloadErrors': {
          actions: { type: 'downloadErrors', params: ({ context }) => ({ errors: errorsOf(context.outcome) }) },
        },
      },
    },
    unreadable: { tags: ['invalid'], description: 'The file is not a manifest the reader accepts; the reason is shown.' },
    failed: { tags: ['invalid'], description: 'The check could not run; the same or another file may be chosen again.' },
  },
});
