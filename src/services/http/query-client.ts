import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { PATIENT_QUERY_FRESH_MS, PATIENT_QUERY_RETRIES } from '../../model/constants';
import { ApiError } from './api-error';
import { serverData } from './server-data';

/**
 * The one query cache, loaded with the signed-in portals; the session clears it through serverData, which
 * this module hands it to.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client owns retrying (one refresh and one retry after a 401); nothing else retries on its own.
      retry: false,
      // A screen left showing a failure or old rows reads again when the browser says the connection is back, or
      // when its tab is shown again (TanStack Query's own events); written out so that no later default drops them.
      refetchOnReconnect: true,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
serverData.register(queryClient);

/**
 * A failure another try may mend: no answer, a time-out, or the server's own trouble (5xx). A 4xx answer says
 * the same thing each time, and an answer that cannot be read will not read better.
 */
export function mayMendOnRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== null && error.status >= 500;
}

/**
 * "Try Again" under a list that could not be read: every query on screen that failed reads again (the list's own
 * among them), and the promise settles when they have answered.
 */
export function retryFailedQueries(client: QueryClient): Promise<void> {
  return client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
}

/** The cache's own defaults while the patient portal's are applied, to be put back when it closes. */
let portalDefaults: DefaultOptions | null = null;

/**
 * Kits §7's query defaults of the patient portal: a query is retried fewer than 3 times (when a retry may
 * mend it) and its data is fresh for 5 minutes; mutations are never retried. Both calls may be repeated:
 * applying twice keeps the cache's own defaults to restore, and restoring twice changes nothing.
 */
export const patientQueryDefaults = {
  apply(client: QueryClient = queryClient): void {
    if (portalDefaults) return;
    portalDefaults = client.getDefaultOptions();
    client.setDefaultOptions({
      queries: {
        ...portalDefaults.queries,
        retry: (failures, error) => failures < PATIENT_QUERY_RETRIES && mayMendOnRetry(error),
        staleTime: PATIENT_QUERY_FRESH_MS,
      },
      mutations: { ...portalDefaults.mutations, retry: false },
    });
  },
  restore(client: QueryClient = queryClient): void {
    if (!portalDefaults) return;
    client.setDefaultOptions(portalDefaults);
    portalDefaults = null;
  },
};
