import { assign, fromPromise, setup } from 'xstate';
import type { Patient, PatientConsents } from '../../model/patients/patient';
import { PatientMessageText } from '../../model/patients/patient-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { notify } from '../../services/platform/notify';
import { patientsApi } from '../../services/patients/patients.api';
import { patientKeys } from '../../services/patients/queries';
import { activityKeys } from '../../services/activity/queries';

/**
 * A patient's two consents on its page (issue 40, kits §3 "Patient consent", §7, §8), as switches that work like
 * the patient portal's (kits §4 "Consents"): a switch applies at once and the pair is saved with PATCH
 * /Patients/{uid}/Consents; success says "Consents updated successfully." and reads the patient again; a failure
 * turns the switch back and says the server's message, else "Failed to update consents". Changes are ignored
 * while a save runs. The switches follow the record the page loads, except while a save runs.
 */

export type PatientConsentName = keyof PatientConsents;

export interface PatientConsentsInput {
  patient: Patient;
}

export interface PatientConsentsContext extends PatientConsents {
  /** The patient's uid (or id), which the call names. */
  key: string;
  /** The switch being saved. */
  pending: PatientConsentName | null;
  /** The pair before the save, put back when it fails. */
  previous: PatientConsents | null;
}

export type PatientConsentsEvent =
  { type: 'consents.load'; patient: Patient } | { type: 'consents.change'; consent: PatientConsentName; value: boolean };

export interface SavePatientConsentsInput {
  key: string;
  consents: PatientConsents;
}

const fromPatient = (patient: Patient): PatientConsentsContext => ({
  key: String(patient.uid ?? patient.id),
  researchConsent: patient.researchConsent,
  rejuvenationOlympics: patient.rejuvenationOlympics,
  pending: null,
  previous: null,
});

const pairOf = ({ researchConsent, rejuvenationOlympics }: PatientConsents): PatientConsents => ({ researchConsent, rejuvenationOlympics });

type ChangeEvent = Extract<PatientConsentsEvent, { type: 'consents.change' }>;
const change = ({ event }: { event: ChangeEvent }) => ({ consent: event.consent, value: event.value });

export const patientConsentsMachine = setup({
  types: {
    context: {} as PatientConsentsContext,
    events: {} as PatientConsentsEvent,
    input: {} as PatientConsentsInput,
  },
  actors: {
    saveConsents: fromPromise<void, SavePatientConsentsInput>(
      async ({ input, signal }) => void (await patientsApi.updateConsents(input.key, input.consents, { signal })),
    ),
  },
  guards: {
    changesConsent: ({ context }, params: { consent: PatientConsentName; value: boolean }) => context[params.consent] !== params.value,
  },
  actions: {
    assignPatient: assign((_, params: { patient: Patient }) => fromPatient(params.patient)),
    applyChange: assign(({ context }, params: { consent: PatientConsentName; value: boolean }) => ({
      previous: pairOf(context),
      [params.consent]: params.value,
      pending: params.consent,
    })),
    settle: assign({ pending: null, previous: null }),
    revert: assign(({ context }) => ({ ...(context.previous ?? pairOf(context)), pending: null, previous: null })),
    notifySaved: () => notify.success(PatientMessageText.consentsUpdated),
    notifyFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, PatientMessageText.consentsFailed)),
    refreshPatient: () => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  },
}).createMachine({
  id: 'patientConsents',
  context: ({ input }) => fromPatient(input.patient),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'consents.load': { actions: { type: 'assignPatient', params: ({ event }) => ({ patient: event.patient }) } },
        'consents.change': {
          guard: { type: 'changesConsent', params: change },
          target: 'saving',
          actions: { type: 'applyChange', params: change },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveConsents',
        src: 'saveConsents',
        input: ({ context }) => ({ key: context.key, consents: pairOf(context) }),
        onDone: { target: 'ready', actions: ['settle', 'notifySaved', 'refreshPatient'] },
        onError: {
          target: 'ready',
          actions: [{ type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }, 'revert'],
        },
      },
    },
  },
});
