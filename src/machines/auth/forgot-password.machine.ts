import { assign, fromPromise, setup } from 'xstate';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '../../model/auth/auth';
import { REDIRECT_AFTER_RESET_MS } from '../../model/constants';
import { Paths } from '../../model/shell/navigation';
import { firstProblem } from '../../model/validation';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Forgot password (access §2 and §4): the username is sent, and the server answers alike for a known
 * and an unknown one. After success the form locks and the user is back at sign-in a few seconds later.
 */

export interface ForgotPasswordContext {
  request: ForgotPasswordRequest | null;
  error: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.submit' } & ForgotPasswordRequest;

const requestOf = (event: ForgotPasswordEvent): ForgotPasswordRequest => ({ username: event.username });

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<void, ForgotPasswordRequest>(({ input, signal }) => authApi.forgotPassword(input, { signal })),
  },
  guards: {
    validRequest: (_, request: ForgotPasswordRequest) => firstProblem(ForgotPasswordRequestSchema, request) === null,
  },
  actions: {
    assignRequest: assign((_, request: ForgotPasswordRequest) => ({ request, error: null })),
    assignProblem: assign((_, request: ForgotPasswordRequest) => ({ error: firstProblem(ForgotPasswordRequestSchema, request) })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FallbackText.forgotPassword) })),
    notifySent: () => notify.success(SuccessText.resetInstructionsSent),
    // Replace, so that Back does not return to a form that has done its job.
    goToSignIn: () => browser.navigate(Paths.signIn, { replace: true }),
  },
  delays: { redirectAfterReset: REDIRECT_AFTER_RESET_MS },
}).createMachine({
  id: 'forgotPassword',
  context: { request: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.submit': [
          {
            guard: { type: 'validRequest', params: ({ event }) => requestOf(event) },
            target: 'sending',
            actions: { type: 'assignRequest', params: ({ event }) => requestOf(event) },
          },
          { actions: { type: 'assignProblem', params: ({ event }) => requestOf(event) } },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'forgot',
        src: 'requestReset',
        input: ({ context }) => context.request ?? { username: '' },
        onDone: { target: 'sent', actions: 'notifySent' },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      description: 'The form is locked and says the link is on its way until the redirect.',
      tags: ['locked', 'succeeded'],
      after: { redirectAfterReset: 'returned' },
    },
    returned: { type: 'final', tags: ['locked', 'succeeded'], entry: 'goToSignIn' },
  },
});
