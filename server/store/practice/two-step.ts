import type { Queryable } from '../../db/database';

/** Issue 44: the practice asks every member for two-step sign-in; false when no such practice is stored. */
export async function setPracticeRequiresTwoStep(q: Queryable, practiceId: number, required: boolean): Promise<boolean> {
  const rows = await q.query('UPDATE practices SET require_two_step = $2 WHERE id = $1::bigint RETURNING id', [practiceId, required]);
  return rows.length > 0;
}
