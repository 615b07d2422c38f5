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
