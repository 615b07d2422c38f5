import { fromPromise } from 'xstate';
import type { ConsentsRequest } from '../../model/account/account-consents';
import { patientMeKeys } from '../../services/account/patient-me-queries';
import { patientMeApi } from '../../services/account/patient-me.api';
import { queryClient } from '../../services/http/queries';
import { consentsMachine } from './consents.machine';

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
