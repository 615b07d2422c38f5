import type { SnapshotFrom } from 'xstate';
import type { PatientFormValues } from '../../model/patients/patient-form';
import type { PatientFormMode, patientFormMachine } from './patient-form.machine';

type PatientFormSnapshot = SnapshotFrom<typeof patientFormMachine>;

export interface PatientFormView {
  mode: PatientFormMode;
  /** What the form opens with: empty for a new patient, the record for an edited one. */
  values: PatientFormValues;
  /** The dialog is shown. */
  open: boolean;
  /** The save is under way: the form is disabled, its button loading, the dialog cannot be dismissed. */
  busy: boolean;
  /** The last save's failure. */
  error: string | null;
  /** "Add Patient" and "Edit" take a click: no form is open. */
  canOpen: boolean;
}

export function selectPatientForm(snapshot: PatientFormSnapshot): PatientFormView {
  const { mode, values, error } = snapshot.context;
  return {
    mode,
    values,
    open: snapshot.hasTag('open'),
    busy: snapshot.hasTag('busy'),
    error,
    canOpen: snapshot.can({ type: 'patient.add' }),
  };
}
