import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache. Its own module, so that the session (on every route, sign-in included) can clear
 * it without importing every resource's API and schemas.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client owns retrying (one refresh and one retry after a 401); nothing else retries on its own.
    queries: { retry: false },
    mutations: { retry: false },
  },
});
