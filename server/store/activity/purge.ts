import type { Queryable, Database } from '../../db/database';

/**
 * The trail's retention (issue 44): entries older than the retention are deleted by the server's housekeeping. Only
 * a chain's oldest rows go (a prefix, up to the newest row older than the cutoff), and the hash of the last one deleted
 * is kept as the chain's anchor, so the check starts the kept rows from it and still passes; a deletion of the oldest
 * rows by anyone else leaves no anchor to match and is found.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Deletes what is past the retention, in one transaction; answers how many entries went. */
export async function purgeActivity(db: Database, now: Date, retentionDays: number): Promise<number> {
  const cutoff = retentionCutoff(now, retentionDays);
  return db.transaction(async (tx: Queryable) => {
    // The append-only trigger lets this transaction, and only a transaction that says so, delete (migration 027).
    await tx.query(`SELECT set_config('activity.purge', 'on', true)`);
    const ends = await tx.query<{ practice_id: string | number; id: string | number; hash: string }>(
      `SELECT e.practice_id, e.id, e.hash FROM activity_entries e
        JOIN (SELECT practice_id, max(id) AS id FROM activity_entries WHERE occurred_at < $1::timestamptz GROUP BY practice_id) last
          ON last.id = e.id`,
      [cutoff.toISOString()],
    );
    let purged = 0;
    for (const end of ends) {
      const deleted = await tx.query('DELETE FROM activity_entries WHERE practice_id = $1 AND id <= $2 RETURNING id', [
        end.practice_id,
        end.id,
      ]);
      purged += deleted.length;
      await tx.query(
        `INSERT INTO activity_chain_anchors (practice_id, last_purged_id, last_purged_hash, purged_at) VALUES ($1, $2, $3, $4::timestamptz)
         ON CONFLICT (practice_id) DO UPDATE SET last_purged_id = EXCLUDED.last_purged_id, last_purged_hash = EXCLUDED.last_purged_hash,
                                                 purged_at = EXCLUDED.purged_at`,
        [end.practice_id, end.id, end.hash, now.toISOString()],
      );
    }
    return purged;
  });
}
