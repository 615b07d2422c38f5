import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { claimKey, readKey, releaseAbandonedKey, releaseKey } from '../../store/orders/idempotency';
import { OrderingServerText } from './texts';

/**
 * The Idempotency-Key of POST /Orders/: optional; when sent, the same key and the same request for the
 * same practice place one order, however often and however close together they arrive. The first
 * request claims the key before it charges anything; a second one with the same body waits for that
 * order and answers it, one with another body is a 409.
 */

/** How long a repeated request waits for the first to finish: the client gives up on an order after 60 s. */
export const IDEMPOTENCY_WAIT_MS = 30_000;
const POLL_MS = 25;
/** A claim this old without an order belongs to a request that died (a restart mid-order). */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

const KEY = /^[\x21-\x7E]{1,255}$/;

/** The header's key, null when absent; visible ASCII only, so it can be stored and logged as it is. */
export function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const key = header.trim();
  if (!KEY.test(key)) throw new HttpError(400, OrderingServerText.idempotencyKeyInvalid);
  return key;
}

/** The request as validated (trimmed, defaults filled), so that formatting alone never makes two requests differ. */
export function requestHash(validated: unknown): string {
  return createHash('sha256').update(JSON.stringify(validated)).digest('hex');
}

export type Claim = { readonly kind: 'claimed' } | { readonly kind: 'placed'; readonly orderNumber: string };

export interface ClaimRequest {
  readonly practiceId: number;
  readonly key: string;
  readonly hash: string;
}

/**
 * The card provider's idempotency key for an order's charge: the same for a repeat of the same request
 * under the same Idempotency-Key (the provider answers the first charge again instead of charging
 * twice), a fresh one for a request without a key. Short and fixed in length, as providers limit it.
 */
export function chargeKey(claim: ClaimRequest | null): string {
  if (!claim) return `order-${randomUUID()}`;
  const digest = createHash('sha256').update(`${claim.practiceId}\n${claim.key}\n${claim.hash}`).digest('hex');
  return `order-${digest.slice(0, 40)}`;
}

/**
 * Claims the key for this request, or answers the order the same request already placed under it. A
 * claim that placed nothing and is older than ABANDONED_CLAIM_MS is taken over, whatever its request.
 */
export async function claimOrWait(
  db: Database,
  clock: Clock,
  { practiceId, key, hash }: ClaimRequest,
  waitMs: number = IDEMPOTENCY_WAIT_MS,
): Promise<Claim> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (await claimKey(db, practiceId, key, hash, clock())) return { kind: 'claimed' };
    const record = await readKey(db, practiceId, key);
    // Released between the two statements: the first request failed, so this one may try.
    if (!record) continue;
    if (record.orderNumber === null) {
      const abandonedBefore = new Date(clock().getTime() - ABANDONED_CLAIM_MS);
      if (record.createdAt < abandonedBefore && (await releaseAbandonedKey(db, practiceId, key, abandonedBefore))) continue;
    }
    if (record.requestHash !== hash) throw new HttpError(409, OrderingServerText.idempotencyKeyReused);
    if (record.orderNumber !== null) return { kind: 'placed', orderNumber: record.orderNumber };
    if (performance.now() >= deadline) throw new HttpError(409, OrderingServerText.idempotencyKeyBusy);
    await sleep(POLL_MS);
  }
}

/** Runs `place` holding the claim; a refusal or failure gives the claim up, so the same key may try again. */
export async function holdingClaim<T>(db: Database, claim: ClaimRequest | null, place: () => Promise<T>): Promise<T> {
  try {
    return await place();
  } catch (error) {
    // The client must hear the first failure; a claim that cannot be released expires as abandoned.
    if (claim) await releaseKey(db, claim.practiceId, claim.key, claim.hash).catch(() => undefined);
    throw error;
  }
}
