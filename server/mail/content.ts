import * as v from 'valibot';
import { withoutControlCharacters } from '../../src/model/limits';

/**
 * What each kind of message says, as the outbox keeps it: the names and links its template fills in. The sender reads
 * a row back through this schema, so a row written by an older server, or edited by hand, fails with a reason
 * instead of rendering half a message.
 */

/** A name may reach a subject, a header: a line break or another control character in one is refused. */
const Name = v.pipe(v.string(), v.maxLength(200), withoutControlCharacters('holds a line break or another control character'));
const Link = v.pipe(v.string(), v.url(), v.maxLength(4_000));

const Restore = v.object({ kind: v.literal('passwordRestore'), firstName: Name, link: Link, expiresInMinutes: v.number() });
const Invitation = v.object({
  kind: v.literal('invitation'),
  firstName: Name,
  practiceName: Name,
  link: Link,
  expiresInMinutes: v.number(),
});
const MemberRemoved = v.object({ kind: v.literal('memberRemoved'), firstName: Name, practiceName: Name });
/** The three security notices: the password was changed, restored through a link, or set by the account migration. */
const SecurityNotice = v.object({
  kind: v.picklist(['passwordChanged', 'passwordRestored', 'accountMigrated']),
  firstName: Name,
  forgotPasswordLink: Link,
});
/** A kit's news for the people of its practice, and its patient: its result is ready, or its sample failed. */
const KitNotice = v.object({
  kind: v.picklist(['resultReady', 'sampleFailed']),
  firstName: Name,
  barcode: Name,
  productName: Name,
  kitLink: Link,
  unsubscribeLink: Link,
});
const PatientDeactivated = v.object({ kind: v.literal('patientDeactivated'), firstName: Name });

export const MailContentSchema = v.variant('kind', [Restore, Invitation, MemberRemoved, SecurityNotice, KitNotice, PatientDeactivated]);
export type MailContent = v.InferOutput<typeof MailContentSchema>;
export type MailKind = MailContent['kind'];
export type KitNoticeContent = v.InferOutput<typeof KitNotice>;
export type SecurityNoticeContent = v.InferOutput<typeof SecurityNotice>;
