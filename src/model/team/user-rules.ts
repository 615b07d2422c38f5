import { PROVIDER_PORTAL_USER_TYPES } from '../auth/roles';
import { UserType } from '../enums';
import { roleName } from './role-names';
import { UserValidationText as T } from './user-texts';

/**
 * Kits §3: a team member's user type (its discipline) is a value of the role enumeration. A practice gives only
 * the roles that sign in to the provider portal (access §6, contract decisions): a member given Shipping, Support
 * Team, Lab User, Lab Director or Membership Advisor could never sign in, System is the laboratory's own and Patient
 * belongs to the patient portal. Unknown is what a form holds before a discipline is chosen, so it counts as not given.
 */

const ROLE_VALUES: readonly number[] = Object.values(UserType);

/** The roles a practice may give a team member, in the enumeration's order. */
export const TEAM_USER_TYPES: readonly number[] = ROLE_VALUES.filter((value) => PROVIDER_PORTAL_USER_TYPES.includes(value));

export function isTeamUserType(value: unknown): value is number {
  return typeof value === 'number' && TEAM_USER_TYPES.includes(value);
}

/** The server's 400 for a role the provider portal refuses, naming the roles it takes. */
export const USER_TYPE_NOT_TEAM = T.userTypeNotTeam(TEAM_USER_TYPES.map((value) => `${value} (${roleName(value)})`).join(', '));

/** A value of the role enumeration other than Unknown: what the notifications call may repeat of a member's role. */
export function isGivenRole(value: unknown): value is number {
  return typeof value === 'number' && value !== UserType.Unknown && ROLE_VALUES.includes(value);
}

/**
 * What is wrong with a user type, or null when a practice may give it. `required` is the form's own word:
 * "User type is required" on edit, "Discipline is required" for a new member (kits §5).
 */
export function userTypeProblem(value: unknown, required: string): string | null {
  if (value === undefined || value === null || value === UserType.Unknown) return required;
  if (typeof value !== 'number' || !ROLE_VALUES.includes(value)) return T.userTypeUnknown;
  return isTeamUserType(value) ? null : USER_TYPE_NOT_TEAM;
}

/**
 * The notifications toggle (PATCH /Users/{uid}/notifications) sends the member's role along (kits §7). A member
 * given a role before the portal refused it may still have the toggle: repeating the stored role changes nothing;
 * changing to a role the portal refuses is refused as on create and edit.
 */
export function notificationsUserTypeProblem(value: number, stored: number): string | null {
  return value === stored ? null : userTypeProblem(value, T.userTypeRequired);
}
