import * as v from 'valibot';
import { systemClock, type Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { consoleLogger, type Logger } from '../logger';
import type { DeliveryMetrics } from '../http/metrics';
import { createPoller, retryDelayMs, type Poller } from '../outbox/poller';
import { MailContentSchema } from './content';
import { renderMail } from './templates/messages';
import { sendFailure, type MailTransport, type SendFailure } from './transport';

/**
 * The mail sender (issue 39, item 2), as the webhook sender works: it claims due messages with FOR UPDATE SKIP LOCKED
 * in a short transaction (taking a lease and counting the attempt), renders and sends them outside any transaction,
 * then records the attempt and marks the message sent, schedules its next attempt with exponential back-off, or
 * records it failed: at once for a permanent refusal (5xx), after `mailMaxAttempts` for temporary ones. Several
 * servers over one database send each message once; a message whose server died holding it is claimed again once the
 * lease has run out.
 */

export type MailSenderConfig = Pick<ServerConfig, 'mailRetryBaseMs' | 'mailMaxAttempts' | 'mailPollMs' | 'mailTimeoutMs'>;

export interface MailSenderOptions {
  readonly db: Database;
  readonly config: MailSenderConfig;
  readonly transport: MailTransport;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** How long a claim holds a message: longer than an attempt can take, so a live sender never loses its claim. */
  readonly leaseMs?: number;
  readonly batchSize?: number;
  /** Counts each attempt's result for /metrics. */
  readonly metrics?: DeliveryMetrics;
}

export type MailSender = Poller;

export const MAIL_BATCH_SIZE = 20;
/** An attempt waits at most three SMTP time-outs (connect, greeting, data); the lease allows a margin over those. */
const LEASE_MARGIN_MS = 60_000;

export const MailSenderText = {
  unreadable: 'The message in the outbox could not be read',
  sent: 'Mail sent',
  retry: 'Mail attempt failed; it will be retried',
  failed: 'Mail failed',
} as const;

const StoredSchema = v.object({ content: MailContentSchema, headers: v.record(v.string(), v.string()) });

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  uid: string;
  kind: string;
  recipient: string;
  content: unknown;
  attempts: number;
}

interface Outcome {
  readonly failure: SendFailure | null;
  readonly subject: string | null;
  readonly durationMs: number;
}

async function claim(db: Database, now: Date, leaseMs: number, limit: number): Promise<ClaimedRow[]> {
  return db.transaction((tx) =>
    tx.query<ClaimedRow>(
      `WITH due AS (
         SELECT id FROM mail_messages
          WHERE state = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
          ORDER BY next_attempt_at, id
          LIMIT $3
          FOR UPDATE SKIP LOCKED
       )
       UPDATE mail_messages m SET locked_until = $2, attempts = m.attempts + 1
         FROM due WHERE m.id = due.id
       RETURNING m.id, m.uid, m.kind, m.recipient, m.content, m.attempts`,
      [now, new Date(now.getTime() + leaseMs), limit],
    ),
  );
}

type Verdict = 'sent' | 'failed' | 'retry';

function verdictOf(outcome: Outcome, attempts: number, config: MailSenderConfig): Verdict {
  if (!outcome.failure) return 'sent';
  return outcome.failure.permanent || attempts >= config.mailMaxAttempts ? 'failed' : 'retry';
}

async function record(tx: Queryable, row: ClaimedRow, outcome: Outcome, verdict: Verdict, now: Date, config: MailSenderConfig) {
  await tx.query(
    `INSERT INTO mail_attempts (message_id, attempt, attempted_at, smtp_code, error, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (message_id, attempt) DO NOTHING`,
    [row.id, row.attempts, now, outcome.failure?.smtpCode ?? null, outcome.failure?.reason ?? null, Math.round(outcome.durationMs)],
  );
  // Only while the claim is still this sender's: a lease that ran out may have been claimed again since.
  const mine = `WHERE id = $1 AND attempts = $2 AND state = 'pending'`;
  if (verdict === 'retry') {
    const next = new Date(now.getTime() + retryDelayMs(config.mailRetryBaseMs, row.attempts));
    await tx.query(`UPDATE mail_messages SET next_attempt_at = $3, locked_until = NULL, subject = COALESCE($4, subject) ${mine}`, [
      row.id,
      row.attempts,
      next,
      outcome.subject,
    ]);
    return;
  }
  // Sent or failed for good: the content (which may hold a one-time link) is no longer needed and is emptied. A
  // deactivation's confirmation goes to a person already forgotten, so its address goes too.
  await tx.query(
    `UPDATE mail_messages SET state = $3, finished_at = $4, locked_until = NULL, content = '{}'::jsonb,
       subject = COALESCE($5, subject), failure = $6,
       recipient = CASE WHEN kind = 'patientDeactivated' THEN '' ELSE recipient END ${mine}`,
    [row.id, row.attempts, verdict, now, outcome.subject, verdict === 'failed' ? (outcome.failure?.reason ?? null) : null],
  );
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, config, transport, clock = systemClock, logger = consoleLogger } = options;
  const leaseMs = options.leaseMs ?? 3 * config.mailTimeoutMs + LEASE_MARGIN_MS;
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;

  async function attempt(row: ClaimedRow): Promise<Outcome> {
    const stored = v.safeParse(StoredSchema, row.content);
    if (!stored.success)
      return { failure: { smtpCode: null, reason: MailSenderText.unreadable, permanent: true }, subject: null, durationMs: 0 };
    const started = performance.now();
    let subject: string | null = null;
    try {
      const rendered = await renderMail(stored.output.content);
      subject = rendered.subject;
      await transport.send({ uid: row.uid, to: row.recipient, headers: stored.output.headers, ...rendered });
      return { failure: null, subject, durationMs: performance.now() - started };
    } catch (error) {
      return { failure: sendFailure(error), subject, durationMs: performance.now() - started };
    }
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const outcome = await attempt(row);
    const verdict = verdictOf(outcome, row.attempts, config);
    await db.transaction((tx) => record(tx, row, outcome, verdict, clock(), config));
    options.metrics?.delivery('mail', verdict === 'sent' ? 'delivered' : verdict === 'retry' ? 'failed_attempt' : 'gave_up');
    const fields = {
      message: row.uid,
      kind: row.kind,
      subject: outcome.subject ?? undefined,
      attempt: row.attempts,
      smtpCode: outcome.failure?.smtpCode ?? undefined,
      reason: outcome.failure?.reason,
    };
    if (verdict === 'sent') logger.info(MailSenderText.sent, fields);
    else if (verdict === 'retry') logger.info(MailSenderText.retry, fields);
    else logger.error(MailSenderText.failed, fields);
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(db, clock(), leaseMs, batchSize);
    await Promise.all(rows.map((row) => deliver(row)));
    return rows.length;
  }

  return createPoller({ round: runOnce, pollMs: config.mailPollMs, batchSize, logger, failedRound: 'The mail sender failed a round' });
}
