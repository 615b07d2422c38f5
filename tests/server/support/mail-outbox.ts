import * as v from 'valibot';
import { MailContentSchema, type MailContent, type MailKind } from '../../../server/mail/content';
import type { Database } from '../../../server/db/database';

/** The outbox as a test reads it: the latest queued message of a kind, before any sender has taken it. */

export interface QueuedRow {
  readonly recipient: string;
  readonly state: string;
  readonly content: MailContent;
}

export async function queuedMails(db: Database, kind?: MailKind): Promise<QueuedRow[]> {
  const rows = await db.query<{ recipient: string; state: string; content: { content: unknown } }>(
    `SELECT recipient, state, content FROM mail_messages WHERE ($1::text IS NULL OR kind = $1) ORDER BY id`,
    [kind ?? null],
  );
  return rows.map((row) => ({ recipient: row.recipient, state: row.state, content: v.parse(MailContentSchema, row.content.content) }));
}

/** The link of the latest queued restore or invitation message: what the person would click. */
export async function queuedLink(db: Database, kind: 'passwordRestore' | 'invitation'): Promise<URL> {
  const latest = (await queuedMails(db, kind)).at(-1)?.content;
  if (!latest || !('link' in latest)) throw new Error(`No ${kind} message is queued`);
  return new URL(latest.link);
}
