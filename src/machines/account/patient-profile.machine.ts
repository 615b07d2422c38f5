import { assign, fromPromise, setup } from 'xstate';
import { PatientProfileRequestSchema, type PatientProfileFields, type PatientProfileRequest } from '../../model/account/patient-profile';
import { PatientProfileFormText } from '../../model/account/patient-account-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { patientMeApi } from '../../services/patient-portal/patient-me.api';
import { schemaRequest } from './schema-request';
import { patientMeKeys } from '../../services/patient-portal/patient-me-queries';
import { queryClient } from '../../services/http/query-client';

/**
 * The patient's account profile (kits §2 "Patient Account screen" tab 0, §5 "Patient-portal profile form", §8):
 * names, phone and the address saved with PUT /Patients/Me. The provider's account-form workflow has the same
 * shape but its own schema (there the address is optional) written into how it makes the request, so the
 * patient's form has this one. The form shows the shared schema's messages under its fields; a request that
 * schema refuses is never sent ("Saving proceeds only if valid"). Success toasts "Changes saved successfully!"
 * and reads the record again; a failure is the form's general submit error (the server's message, else
 * "Failed to update profile") until the next save, and the form keeps what was typed.
 */

export interface PatientProfileContext {
  /** The last save's failure, until the next save. */
  error: string | null;
}

export type PatientProfileEvent = { type: 'profile.save'; request: PatientProfileRequest };

const request = schemaRequest(PatientProfileRequestSchema);

export const patientProfileMachine = setup({
  types: {
    context: {} as PatientProfileContext,
    events: {} as PatientProfileEvent,
  },
  actors: {
    save: fromPromise<void, PatientProfileFields>(({ input, signal }) => patientMeApi.updateMe(input, { signal })),
  },
  guards: {
    validRequest: request.isValid,
  },
  actions: {
    forgetError: assign({ error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, PatientProfileFormText.failed) })),
    notifySaved: () => notify.success(PatientProfileFormText.saved),
    refreshProfile: () => void queryClient.invalidateQueries({ queryKey: patientMeKeys.me }),
  },
}).createMachine({
  id: 'patientProfile',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'profile.save': { guard: { type: 'validRequest', params: request.paramsOf }, target: 'saving' } },
    },
    saving: {
      tags: ['busy'],
      entry: 'forgetError',
      invoke: {
        id: 'save',
        src: 'save',
        // Exactly what the schema makes of the form: text trimmed, the country's code, the email never.
        input: request.bodyOf,
        onDone: { target: 'editing', actions: ['notifySaved', 'refreshProfile'] },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'profile.save': { guard: { type: 'validRequest', params: request.paramsOf }, target: 'saving' } },
    },
  },
});
