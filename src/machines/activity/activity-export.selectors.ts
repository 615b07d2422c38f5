import type { SnapshotFrom } from 'xstate';
import type { activityExportMachine } from './activity-export.machine';

type ActivityExportSnapshot = SnapshotFrom<typeof activityExportMachine>;

export interface ActivityExportView {
  /** The file is being made: the button loads and takes no click. */
  busy: boolean;
}

export function selectActivityExport(snapshot: ActivityExportSnapshot): ActivityExportView {
  return { busy: snapshot.hasTag('busy') };
}
