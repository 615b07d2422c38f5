import type { Queryable } from '../../db/database';

/**
 * Idempotency-Key claims, per practice. A request claims its key before any effect (the card charge);
 * the primary key (practice_id, key) lets exactly one of two concurrent requests win the claim.
 */

export interface KeyRecord {
  readonly requestHash: string;
  /** The placed order's number, or null while the request that claimed the key is still placing it. */
  readonly orderNumber: string | null;
  readonly createdAt: Date;
}

/** Whether this request now holds the key; false when another request claimed it first. */
export async function claimKey(q: Queryable, practiceId: number, key: string, requestHash: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO order_idempotency_keys (practice_id, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (practice_id, key) DO NOTHING RETURNING key`,
    [practiceId, key, requestHash, now.toISOString()],
  );
  return rows.length === 1;
}

export async function readKey(q: Queryable, practiceId: number, key: string): Promise<KeyRecord | null> {
  const [row] = await q.query<{ request_hash: string; number: string | null; created_at: Date }>(
    `SELECT k.request_hash, o.number, k.created_at
     FROM order_idempotency_keys k LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
     WHERE k.practice_id = $1 AND k.key = $2`,
    [practiceId, key],
  );
  return row ? { requestHash: row.request_hash, orderNumber: row.number, createdAt: row.created_at } : null;
}

/** Ties the claimed key to the order it placed; in the transaction that stores the order. */
export async function completeKey(tx: Queryable, practiceId: number, key: string, orderId: number): Promise<void> {
  await tx.query('UPDATE order_idempotency_keys SET order_id = $3 WHERE practice_id = $1 AND key = $2', [practiceId, key, orderId]);
}

/** Gives up a claim that placed nothing (a refusal or a failure), so that the same key may try again. */
export async function releaseKey(q: Queryable, practiceId: number, key: string, requestHash: string): Promise<void> {
  await q.query('DELETE FROM order_idempotency_keys WHERE practice_id = $1 AND key = $2 AND request_hash = $3 AND order_id IS NULL', [
    practiceId,
    key,
    requestHash,
  ]);
}

/** Drops a claim left unfinished since before `before` (its request died); answers whether one was dropped. */
export async function releaseAbandonedKey(q: Queryable, practiceId: number, key: string, before: Date): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM order_idempotency_keys WHERE practice_id = $1 AND key = $2 AND order_id IS NULL AND created_at < $3 RETURNING key`,
    [practiceId, key, before.toISOString()],
  );
  return rows.length > 0;
}
