import { queryOptions } from '@tanstack/react-query';
import { patientMeApi } from './patient-me.api';

/**
 * The signed-in patient's own record (GET /Patients/Me), under a key of its own: the provider side's
 * ['patients'] lists are another practice's data and never refreshed by the patient's changes.
 */
export const patientMeKeys = {
  me: ['patientMe'] as const,
};

export const patientMeQuery = () => queryOptions({ queryKey: patientMeKeys.me, queryFn: ({ signal }) => patientMeApi.me({ signal }) });
