import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { hasNoControlCharacters } from '../../src/model/limits';
import type { Queryable } from '../db/database';
import { MailContentSchema, type MailContent } from './content';

/**
 * Queuing a message: one outbox row, written with the caller's own queryable, so that inside the transaction of the
 * change that causes it the message exists exactly when the change does. The recipient is always an address read from
 * the database by the caller, never one a request chose.
 */

export interface QueuedMail {
  readonly to: string;
  readonly personId: string | null;
  readonly content: MailContent;
  /** Extra headers, e.g. List-Unsubscribe; names and values are checked for line breaks here. */
  readonly headers?: Readonly<Record<string, string>>;
}

export class MailHeaderError extends Error {
  override readonly name = 'MailHeaderError';
}

/** A line break, or any other control character, would end a header and let the rest be read as new headers. */
function assertHeaderSafe(label: string, value: string): void {
  if (!hasNoControlCharacters(value)) throw new MailHeaderError(`${label} holds a line break or another control character`);
}

export async function queueMail(q: Queryable, mail: QueuedMail, now: Date): Promise<string> {
  assertHeaderSafe('The recipient', mail.to);
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    assertHeaderSafe(`The header name ${JSON.stringify(name)}`, name);
    assertHeaderSafe(`The header ${name}`, value);
  }
  // Parsed here as well as when sending, so a caller cannot queue a message its template could not render.
  const content = v.parse(MailContentSchema, mail.content);
  const uid = randomUUID();
  await q.query(
    `INSERT INTO mail_messages (uid, kind, recipient, person_id, content, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
    [uid, content.kind, mail.to, mail.personId, JSON.stringify({ content, headers: mail.headers ?? {} }), now],
  );
  return uid;
}
