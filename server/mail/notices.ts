import { Paths } from '../../src/model/shell/navigation';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import type { SecurityNoticeContent } from './content';
import { queueMail } from './outbox';

/**
 * The messages the account's own events cause, queued in the caller's transaction to the person's stored address.
 * Each reads the person here, so no route can address a message to an address a request named.
 */

interface PersonRow extends Record<string, unknown> {
  email: string;
  first_name: string;
}

async function personOf(q: Queryable, personId: string): Promise<PersonRow | undefined> {
  const [row] = await q.query<PersonRow>('SELECT email, first_name FROM people WHERE id = $1', [personId]);
  return row;
}

type LinkConfig = Pick<ServerConfig, 'publicUrl' | 'restoreTokenTtlSeconds'>;

/** Forgot password's message: the restore link, to a known person only (the route answers the same either way). */
export async function queuePasswordRestore(q: Queryable, config: LinkConfig, personId: string, link: string, now: Date): Promise<void> {
  const person = await personOf(q, personId);
  if (!person) return;
  await queueMail(
    q,
    {
      to: person.email,
      personId,
      content: {
        kind: 'passwordRestore',
        firstName: person.first_name,
        link,
        expiresInMinutes: Math.round(config.restoreTokenTtlSeconds / 60),
      },
    },
    now,
  );
}

/** "Your password was changed / reset / set by the migration; if this was not you…", with the way to take it back. */
export async function queueSecurityNotice(
  q: Queryable,
  config: LinkConfig,
  personId: string,
  kind: SecurityNoticeContent['kind'],
  now: Date,
): Promise<void> {
  const person = await personOf(q, personId);
  if (!person) return;
  await queueMail(
    q,
    {
      to: person.email,
      personId,
      content: { kind, firstName: person.first_name, forgotPasswordLink: `${config.publicUrl}${Paths.forgotPassword}` },
    },
    now,
  );
}

/** A new team member's invitation, with the set-password link. */
export async function queueInvitation(
  q: Queryable,
  config: LinkConfig,
  personId: string,
  practiceId: number,
  link: string,
  now: Date,
): Promise<void> {
  const [row] = await q.query<PersonRow & { practice_name: string }>(
    `SELECT pe.email, pe.first_name, pr.name AS practice_name FROM people pe, practices pr WHERE pe.id = $1 AND pr.id = $2`,
    [personId, practiceId],
  );
  if (!row) return;
  await queueMail(
    q,
    {
      to: row.email,
      personId,
      content: {
        kind: 'invitation',
        firstName: row.first_name,
        practiceName: row.practice_name,
        link,
        expiresInMinutes: Math.round(config.restoreTokenTtlSeconds / 60),
      },
    },
    now,
  );
}

/**
 * The notice to a member whose account a practice deleted. Read before the delete, in its transaction: the account
 * is gone afterwards, and the person too when it was their only one.
 */
export async function queueMemberRemoved(q: Queryable, accountUid: string, practiceId: number, now: Date): Promise<void> {
  const [row] = await q.query<PersonRow & { person_id: string; practice_name: string }>(
    `SELECT pe.id AS person_id, pe.email, COALESCE(a.first_name, pe.first_name) AS first_name, pr.name AS practice_name
       FROM accounts a JOIN people pe ON pe.id = a.person_id JOIN practices pr ON pr.id = a.practice_id
      WHERE a.uid = $1 AND a.practice_id = $2`,
    [accountUid, practiceId],
  );
  if (!row) return;
  await queueMail(
    q,
    {
      to: row.email,
      personId: row.person_id,
      content: { kind: 'memberRemoved', firstName: row.first_name, practiceName: row.practice_name },
    },
    now,
  );
}

/** The person a patient account belongs to, read before the deactivation forgets them. */
export async function deactivationRecipient(q: Queryable, accountId: number): Promise<PersonRow | undefined> {
  const [row] = await q.query<PersonRow>(
    'SELECT pe.email, pe.first_name FROM accounts a JOIN people pe ON pe.id = a.person_id WHERE a.id = $1',
    [accountId],
  );
  return row;
}

/**
 * The patient portal's deactivation confirmation. The person is already forgotten, so the message names nobody in the
 * database (no person id) and the sender forgets its address once it is sent.
 */
export async function queuePatientDeactivated(q: Queryable, recipient: PersonRow, now: Date): Promise<void> {
  await queueMail(
    q,
    { to: recipient.email, personId: null, content: { kind: 'patientDeactivated', firstName: recipient.first_name } },
    now,
  );
}
