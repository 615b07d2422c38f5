import { systemClock, type Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { consoleLogger, type Logger } from '../logger';
import type { DeliveryMetrics, DeliveryResult } from '../http/metrics';
import { createPoller, errorText, retryDelayMs, type Poller } from '../outbox/poller';
import { deliveryBody } from './payload';
import { postJson, type Post } from './post';
import { signPayload } from './signature';
import { endpointProblem } from './url-policy';

/**
 * The webhook sender (issue 11, item 4): polls the outbox, claims due deliveries with FOR UPDATE SKIP LOCKED in a
 * short transaction (taking a lease and counting the attempt), sends outside any transaction, then records the
 * attempt and either marks the delivery delivered or schedules its next attempt with exponential backoff, until
 * the attempts are used up and it is failed. Several senders over one database never send a delivery twice: a
 * claimed row is locked while it is claimed and leased afterwards; a lease that ran out (its instance crashed) is
 * claimed again.
 */

export type SenderConfig = Pick<
  ServerConfig,
  'production' | 'webhookRetryBaseMs' | 'webhookMaxAttempts' | 'webhookPollMs' | 'webhookTimeoutMs'
>;

export interface SenderOptions {
  readonly db: Database;
  readonly config: SenderConfig;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly post?: Post;
  /** How long a claim holds a delivery; longer than an attempt can take, so a live sender never loses its claim. */
  readonly leaseMs?: number;
  /** The most deliveries one round claims (and sends at once). */
  readonly batchSize?: number;
  /** Counts each attempt's result for /metrics. */
  readonly metrics?: DeliveryMetrics;
}

/** Polls every `webhookPollMs`; a round claims the due deliveries, sends them and records each outcome. */
export type WebhookSender = Poller;

export const DEFAULT_BATCH_SIZE = 10;
/** A margin over the attempt's timeout for recording its outcome. */
const LEASE_MARGIN_MS = 60_000;

export const DeliveryHeader = {
  delivery: 'X-Portal-Delivery',
  event: 'X-Portal-Event',
  timestamp: 'X-Portal-Timestamp',
  signature: 'X-Portal-Signature',
} as const;

export const SenderText = {
  noSecret: 'The practice has no webhook secret',
} as const;

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  uid: string;
  event_name: string;
  payload: unknown;
  attempts: number;
  /** `attempts` when the delivery was last resent: only the attempts since count against the most allowed. */
  retry_base: number;
  endpoint: string;
  secret: string | null;
  /** The secret a rotation replaced, while it still signs beside the new one (issue 44). */
  previous_secret: string | null;
}

interface Outcome {
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  /** The body sent; null when no request went out. */
  readonly body: string | null;
  /** Retrying cannot help (the endpoint is not allowed): the delivery fails now. */
  readonly final: boolean;
}

