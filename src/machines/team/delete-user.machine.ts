import { assign, fromPromise, setup } from 'xstate';
import { ErrorText } from '../../model/messages';
import { isSelf } from '../../model/team/team-list';
import { UserMessageText } from '../../model/team/user-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { teamKeys } from '../../services/team/queries';
import { teamApi } from '../../services/team/team.api';
import { queryClient } from '../../services/http/query-client';

/**
 * Deleting a team member (kits §2, §4 "Delete user", §5, §8): the question "Are you sure you want to delete this
 * user?", then `DELETE /Users/{uid}`. Success refreshes the team and says "User deleted successfully"; a failure
 * says the server's message. The signed-in user (`GET /Users/Me`'s uid, handed over with the event) cannot be
 * targeted: the question never opens and the toast says "Cannot delete yourself". The server refuses it too.
 */

export interface DeleteUserContext {
  /** The member asked about or being deleted. */
  uid: string | null;
}

export type DeleteUserEvent =
  /** `ownUid`: the signed-in user's uid, or null while it is not known. */
  { type: 'user.delete'; uid: string; ownUid: string | null } | { type: 'user.confirmDelete' } | { type: 'user.cancelDelete' };

/** Kits §8 gives a failed delete no fallback of its own: without the server's words it reads as the catalogue's server error. */
const DELETE_FALLBACK = ErrorText.server;

export const deleteUserMachine = setup({
  types: {
    context: {} as DeleteUserContext,
    events: {} as DeleteUserEvent,
  },
  actors: {
    deleteUser: fromPromise<void, { uid: string }>(({ input, signal }) => teamApi.remove(input.uid, { signal })),
  },
  guards: {
    targetsSelf: (_, params: { uid: string; ownUid: string | null }) => isSelf(params.uid, params.ownUid),
  },
  actions: {
    assignUser: assign((_, params: { uid: string }) => ({ uid: params.uid })),
    forgetUser: assign({ uid: null }),
    notifyCannotDeleteYourself: () => notify.error(UserMessageText.cannotDeleteYourself),
    notifyDeleted: () => notify.success(UserMessageText.deleted),
    notifyDeleteFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, DELETE_FALLBACK)),
    refreshTeam: () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  },
}).createMachine({
  id: 'deleteUser',
  context: { uid: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'forgetUser',
      on: {
        'user.delete': [
          {
            guard: { type: 'targetsSelf', params: ({ event }) => ({ uid: event.uid, ownUid: event.ownUid }) },
            actions: 'notifyCannotDeleteYourself',
          },
          { target: 'confirming', actions: { type: 'assignUser', params: ({ event }) => ({ uid: event.uid }) } },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'user.confirmDelete': 'deleting', 'user.cancelDelete': 'closed' },
    },
    deleting: {
      // The question stays up, its Delete button loading, until the server answers.
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'deleteUser',
        src: 'deleteUser',
        input: ({ context }) => ({ uid: context.uid ?? '' }),
        onDone: { target: 'closed', actions: ['notifyDeleted', 'refreshTeam'] },
        onError: { target: 'closed', actions: { type: 'notifyDeleteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
