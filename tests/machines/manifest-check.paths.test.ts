import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { UnitType } from '../../src/model/enums';
import type { ManifestRowError, ManifestSample } from '../../src/model/orders/manifest';
import { manifestCheckMachine } from '../../src/machines/orders/manifest-check.machine';
import { selectManifestCheck } from '../../src/machines/orders/manifest-check.selectors';
import type { ManifestCheckRequest, ManifestOutcome } from '../../src/services/orders/manifest-check';
import { describePaths, recordTransitions } from '../support/path-tests';
import { ManifestPageText } from '../../src/model/orders/manifest-texts';

const file = new File(['Unique ID,Product ID\n'], 'northgate-run-7.xlsx');
const choose = { type: 'manifest.choose' as const, file, unitType: UnitType.CPS };

const sample: ManifestSample = {
  row: 2,
  uniqueId: 'NG00001',
  productId: 'MSA',
  collectionDate: '01/15/2026',
  dob: '03/02/1984',
  sex: 'F',
  clinicId: 'NG-LAB',
  type: 'Saliva',
  concentration: 50,
  volume: 20,
  patientExternalId: null,
};
const rowErrors: ManifestRowError[] = [
  { row: 3, column: 'Unique ID', reason: 'Unique ID must be at least 6 letters or digits, with no spaces or symbols' },
  { row: 4, column: 'Sex', reason: 'Sex must be F or M' },
];
const ready: ManifestOutcome = { kind: 'ready', count: 12, preview: [sample] };
const invalid: ManifestOutcome = { kind: 'invalid', errors: rowErrors };
const unreadable: ManifestOutcome = { kind: 'unreadable', reason: 'Only .xlsx, .xls and .csv files are accepted.' };

const downloads: (readonly ManifestRowError[])[] = [];
const effects = {
  downloadErrors: vi.fn((_: unknown, params: { errors: readonly ManifestRowError[] }) => void downloads.push(params.errors)),
  logFailure: vi.fn(),
};

beforeEach(() => {
  downloads.length = 0;
  vi.clearAllMocks();
});

describePaths(manifestCheckMachine, {
  name: 'manifest check (issue 9 item 5): a chosen file is read and every row checked before upload',
  events: { 'manifest.choose': [choose] },
  invokes: { checkManifest: { outputs: [ready, invalid, unreadable], errors: [new Error('The manifest check stopped')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectManifestCheck(snapshot);
    const last = path.steps.at(-1)?.event;
    // Every check is of the file the user chose, for the unit's products.
    for (const { input } of invocations) expect(input).toEqual({ file, unitType: UnitType.CPS });
    expect(invocations.length).toBe(path.steps.filter(({ event }) => event.type === 'manifest.choose').length);
    // The file name stays shown whatever the check found, until another file is chosen.
    expect(view.fileName).toBe(invocations.length ? file.name : null);
    if (!last || snapshot.matches('empty')) expect(view.manifest).toBe('none');
    else if (snapshot.matches('checking')) {
      expect(view).toMatchObject({ manifest: 'checking', checking: true, outcome: null, failure: null });
    } else if (snapshot.matches('ready')) expect(view).toMatchObject({ manifest: 'ready', outcome: ready, canDownloadErrors: false });
    else if (snapshot.matches('rowErrors')) expect(view).toMatchObject({ manifest: 'invalid', outcome: invalid, canDownloadErrors: true });
    else if (snapshot.matches('unreadable')) expect(view).toMatchObject({ manifest: 'invalid', outcome: unreadable });
    else expect(view).toMatchObject({ manifest: 'invalid', outcome: null, failure: ManifestPageText.checkFailed });
    // The errors saved are the rows the check refused, once per ask.
    const asked = path.steps.filter(({ event }) => event.type === 'manifest.downloadErrors').length;
    expect(downloads).toEqual(Array.from({ length: asked }, () => rowErrors));
    expect(effects.logFailure).toHaveBeenCalledTimes(path.steps.filter(({ event }) => event.type.startsWith('xstate.error.actor')).length);
  },
});

describe('manifest check, one file at a time', () => {
  const inspect = recordTransitions();

  it('choosing another file while one is checked cancels that check and shows only the new file', async () => {
    const signals: AbortSignal[] = [];
    const answers: ((outcome: ManifestOutcome) => void)[] = [];
    const logic = manifestCheckMachine.provide({
      actors: {
        checkManifest: fromPromise<ManifestOutcome, ManifestCheckRequest | null>(({ signal }) => {
          signals.push(signal);
          return new Promise((resolve) => answers.push(resolve));
        }),
      },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send(choose);
    const corrected = new File(['x'], 'northgate-run-7-fixed.xlsx');
    actor.send({ ...choose, file: corrected });
    expect(signals[0]?.aborted).toBe(true);
    // The first check answering late changes nothing.
    answers[0]?.(invalid);
    answers[1]?.(ready);
    await vi.waitFor(() => expect(selectManifestCheck(actor.getSnapshot()).manifest).toBe('ready'));
    expect(selectManifestCheck(actor.getSnapshot())).toMatchObject({ fileName: corrected.name, outcome: ready });
  });
});
