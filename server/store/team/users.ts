import { randomUUID } from 'node:crypto';
import type { Address } from '../../../src/model/practice/practice';
import { UserType } from '../../../src/model/enums';
import { escapeLike } from '../../../src/model/lists/list-params';
import type { ConsentValues } from '../../../src/model/account/account-consents';
import type { ConsentDecisions } from '../../../src/model/account/consent-decisions';
import { consentDecisionsOf, recordConsentChanges } from '../../account/consent-agreements';
import type { ConsentStatements } from '../../account/consent-statements';
import type { UserCreateFields, UserNotificationsFields, UserUpdateFields } from '../../../src/model/team/user';
import { type UserRecord } from '../../../src/model/team/user-record';
import type { AccountUpdateFields } from '../../../src/model/account/account-update';
import type { Queryable } from '../../db/database';
import { ActivityObjectType } from '../../../src/model/activity/activity';

/**
 * A practice's team members (kits §3 "User"): each is an account of the practice joined to its person. Patients
 * (user type Patient) hold accounts too but are not team members. Every query is filtered by the caller's
 * practice, so another practice's member is not found, whatever its uid; every value is a parameter.
 *
 * The names and phone are the practice's view of the person, kept on the account (migration 015), so that no
 * practice's edit reaches another practice's view; the username, email, address and consents are the person's.
 */

export type UserRow = {
  id: number;
  uid: string;
  person_id: string;
  practice_id: number;
  /** Null only for an account made outside this server's writers; the record then shows no name. */
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  username: string;
  user_type: number;
  receive_notifications: boolean;
  notification_preferences: string[];
  address: Address | null;
  research_consent: boolean;
  rejuvenation_olympics_consent: boolean;
};

/**
 * A team account shows its practice's view; a patient account (GET /Users/Me of the patient portal's sign-in) has
 * none of its own and shows the person's own profile, which PUT /Patients/Me writes.
 */
const shown = (column: 'first_name' | 'last_name' | 'phone') =>
  `CASE WHEN a.user_type = ${UserType.Patient} THEN pe.${column} ELSE a.${column} END AS ${column}`;

/** `a` is the account, `pe` its person. */
export const USER_ROW_COLUMNS = `a.id, a.uid, a.person_id, a.practice_id, ${shown('first_name')}, ${shown('last_name')}, pe.email,
  ${shown('phone')}, pe.username, a.user_type, a.receive_notifications, a.notification_preferences, pe.address, pe.research_consent,
  pe.rejuvenation_olympics_consent`;
export const USER_FROM = 'accounts a JOIN people pe ON pe.id = a.person_id';
/** The team of practice `$1`. */
export const TEAM_OF_PRACTICE = `a.practice_id = $1 AND a.user_type <> ${UserType.Patient}`;
/** The whole name as the team list searches, sorts and filters it: the practice's view, on the team's accounts. */
export const NAME_SQL = `concat_ws(' ', NULLIF(a.first_name, ''), NULLIF(a.last_name, ''))`;

export function toUser(row: UserRow): UserRecord {
  return {
    uid: row.uid,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email,
    phone: row.phone,
    username: row.username,
    userType: row.user_type,
    receiveNotifications: row.receive_notifications,
    notificationPreferences: row.notification_preferences,
    address: row.address,
    researchConsent: row.research_consent,
    rejuvenationOlympicsConsent: row.rejuvenation_olympics_consent,
  };
}

/**
 * A member as the activity trail names them (issue 44): by uid, labelled with the name the practice sees, so that the
 * sentence reads "added Ann Lee to the team"; a member without a name is labelled by the uid.
 */
export function memberObject(member: Pick<UserRecord, 'uid' | 'firstName' | 'lastName'>) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return { type: ActivityObjectType.member, id: member.uid, label: name || member.uid };
}

/** The user record of one account, whatever its role (GET and PUT /Users/Me answer the caller's own). */
export async function accountRecord(q: Queryable, accountId: number): Promise<UserRecord | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_ROW_COLUMNS} FROM ${USER_FROM} WHERE a.id = $1`, [accountId]);
  return row ? toUser(row) : null;
}

/** The practice's team member with this uid, as its stored row; null when the practice has none. */
export async function findMemberRow(q: Queryable, practiceId: number, uid: string): Promise<UserRow | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_ROW_COLUMNS} FROM ${USER_FROM} WHERE ${TEAM_OF_PRACTICE} AND a.uid = $2`, [
    practiceId,
    uid,
  ]);
  return row ?? null;
}

