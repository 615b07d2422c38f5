import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deactivationMachine } from '../../src/machines/account/deactivation.machine';
import { selectDeactivation } from '../../src/machines/account/deactivation.selectors';
import { startSession } from '../../src/machines/auth/session.runtime';
import { toStoredSession } from '../../src/model/auth/session';
import { DeactivationText } from '../../src/model/account/patient-account-texts';
import { ApiError } from '../../src/services/http/api-error';
import { authApi } from '../../src/services/auth/auth.api';
import { browser } from '../../src/services/platform/browser';
import { notify } from '../../src/services/platform/notify';
import { tokenStore } from '../../src/services/auth/token-store';
import { sessionUser } from '../support/fixtures/session';
import { describePaths, recordTransitions } from '../support/path-tests';

const refusal = new ApiError('Account already deactivated (Correlation ID: c-9)', 'http', 401, 'c-9');

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effects = {
  endSession: vi.fn(() => void done.push('endSession')),
  notifyDeleted: vi.fn(() => void done.push(`success ${DeactivationText.deleted}`)),
  notifyFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${params.error instanceof ApiError ? params.error.message : DeactivationText.failed}`),
  ),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.deactivate') return ['endSession', `success ${DeactivationText.deleted}`];
    // Kits §8: the server's message, else "Failed to deactivate account".
    if (event.type === 'xstate.error.actor.deactivate') {
      return [`error ${event.error instanceof ApiError ? event.error.message : DeactivationText.failed}`];
    }
    return [];
  });
}

const suite = describePaths(deactivationMachine, {
  name: 'deactivating one’s own account (kits §4 "Account deactivation", §8): idle, confirming, deactivating, sign-in',
  invokes: { deactivate: { errors: [refusal, new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    expect(done).toEqual(expectedEffects(path.steps));
    // DELETE /Patients/Me goes out only once the dialog was confirmed.
    expect(invocations.length).toBe(path.steps.filter((step) => step.event.type === 'deactivation.confirm').length);
    const view = selectDeactivation(snapshot);
    expect(view.confirming).toBe(snapshot.matches('confirming') || snapshot.matches('deactivating'));
    expect(view.busy).toBe(snapshot.matches('deactivating'));
    expect(view.canStart).toBe(snapshot.matches('idle'));
  },
});

describe('deactivation, step by step', () => {
  const inspect = recordTransitions();
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('the dialog stays up and busy until the server answers; Cancel meanwhile does nothing', () => {
    const deactivate = vi.fn(() => new Promise<void>(() => undefined));
    const actor = createActor(deactivationMachine.provide({ actors: { deactivate: fromPromise(deactivate) }, actions: effects }), {
      inspect,
    }).start();
    actor.send({ type: 'deactivation.start' });
    expect(deactivate).not.toHaveBeenCalled();
    actor.send({ type: 'deactivation.confirm' });
    actor.send({ type: 'deactivation.cancel' });
    actor.send({ type: 'deactivation.start' });
    expect(selectDeactivation(actor.getSnapshot())).toEqual({ confirming: true, busy: true, canStart: false });
    expect(deactivate).toHaveBeenCalledTimes(1);
  });

  it('success ends the session as a sign-out does, then says "Your account has been deleted successfully" on the sign-in page', async () => {
    tokenStore.write(toStoredSession(sessionUser()), true);
    // The sign-out tells the server too: answered here, so that no request leaves the test.
    const signOut = vi.spyOn(authApi, 'signOut').mockResolvedValue(undefined);
    const session = startSession();
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`), { onClear: () => shown.push('cleared') });
    const actor = createActor(deactivationMachine.provide({ actors: { deactivate: fromPromise(() => Promise.resolve()) } }), {
      inspect,
    }).start();
    actor.send({ type: 'deactivation.start' });
    actor.send({ type: 'deactivation.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in');
    // The sign-out takes away the session's toasts first; the deletion is said after it, so it stays.
    expect(shown).toEqual(['cleared', `success: ${DeactivationText.deleted}`]);
    expect(signOut).toHaveBeenCalledTimes(1);
    signOut.mockRestore();
    stop();
    session.stop();
  });

  it('a failure toasts the server’s message, keeps the session and lets the user try again', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const endSession = vi.fn();
    const actor = createActor(
      deactivationMachine.provide({
        actors: { deactivate: fromPromise(() => Promise.reject(new Error('socket hang up'))) },
        actions: { endSession },
      }),
      { inspect },
    ).start();
    actor.send({ type: 'deactivation.start' });
    actor.send({ type: 'deactivation.confirm' });
    await vi.waitFor(() => expect(selectDeactivation(actor.getSnapshot()).canStart).toBe(true));
    expect(shown).toEqual([`error: ${DeactivationText.failed}`]);
    expect(endSession).not.toHaveBeenCalled();
    stop();
  });
});
