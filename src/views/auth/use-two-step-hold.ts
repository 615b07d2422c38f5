import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchTwoStepRefusals } from '../../machines/auth/two-step-hold';
import { useSessionActor } from './session';

/** Issue 44: while the provider portal is open, a call held back for two-step sign-in leads to the account tab. */
export function useTwoStepHold(): void {
  const session = useSessionActor();
  const client = useQueryClient();
  useEffect(() => watchTwoStepRefusals(client, session), [client, session]);
}
