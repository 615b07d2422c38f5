import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { claimKey, readKey, releaseKey, releaseLapsedKey, renewKey, type KeyClaim } from '../../store/orders/idempotency';
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

export interface ClaimRequest {
  readonly practiceId: number;
  readonly key: string;
  readonly hash: string;
}

export type Claim = { readonly kind: 'claimed'; readonly claim: KeyClaim } | { readonly kind: 'placed'; readonly orderNumber: string };

/**
 * The card provider's idempotency key for an order's charge: the same for a repeat of the same request
 * under the same Idempotency-Key (the provider answers the first charge again instead of charging
 * twice), a fresh one for a request without a key. Short and fixed in length, as providers limit it.
 */
export function chargeKey(claim: KeyClaim | null): string {
  if (!claim) return `order-${randomUUID()}`;
  const digest = createHash('sha256').update(`${claim.practiceId}\n${claim.key}\n${claim.requestHash}`).digest('hex');
  return `order-${digest.slice(0, 40)}`;
}

/**
 * Claims the key for this request for `leaseMs`, or answers the order the same request already placed under it.
 * A claim that placed nothing and whose lease ran out (its request died with its server) is taken over, whatever
 * its request.
 */
export async function claimOrWait(
  db: Database,
  clock: Clock,
  { practiceId, key, hash }: ClaimRequest,
  { leaseMs, waitMs = IDEMPOTENCY_WAIT_MS }: { leaseMs: number; waitMs?: number },
): Promise<Claim> {
  const claim: KeyClaim = { practiceId, key, requestHash: hash, token: randomUUID() };
  const deadline = performance.now() + waitMs;
  for (;;) {
    const now = clock();
    if (await claimKey(db, claim, now, new Date(now.getTime() + leaseMs))) return { kind: 'claimed', claim };
    const record = await readKey(db, practiceId, key);
    // Released between the two statements: the first request failed, so this one may try.
    if (!record) continue;
    if (record.orderNumber === null && record.claimedUntil < now && (await releaseLapsedKey(db, practiceId, key, now))) continue;
    if (record.requestHash !== hash) throw new HttpError(409, OrderingServerText.idempotencyKeyReused);
    if (record.orderNumber !== null) return { kind: 'placed', orderNumber: record.orderNumber };
    if (performance.now() >= deadline) throw new HttpError(409, OrderingServerText.idempotencyKeyBusy);
    await sleep(POLL_MS);
  }
}

/**
 * Runs `place` holding the claim, renewing its lease every third of `leaseMs` so that it lapses only if this
 * server dies; a refusal or failure gives the claim up, so the same key may try again.
 */
export async function holdingClaim<T>(
  db: Database,
  clock: Clock,
  claim: KeyClaim | null,
  leaseMs: number,
  place: () => Promise<T>,
): Promise<T> {
  if (!claim) return place();
  // A renewal that fails is not the client's business: the next one may succeed, and completing checks the claim.
  const renew = () => void renewKey(db, claim, new Date(clock().getTime() + leaseMs)).catch(() => undefined);
  const renewal = setInterval(renew, Math.max(1, Math.floor(leaseMs / 3)));
  try {
    return await place();
  } catch (error) {
    // The client must hear the first failure; a claim that cannot be released lapses with its lease.
    await releaseKey(db, claim).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewal);
  }
}
