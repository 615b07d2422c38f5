import type { SnapshotFrom } from 'xstate';
import type { deactivationMachine } from './deactivation.machine';

type DeactivationSnapshot = SnapshotFrom<typeof deactivationMachine>;

export interface DeactivationView {
  /** The dialog is shown. */
  confirming: boolean;
  /** DELETE /Patients/Me is under way: the dialog's button loads and the dialog cannot be dismissed. */
  busy: boolean;
  /** "Deactivate Account" takes a click: no dialog is up and the account is still there. */
  canStart: boolean;
}

export function selectDeactivation(snapshot: DeactivationSnapshot): DeactivationView {
  return {
    confirming: snapshot.hasTag('confirming'),
    busy: snapshot.hasTag('busy'),
    canStart: snapshot.can({ type: 'deactivation.start' }),
  };
}
