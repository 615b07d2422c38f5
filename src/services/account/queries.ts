import { queryOptions } from '@tanstack/react-query';
import { twoStepApi } from './two-step.api';
import { usersApi } from './users-me.api';

/** The signed-in provider's own user record (GET /Users/Me); the patient's own record is the patient portal's. */
export const accountKeys = {
  me: ['users', 'me'] as const,
};

export const meQuery = () => queryOptions({ queryKey: accountKeys.me, queryFn: ({ signal }) => usersApi.me({ signal }) });

/** Issue 44: the person's two-step sign-in; null where the portalApi does not offer it. */
export const twoStepKeys = {
  status: ['users', 'me', 'two-step'] as const,
};

export const twoStepQuery = () => queryOptions({ queryKey: twoStepKeys.status, queryFn: ({ signal }) => twoStepApi.status({ signal }) });
