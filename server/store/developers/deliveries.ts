import { randomUUID } from 'node:crypto';
import { DeliveryOutcome } from '../../../src/model/developers/webhook-console';
import type { Queryable } from '../../db/database';
import { deliveryBody, PING_EVENT, type PingPayload } from '../../developers/payload';

/**
 * The webhook console's rows (issue 44 item 3): a test event queued in the outbox, a webhook's delivery log, and a
 * delivery queued again. Every query is filtered by the caller's practice, so another practice's webhook or
 * delivery is not found, whatever its id; every value is a parameter.
 */

/** Queues a test event to the practice's webhook; null when the practice has no webhook with this uid. */
export async function queuePing(q: Queryable, practiceId: number, webhookUid: string, now: Date): Promise<string | null> {
  const [webhook] = await q.query<{ id: number; endpoint: string }>(
    'SELECT id, endpoint FROM webhooks WHERE practice_id = $1 AND uid = $2',
    [practiceId, webhookUid],
  );
  if (!webhook) return null;
  const uid = randomUUID();
  const body: PingPayload = {
    id: uid,
    type: PING_EVENT,
    createdAt: now.toISOString(),
    data: { webhook: { uid: webhookUid, endpoint: webhook.endpoint } },
  };
  await q.query(
    `INSERT INTO webhook_deliveries (uid, webhook_id, practice_id, event_name, payload, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
    [uid, webhook.id, practiceId, PING_EVENT, JSON.stringify(body), now],
  );
  return uid;
}

export interface DeliveryLogEntry {
  readonly deliveryId: string;
  readonly event: string;
  readonly attempt: number | null;
  readonly at: string;
  readonly outcome: DeliveryOutcome;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number | null;
  readonly requestBody: string | null;
}

interface LogRow extends Record<string, unknown> {
  delivery_id: string;
  event_name: string;
  attempt: number | null;
  at: Date | string;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  request_body: string | null;
  payload: unknown;
}

function outcomeOf(row: LogRow): DeliveryOutcome {
  if (row.attempt === null) return DeliveryOutcome.waiting;
  return row.status_code !== null && row.status_code >= 200 && row.status_code < 300 ? DeliveryOutcome.delivered : DeliveryOutcome.failed;
}

function entryOf(row: LogRow): DeliveryLogEntry {
  return {
    deliveryId: row.delivery_id,
    event: row.event_name,
    attempt: row.attempt,
    at: new Date(row.at).toISOString(),
    outcome: outcomeOf(row),
    statusCode: row.status_code,
    error: row.error,
    durationMs: row.duration_ms,
    // An attempt still to be made shows the body it will send: the outbox's, as the sender serialises it.
    requestBody: row.attempt === null ? deliveryBody(row.payload) : row.request_body,
  };
}

/**
 * A page of the webhook's log, newest first: every attempt made, and for each delivery still waiting, the attempt it
 * waits for (at the time it is due). Null when the practice has no webhook with this uid.
 */
export async function deliveryLog(
  q: Queryable,
  practiceId: number,
  webhookUid: string,
  page: number,
  pageSize: number,
): Promise<{ items: DeliveryLogEntry[]; page: number; hasMore: boolean } | null> {
  const [webhook] = await q.query<{ id: number }>('SELECT id FROM webhooks WHERE practice_id = $1 AND uid = $2', [practiceId, webhookUid]);
  if (!webhook) return null;
  const rows = await q.query<LogRow>(
    `SELECT * FROM (
       SELECT d.uid AS delivery_id, d.event_name, a.attempt, a.attempted_at AS at, a.status_code, a.error, a.duration_ms,
              a.request_body, NULL::jsonb AS payload, d.id AS delivery_row
         FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.webhook_id = $1 AND d.practice_id = $2
       UNION ALL
       SELECT d.uid, d.event_name, NULL, d.next_attempt_at, NULL, NULL, NULL, NULL, d.payload, d.id
         FROM webhook_deliveries d
        WHERE d.webhook_id = $1 AND d.practice_id = $2 AND d.state = 'pending'
     ) log
     ORDER BY at DESC, attempt DESC NULLS FIRST, delivery_row DESC
     LIMIT $3 OFFSET $4`,
    [webhook.id, practiceId, pageSize + 1, (page - 1) * pageSize],
  );
  return { items: rows.slice(0, pageSize).map(entryOf), page, hasMore: rows.length > pageSize };
}

/** Why a resend was refused, or the delivery id queued again. */
export type ResendResult =
  | { readonly kind: 'queued'; readonly deliveryId: string; readonly webhook: { readonly uid: string; readonly endpoint: string } }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'webhookDeleted' }
  | { readonly kind: 'inFlight' };

/**
 * Queues the delivery again, due now, with the same id and body: the sender makes the next attempt and records it
 * like any other. The attempts made so far no longer count against the most allowed (`retry_base`), so a resend
 * gets the whole retry schedule. Refused while an attempt is under way (its outcome would end the resend's series)
 * and once the webhook is deleted.
 */
export async function resendDelivery(q: Queryable, practiceId: number, deliveryUid: string, now: Date): Promise<ResendResult> {
  const [row] = await q.query<{
    id: number;
    webhook_id: number | null;
    locked_until: Date | null;
    state: string;
    webhook_uid: string | null;
    endpoint: string | null;
  }>(
    `SELECT d.id, d.webhook_id, d.locked_until, d.state, w.uid AS webhook_uid, w.endpoint
       FROM webhook_deliveries d LEFT JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.practice_id = $1 AND d.uid = $2 FOR UPDATE OF d`,
    [practiceId, deliveryUid],
  );
  if (!row) return { kind: 'notFound' };
  if (row.webhook_id === null || row.webhook_uid === null || row.endpoint === null) return { kind: 'webhookDeleted' };
  if (row.state === 'pending' && row.locked_until !== null && new Date(row.locked_until) > now) return { kind: 'inFlight' };
  await q.query(
    `UPDATE webhook_deliveries
        SET state = 'pending', next_attempt_at = $2, locked_until = NULL, finished_at = NULL, retry_base = attempts
      WHERE id = $1`,
    [row.id, now],
  );
  return { kind: 'queued', deliveryId: deliveryUid, webhook: { uid: row.webhook_uid, endpoint: row.endpoint } };
}

/**
 * What deleting a webhook does to its deliveries, before the row goes: those still waiting end as failed, so the
 * endpoint is never called again; every delivery keeps its row and log (its webhook becomes null), so that a resend
 * of one is refused with a reason.
 */
export async function endDeliveriesOf(q: Queryable, practiceId: number, webhookUid: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE webhook_deliveries d SET state = 'failed', finished_at = $3, locked_until = NULL
       FROM webhooks w
      WHERE w.practice_id = $1 AND w.uid = $2 AND d.webhook_id = w.id AND d.state = 'pending'`,
    [practiceId, webhookUid, now],
  );
}
