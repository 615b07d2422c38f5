import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser } from '../../src/model/auth/auth';
import { UserType } from '../../src/model/enums';
import { ErrorText } from '../../src/model/messages';
import { portalFor } from '../../src/model/auth/roles';
import { signInMachine } from '../../src/machines/auth/sign-in.machine';
import { ApiError } from '../../src/services/http/api-error';
import { CaptchaError } from '../../src/services/auth/captcha';
import { describePaths, recordTransitions } from '../support/path-tests';
import { sessionUser } from '../support/fixtures/session';

const effects = {
  establishSession: vi.fn(),
  notifySignedIn: vi.fn(),
  goToMigration: vi.fn(),
  goToReturnPage: vi.fn(),
  prepareCaptcha: vi.fn(),
};

/** A user type in neither portal (access §6): the user-type guard refuses it once the session is there. */
const labUser = sessionUser({ userType: UserType.LabUser });

beforeEach(() => vi.clearAllMocks());

describePaths(signInMachine, {
  input: { returnTo: '/kits/KIT-1' },
  events: {
    'signIn.submit': [
      { type: 'signIn.submit', username: 'ana', password: 'secret', rememberMe: true },
      // Both fields left empty (a username of spaces is empty too): named under each field, nothing sent.
      { type: 'signIn.submit', username: '   ', password: '', rememberMe: true },
    ],
  },
  invokes: {
    getCaptchaToken: { outputs: ['captcha-token'], errors: [new CaptchaError('reCAPTCHA is not ready')] },
    signIn: {
      outputs: [sessionUser(), sessionUser({ forceIdentityMigration: true }), labUser],
      errors: [new ApiError(ErrorText.signInUnauthorized, 'http', 401), new TypeError('answer did not match the schema')],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    const signIn = invocations.find((invocation) => invocation.src === 'signIn');
    if (signIn) expect(signIn.input).toEqual({ username: 'ana', password: 'secret', rememberMe: true, antispamToken: 'captcha-token' });
    if (Object.keys(snapshot.context.fieldErrors).length > 0) {
      // Only the empty submit names fields, and it stays on the form; a later submit that is sent clears them.
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.fieldErrors).toEqual({ username: 'Username is required', password: 'Password is required' });
    }
    if (snapshot.value === 'editing' && signIn) {
      expect([ErrorText.signInUnauthorized, 'Failed to sign in']).toContain(snapshot.context.error);
    }
    if (snapshot.status === 'done') {
      expect(snapshot.context.request).toBeNull();
      expect(effects.establishSession).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ rememberMe: true }));
      // "Signed in successfully" only for a user who gets a portal; never beside "Access denied." or before migrating.
      const [, { user }] = effects.establishSession.mock.lastCall as [unknown, { user: SessionUser }];
      const welcomed = snapshot.value === 'signedIn' && portalFor(user.userType) !== null;
      expect(effects.notifySignedIn).toHaveBeenCalledTimes(welcomed ? 1 : 0);
    }
  },
});

describe('a sign-in the user-type guard will refuse (access §2 and §8)', () => {
  const inspect = recordTransitions();

  it('a user of neither portal gets the session (the guard signs it out softly) but no "Signed in successfully"', async () => {
    const notifySignedIn = vi.fn();
    const establishSession = vi.fn();
    const logic = signInMachine.provide({
      actors: {
        getCaptchaToken: fromPromise<string | undefined>(() => Promise.resolve(undefined)),
        signIn: fromPromise(() => Promise.resolve(labUser)),
      },
      actions: { ...effects, establishSession, notifySignedIn },
    });
    const actor = createActor(logic, { input: { returnTo: '/' }, inspect }).start();
    actor.send({ type: 'signIn.submit', username: 'lab.user', password: 'secret', rememberMe: false });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(establishSession).toHaveBeenCalledOnce();
    expect(notifySignedIn).not.toHaveBeenCalled();
  });
});
