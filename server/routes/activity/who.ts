import type { Context } from 'hono';
import type { AuthEnv } from '../../auth/require-auth';
import { clientAddress } from '../../auth/throttle';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import type { ActivityContext } from '../../store/activity/record';

/**
 * Who acts in a request, for its activity entries: the signed-in account and practice, the client's address (as the
 * throttles read it: behind a trusted proxy, the address the proxy appended) and the request's correlationId, so that
 * an entry leads to the request's log lines.
 */
export function activityContext(c: Context<AuthEnv>, { clock, config }: Pick<Deps, 'clock' | 'config'>): ActivityContext {
  return {
    practiceId: c.var.account.practiceId,
    accountId: c.var.account.accountId,
    address: clientAddress(c, config.trustProxy),
    correlationId: c.var.correlationId ?? null,
    at: clock(),
  };
}

/** A request with no signed-in account (a signed link): the practice the link names, and who it was issued to if it says. */
export function linkActivityContext(
  c: Context<AppEnv>,
  { clock, config }: Pick<Deps, 'clock' | 'config'>,
  practiceId: number,
  accountId: number | null,
): ActivityContext {
  return {
    practiceId,
    accountId,
    address: clientAddress(c, config.trustProxy),
    correlationId: c.var.correlationId ?? null,
    at: clock(),
  };
}
