import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import {
  signInFieldErrors,
  type SessionUser,
  type SignInCredentials,
  type SignInFieldErrors,
  type SignInRequest,
} from '../../model/auth/auth';
import { Paths } from '../../model/shell/navigation';
import { portalFor } from '../../model/auth/roles';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { captcha } from '../../services/auth/captcha';
import { notify } from '../../services/platform/notify';
import { sessionActor } from './session.runtime';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Sign-in (access §2 and §5): empty fields are named under themselves and nothing is sent; otherwise the invisible
 * captcha runs, then the credentials are sent. Success establishes the session and leaves for the migration page
 * or the remembered page.
 */

export interface SignInContext {
  /** Where a protected page sent the user from; already checked to be a path of this origin. */
  returnTo: string;
  request: SignInCredentials | null;
  antispamToken: string | undefined;
  error: string | null;
  /** The message under each field the last submit left empty. */
  fieldErrors: SignInFieldErrors;
}

export type SignInEvent = { type: 'signIn.submit' } & SignInCredentials;

/** The session a sign-in answer opens, kept where Remember me said. */
const sessionOf = ({ context, event }: { context: SignInContext; event: DoneActorEvent<SessionUser> }) => ({
  user: event.output,
  rememberMe: context.request?.rememberMe ?? false,
});

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { returnTo: string },
  },
  actors: {
    getCaptchaToken: fromPromise<string | undefined>(() => captcha.token('signin')),
    signIn: fromPromise<SessionUser, SignInRequest>(({ input, signal }) => authApi.signIn(input, { signal })),
  },
  guards: {
    incomplete: ({ event }) => Object.keys(signInFieldErrors(event)).length > 0,
    mustMigrate: (_, user: SessionUser) => user.forceIdentityMigration,
    /** A user type of neither portal is refused by the user-type guard as soon as the session exists. */
    hasPortal: (_, user: SessionUser) => portalFor(user.userType) !== null,
  },
  actions: {
    assignRequest: assign(({ event }) => ({
      request: { username: event.username, password: event.password, rememberMe: event.rememberMe },
      error: null,
      fieldErrors: {},
    })),
    assignFieldErrors: assign(({ event }) => ({ fieldErrors: signInFieldErrors(event) })),
    assignAntispamToken: assign((_, params: { token: string | undefined }) => ({ antispamToken: params.token })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, FallbackText.signIn),
      antispamToken: undefined,
    })),
    forgetRequest: assign({ request: null, antispamToken: undefined }),
    establishSession: (_, params: { user: SessionUser; rememberMe: boolean }) =>
      sessionActor().send({ type: 'session.authenticate', ...params }),
    prepareCaptcha: () => captcha.prepare(),
    notifySignedIn: () => notify.success(SuccessText.signedIn),
    goToMigration: () => browser.navigate(Paths.migrate, { replace: true }),
    goToReturnPage: ({ context }) => browser.navigate(context.returnTo, { replace: true }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ returnTo: input.returnTo, request: null, antispamToken: undefined, error: null, fieldErrors: {} }),
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
            guard: { type: 'mustMigrate', params: ({ event }) => event.output },
            target: 'migrating',
            actions: [{ type: 'establishSession', params: sessionOf }, 'forgetRequest'],
          },
          {
            guard: { type: 'hasPortal', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [{ type: 'establishSession', params: sessionOf }, 'forgetRequest', 'notifySignedIn'],
          },
          {
            // The page says "Access denied." and signs out softly; "Signed in successfully" beside it would contradict it.
            target: 'signedIn',
            actions: [{ type: 'establishSession', params: sessionOf }, 'forgetRequest'],
          },
        ],
        onError: { target: 'editing', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    migrating: { type: 'final', entry: 'goToMigration' },
    signedIn: { type: 'final', entry: 'goToReturnPage' },
  },
});
