import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { forgotPasswordMachine } from '../../src/machines/auth/forgot-password.machine';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';
import { FallbackText } from '../../src/model/auth/auth-texts';

const effects = { notifySent: vi.fn(), goToSignIn: vi.fn() };

const inspect = recordTransitions();

beforeEach(() => vi.clearAllMocks());

describePaths(forgotPasswordMachine, {
  name: 'forgot password (access §2, §4): every path from the form to sign-in',
  events: {
    'forgot.submit': [
      { type: 'forgot.submit', username: 'hcp.checkout' },
      { type: 'forgot.submit', username: '   ' },
    ],
  },
  invokes: {
    requestReset: { errors: [new ApiError(ErrorText.network, 'network', null), new TypeError('answer did not match the schema')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    // A blank username is refused with the schema's own words and never reaches the server.
    for (const invocation of invocations) expect(invocation.input).toEqual({ username: 'hcp.checkout' });
    if (snapshot.value === 'editing' && snapshot.context.error !== null) {
      expect(['Username is required', ErrorText.network, FallbackText.forgotPassword]).toContain(snapshot.context.error);
    }
    // The success toast comes once with the locked form; the return to sign-in only after the delay.
    expect(effects.notifySent).toHaveBeenCalledTimes(snapshot.hasTag('succeeded') ? 1 : 0);
    expect(effects.goToSignIn).toHaveBeenCalledTimes(snapshot.status === 'done' ? 1 : 0);
  },
});

describe('forgot password while the link is being sent', () => {
  it('a second submit (a double click) sends no second request', () => {
    const requests: unknown[] = [];
    const machine = forgotPasswordMachine.provide({
      actors: { requestReset: fromPromise(({ input }) => new Promise<void>(() => requests.push(input))) },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'forgot.submit', username: 'hcp.checkout' });
    actor.send({ type: 'forgot.submit', username: 'hcp.checkout' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(requests).toEqual([{ username: 'hcp.checkout' }]);
    actor.stop();
  });
});
