import type { Queryable } from '../../db/database';

/**
 * Issue 44: the practice asks every member for two-step sign-in, or stops asking. Answers what it asked before the
 * change (so that only a change is recorded on the trail), or null when no such practice is stored. Call it in a
 * transaction: the row stays locked until the change's entry is written.
 */
export async function setPracticeRequiresTwoStep(q: Queryable, practiceId: number, required: boolean): Promise<{ before: boolean } | null> {
  const [row] = await q.query<{ require_two_step: boolean }>('SELECT require_two_step FROM practices WHERE id = $1::bigint FOR UPDATE', [
    practiceId,
  ]);
  if (!row) return null;
  await q.query('UPDATE practices SET require_two_step = $2 WHERE id = $1::bigint', [practiceId, required]);
  return { before: row.require_two_step };
}
