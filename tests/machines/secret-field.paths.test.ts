import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { secretFieldMachine } from '../../src/machines/developers/secret-field.machine';
import { selectCanCopy, selectSecretField } from '../../src/machines/developers/secret-field.selectors';
import { COPY_FEEDBACK_MS } from '../../src/model/developers/webhook-rules';
import { clipboard } from '../../src/services/platform/clipboard';
import { describePaths, recordTransitions } from '../support/path-tests';

const KEY = 'pk_live_5f2c9a7b41d3';
const CopyEvent = v.object({ type: v.literal('secret.copy'), text: v.string() });

const suite = describePaths(secretFieldMachine, {
  name: 'a secret field (kits §2, §9): masked or shown, copied with 2 s of feedback, or the failure for 2 s',
  events: {
    // A value to copy, and an empty one (the service left the field out), which is never copied.
    'secret.copy': [
      { type: 'secret.copy', text: KEY },
      { type: 'secret.copy', text: '' },
    ],
  },
  invokes: { copy: { errors: [new DOMException('Write permission denied.', 'NotAllowedError')] } },
  check: { tags: true },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectSecretField(snapshot);
    // Only a value is copied, and the one the copy carried.
    const copied = path.steps.flatMap(({ event }) => (v.is(CopyEvent, event) ? [event.text] : []));
    for (const { input } of invocations) expect(copied).toContain((input as { text: string }).text);
    for (const { input } of invocations) expect(input).toEqual({ text: KEY });
    // Feedback is one thing at a time, and never while the copy runs.
    expect([view.copying, view.copied, view.copyFailed].filter(Boolean).length).toBeLessThanOrEqual(1);
    // Showing and copying are independent: the last show or hide decides, whatever the copy did.
    const lastVisibility = path.steps.map(({ event }) => event.type).filter((type) => type === 'secret.show' || type === 'secret.hide');
    expect(view.shown).toBe(lastVisibility.at(-1) === 'secret.show');
    expect(selectCanCopy(snapshot, '')).toBe(false);
  },
});

describe('a secret field, step by step', () => {
  const inspect = recordTransitions();

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('starts masked; show and hide switch it', () => {
    const actor = createActor(secretFieldMachine, { inspect }).start();
    expect(selectSecretField(actor.getSnapshot())).toEqual({ shown: false, copying: false, copied: false, copyFailed: false });
    actor.send({ type: 'secret.show' });
    expect(selectSecretField(actor.getSnapshot()).shown).toBe(true);
    actor.send({ type: 'secret.hide' });
    expect(selectSecretField(actor.getSnapshot()).shown).toBe(false);
  });

  it('"Copied" lasts exactly 2 s; a second copy meanwhile starts the 2 s anew', async () => {
    vi.useFakeTimers();
    const write = vi.fn((_: { input: { text: string } }) => Promise.resolve());
    const actor = createActor(secretFieldMachine.provide({ actors: { copy: fromPromise(write) } }), { inspect }).start();
    actor.send({ type: 'secret.copy', text: KEY });
    expect(selectSecretField(actor.getSnapshot()).copying).toBe(true);
    expect(selectCanCopy(actor.getSnapshot(), KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSecretField(actor.getSnapshot()).copied).toBe(true);
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 500);
    actor.send({ type: 'secret.copy', text: KEY });
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 1);
    expect(selectSecretField(actor.getSnapshot()).copied).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectSecretField(actor.getSnapshot()).copied).toBe(false);
    expect(write.mock.calls.map(([{ input }]) => input)).toEqual([{ text: KEY }, { text: KEY }]);
  });

  it('with its real default, the copy writes the full value to the clipboard', async () => {
    const writeText = vi.fn((_: string) => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const actor = createActor(secretFieldMachine, { inspect }).start();
    actor.send({ type: 'secret.copy', text: KEY });
    await vi.waitFor(() => expect(selectSecretField(actor.getSnapshot()).copied).toBe(true));
    expect(writeText).toHaveBeenCalledWith(KEY);
  });

  it('a browser that refuses, or has no clipboard, says the copy failed rather than "Copied"', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    const actor = createActor(secretFieldMachine, { inspect }).start();
    actor.send({ type: 'secret.copy', text: KEY });
    await vi.waitFor(() => expect(selectSecretField(actor.getSnapshot()).copyFailed).toBe(true));
    vi.stubGlobal('navigator', {});
    await expect(clipboard.write(KEY)).rejects.toThrow('The clipboard is not available');
  });
});
