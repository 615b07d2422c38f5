import type { Queryable } from '../db/database';

export interface NewRefreshToken {
  readonly id: string;
  readonly tokenHash: string;
  readonly accountId: number;
  readonly familyId: string;
  readonly rememberMe: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export async function insertRefreshToken(q: Queryable, token: NewRefreshToken): Promise<void> {
  await q.query(
    `INSERT INTO refresh_tokens (id, token_hash, account_id, family_id, remember_me, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      token.id,
      token.tokenHash,
      token.accountId,
      token.familyId,
      token.rememberMe,
      token.createdAt.toISOString(),
      token.expiresAt.toISOString(),
    ],
  );
}

export interface StoredRefreshToken {
  readonly id: string;
  readonly accountId: number;
  readonly practiceId: number;
  readonly familyId: string;
  readonly rememberMe: boolean;
  readonly expired: boolean;
  readonly rotated: boolean;
  /** Rotated, but no earlier than the `rotatedSince` the lock was asked with. */
  readonly rotatedRecently: boolean;
  readonly revoked: boolean;
}

interface StoredRow extends Record<string, unknown> {
  id: string;
  account_id: number;
  practice_id: number;
  family_id: string;
  remember_me: boolean;
  expired: boolean;
  rotated: boolean;
  rotated_recently: boolean;
  revoked: boolean;
}

/** Locks the row for the rest of the transaction, so two refreshes of one token cannot both succeed. */
export async function lockRefreshToken(q: Queryable, tokenHash: string, now: Date, rotatedSince: Date): Promise<StoredRefreshToken | null> {
  const [row] = await q.query<StoredRow>(
    `SELECT t.id, t.account_id, a.practice_id, t.family_id, t.remember_me,
            t.expires_at <= $2 AS expired, t.rotated_at IS NOT NULL AS rotated, coalesce(t.rotated_at >= $3, false) AS rotated_recently,
            t.revoked_at IS NOT NULL AS revoked
     FROM refresh_tokens t JOIN accounts a ON a.id = t.account_id
     WHERE t.token_hash = $1
     FOR UPDATE OF t`,
    [tokenHash, now.toISOString(), rotatedSince.toISOString()],
  );
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    practiceId: row.practice_id,
    familyId: row.family_id,
    rememberMe: row.remember_me,
    expired: row.expired,
    rotated: row.rotated,
    rotatedRecently: row.rotated_recently,
    revoked: row.revoked,
  };
}

export async function markRotated(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1', [id, now.toISOString()]);
}

export async function revokeFamily(q: Queryable, familyId: string, now: Date): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, now.toISOString()]);
}

/** Every live refresh token of every account of the person: after a password change no old session refreshes. */
export async function revokePerson(q: Queryable, personId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $2
     WHERE revoked_at IS NULL AND account_id IN (SELECT id FROM accounts WHERE person_id = $1)`,
    [personId, now.toISOString()],
  );
}
