import { assign, fromPromise, setup } from 'xstate';
import { UserMessageText } from '../../model/team/user-texts';
import type { UserNotificationsFields } from '../../model/team/user';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { teamKeys } from '../../services/team/queries';
import { teamApi } from '../../services/team/team.api';
import { queryClient } from '../../services/http/query-client';

/**
 * The team table's Email Notifications switch (kits §2, §7, §8): `PATCH /Users/{uid}/notifications` with
 * `{ receiveNotifications, notificationPreferences: [], userType }`, then "Notification preferences updated
 * successfully" or the server's message ("Failed to update email notification preferences" without one). Either
 * way the team is read again before the next change, so every switch shows what the server kept; meanwhile the
 * switch changed shows the value asked for (after a failure, the list's own). One change at a time: a switch does
 * not take a click while another change is under way.
 */

export interface NotificationChange {
  uid: string;
  receiveNotifications: boolean;
  /** The member's user type, which the call carries (kits §7). */
  userType: number;
}

export interface TeamNotificationsContext {
  /** The change under way; null when none is. */
  change: NotificationChange | null;
}

export type TeamNotificationsEvent = { type: 'notifications.toggle' } & NotificationChange;

export interface SetNotificationsInput {
  uid: string;
  body: UserNotificationsFields;
}

export const teamNotificationsMachine = setup({
  types: {
    context: {} as TeamNotificationsContext,
    events: {} as TeamNotificationsEvent,
  },
  actors: {
    setNotifications: fromPromise<void, SetNotificationsInput>(({ input, signal }) =>
      teamApi.setNotifications(input.uid, input.body, { signal }),
    ),
    // Resolves once the team has been read again, so that the switch never shows the old value in between.
    refreshTeam: fromPromise<void>(() => queryClient.invalidateQueries({ queryKey: teamKeys.all })),
  },
  actions: {
    assignChange: assign((_, params: NotificationChange) => ({ change: params })),
    forgetChange: assign({ change: null }),
    notifyUpdated: () => notify.success(UserMessageText.notificationsUpdated),
    notifyFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, UserMessageText.notificationsFailed)),
  },
}).createMachine({
  id: 'teamNotifications',
  context: { change: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetChange',
      on: {
        'notifications.toggle': {
          target: 'saving',
          actions: {
            type: 'assignChange',
            params: ({ event }) => ({ uid: event.uid, receiveNotifications: event.receiveNotifications, userType: event.userType }),
          },
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'setNotifications',
        src: 'setNotifications',
        input: ({ context }) => ({
          uid: context.change?.uid ?? '',
          body: {
            receiveNotifications: context.change?.receiveNotifications ?? false,
            notificationPreferences: [],
            userType: context.change?.userType ?? 0,
          },
        }),
        onDone: { target: 'refreshing', actions: 'notifyUpdated' },
        // The switch goes back to what the server holds, read again in case the change was kept after all.
        onError: {
          target: 'refreshing',
          actions: [{ type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }, 'forgetChange'],
        },
      },
    },
    refreshing: {
      tags: ['saving'],
      invoke: { id: 'refreshTeam', src: 'refreshTeam', onDone: 'idle', onError: 'idle' },
    },
  },
});
