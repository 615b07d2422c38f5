import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionActor } from './session';

/**
 * Issue 44: while the provider portal is open, a call held back for two-step sign-in leads to the account tab. The
 * watcher loads after the first page (every provider page is within a few hundred bytes of its budget); a refusal
 * that came before it is found in the cache when it starts.
 */
export function useTwoStepHold(): void {
  const session = useSessionActor();
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    void import('../../machines/auth/two-step-hold').then(({ watchTwoStepRefusals }) => {
      if (!left) stop = watchTwoStepRefusals(client, session);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [client, session]);
}
