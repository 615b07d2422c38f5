import { fromPromise } from 'xstate';
import type { ConsentsRequest } from '../../model/account/account-consents';
import { patientMeApi } from '../../services/patient-portal/patient-me.api';
import { consentsMachine } from './consents.machine';
import { patientMeKeys } from '../../services/patient-portal/patient-me-queries';
import { queryClient } from '../../services/http/query-client';

/**
 * The consents workflow of both portals, as the patient portal runs it (kits §4 "Consents", contract decisions):
 * the pair is saved with PATCH /Patients/Me/Consents and the patient's own record (GET /Patients/Me) is read again.
 */
export const patientConsentsMachine = consentsMachine.provide({
  actors: {
    saveConsents: fromPromise<void, ConsentsRequest>(({ input, signal }) => patientMeApi.updateMyConsents(input, { signal })),
  },
  actions: {
    refreshConsents: () => void queryClient.invalidateQueries({ queryKey: patientMeKeys.me }),
  },
});
