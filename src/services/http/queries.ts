import { queryOptions } from '@tanstack/react-query';
import { practicesApi } from '../practice/practices.api';
import { usersApi } from '../account/users-me.api';

/** Server data lives here; machines invalidate or clear it, views read it through these options. */

export { queryClient } from './query-client';

export const queryKeys = {
  practice: ['practice'] as const,
  /** Below the practice's key, so that invalidating the practice refreshes it too. */
  practiceSummary: ['practice', 'summary'] as const,
  me: ['users', 'me'] as const,
  products: ['products'] as const,
  order: (number: string) => ['orders', 'detail', number] as const,
  orders: ['orders'] as const,
  paymentMethods: ['payments', 'methods'] as const,
};

export const practiceQuery = () =>
  queryOptions({ queryKey: queryKeys.practice, queryFn: ({ signal }) => practicesApi.current({ signal }) });

/** The patient portal's view of the practice (name, reports shown to patients, logo). */
export const practiceSummaryQuery = () =>
  queryOptions({ queryKey: queryKeys.practiceSummary, queryFn: ({ signal }) => practicesApi.summary({ signal }) });

export const meQuery = () => queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => usersApi.me({ signal }) });
