import * as v from 'valibot';
import { SettingsPaths } from '../shell/navigation';
import { formFieldErrors } from '../schema';
import { UserCreateRequestSchema, UserUpdateRequestSchema, type UserCreateFields, type UserUpdateFields } from './user';
import { type UserRecord } from './user-record';
import { roleName } from './role-names';
import { isTeamUserType, TEAM_USER_TYPES } from './user-rules';

/**
 * Kits §2 "Add / Edit team member" as a form: its values, kits §5's message under each field, the body POST /Users
 * and PUT /Users/{uid} send, and where the page lives.
 */

export type TeamMemberMode = 'create' | 'edit';

export interface TeamMemberValues {
  firstName: string;
  lastName: string;
  /** Read-only when editing, and never sent then. */
  email: string;
  phone: string;
  receiveNotifications: boolean;
  /** The discipline; null until one is chosen. */
  userType: number | null;
}

export type TeamMemberField = keyof TeamMemberValues;
export type TeamMemberFieldErrors = Partial<Record<TeamMemberField, string>>;

/** A new member's form: notifications on, as a new account's are (kits §3 gives no default; the server's is on). */
export const EMPTY_TEAM_MEMBER: TeamMemberValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  receiveNotifications: true,
  userType: null,
};

/** The edit form as it opens: the member's record; a discipline a practice cannot give reads as none chosen. */
export function teamMemberValues(user: UserRecord): TeamMemberValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    receiveNotifications: user.receiveNotifications,
    userType: isTeamUserType(user.userType) ? user.userType : null,
  };
}

/** The request body as the form holds it; the schema trims and checks it. Preferences are sent empty (kits §3). */
function createInput(values: TeamMemberValues) {
  const { firstName, lastName, email, phone, receiveNotifications, userType } = values;
  return { firstName, lastName, email, phone, receiveNotifications, notificationPreferences: [], userType };
}

function updateInput(values: TeamMemberValues) {
  const { firstName, lastName, phone, receiveNotifications, userType } = values;
  return { firstName, lastName, phone, receiveNotifications, notificationPreferences: [], userType };
}

const FIELDS: readonly TeamMemberField[] = ['firstName', 'lastName', 'email', 'phone', 'receiveNotifications', 'userType'];

/**
 * Kits §5: the message under each field that breaks a rule; empty when the form may be sent. A new member also
 * needs an email, and the discipline's message is "Discipline is required"; editing says "User type is required".
 */
export function teamMemberFieldErrors(mode: TeamMemberMode, values: TeamMemberValues): TeamMemberFieldErrors {
  const result =
    mode === 'create'
      ? v.safeParse(UserCreateRequestSchema, createInput(values))
      : v.safeParse(UserUpdateRequestSchema, updateInput(values));
  return result.success ? {} : formFieldErrors(result.issues, FIELDS);
}

/** POST /Users' body, trimmed; only for values without field errors. */
export function teamMemberCreateRequest(values: TeamMemberValues): UserCreateFields {
  return v.parse(UserCreateRequestSchema, createInput(values));
}

/** PUT /Users/{uid}'s body, trimmed, without the read-only email; only for values without field errors. */
export function teamMemberUpdateRequest(values: TeamMemberValues): UserUpdateFields {
  return v.parse(UserUpdateRequestSchema, updateInput(values));
}

/** The discipline's choices: the roles that sign in to the provider portal, in words (contract decisions). */
export const DISCIPLINE_OPTIONS: readonly { value: number; label: string }[] = TEAM_USER_TYPES.map((value) => ({
  value,
  label: roleName(value),
}));

/** Kits §2: edit uses the query parameter edit={uid}. */
export function editTeamMemberPath(uid: string): string {
  return `${SettingsPaths.addTeamMember}?edit=${encodeURIComponent(uid)}`;
}

/** The member to edit from the page's query string, or null for a new member. */
export function editedMemberUid(search: string): string | null {
  const uid = new URLSearchParams(search).get('edit');
  return uid ? uid : null;
}
