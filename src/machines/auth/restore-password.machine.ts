import { assign, fromPromise, setup } from 'xstate';
import { RestorePasswordRequestSchema, type RestorePasswordRequest } from '../../model/auth/auth';
import { REDIRECT_AFTER_RESET_MS } from '../../model/constants';
import { Paths } from '../../model/shell/navigation';
import { firstProblem } from '../../model/validation';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Restore password (access §2, §4 and §5): the token comes from the link, the new password twice from
 * the form. Without a token nothing can be sent; an expired or used token is the server's to refuse.
 * After success the form locks and the user is back at sign-in a few seconds later.
 */

export type NewPassword = Omit<RestorePasswordRequest, 'restorePasswordToken'>;

export interface RestorePasswordContext {
  token: string | null;
  request: NewPassword | null;
  error: string | null;
}

export type RestorePasswordEvent = { type: 'restore.submit' } & NewPassword;

/** The token's own rule, so a missing one reads exactly as the server would word it. */
const tokenSchema = RestorePasswordRequestSchema.pipe[0].entries.restorePasswordToken;
const tokenProblem = (token: string | null) => firstProblem(tokenSchema, token ?? undefined);

const newPasswordOf = (event: RestorePasswordEvent): NewPassword => ({
  newPassword: event.newPassword,
  repeatNewPassword: event.repeatNewPassword,
});

const requestOf = (token: string | null, password: NewPassword) => ({ restorePasswordToken: token ?? '', ...password });

export const restorePasswordMachine = setup({
  types: {
    context: {} as RestorePasswordContext,
    events: {} as RestorePasswordEvent,
    input: {} as { token: string | null },
  },
  actors: {
    restorePassword: fromPromise<void, RestorePasswordRequest>(({ input, signal }) => authApi.restorePassword(input, { signal })),
  },
  guards: {
    hasToken: ({ context }) => tokenProblem(context.token) === null,
    validRequest: ({ context }, password: NewPassword) =>
      firstProblem(RestorePasswordRequestSchema, requestOf(context.token, password)) === null,
  },
  actions: {
    assignTokenProblem: assign(({ context }) => ({ error: tokenProblem(context.token) })),
    assignRequest: assign((_, request: NewPassword) => ({ request, error: null })),
    assignProblem: assign(({ context }, password: NewPassword) => ({
      error: firstProblem(RestorePasswordRequestSchema, requestOf(context.token, password)),
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FallbackText.restorePassword) })),
    forgetRequest: assign({ request: null }),
    notifyRestored: () => notify.success(SuccessText.passwordReset),
    // Replace, so that Back does not return to a link that has been used up.
    goToSignIn: () => browser.navigate(Paths.signIn, { replace: true }),
  },
  delays: { redirectAfterReset: REDIRECT_AFTER_RESET_MS },
}).createMachine({
  id: 'restorePassword',
  context: ({ input }) => ({ token: input.token, request: null, error: null }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      always: [
        { guard: 'hasToken', target: 'editing' },
        { target: 'invalidToken', actions: 'assignTokenProblem' },
      ],
    },
    invalidToken: {
      description: 'The link carries no token: the form stays locked and says why.',
      tags: ['locked'],
    },
    editing: {
      on: {
        'restore.submit': [
          {
            guard: { type: 'validRequest', params: ({ event }) => newPasswordOf(event) },
            target: 'restoring',
            actions: { type: 'assignRequest', params: ({ event }) => newPasswordOf(event) },
          },
          { actions: { type: 'assignProblem', params: ({ event }) => newPasswordOf(event) } },
        ],
      },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restore',
        src: 'restorePassword',
        input: ({ context }) => requestOf(context.token, context.request ?? { newPassword: '', repeatNewPassword: '' }),
        onDone: { target: 'restored', actions: ['forgetRequest', 'notifyRestored'] },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    restored: {
      description: 'The form is locked and says the password was reset until the redirect.',
      tags: ['locked', 'succeeded'],
      after: { redirectAfterReset: 'returned' },
    },
    returned: { type: 'final', tags: ['locked', 'succeeded'], entry: 'goToSignIn' },
  },
});