export async function findMember(q: Queryable, practiceId: number, uid: string): Promise<UserRecord | null> {
  const row = await findMemberRow(q, practiceId, uid);
  return row ? toUser(row) : null;
}

/**
 * Sign-in takes a username or an email (access §2), so a new email must be neither anyone's email nor anyone's
 * username, regardless of case.
 */
export async function loginTaken(q: Queryable, login: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM people WHERE lower(username) = lower($1) OR lower(email) = lower($1) LIMIT 1', [login]);
  return rows.length > 0;
}

const USERNAME_MAX = 40;

/** The email's local part in the characters usernames use, e.g. `nora.lindqvist`; `user` when none is left. */
export function usernameBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@') < 0 ? undefined : email.lastIndexOf('@'));
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, USERNAME_MAX);
  return cleaned || 'user';
}

/** The base, or the base with the lowest number from 2 that is nobody's username or email yet. */
export async function uniqueUsername(q: Queryable, email: string): Promise<string> {
  const base = usernameBase(email);
  const pattern = `${escapeLike(base)}%`;
  const rows = await q.query<{ login: string }>(
    `SELECT lower(username) AS login FROM people WHERE lower(username) LIKE $1 ESCAPE '\\'
     UNION SELECT lower(email) FROM people WHERE lower(email) LIKE $1 ESCAPE '\\'`,
    [pattern],
  );
  const taken = new Set(rows.map((row) => row.login));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/**
 * A new person with an account of the practice. The password hash is one no password matches, so the member
 * signs in only after setting a password through the link they are sent. The names and phone go on the account,
 * the practice's view, and on the person as the person's own first record of them.
 */
export async function insertMember(
  q: Queryable,
  practiceId: number,
  fields: UserCreateFields,
): Promise<{ user: UserRecord; personId: string }> {
  const personId = `person-${randomUUID()}`;
  const username = await uniqueUsername(q, fields.email);
  await q.query(
    `INSERT INTO people (id, username, email, password_hash, first_name, last_name, phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [personId, username, fields.email, '!unset', fields.firstName, fields.lastName, fields.phone],
  );
  const uid = `user-${randomUUID()}`;
  await q.query(
    `INSERT INTO accounts (uid, person_id, practice_id, user_type, receive_notifications, notification_preferences, first_name, last_name, phone)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
    [
      uid,
      personId,
      practiceId,
      fields.userType,
      fields.receiveNotifications,
      JSON.stringify(fields.notificationPreferences),
      fields.firstName,
      fields.lastName,
      fields.phone,
    ],
  );
  const user = await findMember(q, practiceId, uid);
  if (!user) throw new Error('A team member was inserted but cannot be read back');
  return { user, personId };
}

/**
 * Issue 37: the names and phone as this practice sees the person, on every team account the person holds at the
 * practice. Two roles at one practice (Provider and OfficeManager) are one person seen by one practice, so an edit
 * through either account shows on both; the person's own record and other practices' accounts stay as they are.
 */
async function writePracticeView(q: Queryable, practiceId: number, personId: string, fields: AccountUpdateFields): Promise<void> {
  await q.query(
    `UPDATE accounts SET first_name = $3, last_name = $4, phone = $5
     WHERE person_id = $1 AND practice_id = $2 AND user_type <> ${UserType.Patient}`,
    [personId, practiceId, fields.firstName, fields.lastName, fields.phone],
  );
}

/** The role and notifications are this one account's; any left out keep what is stored. */
async function writeAccountSettings(
  q: Queryable,
  accountId: number,
  fields: Partial<Pick<UserUpdateFields, 'userType' | 'notificationPreferences' | 'receiveNotifications'>>,
): Promise<void> {
  await q.query(
    `UPDATE accounts SET user_type = COALESCE($2, user_type), receive_notifications = COALESCE($3, receive_notifications),
       notification_preferences = COALESCE($4::jsonb, notification_preferences)
     WHERE id = $1`,
    [
      accountId,
      fields.userType ?? null,
      fields.receiveNotifications ?? null,
      fields.notificationPreferences ? JSON.stringify(fields.notificationPreferences) : null,
    ],
  );
}

export async function updateMember(q: Queryable, practiceId: number, uid: string, fields: UserUpdateFields): Promise<UserRecord | null> {
  const row = await findMemberRow(q, practiceId, uid);
  if (!row) return null;
  await writePracticeView(q, practiceId, row.person_id, fields);
  await writeAccountSettings(q, row.id, fields);
  return findMember(q, practiceId, uid);
}

/**
 * PUT /Users/Me: the signed-in account's own profile, whatever its user type. A team account writes its practice's
 * view, as the team page's edit does. A patient account has no view of its own (see `shown`): it writes the person,
 * whose profile the patient portal shows. The address is the person's; one left out keeps what is stored, and null
 * clears it.
 */
export async function updateOwnAccount(q: Queryable, accountId: number, fields: AccountUpdateFields): Promise<boolean> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_ROW_COLUMNS} FROM ${USER_FROM} WHERE a.id = $1`, [accountId]);
  if (!row) return false;
  if (row.user_type === UserType.Patient) {
    await q.query('UPDATE people SET first_name = $2, last_name = $3, phone = $4 WHERE id = $1', [
      row.person_id,
      fields.firstName,
      fields.lastName,
      fields.phone,
    ]);
  } else {
    await writePracticeView(q, row.practice_id, row.person_id, fields);
  }
  await writeAccountSettings(q, row.id, fields);
  if (fields.address !== undefined) {
    await q.query('UPDATE people SET address = $2::jsonb WHERE id = $1', [
      row.person_id,
      fields.address ? JSON.stringify(fields.address) : null,
    ]);
  }
  return true;
}

/**
 * PATCH /Users/Me/Consents: the person's own consents, kept with the person (every account of theirs shares them),
 * each change recorded as informed consent is: the statement's version and time, or the withdrawal (issue 41).
 */
export async function saveOwnConsents(
  q: Queryable,
  accountId: number,
  consents: ConsentValues,
  statements: ConsentStatements,
  now: Date,
): Promise<boolean> {
  const [person] = await q.query<{ id: string; research_consent: boolean; rejuvenation_olympics_consent: boolean }>(
    `SELECT id, research_consent, rejuvenation_olympics_consent FROM people
     WHERE id = (SELECT person_id FROM accounts WHERE id = $1) FOR UPDATE`,
    [accountId],
  );
  if (!person) return false;
  await q.query('UPDATE people SET research_consent = $2, rejuvenation_olympics_consent = $3 WHERE id = $1', [
    person.id,
    consents.researchConsent,
    consents.rejuvenationOlympicsConsent,
  ]);
  const before = { researchConsent: person.research_consent, rejuvenationOlympicsConsent: person.rejuvenation_olympics_consent };
  await recordConsentChanges(q, 'person', person.id, before, consents, statements, now);
  return true;
}

/** The latest agreement of each of the person's own consents, for the dates under the provider profile's switches. */
export async function ownConsentDecisions(q: Queryable, accountId: number): Promise<ConsentDecisions> {
  const [account] = await q.query<{ person_id: string }>('SELECT person_id FROM accounts WHERE id = $1', [accountId]);
  return consentDecisionsOf(q, 'person', account?.person_id ?? '');
}

export async function saveNotifications(
  q: Queryable,
  practiceId: number,
  uid: string,
  fields: UserNotificationsFields,
): Promise<UserRecord | null> {
  const row = await findMemberRow(q, practiceId, uid);
  if (!row) return null;
  await q.query('UPDATE accounts SET receive_notifications = $2, notification_preferences = $3::jsonb, user_type = $4 WHERE id = $1', [
    row.id,
    fields.receiveNotifications,
    JSON.stringify(fields.notificationPreferences),
    fields.userType,
  ]);
  return findMember(q, practiceId, uid);
}

/**
 * Removes the account from the practice (its sessions end with it). A person left with no account at all is
 * removed too, so their username and email are free again; a person with accounts elsewhere keeps them.
 */
export async function deleteMember(q: Queryable, practiceId: number, uid: string): Promise<boolean> {
  const row = await findMemberRow(q, practiceId, uid);
  if (!row) return false;
  await q.query('DELETE FROM accounts WHERE id = $1', [row.id]);
  await q.query('DELETE FROM people WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM accounts WHERE person_id = $1)', [row.person_id]);
  return true;
}