async function claim(db: Database, now: Date, leaseMs: number, limit: number): Promise<ClaimedRow[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ id: number }>(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
          WHERE state = 'pending' AND webhook_id IS NOT NULL AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
          ORDER BY next_attempt_at, id
          LIMIT $3
          FOR UPDATE SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET locked_until = $2, attempts = d.attempts + 1
         FROM due WHERE d.id = due.id
       RETURNING d.id`,
      [now, new Date(now.getTime() + leaseMs), limit],
    );
    if (!claimed.length) return [];
    return tx.query<ClaimedRow>(
      `SELECT d.id, d.uid, d.event_name, d.payload, d.attempts, d.retry_base, w.endpoint, s.webhook_secret AS secret,
              CASE WHEN s.previous_secret_expires_at > $2 THEN s.previous_webhook_secret END AS previous_secret
         FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id
         LEFT JOIN practice_developer_settings s ON s.practice_id = d.practice_id
        WHERE d.id = ANY($1::integer[])
        ORDER BY d.next_attempt_at, d.id`,
      [claimed.map((row) => row.id), now],
    );
  });
}

function resultOf(row: ClaimedRow, outcome: Outcome, config: SenderConfig): DeliveryResult {
  if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) return 'delivered';
  return outcome.final || row.attempts - row.retry_base >= config.webhookMaxAttempts ? 'gave_up' : 'failed_attempt';
}

async function record(tx: Queryable, row: ClaimedRow, outcome: Outcome, now: Date, config: SenderConfig): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms, request_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
    [row.id, row.attempts, now, outcome.statusCode, outcome.error, Math.round(outcome.durationMs), outcome.body],
  );
  const result = resultOf(row, outcome, config);
  // Only while the claim is still this sender's: a lease that ran out may have been claimed again since.
  const mine = 'WHERE id = $1 AND attempts = $2 AND state = $3';
  if (result === 'delivered') {
    await tx.query(`UPDATE webhook_deliveries SET state = 'delivered', finished_at = $4, locked_until = NULL ${mine}`, [
      row.id,
      row.attempts,
      'pending',
      now,
    ]);
  } else if (result === 'gave_up') {
    await tx.query(`UPDATE webhook_deliveries SET state = 'failed', finished_at = $4, locked_until = NULL ${mine}`, [
      row.id,
      row.attempts,
      'pending',
      now,
    ]);
  } else {
    const next = new Date(now.getTime() + retryDelayMs(config.webhookRetryBaseMs, row.attempts));
    await tx.query(`UPDATE webhook_deliveries SET next_attempt_at = $4, locked_until = NULL ${mine}`, [
      row.id,
      row.attempts,
      'pending',
      next,
    ]);
  }
}

export function createWebhookSender(options: SenderOptions): WebhookSender {
  const { db, config, clock = systemClock, logger = consoleLogger, post = postJson } = options;
  const leaseMs = options.leaseMs ?? config.webhookTimeoutMs + LEASE_MARGIN_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

  async function attempt(row: ClaimedRow): Promise<Outcome> {
    const problem = endpointProblem(row.endpoint, config.production);
    if (problem) return { statusCode: null, error: problem, durationMs: 0, body: null, final: true };
    if (!row.secret) return { statusCode: null, error: SenderText.noSecret, durationMs: 0, body: null, final: false };
    const secrets = row.previous_secret ? [row.secret, row.previous_secret] : [row.secret];
    const body = deliveryBody(row.payload);
    const timestamp = Math.floor(clock().getTime() / 1000);
    const started = performance.now();
    try {
      const statusCode = await post(row.endpoint, body, {
        headers: {
          'Content-Type': 'application/json',
          [DeliveryHeader.delivery]: row.uid,
          [DeliveryHeader.event]: row.event_name,
          [DeliveryHeader.timestamp]: String(timestamp),
          [DeliveryHeader.signature]: signPayload(secrets, body, timestamp),
          'User-Agent': 'portal-webhooks/1',
        },
        timeoutMs: config.webhookTimeoutMs,
        production: config.production,
      });
      return { statusCode, error: null, durationMs: performance.now() - started, body, final: false };
    } catch (error) {
      return { statusCode: null, error: errorText(error), durationMs: performance.now() - started, body, final: false };
    }
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const outcome = await attempt(row);
    await db.transaction((tx) => record(tx, row, outcome, clock(), config));
    options.metrics?.delivery('webhook', resultOf(row, outcome, config));
    if (outcome.error !== null || (outcome.statusCode !== null && (outcome.statusCode < 200 || outcome.statusCode >= 300))) {
      logger.info('Webhook delivery attempt failed', {
        delivery: row.uid,
        attempt: row.attempts,
        status: outcome.statusCode ?? undefined,
        error: outcome.error ?? undefined,
      });
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(db, clock(), leaseMs, batchSize);
    await Promise.all(rows.map((row) => deliver(row)));
    return rows.length;
  }

  return createPoller({
    round: runOnce,
    pollMs: config.webhookPollMs,
    batchSize,
    logger,
    failedRound: 'The webhook sender failed a round',
  });
}
