import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser, SignInRequest } from '../../src/model/auth/auth';
import type { SignInAnswer, TwoStepChallenge } from '../../src/model/auth/two-step';
import { TwoStepSignInText } from '../../src/model/auth/auth-texts';
import { selectSignIn } from '../../src/machines/auth/sign-in.selectors';
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
  notifyTwoStepRequired: vi.fn(),
  goToTwoStepSetup: vi.fn(),
};

/** Issue 44: the answer of POST /Auth for an account with two-step sign-in on. */
const challenge: TwoStepChallenge = { twoStepRequired: true, challenge: 'challenge-1', expiresAt: null };
const wrongCode = 'That code is not right, or it was used already. Enter the code your authenticator app shows now. (Correlation ID: c-9)';

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
    'signIn.submitCode': [
      { type: 'signIn.submitCode', code: ' 123456 ' },
      // Five digits: named under the field for the app's code, and sent as a recovery code.
      { type: 'signIn.submitCode', code: '12345' },
      { type: 'signIn.submitCode', code: '' },
    ],
    'signIn.toggleRecovery': [{ type: 'signIn.toggleRecovery' }],
    'signIn.restart': [{ type: 'signIn.restart' }],
  },
  invokes: {
    getCaptchaToken: { outputs: ['captcha-token'], errors: [new CaptchaError('reCAPTCHA is not ready')] },
    signIn: {
      outputs: [
        sessionUser(),
        sessionUser({ forceIdentityMigration: true }),
        labUser,
        challenge,
        sessionUser({ twoStepSetupRequired: true }),
      ] satisfies SignInAnswer[],
      errors: [new ApiError(ErrorText.signInUnauthorized, 'http', 401), new TypeError('answer did not match the schema')],
    },
    signInTwoStep: {
      outputs: [sessionUser(), sessionUser({ forceIdentityMigration: true })],
      errors: [new ApiError(wrongCode, 'http', 400, 'c-9'), new TypeError('answer did not match the schema')],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    const signIn = invocations.find((invocation) => invocation.src === 'signIn');
    if (signIn) expect(signIn.input).toEqual({ username: 'ana', password: 'secret', rememberMe: true, antispamToken: 'captcha-token' });
    // The code goes with the challenge, trimmed; only a code that may be sent is.
    for (const step of invocations.filter((invocation) => invocation.src === 'signInTwoStep')) {
      expect(['123456', '12345']).toContain((step.input as { code: string }).code);
      expect(step.input).toMatchObject({ challenge: 'challenge-1' });
    }
    if (snapshot.value === 'enteringCode') {
      expect(snapshot.context.challenge).toBe('challenge-1');
      expect(selectSignIn(snapshot).step).toBe('code');
      if (snapshot.context.codeError !== null) {
        expect([TwoStepSignInText.codeRequired, TwoStepSignInText.codeFormat]).toContain(snapshot.context.codeError);
      }
      if (snapshot.context.error !== null) expect([wrongCode, TwoStepSignInText.failed]).toContain(snapshot.context.error);
    }
    if (snapshot.value === 'settingUpTwoStep') {
      expect(effects.notifyTwoStepRequired).toHaveBeenCalledOnce();
      expect(effects.goToTwoStepSetup).toHaveBeenCalledOnce();
      expect(effects.notifySignedIn).not.toHaveBeenCalled();
    }
    if (Object.keys(snapshot.context.fieldErrors).length > 0) {
      // Only the empty submit names fields, and it stays on the form; a later submit that is sent clears them.
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.fieldErrors).toEqual({ username: 'Username is required', password: 'Password is required' });
    }
    // Back from the code step the form starts clean but for what was typed, which fills it again: no error, no challenge.
    if (snapshot.value === 'editing') expect(snapshot.context.challenge).toBeNull();
    if (snapshot.value === 'editing' && signIn) {
      expect(selectSignIn(snapshot).typed).toEqual({ username: 'ana', password: 'secret', rememberMe: true });
      expect(snapshot.context.antispamToken).toBeUndefined();
    }
    if (snapshot.value === 'editing' && signIn && snapshot.context.error !== null) {
      expect([ErrorText.signInUnauthorized, 'Failed to sign in']).toContain(snapshot.context.error);
    }
    if (snapshot.status === 'done') {
      expect(snapshot.context.request).toBeNull();
      expect(effects.establishSession).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ rememberMe: true }));
      // "Signed in successfully" only for a user who gets a portal; never beside "Access denied." or before migrating.
      const [, { user }] = effects.establishSession.mock.lastCall as [unknown, { user: SessionUser }];
      const welcomed = snapshot.value === 'signedIn' && portalFor(user.userType) !== null;
      // The challenge never outlives the step, and the session holds the user object, never the challenge.
      expect(snapshot.context.challenge).toBeNull();
      expect(user).not.toHaveProperty('twoStepRequired');
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
        signIn: fromPromise<SignInAnswer, SignInRequest>(() => Promise.resolve(labUser)),
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

