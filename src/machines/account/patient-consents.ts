import { fromPromise } from 'xstate';
import type { ConsentsRequest } from '../../model/users/account-consents';
import { patientMeKeys } from '../../services/patients/me-queries';
import { patientMeApi } from '../../services/patients/me.api';
import { queryClient } from '../../services/queries';
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
