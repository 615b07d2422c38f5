import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { keyRotationMachine } from '../../src/machines/developers/key-rotation.machine';
import { selectKeyRotation } from '../../src/machines/developers/key-rotation.selectors';
import { KeyRotationText, WebhookConsoleFailureText } from '../../src/model/developers/webhook-console-texts';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const PASSWORD = ' Correct horse 7! ';
const wrong = new ApiError('Your password is not correct, so nothing was changed', 'http', 400);
const missing = new ApiError('No such call', 'http', 404);
const socket = new Error('socket hang up');

const done: string[] = [];
const effects = {
  notifyRotated: vi.fn(() => void done.push(`success ${KeyRotationText.rotated}`)),
  notifyRegenerated: vi.fn(() => void done.push(`success ${KeyRotationText.regenerated}`)),
  refreshSecret: vi.fn(() => void done.push('refresh secret')),
  refreshApiKey: vi.fn(() => void done.push('refresh apiKey')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

/** What a failure shows in the dialog: not available on a 404, the server's words, or the fallback. */
function failure(error: unknown, missingText: string, fallback: string): string {
  if (error === missing) return missingText;
  return error instanceof ApiError ? error.message : fallback;
}

const suite = describePaths(keyRotationMachine, {
  name: 'rotating the webhook secret or regenerating the API key (issue 44): confirm with the password, then the request',
  events: {
    'rotation.submit': [
      { type: 'rotation.submit', password: '' },
      { type: 'rotation.submit', password: PASSWORD },
    ],
  },
  invokes: {
    rotateSecret: { errors: [wrong, missing, socket] },
    regenerateKey: { errors: [wrong, missing, socket] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectKeyRotation(snapshot);
    // Only a password that passes the rule is sent, exactly as typed (never trimmed).
    for (const { input } of invocations) expect(input).toEqual({ password: PASSWORD });
    // Each success toasts and refreshes its own field; nothing else has effects.
    const expected = path.steps.flatMap(({ event }) => {
      if (event.type === 'xstate.done.actor.rotateSecret') return [`success ${KeyRotationText.rotated}`, 'refresh secret'];
      if (event.type === 'xstate.done.actor.regenerateKey') return [`success ${KeyRotationText.regenerated}`, 'refresh apiKey'];
      return [];
    });
    expect(done).toEqual(expected);
    // A failure stays in its dialog with its text; a closed dialog has none.
    const last = path.steps.at(-1)?.event as { type: string; error?: unknown } | undefined;
    if (last?.type === 'xstate.error.actor.rotateSecret') {
      expect(view).toMatchObject({
        dialog: 'secret',
        error: failure(last.error, KeyRotationText.rotateNotAvailable, WebhookConsoleFailureText.rotate),
      });
    }
    if (last?.type === 'xstate.error.actor.regenerateKey') {
      expect(view).toMatchObject({
        dialog: 'apiKey',
        error: failure(last.error, KeyRotationText.regenerateNotAvailable, WebhookConsoleFailureText.regenerate),
      });
    }
    if (view.dialog === null) expect(view.error).toBeNull();
    if (view.submitting) expect(view.dialog).not.toBeNull();
  },
});

describe('key rotation, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('a blank password sends nothing; a wrong one keeps the dialog with the server’s words; the right one closes it', async () => {
    const sent: string[] = [];
    let answer: Promise<unknown> = Promise.reject(wrong);
    answer.catch(() => undefined);
    const machine = keyRotationMachine.provide({
      actions: effects,
      actors: {
        regenerateKey: fromPromise(({ input }: { input: { password: string } }) => {
          sent.push(input.password);
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'rotation.regenerateKey' });
    actor.send({ type: 'rotation.submit', password: '' });
    expect(sent).toEqual([]);
    actor.send({ type: 'rotation.submit', password: 'not it' });
    await vi.waitFor(() => expect(selectKeyRotation(actor.getSnapshot()).error).toBe(wrong.message));
    expect(selectKeyRotation(actor.getSnapshot()).dialog).toBe('apiKey');
    answer = Promise.resolve({ apiKey: 'pak_new', name: 'schema' });
    actor.send({ type: 'rotation.submit', password: PASSWORD });
    expect(selectKeyRotation(actor.getSnapshot())).toMatchObject({ submitting: true, error: null });
    await vi.waitFor(() => expect(selectKeyRotation(actor.getSnapshot()).dialog).toBeNull());
    expect(sent).toEqual(['not it', PASSWORD]);
    expect(done).toEqual([`success ${KeyRotationText.regenerated}`, 'refresh apiKey']);
  });
});
