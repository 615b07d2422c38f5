import { queryOptions } from '@tanstack/react-query';
import { patientMeApi } from './patient-me.api';
import { usersApi } from './users-me.api';

/**
 * The signed-in person's own record: a provider's user record (GET /Users/Me), a patient's (GET /Patients/Me)
 * under a key of its own, since the provider side's ['patients'] lists are another practice's data and never
 * refreshed by the patient's changes.
 */
export const accountKeys = {
  me: ['users', 'me'] as const,
  patientMe: ['patientMe'] as const,
};

export const meQuery = () => queryOptions({ queryKey: accountKeys.me, queryFn: ({ signal }) => usersApi.me({ signal }) });

export const patientMeQuery = () => queryOptions({ queryKey: accountKeys.patientMe, queryFn: ({ signal }) => patientMeApi.me({ signal }) });
