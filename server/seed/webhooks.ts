import { loadSigningKey } from '../auth/access-tokens';
import type { Queryable } from '../db/database';
import { SEED_PRACTICES } from './seed-data';
import { ensureDeveloperSettings } from '../developers/api-keys';

/**
 * The webhook events and every demo practice's developer settings. The events are the server's reference data
 * (kits §3 "Webhook event"; the documents name none, so these two are decided): seeding makes the table equal
 * to this list, as it does the catalogue. Developer settings are random, so they are made only where missing,
 * and a reset makes new ones. No demo webhooks: the demo must not call any address by itself.
 */

/** Tables a reset empties, each before the ones it refers to. The events stay: they are reference data. */
export const WEBHOOK_TABLES = [
  'webhook_delivery_attempts',
  'webhook_deliveries',
  'webhook_subscriptions',
  'webhooks',
  'practice_developer_settings',
] as const;

export interface SeedWebhookEvent {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly fullName: string;
  readonly description: string;
}

export const WEBHOOK_EVENTS: readonly SeedWebhookEvent[] = [
  {
    id: 1,
    name: 'KitStatusChanged',
    type: 'Kit',
    fullName: 'Kit status changed',
    description: 'A kit reached a new status in the laboratory.',
  },
  {
    id: 2,
    name: 'ReportReady',
    type: 'Report',
    fullName: 'Report ready',
    description: 'A kit’s results are ready and its reports can be downloaded.',
  },
];

/** Inserts missing events and corrects changed ones; a row already equal is not written, so a reseed writes nothing. */
async function syncEvents(tx: Queryable): Promise<void> {
  const params = WEBHOOK_EVENTS.flatMap((e) => [e.id, e.name, e.type, e.fullName, e.description]);
  const tuples = WEBHOOK_EVENTS.map((_e, i) => `($${i * 5 + 1}::int, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`);
  await tx.query(
    `INSERT INTO webhook_events (id, name, type, full_name, description) VALUES ${tuples.join(', ')}
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, full_name = EXCLUDED.full_name,
       description = EXCLUDED.description
     WHERE (webhook_events.name, webhook_events.type, webhook_events.full_name, webhook_events.description)
       IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.type, EXCLUDED.full_name, EXCLUDED.description)`,
    params,
  );
}

/**
 * The events, then developer settings for each demo practice that has none. The API key is derived with the
 * stored signing key; a server configured with TOKEN_SECRET brings the stored hash up to date the first time it
 * shows the key (see api-keys.ts).
 */
export async function seedWebhooks(tx: Queryable, now: Date = new Date()): Promise<void> {
  await syncEvents(tx);
  const present = await tx.query<{ practice_id: number }>(
    'SELECT practice_id FROM practice_developer_settings WHERE practice_id = ANY($1::int[])',
    [SEED_PRACTICES.map((p) => p.id)],
  );
  const missing = SEED_PRACTICES.filter((p) => !present.some((row) => row.practice_id === p.id));
  if (!missing.length) return;
  const signingKey = await loadSigningKey(tx, undefined);
  for (const practice of missing) await ensureDeveloperSettings(tx, signingKey, practice.id, now);
}
