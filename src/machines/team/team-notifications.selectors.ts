import type { SnapshotFrom } from 'xstate';
import type { NotificationChange, teamNotificationsMachine } from './team-notifications.machine';

type TeamNotificationsSnapshot = SnapshotFrom<typeof teamNotificationsMachine>;

export interface TeamNotificationsView {
  /** The change under way, whose switch shows the value asked for and is loading. */
  change: NotificationChange | null;
  /** A switch takes a click: no other change is under way. */
  canToggle: boolean;
}

export function selectTeamNotifications(snapshot: TeamNotificationsSnapshot): TeamNotificationsView {
  return {
    change: snapshot.context.change,
    canToggle: snapshot.can({ type: 'notifications.toggle', uid: '', receiveNotifications: false, userType: 0 }),
  };
}
