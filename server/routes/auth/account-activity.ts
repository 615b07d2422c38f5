import type { Context } from 'hono';
import { ActivityObjectType, type ActivityKind } from '../../../src/model/activity/activity';
import type { Queryable } from '../../db/database';
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
/** What a refusal's own transaction needs. */
export type TrailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>;

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
 * practice whose trail it could go to. Never the typed password or code. An entry that cannot be written is logged
 * and the refusal answered as ever: a sign-in answer that turned into a server failure would not be counted by the
 * throttle (it counts 401s), which would give a guesser free attempts.
 */
export async function recordRefusedSignIn(
  { db, logger, ...deps }: TrailDeps,
  c: Context<AppEnv>,
  personId: string,
  kind: ActivityKind,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const account = await firstAccountOf(tx, personId);
      if (account) await recordAccountEvent(tx, c, deps, account, kind);
    });
  } catch (error) {
    logger.error('A refused sign-in could not be written to the activity trail', {
      correlationId: c.var.correlationId,
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The same, for a refusal that knows only the login typed (the throttle's): nothing is written for an unknown one. */
export async function recordRefusedLogin(deps: TrailDeps, c: Context<AppEnv>, login: string, kind: ActivityKind): Promise<void> {
  const person = await findByLogin(deps.db, login).catch(() => null);
  if (person) await recordRefusedSignIn(deps, c, person.personId, kind);
}
