import type { Queryable } from '../../db/database';
import { entryHash, GENESIS_HASH } from './chain';

/**
 * The check of every practice's chain (issue 44, `npm run activity:check`): each row must link to the hash of the row
 * before it (or, for the first kept row, to the anchor a purge left, or to nothing) and its hash must be its content's.
 * It names the first broken row of each chain. A deleted row shows as the next row's broken link; the deletion of a
 * chain's newest row leaves nothing after it to break, which is why a chain's length is also reported.
 */

export type ChainBreak =
  { readonly kind: 'edited'; readonly id: number } | { readonly kind: 'unlinked'; readonly id: number; readonly afterId: number | null };

export interface ChainReport {
  readonly practiceId: number;
  readonly rows: number;
  /** The first broken row, or null for an intact chain. */
  readonly broken: ChainBreak | null;
}

interface EntryRow extends Record<string, unknown> {
  id: string | number;
  practice_id: string | number;
  occurred_at: Date | string;
  actor_account_id: string | number | null;
  kind: string;
  object_type: string;
  object_id: string;
  object_label: string;
  detail: string | null;
  address: string | null;
  correlation_id: string | null;
  prev_hash: string;
  hash: string;
}

const BATCH = 5_000;

const nullableNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

async function verifyChain(q: Queryable, practiceId: number): Promise<ChainReport> {
  const [anchor] = await q.query<{ last_purged_hash: string; last_purged_id: string | number }>(
    'SELECT last_purged_hash, last_purged_id FROM activity_chain_anchors WHERE practice_id = $1',
    [practiceId],
  );
  let expected = anchor?.last_purged_hash ?? GENESIS_HASH;
  let previousId: number | null = anchor ? Number(anchor.last_purged_id) : null;
  let rows = 0;
  // Keyset batches, so that a long trail is checked in bounded memory.
  for (;;) {
    const batch = await q.query<EntryRow>(`SELECT * FROM activity_entries WHERE practice_id = $1 AND id > $2 ORDER BY id LIMIT ${BATCH}`, [
      practiceId,
      previousId ?? 0,
    ]);
    for (const row of batch) {
      const id = Number(row.id);
      rows += 1;
      if (row.prev_hash !== expected) return { practiceId, rows, broken: { kind: 'unlinked', id, afterId: previousId } };
      const hash = entryHash(row.prev_hash, {
        practiceId: Number(row.practice_id),
        occurredAt: new Date(row.occurred_at),
        actorAccountId: nullableNumber(row.actor_account_id),
        kind: row.kind,
        objectType: row.object_type,
        objectId: row.object_id,
        objectLabel: row.object_label,
        detail: row.detail,
        address: row.address,
        correlationId: row.correlation_id,
      });
      if (hash !== row.hash) return { practiceId, rows, broken: { kind: 'edited', id } };
      expected = row.hash;
      previousId = id;
    }
    if (batch.length < BATCH) return { practiceId, rows, broken: null };
  }
}

/** Every practice's chain that has rows or a purge anchor. */
export async function verifyActivityChains(q: Queryable): Promise<ChainReport[]> {
  const practices = await q.query<{ practice_id: string | number }>(
    'SELECT practice_id FROM activity_entries UNION SELECT practice_id FROM activity_chain_anchors ORDER BY 1',
  );
  const reports: ChainReport[] = [];
  for (const { practice_id } of practices) reports.push(await verifyChain(q, Number(practice_id)));
  return reports;
}

/** One line per chain, for the check command. */
export function describeChain(report: ChainReport): string {
  const name = `practice ${report.practiceId}`;
  if (!report.broken) return `${name}: ${report.rows} entries, intact`;
  if (report.broken.kind === 'edited') return `${name}: entry ${report.broken.id} was changed after it was written`;
  const after = report.broken.afterId === null ? 'the start of the chain' : `entry ${report.broken.afterId}`;
  return `${name}: entry ${report.broken.id} does not follow ${after}: an entry between them was deleted or changed`;
}
