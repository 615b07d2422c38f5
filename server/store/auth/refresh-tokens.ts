import type { Queryable } from '../../db/database';

export interface NewRefreshToken {
  readonly id: string;
  readonly tokenHash: string;
  readonly accountId: number;
  readonly familyId: string;
  readonly rememberMe: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Stores the token under its person's current token version, read in the same statement, and answers that version
 * for the access token issued beside it: inside a password change's transaction that is the version just raised.
 */
export async function insertRefreshToken(q: Queryable, token: NewRefreshToken): Promise<{ tokenVersion: number }> {
  const [row] = await q.query<{ token_version: number }>(
    `INSERT INTO refresh_tokens (id, token_hash, account_id, family_id, remember_me, created_at, expires_at, token_version)
     SELECT $1, $2, a.id, $4, $5::boolean, $6::timestamptz, $7::timestamptz, pe.token_version
     FROM accounts a JOIN people pe ON pe.id = a.person_id
     WHERE a.id = $3::bigint
     RETURNING token_version`,
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
  if (!row) throw new Error(`Account ${token.accountId} vanished while a token was issued for it`);
  return { tokenVersion: row.token_version };
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
  /** Issued before the person's latest password change (another token version than the person's). */
  readonly superseded: boolean;
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
  superseded: boolean;
}

/** Locks the row for the rest of the transaction, so two refreshes of one token cannot both succeed. */
export async function lockRefreshToken(q: Queryable, tokenHash: string, now: Date, rotatedSince: Date): Promise<StoredRefreshToken | null> {
  const [row] = await q.query<StoredRow>(
    `SELECT t.id, t.account_id, a.practice_id, t.family_id, t.remember_me,
            t.expires_at <= $2 AS expired, t.rotated_at IS NOT NULL AS rotated, coalesce(t.rotated_at >= $3, false) AS rotated_recently,
            t.revoked_at IS NOT NULL AS revoked, t.token_version <> pe.token_version AS superseded
     FROM refresh_tokens t JOIN accounts a ON a.id = t.account_id JOIN people pe ON pe.id = a.person_id
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
    superseded: row.superseded,
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