describe('two-step sign-in (issue 44)', () => {
  const inspect = recordTransitions();

  function start(answers: { signIn: SignInAnswer; twoStep: () => Promise<SessionUser> }) {
    const codes: unknown[] = [];
    const logic = signInMachine.provide({
      actors: {
        getCaptchaToken: fromPromise<string | undefined>(() => Promise.resolve(undefined)),
        signIn: fromPromise<SignInAnswer, SignInRequest>(() => Promise.resolve(answers.signIn)),
        signInTwoStep: fromPromise<SessionUser, { challenge: string; code: string }>(({ input }) => {
          codes.push(input);
          return answers.twoStep();
        }),
      },
      actions: effects,
    });
    const actor = createActor(logic, { input: { returnTo: '/kits' }, inspect }).start();
    actor.send({ type: 'signIn.submit', username: 'ana', password: 'secret', rememberMe: false });
    return { actor, codes };
  }

  it('opens no session for the password alone, and the session once the code is accepted', async () => {
    const { actor, codes } = start({ signIn: challenge, twoStep: () => Promise.resolve(sessionUser()) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
    expect(effects.establishSession).not.toHaveBeenCalled();
    actor.send({ type: 'signIn.submitCode', code: '654321' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(codes).toEqual([{ challenge: 'challenge-1', code: '654321' }]);
    expect(effects.establishSession).toHaveBeenCalledOnce();
    expect(effects.notifySignedIn).toHaveBeenCalledOnce();
  });

  it('a recovery code need not be six digits; the app code must be', async () => {
    const { actor, codes } = start({ signIn: challenge, twoStep: () => Promise.resolve(sessionUser()) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
    actor.send({ type: 'signIn.submitCode', code: 'abcde-fghjk' });
    expect(actor.getSnapshot().context.codeError).toBe(TwoStepSignInText.codeFormat);
    actor.send({ type: 'signIn.toggleRecovery' });
    expect(selectSignIn(actor.getSnapshot()).recovery).toBe(true);
    actor.send({ type: 'signIn.submitCode', code: 'abcde-fghjk' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(codes).toEqual([{ challenge: 'challenge-1', code: 'abcde-fghjk' }]);
  });

  it('Back to Sign In keeps the e-mail and the password typed, for the form to show again', async () => {
    const { actor } = start({ signIn: challenge, twoStep: () => Promise.reject(new Error('not asked')) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
    actor.send({ type: 'signIn.restart' });
    const view = selectSignIn(actor.getSnapshot());
    expect(view.step).toBe('password');
    expect(view.typed).toEqual({ username: 'ana', password: 'secret', rememberMe: false });
  });

  it('a member whose practice requires two-step sign-in is told so and led to the account tab, not welcomed', async () => {
    const { actor } = start({ signIn: sessionUser({ twoStepSetupRequired: true }), twoStep: () => Promise.reject(new Error('not asked')) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('settingUpTwoStep'));
    expect(effects.establishSession).toHaveBeenCalledOnce();
    expect(effects.notifyTwoStepRequired).toHaveBeenCalledOnce();
    expect(effects.goToTwoStepSetup).toHaveBeenCalledOnce();
    expect(effects.goToReturnPage).not.toHaveBeenCalled();
  });
});
