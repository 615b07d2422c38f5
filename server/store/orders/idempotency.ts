import type { Queryable } from '../../db/database';

/**
 * Idempotency-Key claims, per practice. A request claims its key before any effect (the card charge);
 * the primary key (practice_id, key) lets exactly one of two concurrent requests win the claim. A claim is a
 * lease that its request renews while it works, so that one whose request died lapses; its token tells it
 * apart from a claim a retry made after it lapsed.
 */

/** One request's claim on a key. */
export interface KeyClaim {
  readonly practiceId: number;
  readonly key: string;
  readonly requestHash: string;
  readonly token: string;
}

export interface KeyRecord {
  readonly requestHash: string;
  /** The placed order's number, or null while the request that claimed the key is still placing it. */
  readonly orderNumber: string | null;
  /** Until when the claiming request holds the key unless it renews the claim. */
  readonly claimedUntil: Date;
}

/** Whether this request now holds the key, until `until`; false when another request claimed it first. */
export async function claimKey(q: Queryable, claim: KeyClaim, now: Date, until: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO order_idempotency_keys (practice_id, key, request_hash, claim_token, created_at, claimed_until)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (practice_id, key) DO NOTHING RETURNING key`,
    [claim.practiceId, claim.key, claim.requestHash, claim.token, now.toISOString(), until.toISOString()],
  );
  return rows.length === 1;
}

/** Keeps this request's claim until `until`; nothing once it placed its order, gave the key up or lost it. */
export async function renewKey(q: Queryable, claim: KeyClaim, until: Date): Promise<void> {
  await q.query(
    `UPDATE order_idempotency_keys SET claimed_until = $4
     WHERE practice_id = $1 AND key = $2 AND claim_token = $3 AND order_id IS NULL`,
    [claim.practiceId, claim.key, claim.token, until.toISOString()],
  );
}

export async function readKey(q: Queryable, practiceId: number, key: string): Promise<KeyRecord | null> {
  const [row] = await q.query<{ request_hash: string; number: string | null; claimed_until: Date }>(
    `SELECT k.request_hash, o.number, k.claimed_until
     FROM order_idempotency_keys k LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
     WHERE k.practice_id = $1 AND k.key = $2`,
    [practiceId, key],
  );
  return row ? { requestHash: row.request_hash, orderNumber: row.number, claimedUntil: row.claimed_until } : null;
}

/**
 * Ties this request's claim to the order it placed, in the transaction that stores the order. False when the
 * claim is no longer this request's (it lapsed and a retry took the key over): the order must then not be stored.
 */
export async function completeKey(tx: Queryable, claim: KeyClaim, orderId: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE order_idempotency_keys SET order_id = $4
     WHERE practice_id = $1 AND key = $2 AND claim_token = $3 AND order_id IS NULL RETURNING key`,
    [claim.practiceId, claim.key, claim.token, orderId],
  );
  return rows.length === 1;
}

/** Gives up this request's claim when it placed nothing (a refusal or a failure), so that the same key may try again. */
export async function releaseKey(q: Queryable, claim: KeyClaim): Promise<void> {
  await q.query('DELETE FROM order_idempotency_keys WHERE practice_id = $1 AND key = $2 AND claim_token = $3 AND order_id IS NULL', [
    claim.practiceId,
    claim.key,
    claim.token,
  ]);
}

/** Drops a claim without an order whose lease ran out before `now` (its request died); answers whether one was dropped. */
export async function releaseLapsedKey(q: Queryable, practiceId: number, key: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM order_idempotency_keys WHERE practice_id = $1 AND key = $2 AND order_id IS NULL AND claimed_until < $3 RETURNING key`,
    [practiceId, key, now.toISOString()],
  );
  return rows.length > 0;
}
