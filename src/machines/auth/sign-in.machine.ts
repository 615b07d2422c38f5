import { assign, fromPromise, setup } from 'xstate';
import {
  signInFieldErrors,
  type SessionUser,
  type SignInCredentials,
  type SignInFieldErrors,
  type SignInRequest,
} from '../../model/auth/auth';
import { isTwoStepChallenge, type SignInAnswer, type TwoStepSignInRequest } from '../../model/auth/two-step';
import { Paths, SettingsPaths } from '../../model/shell/navigation';
import { portalFor } from '../../model/auth/roles';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { captcha } from '../../services/auth/captcha';
import { notify } from '../../services/platform/notify';
import { sessionActor } from './session.runtime';
import { FallbackText, SuccessText, TwoStepSignInText } from '../../model/auth/auth-texts';

/**
 * Sign-in (access §2 and §5): empty fields are named under themselves and nothing is sent; otherwise the invisible
 * captcha runs, then the credentials are sent. Success establishes the session and leaves for the migration page
 * or the remembered page. Issue 44: for an account with two-step sign-in on, the right password answers a challenge,
 * and a second step asks for the authenticator's code (or a recovery code) before the session exists; a member whose
 * practice requires two-step sign-in and who has none is told so and led to the account tab to turn it on.
 */

export interface SignInContext {
  /** Where a protected page sent the user from; already checked to be a path of this origin. */
  returnTo: string;
  request: SignInCredentials | null;
  antispamToken: string | undefined;
  error: string | null;
  /** The message under each field the last submit left empty. */
  fieldErrors: SignInFieldErrors;
  /** Issue 44: the server's challenge while the code is awaited. */
  challenge: string | null;
  /** The code step takes a recovery code instead of the app's 6 digits. */
  recovery: boolean;
  /** The message under the code field when it cannot be sent as typed. */
  codeError: string | null;
  /** The user object of the last step, between its answer and the session it opens. */
  user: SessionUser | null;
}

export type SignInEvent =
  | ({ type: 'signIn.submit' } & SignInCredentials)
  | { type: 'signIn.submitCode'; code: string }
  | { type: 'signIn.toggleRecovery' }
  | { type: 'signIn.restart' };

/** What the code field must hold before it is sent: anything for a recovery code, six digits for the app's. */
export function codeFieldError(code: string, recovery: boolean): string | null {
  const typed = code.replace(/\s/g, '');
  if (!typed) return TwoStepSignInText.codeRequired;
  if (!recovery && !/^\d{6}$/.test(typed)) return TwoStepSignInText.codeFormat;
  return null;
}

/** The session the answer opens, kept where Remember me said. */
const sessionOf = ({ context }: { context: SignInContext }) => ({ user: context.user, rememberMe: context.request?.rememberMe ?? false });
const establish = { type: 'establishSession', params: sessionOf } as const;

const NO_CREDENTIALS: SignInCredentials = { username: '', password: '', rememberMe: false };

