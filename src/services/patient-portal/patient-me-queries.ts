import { queryOptions } from '@tanstack/react-query';

// Apart from the kits' queries (./queries.ts): the account page reads only this, and so does without the kit
// schemas and their list parameters.

/**
 * The signed-in patient's own record (GET /Patients/Me), under a key of its own: the provider side's ['patients']
 * lists are another practice's data and never refreshed by the patient's changes. Apart from the provider's own
 * record (services/account). The API module loads with the first call: it reads the profile with the account
 * page's rules and country names, which the kit status and reports pages would otherwise download (14 KB gzip).
 */
export const patientMeKeys = {
  me: ['patientMe'] as const,
};

export const patientMeQuery = () =>
  queryOptions({
    queryKey: patientMeKeys.me,
    queryFn: async ({ signal }) => (await import('./patient-me.api')).patientMeApi.me({ signal }),
  });
