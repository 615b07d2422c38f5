import type { SnapshotFrom } from 'xstate';
import type { patientDeleteMachine } from './patient-delete.machine';

type PatientDeleteSnapshot = SnapshotFrom<typeof patientDeleteMachine>;

export interface PatientDeleteView {
  /** The question is shown. */
  confirming: boolean;
  /** The delete call is under way: Delete shows it is loading and the question cannot be dismissed. */
  busy: boolean;
  /** "Delete" takes a click: nothing is being asked or deleted. */
  canDelete: boolean;
}

export function selectPatientDelete(snapshot: PatientDeleteSnapshot): PatientDeleteView {
  return {
    confirming: snapshot.hasTag('confirming'),
    busy: snapshot.hasTag('busy'),
    canDelete: snapshot.can({ type: 'patient.delete', key: '' }),
  };
}
