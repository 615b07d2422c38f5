import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../../server/db/database';
import type { SmtpSink } from '../../support/smtp-sink';
import type { WebhookReceiver } from './webhook-receiver';

/** The outbox rows as the database holds them once the load is over, and what the receivers got of them. */

export interface OutboxRow {
  readonly uid: string;
  readonly state: string;
}

export interface Outboxes {
  readonly webhooks: readonly OutboxRow[];
  readonly mails: readonly OutboxRow[];
}

export async function readOutboxes(db: Queryable): Promise<Outboxes> {
  const webhooks = await db.query<{ uid: string; state: string }>('SELECT uid, state FROM webhook_deliveries ORDER BY id');
  const mails = await db.query<{ uid: string; state: string }>('SELECT uid, state FROM mail_messages ORDER BY id');
  return { webhooks, mails };
}

/** The delivery id a message carries: its Message-ID `<uid@host>` is the outbox row's uid (server/mail/transport.ts). */
export function mailUid(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').split('@')[0] ?? '';
}

/** How many times each mail uid reached the SMTP server. */
export function mailCounts(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.received) counts.set(mailUid(mail.messageId), (counts.get(mailUid(mail.messageId)) ?? 0) + 1);
  return counts;
}

/**
 * Waits until no outbox row is pending and the receivers hold as many deliveries as the database says were sent;
 * answers the rows as they are then (the assertions say what is wrong if the wait ran out).
 */
export async function drained(db: Queryable, receiver: WebhookReceiver, sink: SmtpSink, timeoutMs: number): Promise<Outboxes> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await readOutboxes(db);
    const pending = [...rows.webhooks, ...rows.mails].filter((row) => row.state === 'pending').length;
    const arrived = receiver.received.size === rows.webhooks.length && mailCounts(sink).size === rows.mails.length;
    if ((pending === 0 && arrived) || Date.now() > deadline) return rows;
    await sleep(250);
  }
}

/** Each row delivered once: rows the receiver never got, got more than once, and ids it got that no row has. */
export function deliveryProblems(rows: readonly OutboxRow[], counts: ReadonlyMap<string, number>, delivered: string): string[] {
  const problems: string[] = [];
  const uids = new Set(rows.map((row) => row.uid));
  for (const row of rows) {
    const count = counts.get(row.uid) ?? 0;
    if (row.state !== delivered) problems.push(`${row.uid} is ${row.state}, not ${delivered}`);
    if (count !== 1) problems.push(`${row.uid} arrived ${count} times`);
  }
  for (const uid of counts.keys()) if (!uids.has(uid)) problems.push(`${uid} arrived but is in no outbox row`);
  return problems;
}
