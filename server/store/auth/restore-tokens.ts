import type { Queryable } from '../../db/database';

export async function insertRestoreToken(
  q: Queryable,
  token: { id: string; tokenHash: string; personId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await q.query(`INSERT INTO restore_tokens (id, token_hash, person_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    token.id,
    token.tokenHash,
    token.personId,
    token.createdAt.toISOString(),
    token.expiresAt.toISOString(),
  ]);
}

/**
 * Uses the token if it is known, unused and unexpired, and answers its person; `null` otherwise.
 * Claiming it in one statement keeps it single-use even under two simultaneous requests.
 */
export async function claimRestoreToken(q: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await q.query<{ person_id: string }>(
    `UPDATE restore_tokens SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING person_id`,
    [tokenHash, now.toISOString()],
  );
  return row?.person_id ?? null;
}

/** Once the password is restored, the person's other outstanding links stop working too. */
export async function retireRestoreTokens(q: Queryable, personId: string, now: Date): Promise<void> {
  await q.query('UPDATE restore_tokens SET used_at = $2 WHERE person_id = $1 AND used_at IS NULL', [personId, now.toISOString()]);
}
