import { randomUUID } from 'node:crypto';
import type { WebhookEventRecord, WebhookFields, WebhookRecord } from '../../../src/model/developers/webhook';
import type { Queryable } from '../../db/database';

/**
 * A practice's webhooks (kits §3 "Webhook") and the events they may listen to. Every query about a webhook is
 * filtered by the caller's practice, so another practice's webhook is not found, whatever its uid; every value
 * is a parameter. A webhook's events are its rows in `webhook_subscriptions`.
 */

interface EventRow extends Record<string, unknown> {
  id: number;
  name: string;
  type: string;
  full_name: string;
  description: string;
}

/** GET /Webhooks/Events: the reference data, by id. */
export async function listEvents(q: Queryable): Promise<WebhookEventRecord[]> {
  const rows = await q.query<EventRow>('SELECT id, name, type, full_name, description FROM webhook_events ORDER BY id');
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type, fullName: row.full_name, description: row.description }));
}

/** The ids of the named events; `unknown` lists the names no event has, in the order given. */
export async function eventIds(q: Queryable, names: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const rows = await q.query<{ id: number; name: string }>('SELECT id, name FROM webhook_events WHERE name = ANY($1::text[])', [names]);
  const known = new Map(rows.map((row) => [row.name, row.id]));
  return {
    ids: names.flatMap((name) => known.get(name) ?? []),
    unknown: names.filter((name) => !known.has(name)),
  };
}

interface WebhookRow extends Record<string, unknown> {
  id: number;
  uid: string;
  endpoint: string;
  events: { id: number; name: string }[];
}

/** A webhook with its events as a JSON array (by event id); `w` is the webhook. */
const WEBHOOK_SELECT = `SELECT w.id, w.uid, w.endpoint,
    COALESCE((SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY e.id)
                FROM webhook_subscriptions s JOIN webhook_events e ON e.id = s.event_id
               WHERE s.webhook_id = w.id), '[]'::json) AS events
  FROM webhooks w`;

function toRecord(row: WebhookRow): WebhookRecord {
  return { uid: row.uid, endpoint: row.endpoint, events: row.events.map(({ id, name }) => ({ id, name })) };
}

/** GET /Webhooks: the practice's webhooks in the order they were made. */
export async function listWebhooks(q: Queryable, practiceId: number): Promise<WebhookRecord[]> {
  const rows = await q.query<WebhookRow>(`${WEBHOOK_SELECT} WHERE w.practice_id = $1 ORDER BY w.id`, [practiceId]);
  return rows.map(toRecord);
}

async function findWebhookRow(q: Queryable, practiceId: number, uid: string): Promise<WebhookRow | null> {
  const [row] = await q.query<WebhookRow>(`${WEBHOOK_SELECT} WHERE w.practice_id = $1 AND w.uid = $2`, [practiceId, uid]);
  return row ?? null;
}

export async function findWebhook(q: Queryable, practiceId: number, uid: string): Promise<WebhookRecord | null> {
  const row = await findWebhookRow(q, practiceId, uid);
  return row ? toRecord(row) : null;
}

async function subscribe(q: Queryable, webhookId: number, eventIdsToAdd: readonly number[]): Promise<void> {
  await q.query(`INSERT INTO webhook_subscriptions (webhook_id, event_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
    webhookId,
    eventIdsToAdd,
  ]);
}

/** A new webhook of the practice listening to the events (by id); answers it as GET /Webhooks shows it. */
export async function insertWebhook(
  q: Queryable,
  practiceId: number,
  fields: Pick<WebhookFields, 'endpoint'>,
  events: readonly number[],
  now: Date,
): Promise<WebhookRecord> {
  const uid = randomUUID();
  const [inserted] = await q.query<{ id: number }>(
    'INSERT INTO webhooks (uid, practice_id, endpoint, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [uid, practiceId, fields.endpoint, now],
  );
  if (!inserted) throw new Error('The webhook was not inserted');
  await subscribe(q, inserted.id, events);
  const created = await findWebhook(q, practiceId, uid);
  if (!created) throw new Error('The inserted webhook cannot be read back');
  return created;
}

/** Replaces the webhook's endpoint and events; null when the practice has no webhook with this uid. */
export async function updateWebhook(
  q: Queryable,
  practiceId: number,
  uid: string,
  fields: Pick<WebhookFields, 'endpoint'>,
  events: readonly number[],
): Promise<WebhookRecord | null> {
  const [updated] = await q.query<{ id: number }>('UPDATE webhooks SET endpoint = $3 WHERE practice_id = $1 AND uid = $2 RETURNING id', [
    practiceId,
    uid,
    fields.endpoint,
  ]);
  if (!updated) return null;
  await q.query('DELETE FROM webhook_subscriptions WHERE webhook_id = $1 AND NOT (event_id = ANY($2::int[]))', [updated.id, events]);
  await subscribe(q, updated.id, events);
  return findWebhook(q, practiceId, uid);
}

/**
 * Deletes the webhook; false when the practice has none with this uid. Its subscriptions go with it; its deliveries
 * stay, their webhook null (ON DELETE SET NULL, migration 025), and the caller ends the waiting ones first in the same
 * transaction (./deliveries.ts `endDeliveriesOf`): an endpoint the practice removed is never called again.
 */
export async function deleteWebhook(q: Queryable, practiceId: number, uid: string): Promise<boolean> {
  const deleted = await q.query('DELETE FROM webhooks WHERE practice_id = $1 AND uid = $2 RETURNING id', [practiceId, uid]);
  return deleted.length > 0;
}
