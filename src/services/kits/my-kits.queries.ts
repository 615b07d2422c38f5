import { queryOptions } from '@tanstack/react-query';
import { myKitsApi } from './my-kits.api';

/**
 * The patient's own kits and one of them by barcode (kits §2 "Patient Kit Status screen", §7), keyed under
 * ['kits', 'my'] so that one invalidation refreshes both, and apart from the practice's kit list and details.
 */
export const myKitKeys = {
  all: ['kits', 'my'] as const,
  list: ['kits', 'my', 'list'] as const,
  detail: (barcode: string) => ['kits', 'my', 'detail', barcode] as const,
};

export const myKitsQuery = () => queryOptions({ queryKey: myKitKeys.list, queryFn: ({ signal }) => myKitsApi.list({ signal }) });

export const myKitQuery = (barcode: string) =>
  queryOptions({ queryKey: myKitKeys.detail(barcode), queryFn: ({ signal }) => myKitsApi.get(barcode, { signal }) });
