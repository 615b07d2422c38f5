import type { SessionUser } from '../../src/model/auth/auth';
import { portalFor } from '../../src/model/auth/roles';
import type { Queryable } from '../db/database';
import type { AccountView } from '../store/auth/accounts';

/**
 * Issue 44: whether the account is a member (a provider portal account) of a practice that requires two-step sign-in,
 * and its person has not turned it on. Patients are never asked. One query, read fresh: the practice may change the
 * setting and the person may turn two-step sign-in on at any moment, so nothing of it is kept between requests.
 */
export async function twoStepSetupPending(q: Queryable, account: AccountView): Promise<boolean> {
  if (portalFor(account.userType) !== 'provider') return false;
  const [row] = await q.query<{ pending: boolean }>(
    `SELECT pr.require_two_step AND pe.two_step_enabled_at IS NULL AS pending
     FROM practices pr JOIN people pe ON pe.id = $2
     WHERE pr.id = $1::bigint`,
    [account.practiceId, account.personId],
  );
  return row?.pending ?? false;
}

/**
 * The user object of a session opened at the account (sign-in, account switch), flagged when the account's practice
 * requires two-step sign-in of it first; unflagged otherwise, exactly as the documents give it.
 */
export async function withTwoStepRequirement<T extends SessionUser>(q: Queryable, account: AccountView, user: T): Promise<T> {
  return (await twoStepSetupPending(q, account)) ? { ...user, twoStepSetupRequired: true } : user;
}
