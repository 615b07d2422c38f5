import type { Queryable } from '../../db/database';

/** Two-step sign-in's columns of people (migration 026) and the practice's requirement. */

export interface TwoStepRecord {
  readonly personId: string;
  readonly username: string;
  /** Encrypted; null while two-step sign-in is off. */
  readonly secret: string | null;
  readonly enabled: boolean;
  readonly lastStep: number | null;
  readonly pendingSecret: string | null;
  readonly recoveryCodesLeft: number;
}

interface TwoStepRow extends Record<string, unknown> {
  id: string;
  username: string;
  two_step_secret: string | null;
  enabled: boolean;
  two_step_last_step: string | null;
  two_step_pending_secret: string | null;
  recovery_codes_left: number;
}

const SELECT_RECORD = `SELECT id, username, two_step_secret, two_step_enabled_at IS NOT NULL AS enabled, two_step_last_step::text,
  two_step_pending_secret, cardinality(two_step_recovery_digests) AS recovery_codes_left FROM people`;

function toRecord(row: TwoStepRow): TwoStepRecord {
  return {
    personId: row.id,
    username: row.username,
    secret: row.two_step_secret,
    enabled: row.enabled,
    lastStep: row.two_step_last_step === null ? null : Number(row.two_step_last_step),
    pendingSecret: row.two_step_pending_secret,
    recoveryCodesLeft: Number(row.recovery_codes_left),
  };
}

/** The person's record, locked for the transaction when asked, so two codes of one step cannot both be accepted. */
export async function twoStepOf(q: Queryable, personId: string, options: { lock?: boolean } = {}): Promise<TwoStepRecord | null> {
  const [row] = await q.query<TwoStepRow>(`${SELECT_RECORD} WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`, [personId]);
  return row ? toRecord(row) : null;
}

export async function setPendingSecret(q: Queryable, personId: string, encrypted: string): Promise<void> {
  await q.query('UPDATE people SET two_step_pending_secret = $2 WHERE id = $1', [personId, encrypted]);
}

/** The pending key becomes the key; the step its first code was made for is used up. */
export async function enableTwoStep(
  q: Queryable,
  personId: string,
  change: { secret: string; step: number; recoveryDigests: readonly string[]; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE people SET two_step_secret = $2, two_step_enabled_at = $3, two_step_last_step = $4, two_step_pending_secret = NULL,
       two_step_recovery_digests = $5::text[]
     WHERE id = $1`,
    [personId, change.secret, change.now.toISOString(), change.step, [...change.recoveryDigests]],
  );
}

export async function disableTwoStep(q: Queryable, personId: string): Promise<void> {
  await q.query(
    `UPDATE people SET two_step_secret = NULL, two_step_enabled_at = NULL, two_step_last_step = NULL, two_step_pending_secret = NULL,
       two_step_recovery_digests = '{}', two_step_challenge_digest = NULL, two_step_challenge_expires_at = NULL
     WHERE id = $1`,
    [personId],
  );
}

export async function markStepUsed(q: Queryable, personId: string, step: number): Promise<void> {
  await q.query('UPDATE people SET two_step_last_step = $2 WHERE id = $1', [personId, step]);
}

/** Takes one recovery code away; false when it is not (or no longer) one of the person's. */
export async function spendRecoveryCode(q: Queryable, personId: string, recoveryDigest: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE people SET two_step_recovery_digests = array_remove(two_step_recovery_digests, $2)
     WHERE id = $1 AND $2 = ANY(two_step_recovery_digests) RETURNING id`,
    [personId, recoveryDigest],
  );
  return rows.length > 0;
}

export async function setChallenge(q: Queryable, personId: string, challenge: { digest: string; expiresAt: Date; rememberMe: boolean }) {
  await q.query(
    `UPDATE people SET two_step_challenge_digest = $2, two_step_challenge_expires_at = $3, two_step_challenge_remember_me = $4
     WHERE id = $1`,
    [personId, challenge.digest, challenge.expiresAt.toISOString(), challenge.rememberMe],
  );
}

export interface StoredChallenge {
  readonly personId: string;
  readonly expired: boolean;
  readonly rememberMe: boolean;
}

/** The challenge's person, locked for the transaction. */
export async function lockChallenge(q: Queryable, challengeDigest: string, now: Date): Promise<StoredChallenge | null> {
  const [row] = await q.query<{ id: string; expired: boolean; remember_me: boolean }>(
    `SELECT id, two_step_challenge_expires_at <= $2 AS expired, two_step_challenge_remember_me AS remember_me
     FROM people WHERE two_step_challenge_digest = $1 FOR UPDATE`,
    [challengeDigest, now.toISOString()],
  );
  return row ? { personId: row.id, expired: row.expired, rememberMe: row.remember_me } : null;
}

export async function clearChallenge(q: Queryable, personId: string): Promise<void> {
  await q.query('UPDATE people SET two_step_challenge_digest = NULL, two_step_challenge_expires_at = NULL WHERE id = $1', [personId]);
}

/** Whether the practice asks every member for two-step sign-in; false for a practice that is not there. */
export async function practiceRequiresTwoStep(q: Queryable, practiceId: number): Promise<boolean> {
  const [row] = await q.query<{ require_two_step: boolean }>('SELECT require_two_step FROM practices WHERE id = $1::bigint', [practiceId]);
  return row?.require_two_step ?? false;
}
