import { assign, fromPromise, setup } from 'xstate';
import { PATIENTS_PATH } from '../../model/patients/patient-rules';
import { PatientMessageText } from '../../model/patients/patient-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { patientsApi } from '../../services/patients/patients.api';
import { patientKeys } from '../../services/patients/queries';

/**
 * Deleting a patient from its page (issue 40, kits §7, §8), asked first as deleting a team member is: the
 * question, then `DELETE /Patients/{id}`. Success says "Patient deleted successfully", goes back to /patients
 * and refreshes the patients; a failure says the server's message, else "Failed to delete patient", and the
 * patient's page stays.
 */

export interface PatientDeleteContext {
  /** The patient asked about or being deleted (its id or uid). */
  key: string | null;
}

export type PatientDeleteEvent =
  { type: 'patient.delete'; key: string } | { type: 'patient.confirmDelete' } | { type: 'patient.cancelDelete' };

export const patientDeleteMachine = setup({
  types: {
    context: {} as PatientDeleteContext,
    events: {} as PatientDeleteEvent,
  },
  actors: {
    deletePatient: fromPromise<void, { key: string }>(({ input, signal }) => patientsApi.remove(input.key, { signal })),
  },
  actions: {
    assignPatient: assign((_, params: { key: string }) => ({ key: params.key })),
    forgetPatient: assign({ key: null }),
    notifyDeleted: () => notify.success(PatientMessageText.deleted),
    notifyDeleteFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, PatientMessageText.deleteFailed)),
    goToPatients: () => browser.navigate(PATIENTS_PATH),
    // After leaving the page, so that its own query is not read again for a patient that is gone.
    refreshPatients: () => void queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  },
}).createMachine({
  id: 'patientDelete',
  context: { key: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'forgetPatient',
      on: {
        'patient.delete': { target: 'confirming', actions: { type: 'assignPatient', params: ({ event }) => ({ key: event.key }) } },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'patient.confirmDelete': 'deleting', 'patient.cancelDelete': 'closed' },
    },
    deleting: {
      // The question stays up, its Delete button loading, until the server answers.
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'deletePatient',
        src: 'deletePatient',
        input: ({ context }) => ({ key: context.key ?? '' }),
        onDone: { target: 'deleted', actions: ['notifyDeleted', 'goToPatients', 'refreshPatients'] },
        onError: { target: 'closed', actions: { type: 'notifyDeleteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: { type: 'final' },
  },
});
