import type { SnapshotFrom } from 'xstate';
import type { patientProfileMachine } from './patient-profile.machine';

type PatientProfileSnapshot = SnapshotFrom<typeof patientProfileMachine>;

export interface PatientProfileView {
  /** The save is under way: the form is disabled and its button reads "Saving...". */
  busy: boolean;
  /** The general submit error of the last save, shown until the next one; the form still holds what was typed. */
  error: string | null;
}

export function selectPatientProfile(snapshot: PatientProfileSnapshot): PatientProfileView {
  return {
    busy: snapshot.hasTag('busy'),
    error: snapshot.hasTag('failed') ? snapshot.context.error : null,
  };
}
