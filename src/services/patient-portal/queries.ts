import { queryOptions } from '@tanstack/react-query';
import { myKitsApi } from './my-kits.api';

/**
 * The patient's own kits, one of them by barcode and the ready ones with their reports (kits §2 "Patient Kit Status
 * screen", "Patient Reports screen", §7), keyed under ['kits', 'my'] so that one invalidation refreshes them all, and
 * apart from the practice's kit list and details.
 */
export const myKitKeys = {
  all: ['kits', 'my'] as const,
  list: ['kits', 'my', 'list'] as const,
  detail: (barcode: string) => ['kits', 'my', 'detail', barcode] as const,
  reports: ['kits', 'my', 'reports'] as const,
};

export const myKitsQuery = () => queryOptions({ queryKey: myKitKeys.list, queryFn: ({ signal }) => myKitsApi.list({ signal }) });

export const myKitQuery = (barcode: string) =>
  queryOptions({ queryKey: myKitKeys.detail(barcode), queryFn: ({ signal }) => myKitsApi.get(barcode, { signal }) });

export const myReportsQuery = () => queryOptions({ queryKey: myKitKeys.reports, queryFn: ({ signal }) => myKitsApi.reports({ signal }) });

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
