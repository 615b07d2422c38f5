import type { Queryable } from '../../db/database';
import { chainedValues, entryHash, GENESIS_HASH, type ChainedContent } from './chain';

/**
 * Writes one entry of the activity trail (issue 44). Call it with the transaction of the change it describes, so that
 * a change that fails leaves no entry: every route that records an event does exactly that.
 */

/** Who acted, where from and in which request: the same for every entry one request writes (see routes/activity/who.ts). */
export interface ActivityContext {
  readonly practiceId: number;
  /** The signed-in account; null when nobody signed in acted (a signed link opened by whoever holds it). */
  readonly accountId: number | null;
  readonly address: string | null;
  readonly correlationId: string | null;
  readonly at: Date;
}

/** What happened, to what. */
export interface ActivityEvent {
  readonly kind: string;
  readonly object: { readonly type: string; readonly id: string; readonly label: string };
  readonly detail?: string | null;
}

/**
 * A key of its own for the advisory lock that orders one practice's chain (the migration lock uses the one-number
 * form, a different key space).
 */
const CHAIN_LOCK_CLASS = 44_027;

export async function recordActivity(tx: Queryable, context: ActivityContext, event: ActivityEvent): Promise<void> {
  // Two requests of one practice must not both link to the same previous row: the lock, held until the transaction
  // ends, makes the second wait, and its read then sees the first's committed row.
  await tx.query('SELECT pg_advisory_xact_lock($1::int, ($2::bigint % 2147483647)::int)', [CHAIN_LOCK_CLASS, context.practiceId]);
  const [last] = await tx.query<{ hash: string }>('SELECT hash FROM activity_entries WHERE practice_id = $1 ORDER BY id DESC LIMIT 1', [
    context.practiceId,
  ]);
  const [anchor] = last
    ? []
    : await tx.query<{ last_purged_hash: string }>('SELECT last_purged_hash FROM activity_chain_anchors WHERE practice_id = $1', [
        context.practiceId,
      ]);
  const prevHash = last?.hash ?? anchor?.last_purged_hash ?? GENESIS_HASH;
  const content: ChainedContent = {
    practiceId: context.practiceId,
    occurredAt: context.at,
    actorAccountId: context.accountId,
    kind: event.kind,
    objectType: event.object.type,
    objectId: event.object.id,
    objectLabel: event.object.label,
    detail: event.detail ?? null,
    address: context.address,
    correlationId: context.correlationId,
  };
  await tx.query(
    `INSERT INTO activity_entries (practice_id, occurred_at, actor_account_id, kind, object_type, object_id, object_label, detail,
                                   address, correlation_id, prev_hash, hash)
     VALUES ($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [...chainedValues(content), prevHash, entryHash(prevHash, content)],
  );
}
