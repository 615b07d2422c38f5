import type { Context } from 'hono';
import { isAuthenticatorCode } from '../../../../src/model/auth/two-step';
import { SqlRateLimitStore } from '../../../auth/rate-limit-store';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_WINDOW_MS,
  slowdownMs,
  type Sleep,
} from '../../../auth/sign-in-throttle';
import { addressKey, clientAddress, refusal, type ThrottleDeps } from '../../../auth/throttle';
import type { Queryable } from '../../../db/database';
import type { AppEnv } from '../../../http/env';
import { markStepUsed, spendRecoveryCode, type TwoStepRecord } from '../../../store/auth/two-step';
import { acceptedStep, decryptSecret, recoveryDigest } from './codes';

/**
 * Whether a code proves the person holds their authenticator (or one of their recovery codes), spending it: an
 * authenticator code only for a step later than the last one accepted, a recovery code once. Call it inside the
 * transaction that locked the record, so that two requests with one code cannot both pass.
 */
export async function spendCode(q: Queryable, key: Uint8Array, record: TwoStepRecord, code: string, now: Date): Promise<boolean> {
  if (!record.enabled || !record.secret) return false;
  if (!isAuthenticatorCode(code)) return spendRecoveryCode(q, record.personId, recoveryDigest(code));
  const step = acceptedStep(decryptSecret(key, record.personId, record.secret), code, now);
  if (step === null || (record.lastStep !== null && step <= record.lastStep)) return false;
  await markStepUsed(q, record.personId, step);
  return true;
}

/**
 * Wrong codes count exactly as wrong passwords do (issue 44: "throttled like passwords"): in the sign-in throttle's
 * own three counters in the database, under the person's key, so five wrong codes and wrong passwords together from
 * one address refuse that address for the account, and past ten from everywhere every attempt waits. A right code
 * takes its attempt back, as a right password does.
 */
export async function throttledCodeCheck(
  deps: ThrottleDeps & { readonly sleep: Sleep },
  context: Context,
  personId: string,
  check: () => Promise<boolean>,
): Promise<boolean | Response> {
  // Signed-in routes add their own variables to AppEnv's; only AppEnv's are read here.
  const c = context as Context<AppEnv>;
  const address = addressKey(clientAddress(c, deps.config.trustProxy));
  const account = `person:${personId}`;
  const store = (name: string) => new SqlRateLimitStore(deps.db, deps.clock, name, SIGN_IN_WINDOW_MS);
  const counters = [
    { store: store('sign-in:address'), key: address, limit: SIGN_IN_FAILURES_PER_ADDRESS },
    { store: store('sign-in:account-address'), key: `${account}@${address}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS },
    { store: store('sign-in:account'), key: account, limit: undefined },
  ];
  const takeBack = () => Promise.all(counters.map((counter) => counter.store.decrement(counter.key)));
  const counted = await Promise.all(counters.map((counter) => counter.store.increment(counter.key)));
  const met = counters.findIndex((counter, i) => counter.limit !== undefined && (counted[i]?.totalHits ?? 0) > counter.limit);
  if (met >= 0) {
    await takeBack();
    c.var.metrics?.throttledSignIn('refused');
    return refusal(c, deps.clock, counted[met]?.resetTime, SIGN_IN_WINDOW_MS);
  }
  const wait = slowdownMs(counted.at(-1)?.totalHits ?? 0);
  if (wait > 0) {
    c.var.metrics?.throttledSignIn('slowed');
    await deps.sleep(wait);
  }
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    // A refusal of another kind, or a failure of the server's own, is no guess of the caller's.
    await takeBack().catch(() => undefined);
    throw error;
  }
  if (right) await takeBack();
  return right;
}
