import { queryOptions } from '@tanstack/react-query';
import { usersApi } from './users-me.api';

/** The signed-in provider's own user record (GET /Users/Me); the patient's own record is the patient portal's. */
export const accountKeys = {
  me: ['users', 'me'] as const,
};

export const meQuery = () => queryOptions({ queryKey: accountKeys.me, queryFn: ({ signal }) => usersApi.me({ signal }) });