function credentialsOf(event: SignInEvent): SignInCredentials {
  return event.type === 'signIn.submit'
    ? { username: event.username, password: event.password, rememberMe: event.rememberMe }
    : NO_CREDENTIALS;
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { returnTo: string },
  },
  actors: {
    getCaptchaToken: fromPromise<string | undefined>(() => captcha.token('signin')),
    signIn: fromPromise<SignInAnswer, SignInRequest>(({ input, signal }) => authApi.signIn(input, { signal })),
    signInTwoStep: fromPromise<SessionUser, TwoStepSignInRequest>(({ input, signal }) => authApi.signInTwoStep(input, { signal })),
  },
  guards: {
    incomplete: ({ event }) => Object.keys(signInFieldErrors(credentialsOf(event))).length > 0,
    needsCode: (_, answer: SignInAnswer) => isTwoStepChallenge(answer),
    codeIncomplete: ({ context, event }) => event.type === 'signIn.submitCode' && codeFieldError(event.code, context.recovery) !== null,
    mustMigrate: ({ context }) => context.user?.forceIdentityMigration === true,
    /** Only a user with a portal: one of neither is refused by the user-type guard anyway. */
    mustSetUpTwoStep: ({ context }) =>
      context.user?.twoStepSetupRequired === true && portalFor(context.user.userType) !== null && !context.user.forceIdentityMigration,
    /** A user type of neither portal is refused by the user-type guard as soon as the session exists. */
    hasPortal: ({ context }) => context.user !== null && portalFor(context.user.userType) !== null,
  },
  actions: {
    assignRequest: assign(({ event }) => ({ request: credentialsOf(event), error: null, fieldErrors: {} })),
    assignFieldErrors: assign(({ event }) => ({ fieldErrors: signInFieldErrors(credentialsOf(event)) })),
    assignAntispamToken: assign((_, params: { token: string | undefined }) => ({ antispamToken: params.token })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, FallbackText.signIn),
      antispamToken: undefined,
    })),
    assignAnswer: assign((_, params: { answer: SignInAnswer }) =>
      isTwoStepChallenge(params.answer)
        ? { challenge: params.answer.challenge, recovery: false, codeError: null, error: null }
        : { user: params.answer },
    ),
    assignCodeError: assign(({ context, event }) => ({
      codeError: event.type === 'signIn.submitCode' ? codeFieldError(event.code, context.recovery) : null,
    })),
    clearCodeError: assign({ codeError: null, error: null }),
    toggleRecovery: assign(({ context }) => ({ recovery: !context.recovery, codeError: null, error: null })),
    assignCodeFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, TwoStepSignInText.failed) })),
    // Back to the form with what was typed (the e-mail and the password) still in it: the credentials are kept to fill
    // it again; the captcha's token worked once and goes.
    restart: assign({ challenge: null, recovery: false, codeError: null, error: null, antispamToken: undefined }),
    forgetRequest: assign({ request: null, antispamToken: undefined, challenge: null, user: null }),
    establishSession: (_, params: { user: SessionUser | null; rememberMe: boolean }) => {
      if (params.user) sessionActor().send({ type: 'session.authenticate', user: params.user, rememberMe: params.rememberMe });
    },
    prepareCaptcha: () => captcha.prepare(),
    notifySignedIn: () => notify.success(SuccessText.signedIn),
    notifyTwoStepRequired: () => notify.error(TwoStepSignInText.setupRequired),
    goToMigration: () => browser.navigate(Paths.migrate, { replace: true }),
    goToTwoStepSetup: () => browser.navigate(SettingsPaths.account, { replace: true }),
    goToReturnPage: ({ context }) => browser.navigate(context.returnTo, { replace: true }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    returnTo: input.returnTo,
    request: null,
    antispamToken: undefined,
    error: null,
    fieldErrors: {},
    challenge: null,
    recovery: false,
    codeError: null,
    user: null,
  }),
  initial: 'editing',
  entry: 'prepareCaptcha',
  states: {
    editing: {
      on: {
        'signIn.submit': [
          { guard: 'incomplete', actions: 'assignFieldErrors' },
          { target: 'verifying', actions: 'assignRequest' },
        ],
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'captcha',
        src: 'getCaptchaToken',
        onDone: { target: 'signingIn', actions: [{ type: 'assignAntispamToken', params: ({ event }) => ({ token: event.output }) }] },
        onError: { target: 'editing', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          username: context.request?.username ?? '',
          password: context.request?.password ?? '',
          rememberMe: context.request?.rememberMe ?? false,
          ...(context.antispamToken ? { antispamToken: context.antispamToken } : {}),
        }),
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => event.output },
            target: 'enteringCode',
            actions: [{ type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) }],
          },
          { target: 'opening', actions: [{ type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) }] },
        ],
        onError: { target: 'editing', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // Issue 44: the password was right; the code from the authenticator app (or a recovery code) opens the session.
    enteringCode: {
      on: {
        'signIn.submitCode': [
          { guard: 'codeIncomplete', actions: 'assignCodeError' },
          { target: 'verifyingCode', actions: 'clearCodeError' },
        ],
        'signIn.toggleRecovery': { actions: 'toggleRecovery' },
        'signIn.restart': { target: 'editing', actions: 'restart' },
      },
    },
    verifyingCode: {
      tags: ['busy'],
      invoke: {
        id: 'signInTwoStep',
        src: 'signInTwoStep',
        input: ({ context, event }) => ({
          challenge: context.challenge ?? '',
          code: event.type === 'signIn.submitCode' ? event.code.trim() : '',
        }),
        onDone: { target: 'opening', actions: [{ type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) }] },
        onError: { target: 'enteringCode', actions: [{ type: 'assignCodeFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // The documented user object, from either step: where it leads.
    opening: {
      tags: ['busy'],
      always: [
        { guard: 'mustMigrate', target: 'migrating', actions: [establish, 'forgetRequest'] },
        { guard: 'mustSetUpTwoStep', target: 'settingUpTwoStep', actions: [establish, 'forgetRequest', 'notifyTwoStepRequired'] },
        { guard: 'hasPortal', target: 'signedIn', actions: [establish, 'forgetRequest', 'notifySignedIn'] },
        // The page says "Access denied." and signs out softly; "Signed in successfully" beside it would contradict it.
        { target: 'signedIn', actions: [establish, 'forgetRequest'] },
      ],
    },
    migrating: { type: 'final', entry: 'goToMigration' },
    settingUpTwoStep: { type: 'final', entry: 'goToTwoStepSetup' },
    signedIn: { type: 'final', entry: 'goToReturnPage' },
  },
});
