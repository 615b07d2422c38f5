import { assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordRequest, SessionUser } from '../model/auth';
import { FallbackText, SuccessText } from '../model/messages';
import { messageOf } from '../services/api-error';
import { authApi } from '../services/auth.api';
import { notify } from '../services/notify';
import { sessionActor } from './session.runtime';

/**
 * Password change (kits "Settings: Account" and §5, access §4 and §7): the form's three fields go to
 * POST /Auth/Password/Reset; its answer re-authenticates the session, which stays where it was kept.
 */

export interface PasswordChangeContext {
  error: string | null;
}

export type PasswordChangeEvent = { type: 'password.submit' } & ChangePasswordRequest;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    changePassword: fromPromise<SessionUser, ChangePasswordRequest>(({ input, signal }) => authApi.changePassword(input, { signal })),
  },
  actions: {
    forgetError: assign({ error: null }),
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
      on: { 'password.submit': { target: 'changing', actions: 'forgetError' } },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // The passwords go straight from the event to the call and are never kept in context.
        input: ({ event }) => ({
          currentPassword: event.currentPassword,
          newPassword: event.newPassword,
          repeatNewPassword: event.repeatNewPassword,
        }),
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
      on: { 'password.submit': 'changing' },
    },
  },
});
