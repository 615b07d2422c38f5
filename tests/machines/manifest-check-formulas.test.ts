import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { UnitType } from '../../src/model/enums';
import { ManifestRowText } from '../../src/model/orders/manifest-texts';
import { manifestCheckMachine } from '../../src/machines/orders/manifest-check.machine';
import { selectManifestCheck } from '../../src/machines/orders/manifest-check.selectors';
import { manifestChecker } from '../../src/services/orders/manifest-check';
import { handleManifestRequest } from '../../src/services/orders/manifest-worker';

/**
 * Issue 37 item 7 in the browser: the pre-check refuses a cell a spreadsheet would run as a formula with the
 * server's own row error, and the page keeps the chosen file's name and the check's result while it shows it.
 */

const HEADER = 'Unique ID,Product ID,Date of Collection,DOB,Sex,Clinic ID,Type';
const GOOD = 'NG00001,MSA,01/15/2025,03/02/1984,F,NG-LAB,Saliva';
const request = { unitType: UnitType.CPS };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the manifest pre-check and formula-like cells', () => {
  it('shows the server’s row error for a cell starting with a sign, keeping the chosen file, and accepts the corrected file', async () => {
    // The worker's own handler, run in place: the test environment has no Worker.
    vi.spyOn(manifestChecker, 'run').mockImplementation((checked) => handleManifestRequest(checked));
    const actor = createActor(manifestCheckMachine).start();
    const bad = `${HEADER}\r\n${GOOD}\r\nNG00002,MSA,01/15/2025,03/02/1984,M,"\t=HYPERLINK(""x"")", +cmd|x\r\n`;
    actor.send({ type: 'manifest.choose', file: new File([bad], 'run-7.csv'), ...request });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('checking'));

    const view = selectManifestCheck(actor.getSnapshot());
    expect(view).toMatchObject({ fileName: 'run-7.csv', manifest: 'invalid', canDownloadErrors: true, failure: null });
    expect(view.outcome).toEqual({
      kind: 'invalid',
      errors: [
        { row: 3, column: 'Clinic ID', reason: ManifestRowText.formulaStart('Clinic ID') },
        { row: 3, column: 'Type', reason: ManifestRowText.formulaStart('Type') },
      ],
    });

    actor.send({ type: 'manifest.choose', file: new File([`${HEADER}\r\n${GOOD}\r\n`], 'run-7-fixed.csv'), ...request });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('checking'));
    expect(selectManifestCheck(actor.getSnapshot())).toMatchObject({ fileName: 'run-7-fixed.csv', manifest: 'ready' });
    actor.stop();
  });
});
