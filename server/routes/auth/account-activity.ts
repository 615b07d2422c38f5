import type { Context } from 'hono';
import { ActivityObjectType, type ActivityKind } from '../../../src/model/activity/activity';
import type { Database, Queryable } from '../../db/database';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { clientAddress } from '../../auth/throttle';
import { recordActivity, type ActivityContext, type ActivityEvent } from '../../store/activity/record';
import { findByLogin } from '../../store/auth/people';
import { firstAccountOf } from '../../store/auth/accounts';

/**
 * The trail's entries about an account itself (issue 44): sign-ins, passwords, two-step sign-in, switching, migration
 * and deactivation. Each names the account by its id only, with the first round's label for it ('own account', as the
 * patient's own consents say), so the entry holds nothing of the person and outlives them: the actor's name is read
 * from the account when the trail is shown, and once the account is gone it reads as a former member.
 */

/** The account an entry is about, and its actor: the same account, at its practice. */
export interface AccountRef {
  readonly accountId: number;
  readonly practiceId: number;
}

type ClockAndConfig = Pick<Deps, 'clock' | 'config'>;

export function ownAccountObject(accountId: number) {
  return { type: ActivityObjectType.account, id: String(accountId), label: 'own account' } as const;
}

/**
 * Records one account event inside the transaction of the change it describes, with the request's address and
 * correlationId (as routes/activity/who.ts reads them). Sign-in has no signed-in account yet, and a switch acts as the
 * account switched to, so the actor is the account given, not c.var.account.
 */
export function recordAccountEvent<E extends AppEnv>(
  tx: Queryable,
  c: Context<E>,
  { clock, config }: ClockAndConfig,
  account: AccountRef,
  kind: ActivityKind,
  object: ActivityEvent['object'] = ownAccountObject(account.accountId),
): Promise<void> {
  const who: ActivityContext = {
    practiceId: account.practiceId,
    accountId: account.accountId,
    address: clientAddress(c, config.trustProxy),
    correlationId: c.var.correlationId ?? null,
    at: clock(),
  };
  return recordActivity(tx, who, { kind, object });
}

/**
 * A refused sign-in changes nothing that its entry could share a transaction with: it gets a short one of its own.
 * Only a known person's attempt is written, to the account sign-in would have opened; an unknown login has no
 * practice whose trail it could go to. Never the typed password or code.
 */
export async function recordRefusedSignIn(
  db: Database,
  c: Context<AppEnv>,
  deps: ClockAndConfig,
  personId: string,
  kind: ActivityKind,
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await firstAccountOf(tx, personId);
    if (account) await recordAccountEvent(tx, c, deps, account, kind);
  });
}

/** The same, for a refusal that knows only the login typed (the throttle's): nothing is written for an unknown one. */
export async function recordRefusedLogin(
  db: Database,
  c: Context<AppEnv>,
  deps: ClockAndConfig,
  login: string,
  kind: ActivityKind,
): Promise<void> {
  const person = await findByLogin(db, login);
  if (person) await recordRefusedSignIn(db, c, deps, person.personId, kind);
}
