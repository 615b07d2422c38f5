import type { Context } from 'hono';
import { WebhookConsoleServerText } from '../../src/model/developers/webhook-console-texts';
import { verifyPassword } from '../auth/passwords';
import { SqlRateLimitStore } from '../auth/rate-limit-store';
import type { AuthEnv } from '../auth/require-auth';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_MS } from '../auth/sign-in-throttle';
import { addressKey, clientAddress, type ThrottleDeps } from '../auth/throttle';
import { HttpError } from '../http/errors';
import { ServerText } from '../messages';
import { credentialsOf } from '../store/auth/people';

/**
 * Re-authentication before rotating the webhook secret or regenerating the API key (issue 44): the request carries
 * the signed-in person's current password, so that a session left open on a shared screen, or a stolen access token,
 * cannot replace the practice's credentials.
 *
 * A wrong password counts as a failed sign-in of that person: the same three counters of the sign-in throttle
 * (server/auth/sign-in-throttle.ts, whose counter names and keys these are), so password guessing through this call
 * is limited as through POST /Auth and slows that person's sign-ins alike; a person or address the throttle already
 * refuses is refused here too (429) before the password is checked.
 */

interface Counter {
  readonly store: SqlRateLimitStore;
  readonly key: string;
  readonly limit?: number;
}

function counters(deps: ThrottleDeps, c: Context<AuthEnv>): Counter[] {
  const store = (name: string) => new SqlRateLimitStore(deps.db, deps.clock, name, SIGN_IN_WINDOW_MS);
  const address = addressKey(clientAddress(c, deps.config.trustProxy));
  const account = `person:${c.var.account.personId}`;
  return [
    { store: store('sign-in:address'), key: address, limit: SIGN_IN_FAILURES_PER_ADDRESS },
    { store: store('sign-in:account-address'), key: `${account}@${address}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS },
    { store: store('sign-in:account'), key: account },
  ];
}

/** Throws the answer when the password is not the signed-in person's (400) or the throttle refuses them (429). */
export async function requireCurrentPassword(deps: ThrottleDeps, c: Context<AuthEnv>, password: string): Promise<void> {
  const all = counters(deps, c);
  const counted = await Promise.all(all.map((counter) => counter.store.get(counter.key)));
  if (all.some((counter, i) => counter.limit !== undefined && (counted[i]?.totalHits ?? 0) >= counter.limit)) {
    throw new HttpError(429, ServerText.tooManyAttempts);
  }
  const credentials = await credentialsOf(deps.db, c.var.account.personId);
  if (credentials && (await verifyPassword(password, credentials.passwordHash))) return;
  await Promise.all(all.map((counter) => counter.store.increment(counter.key)));
  throw new HttpError(400, WebhookConsoleServerText.wrongPassword);
}
