import { assign, fromPromise, setup } from 'xstate';
import { ChangePasswordRequestSchema, type ChangePasswordRequest, type SessionUser } from '../../model/auth/auth';
import { firstProblem } from '../../model/validation';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { notify } from '../../services/platform/notify';
import { sessionActor } from '../auth/session.runtime';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Password change (kits "Settings: Account" and §5, access §4 and §7): the form's three fields go to
 * POST /Auth/Password/Reset; its answer re-authenticates the session, which stays where it was kept.
 * A request the shared schema refuses (a weak new password, the current one again) is never sent.
 */

export interface PasswordChangeContext {
  error: string | null;
}

export type PasswordChangeEvent = { type: 'password.submit' } & ChangePasswordRequest;

const requestOf = ({ event }: { event: PasswordChangeEvent }): ChangePasswordRequest => ({
  currentPassword: event.currentPassword,
  newPassword: event.newPassword,
  repeatNewPassword: event.repeatNewPassword,
});

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    changePassword: fromPromise<SessionUser, ChangePasswordRequest>(({ input, signal }) => authApi.changePassword(input, { signal })),
  },
  guards: {
    validRequest: (_, request: ChangePasswordRequest) => firstProblem(ChangePasswordRequestSchema, request) === null,
  },
  actions: {
    forgetError: assign({ error: null }),
    // Only the message is kept: the passwords themselves never enter the context.
    assignProblem: assign((_, request: ChangePasswordRequest) => ({ error: firstProblem(ChangePasswordRequestSchema, request) })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FallbackText.changePassword) })),
    renewSession: (_, params: { user: SessionUser }) => sessionActor().send({ type: 'session.renew', user: params.user }),
    notifyChanged: () => notify.success(SuccessText.passwordChanged),
  },
}).createMachine({
  id: 'passwordChange',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: { type: 'validRequest', params: requestOf }, target: 'changing', actions: 'forgetError' },
          { actions: { type: 'assignProblem', params: requestOf } },
        ],
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // The passwords go straight from the event to the call and are never kept in context.
        input: requestOf,
        onDone: {
          target: 'changed',
          actions: [{ type: 'renewSession', params: ({ event }) => ({ user: event.output }) }, 'notifyChanged'],
        },
        onError: { target: 'editing', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // The form starts empty again; another change may follow.
    changed: {
      tags: ['changed'],
      on: {
        'password.submit': [
          { guard: { type: 'validRequest', params: requestOf }, target: 'changing' },
          { target: 'editing', actions: { type: 'assignProblem', params: requestOf } },
        ],
      },
    },
  },
});
