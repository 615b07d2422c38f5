import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { whiteLabelMachine } from '../../src/machines/practice/white-label.machine';
import { selectWhiteLabel } from '../../src/machines/practice/white-label.selectors';
import { LOGO_MAX_BYTES } from '../../src/model/practice/white-label';
import { WhiteLabelRuleText, WhiteLabelToastText } from '../../src/model/practice/white-label-texts';
import { ApiError } from '../../src/services/http/api-error';
import type { ImageFacts } from '../../src/services/platform/image-size';
import { notify } from '../../src/services/platform/notify';
import { practiceRecord } from '../support/fixtures/records';
import { describePaths, recordTransitions } from '../support/path-tests';

const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });
const tooLarge = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });

const small: ImageFacts = { type: 'image/png', width: 600, height: 400 };
const oversized: ImageFacts = { type: 'image/png', width: 2000, height: 1500 };
const notImage: ImageFacts = { type: null, width: 0, height: 0 };
const serverRefusal = new ApiError('Only JPG and PNG files are supported. (Correlation ID: c-9)', 'http', 400, 'c-9');

const done: string[] = [];
const effects = {
  notifySaved: vi.fn(() => void done.push('notifySaved')),
  notifyFailed: vi.fn((_: unknown, params: { error: unknown }) => void done.push(`notifyFailed ${String(params.error)}`)),
  refreshPractice: vi.fn(() => void done.push('refreshPractice')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

type Step = { event: AnyEventObject };

/** What each settled save must have left behind (ordering §8 toasts; the practice refreshed after a change). */
function expectedEffects(steps: readonly Step[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.saveLogo') return ['notifySaved', 'refreshPractice'];
    if (event.type === 'xstate.error.actor.saveLogo') return [`notifyFailed ${String(event.error)}`];
    return [];
  });
}

/** What each save must send: the chosen logo while the toggle is on, null (clear) while it is off (§4). */
function expectedUploads(steps: readonly Step[], hasLogo: boolean): (File | null)[] {
  let enabled = hasLogo;
  const uploads: (File | null)[] = [];
  for (const { event } of steps) {
    if (event.type === 'whiteLabel.toggle') enabled = event.enabled === true;
    if (event.type === 'whiteLabel.save') uploads.push(enabled && event.logo instanceof File ? event.logo : null);
  }
  return uploads;
}

/** One graph per start: without a logo the toggle starts off, with one it starts on. */
for (const [start, hasLogo] of [
  ['no logo yet', false],
  ['a logo already', true],
] as const) {
  describePaths(whiteLabelMachine, {
    name: `white label reports (ordering §2, §4, §5, §8), ${start}: toggle, logo checks, Save Changes`,
    input: { hasLogo },
    events: {
      'whiteLabel.toggle': [
        { type: 'whiteLabel.toggle', enabled: true },
        { type: 'whiteLabel.toggle', enabled: false },
      ],
      'logo.choose': [
        { type: 'logo.choose', file: logo },
        { type: 'logo.choose', file: tooLarge },
        { type: 'logo.choose', file: gif },
      ],
      'whiteLabel.save': [
        { type: 'whiteLabel.save', logo },
        { type: 'whiteLabel.save', logo: null },
      ],
    },
    invokes: {
      inspectLogo: { outputs: [small, oversized, notImage], errors: [new Error('The file is not an image the browser can show')] },
      saveLogo: { outputs: [practiceRecord()], errors: [serverRefusal, new Error('offline')] },
    },
    provide: { actions: effects },
    check: { context: true, tags: true },
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
    afterPath: ({ snapshot, invocations, path }) => {
      const view = selectWhiteLabel(snapshot);
      expect(done).toEqual(expectedEffects(path.steps));
      expect(invocations.filter(({ src }) => src === 'saveLogo').map(({ input }) => input)).toEqual(
        expectedUploads(path.steps, hasLogo).map((upload) => ({ logo: upload })),
      );
      // The checks read the file that was chosen.
      for (const { src, input } of invocations) if (src === 'inspectLogo') expect(input).toEqual({ file: logo });
      // Save Changes is disabled when the toggle is on and no acceptable file is chosen (§2).
      if (view.enabled && !view.fileReady) expect(view.canSave).toBe(false);
      if (view.saving || view.saved) expect(view.canSave).toBe(false);
      // An error belongs to a refused file; a warning only to an accepted one.
      if (view.error) expect(view.fileName).not.toBeNull();
      if (view.warning) expect([view.warning, view.fileReady || view.saving]).toEqual([WhiteLabelRuleText.dimensionsWarning, true]);
      if (view.saved) expect([view.fileName, view.error, view.warning]).toEqual([null, null, null]);
    },
  });
}

describe('white label reports, by hand', () => {
  const inspect = recordTransitions();

  it('a file too large or not JPG/PNG is refused at once with the §5 text; choosing another clears it', () => {
    const actor = createActor(whiteLabelMachine.provide({ actions: effects }), { input: { hasLogo: false }, inspect }).start();
    actor.send({ type: 'whiteLabel.toggle', enabled: true });
    actor.send({ type: 'logo.choose', file: tooLarge });
    expect(selectWhiteLabel(actor.getSnapshot()).error).toBe(WhiteLabelRuleText.tooLarge);
    actor.send({ type: 'logo.choose', file: gif });
    expect(selectWhiteLabel(actor.getSnapshot()).error).toBe(WhiteLabelRuleText.notImage);
    actor.send({ type: 'logo.remove' });
    expect(selectWhiteLabel(actor.getSnapshot())).toMatchObject({ error: null, fileName: null, canSave: false });
  });

  it('an image over 1382 × 1132 warns but can still be saved', async () => {
    const logic = whiteLabelMachine.provide({
      actors: { inspectLogo: fromPromise(() => Promise.resolve(oversized)) },
      actions: effects,
    });
    const actor = createActor(logic, { input: { hasLogo: false }, inspect }).start();
    actor.send({ type: 'whiteLabel.toggle', enabled: true });
    actor.send({ type: 'logo.choose', file: logo });
    await vi.waitFor(() => expect(selectWhiteLabel(actor.getSnapshot()).fileReady).toBe(true));
    expect(selectWhiteLabel(actor.getSnapshot())).toMatchObject({
      warning: WhiteLabelRuleText.dimensionsWarning,
      error: null,
      canSave: true,
    });
  });

  it('a failed save toasts the server’s message, else "Failed to update white label settings"', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    for (const [error, text] of [
      [serverRefusal, serverRefusal.message],
      [new Error('offline'), WhiteLabelToastText.failure],
    ] as const) {
      const logic = whiteLabelMachine.provide({ actors: { saveLogo: fromPromise(() => Promise.reject(error)) } });
      const actor = createActor(logic, { input: { hasLogo: true }, inspect }).start();
      actor.send({ type: 'whiteLabel.toggle', enabled: false });
      actor.send({ type: 'whiteLabel.save', logo: null });
      await vi.waitFor(() => expect(toast).toHaveBeenLastCalledWith(text));
      expect(selectWhiteLabel(actor.getSnapshot())).toMatchObject({ saving: false, enabled: false, canSave: true });
    }
    toast.mockRestore();
  });
});
