import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SessionUser } from '../../src/model/auth/auth';
import { toStoredSession } from '../../src/model/auth/session';
import { sessionMachine } from '../../src/machines/auth/session.machine';
import { authApi } from '../../src/services/auth/auth.api';
import { fakeFetch, json } from '../support/fake-fetch';
import { recordTransitions } from '../support/path-tests';
import { sessionUser } from '../support/fixtures/session';

/**
 * Issue 37 item 9: the Sign out button ends the session on the server too, with the session's refresh token, in a call
 * that the session never waits on; a soft sign-out, the user-type guard and another tab's sign-out make no call.
 */

const inspect = recordTransitions();

type Effects = NonNullable<Parameters<typeof sessionMachine.provide>[0]['actions']>;

/** The screen's effects are fakes, fresh for each test; `effects` replaces others (e.g. revokeRefreshToken). */
function signedIn(user: SessionUser = sessionUser(), effects: Effects = {}) {
  const effect = () => vi.fn<() => void>();
  const goToSignIn = effect();
  const logic = sessionMachine.provide({
    actions: { goToSignIn, goToUnauthorized: effect(), clearCachedData: effect(), clearToasts: effect(), ...effects },
  });
  // Remembered, so that another tab's sign-out reaches it too.
  const actor = createActor(logic, { input: { stored: { session: toStoredSession(user), remember: true } }, inspect }).start();
  return { actor, goToSignIn };
}

const fakeRevoke = () => vi.fn<(args: unknown, params: { refreshToken: string | null }) => void>();

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing out on the server (issue 37 item 9)', () => {
  it('the Sign out button hands the session’s refresh token to revokeRefreshToken and signs out', () => {
    const revokeRefreshToken = fakeRevoke();
    const { actor } = signedIn(sessionUser(), { revokeRefreshToken });
    actor.send({ type: 'session.signOut' });
    expect(revokeRefreshToken).toHaveBeenCalledTimes(1);
    expect(revokeRefreshToken).toHaveBeenCalledWith(expect.anything(), { refreshToken: 'refresh-1' });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it.each([
    ['a soft sign-out', { type: 'session.signOutSoft' }],
    ['the user-type guard', { type: 'session.deny' }],
    ['another tab’s sign-out', { type: 'session.storageChanged', session: null }],
  ] as const)('%s makes no call', (_case, event) => {
    const revokeRefreshToken = fakeRevoke();
    const { actor } = signedIn(sessionUser(), { revokeRefreshToken });
    actor.send(event);
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(revokeRefreshToken).not.toHaveBeenCalled();
  });

  it('by default calls POST /Auth/SignOut with the refresh token, signs out before any answer and swallows a failure', async () => {
    // The network rather than a spy on the API: a spy would itself handle the promise it hands back.
    let answer: (response: Response) => void = () => undefined;
    const network = fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', network.fetch);
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { actor, goToSignIn } = signedIn();
      actor.send({ type: 'session.signOut' });
      // Signed out while the call is still on its way.
      expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
      expect(goToSignIn).toHaveBeenCalled();
      await vi.waitFor(() => expect(network.calls).toHaveLength(1));
      expect(network.calls[0]).toMatchObject({ method: 'POST', url: '/portalApi/Auth/SignOut', body: { refreshToken: 'refresh-1' } });
      // A refusal after the fact changes nothing and reaches no one.
      answer(json({ error: { message: 'Service unavailable' } }, 500));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('by default makes no call for a session without a refresh token', () => {
    const signOut = vi.spyOn(authApi, 'signOut').mockResolvedValue(undefined);
    const { actor } = signedIn(sessionUser({ refreshToken: null }));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
  });
});
