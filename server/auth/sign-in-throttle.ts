import type { Context, MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/database';
import type { AppEnv } from '../http/env';
import { SqlRateLimitStore } from './rate-limit-store';
import { accountKey, addressKey, clientAddress, refusal, usernameReader, type ThrottleDeps } from './throttle';

/**
 * Sign-in throttling that slows an attacker without locking the owner out (issue 37 item 3). Before it, five wrong
 * passwords from anywhere refused the right one from everywhere for 15 minutes, so anyone who knew a username could
 * keep its owner out. Now only failures count (a success takes its own attempt back), in three counters of one
 * 15-minute window:
 * - per address: 20 failures, whatever accounts they name, and the address is refused (an address is many people,
 *   so more than one account's allowance);
 * - per account and address: 5 failures, and that account is refused from that address only; the right password
 *   from another address still signs in;
 * - per account, from every address together: past 10 failures, every further attempt on the account waits before
 *   its password is checked, 1 s and then twice as long each time up to 30 s, the right password too. Nothing is
 *   refused, so the owner always gets in; an attacker spread over many addresses gets a guess per half minute.
 * The username and the e-mail of one person are one account; an IPv6 address counts by its /64 (./throttle.ts).
 * Known and unknown usernames go through the same counters and waits, so no answer tells them apart.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures of one account, from all addresses, before its attempts start to wait. */
export const SIGN_IN_SLOWDOWN_AFTER = 10;
export const SIGN_IN_SLOWDOWN_FIRST_MS = 1_000;
export const SIGN_IN_SLOWDOWN_MAX_MS = 30_000;

/** How long the n-th attempt on an account (counting failures in the window, this one included) waits. */
export function slowdownMs(attempt: number): number {
  const beyond = attempt - SIGN_IN_SLOWDOWN_AFTER;
  if (beyond <= 0) return 0;
  return Math.min(SIGN_IN_SLOWDOWN_MAX_MS, SIGN_IN_SLOWDOWN_FIRST_MS * 2 ** (beyond - 1));
}

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

interface Counter {
  readonly store: SqlRateLimitStore;
  readonly key: string;
  /** Refused once this many failures are counted; undefined for the account-wide counter (the last), which only slows. */
  readonly limit?: number;
}

function counters(db: Queryable, deps: ThrottleDeps, address: string, account: string): Counter[] {
  const store = (name: string) => new SqlRateLimitStore(db, deps.clock, name, SIGN_IN_WINDOW_MS);
  return [
    { store: store('sign-in:address'), key: address, limit: SIGN_IN_FAILURES_PER_ADDRESS },
    { store: store('sign-in:account-address'), key: `${account}@${address}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS },
    { store: store('sign-in:account'), key: account },
  ];
}

/** When an attempt that could not be taken back (the database was away) is first tried again; then twice as long, up to 5 s. */
const TAKE_BACK_FIRST_RETRY_MS = 250;
const TAKE_BACK_MAX_RETRY_MS = 5_000;

/**
 * Takes an attempt back once the database answers again: an attempt that met a database outage checked no password,
 * and counting it would refuse users for the whole window after a blip, for retrying what the outage refused. After
 * the window the counters start over anyway.
 */
function takeBackLater(takeBack: () => Promise<unknown>, waitMs = TAKE_BACK_FIRST_RETRY_MS, until = Date.now() + SIGN_IN_WINDOW_MS): void {
  if (Date.now() > until) return;
  setTimeout(() => {
    takeBack().catch(() => takeBackLater(takeBack, Math.min(waitMs * 2, TAKE_BACK_MAX_RETRY_MS), until));
  }, waitMs).unref();
}

/** What the route does when the throttle refuses an attempt (issue 44: the activity trail's entry); given the login typed. */
export type OnRefused = (c: Context<AppEnv>, login: string) => Promise<void>;

/**
 * POST /Auth's throttle, around the route: it counts the attempt before the password is checked (so attempts sent
 * at once are counted as they run, and cannot slip through together), refuses or slows it, and takes the attempt back
 * unless the route answered 401. A body the route refuses as malformed (400) is not counted at all.
 */
export function signInThrottle(
  deps: ThrottleDeps & { readonly sleep: Sleep },
  schema: Parameters<typeof usernameReader>[0],
  onRefused?: OnRefused,
) {
  const username = usernameReader(schema);
  const throttle: MiddlewareHandler<AppEnv> = async (c, next) => {
    const login = await username(c);
    if (login === undefined) return next();
    const address = addressKey(clientAddress(c, deps.config.trustProxy));
    const all = counters(deps.db, deps, address, await accountKey(deps.db, login));
    const takeBack = () => Promise.all(all.map((counter) => counter.store.decrement(counter.key)));
    const settled = await Promise.allSettled(all.map((counter) => counter.store.increment(counter.key)));
    const lost = settled.find((result) => result.status === 'rejected');
    if (lost) {
      // The database went away while counting: what was counted is no failure of the user's, and is taken back.
      const countedOnly = all.filter((_, i) => settled[i]?.status === 'fulfilled');
      takeBackLater(() => Promise.all(countedOnly.map((counter) => counter.store.decrement(counter.key))));
      throw lost.reason;
    }
    const counted = settled.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    const met = all.findIndex((counter, i) => counter.limit !== undefined && (counted[i]?.totalHits ?? 0) > counter.limit);
    if (met >= 0) {
      // A refused attempt checks no password, so it is not a failure to count.
      await takeBack();
      c.var.metrics?.throttledSignIn('refused');
      await onRefused?.(c, login);
      return refusal(c, deps.clock, counted[met]?.resetTime, SIGN_IN_WINDOW_MS);
    }
    const accountWide = counted[all.length - 1]?.totalHits ?? 0;
    const wait = slowdownMs(accountWide);
    if (wait > 0) {
      c.var.metrics?.throttledSignIn('slowed');
      await deps.sleep(wait);
    }
    let failed = false;
    try {
      await next();
      failed = c.res.status === 401;
    } finally {
      if (!failed) await takeBack().catch(() => takeBackLater(takeBack));
    }
  };
  return [throttle] as const;
}
