import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { ErrorText } from '../../model/messages';
import type { Patient, PatientRequest } from '../../model/patients/patient';
import {
  EMPTY_PATIENT_FORM,
  PatientFormSchema,
  patientFormValues,
  patientRequest,
  type PatientFormRequest,
  type PatientFormValues,
} from '../../model/patients/patient-form';
import { PatientMessageText } from '../../model/patients/patient-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { notify } from '../../services/platform/notify';
import { patientsApi } from '../../services/patients/patients.api';
import { patientKeys } from '../../services/patients/queries';
import { activityKeys } from '../../services/activity/queries';

/**
 * The provider side's patient form (issue 40, kits §3, §5, §7, §8) in a dialog: "Add Patient" opens it empty,
 * "Edit" with the patient's record. The form shows the shared schema's messages under its fields and a request
 * that schema refuses is never sent; what it accepts goes out with POST /Patients/ or PUT /Patients/{uid}.
 * Success closes the dialog, refreshes the patients and says "Patient created successfully." or "Patient updated
 * successfully."; a failure keeps the dialog open as typed and says the server's message, else "Failed to create
 * patient" (kits §8 gives an update no fallback: the catalogue's server error).
 */

export type PatientFormMode = 'create' | 'edit';

export interface PatientFormContext {
  mode: PatientFormMode;
  /** The edited patient's uid (or id), which PUT names; null for a new one. */
  key: string | null;
  /** What the form opens with. */
  values: PatientFormValues;
  /** The last save's failure, until the next try. */
  error: string | null;
}

export type PatientFormEvent =
  | { type: 'patient.add' }
  | { type: 'patient.edit'; patient: Patient }
  | { type: 'patient.submit'; request: PatientFormRequest }
  | { type: 'patient.cancel' };

export interface UpdatePatientInput {
  key: string;
  patient: PatientRequest;
}

type SubmitEvent = Extract<PatientFormEvent, { type: 'patient.submit' }>;
const submitted = ({ event }: { event: SubmitEvent }) => ({ request: event.request });
const bodyOf = (request: PatientFormRequest | null): PatientRequest => patientRequest(v.parse(PatientFormSchema, request));

interface SavingContext extends PatientFormContext {
  request: PatientFormRequest | null;
}

export const patientFormMachine = setup({
  types: {
    context: {} as SavingContext,
    events: {} as PatientFormEvent,
  },
  actors: {
    createPatient: fromPromise<void, PatientRequest>(async ({ input, signal }) => void (await patientsApi.create(input, { signal }))),
    updatePatient: fromPromise<void, UpdatePatientInput>(
      async ({ input, signal }) => void (await patientsApi.update(input.key, input.patient, { signal })),
    ),
  },
  guards: {
    editing: ({ context }) => context.mode === 'edit',
    /** kits §5: only a request the shared schema accepts is sent. */
    validRequest: (_, params: { request: PatientFormRequest }) => v.is(PatientFormSchema, params.request),
  },
  actions: {
    openEmpty: assign({ mode: 'create', key: null, values: EMPTY_PATIENT_FORM, error: null, request: null }),
    openWith: assign((_, params: { patient: Patient }) => ({
      mode: 'edit' as const,
      key: String(params.patient.uid ?? params.patient.id),
      values: patientFormValues(params.patient),
      error: null,
      request: null,
    })),
    takeRequest: assign((_, params: { request: PatientFormRequest }) => ({ request: params.request, error: null })),
    assignError: assign(({ context }, params: { error: unknown }) => ({
      error: messageOf(params.error, context.mode === 'create' ? PatientMessageText.createFailed : ErrorText.server),
    })),
    notifySaved: ({ context }) => notify.success(context.mode === 'create' ? PatientMessageText.created : PatientMessageText.updated),
    notifyFailed: ({ context }) => notify.error(context.error ?? ErrorText.server),
    // The patient page's Activity section names the edit the server has just recorded.
    refreshPatients: () => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  },
}).createMachine({
  id: 'patientForm',
  context: { mode: 'create', key: null, values: EMPTY_PATIENT_FORM, error: null, request: null },
  initial: 'closed',
  states: {
    closed: {
      id: 'patientFormClosed',
      on: {
        'patient.add': { target: 'open', actions: 'openEmpty' },
        'patient.edit': { target: 'open', actions: { type: 'openWith', params: ({ event }) => ({ patient: event.patient }) } },
      },
    },
    open: {
      id: 'patientFormOpen',
      tags: ['open'],
      on: {
        'patient.submit': {
          guard: { type: 'validRequest', params: submitted },
          target: 'saving',
          actions: { type: 'takeRequest', params: submitted },
        },
        'patient.cancel': 'closed',
      },
    },
    saving: {
      tags: ['open', 'busy'],
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'editing', target: 'updating' }, { target: 'creating' }],
        },
        creating: {
          invoke: {
            id: 'createPatient',
            src: 'createPatient',
            input: ({ context }) => bodyOf(context.request),
            onDone: { target: '#patientFormClosed', actions: ['notifySaved', 'refreshPatients'] },
            onError: {
              target: '#patientFormOpen',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
            },
          },
        },
        updating: {
          invoke: {
            id: 'updatePatient',
            src: 'updatePatient',
            input: ({ context }) => ({ key: context.key ?? '', patient: bodyOf(context.request) }),
            onDone: { target: '#patientFormClosed', actions: ['notifySaved', 'refreshPatients'] },
            onError: {
              target: '#patientFormOpen',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
            },
          },
        },
      },
    },
  },
});
