import type { SnapshotFrom } from 'xstate';
import type { PatientConsentName, patientConsentsMachine } from './patient-consents.machine';

type PatientConsentsSnapshot = SnapshotFrom<typeof patientConsentsMachine>;

export interface PatientConsentsView {
  researchConsent: boolean;
  rejuvenationOlympics: boolean;
  /** The switch being saved, which shows it is busy. */
  pending: PatientConsentName | null;
  /** A switch takes a click: no save runs. */
  canChange: boolean;
}

export function selectPatientConsents(snapshot: PatientConsentsSnapshot): PatientConsentsView {
  const { context } = snapshot;
  return {
    researchConsent: context.researchConsent,
    rejuvenationOlympics: context.rejuvenationOlympics,
    pending: context.pending,
    canChange: !snapshot.hasTag('busy'),
  };
}
