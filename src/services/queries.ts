import { QueryClient, queryOptions } from '@tanstack/react-query';
import { practicesApi } from './practices.api';
import { usersApi } from './users.api';

/** Server data lives here; machines invalidate or clear it, views read it through these options. */

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client owns retrying (one refresh and one retry after a 401); nothing else retries on its own.
    queries: { retry: false },
    mutations: { retry: false },
  },
});

export const queryKeys = {
  practice: ['practice'] as const,
  me: ['users', 'me'] as const,
};

export const practiceQuery = () =>
  queryOptions({ queryKey: queryKeys.practice, queryFn: ({ signal }) => practicesApi.current({ signal }) });

export const meQuery = () => queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => usersApi.me({ signal }) });
