import { assign, fromPromise, setup } from 'xstate';
import { AccountUpdateRequestSchema, type AccountUpdateFields, type AccountUpdateRequest } from '../../model/account/account-update';
import { UserMessageText } from '../../model/team/user-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { usersApi } from '../../services/account/users-me.api';
import { schemaRequest } from './schema-request';
import { accountKeys } from '../../services/account/queries';
import { queryClient } from '../../services/http/query-client';

/**
 * The signed-in user's own profile (kits §2 "Settings: Account" and the provider "Profile page", §5, §8): the
 * account tab (first name, last name, phone, email notifications) and the profile form (the same names and phone
 * with the address) both save with PUT /Users/Me, so one workflow serves both; what the body holds is the form's.
 * The form shows kits §5's messages under its fields from the same schema; a request that schema refuses is never
 * sent. Success toasts "Changes saved successfully!" and reads the user's record again (the me query); a failure
 * toasts the server's message or "Failed to update profile", and the form keeps what was typed.
 */

export interface AccountFormContext {
  /** The last save's failure, until the next save. */
  error: string | null;
}

export type AccountFormEvent = { type: 'account.save'; request: AccountUpdateRequest };

const request = schemaRequest(AccountUpdateRequestSchema);

export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    events: {} as AccountFormEvent,
  },
  actors: {
    save: fromPromise<void, AccountUpdateFields>(({ input, signal }) => usersApi.updateMe(input, { signal })),
  },
  guards: {
    validRequest: request.isValid,
  },
  actions: {
    forgetError: assign({ error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, UserMessageText.profileFailed) })),
    notifySaved: () => notify.success(UserMessageText.accountSaved),
    notifyFailed: ({ context }) => notify.error(context.error ?? UserMessageText.profileFailed),
    refreshMe: () => void queryClient.invalidateQueries({ queryKey: accountKeys.me }),
  },
}).createMachine({
  id: 'accountForm',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'account.save': { guard: { type: 'validRequest', params: request.paramsOf }, target: 'saving' } },
    },
    saving: {
      tags: ['busy'],
      entry: 'forgetError',
      invoke: {
        id: 'save',
        src: 'save',
        // Exactly what the schema makes of the form: text trimmed, a blank address null, the email never.
        input: request.bodyOf,
        onDone: { target: 'editing', actions: ['notifySaved', 'refreshMe'] },
        onError: {
          target: 'failed',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'account.save': { guard: { type: 'validRequest', params: request.paramsOf }, target: 'saving' } },
    },
  },
});
