import { UserType } from '../enums';
import { UserValidationText as T } from './user-texts';

/**
 * Kits §3: a team member's user type (its discipline) is a value of the role enumeration. System is the
 * laboratory's own and Patient belongs to the patient portal (patients are not team members), so a practice
 * gives neither; Unknown is what a form holds before a discipline is chosen, so it counts as not given.
 */

const ROLE_VALUES: readonly number[] = Object.values(UserType);
const NOT_TEAM: readonly number[] = [UserType.System, UserType.Patient];

/** The roles a practice may give a team member, in the enumeration's order. */
export const TEAM_USER_TYPES: readonly number[] = ROLE_VALUES.filter((value) => value !== UserType.Unknown && !NOT_TEAM.includes(value));

export function isTeamUserType(value: unknown): value is number {
  return typeof value === 'number' && TEAM_USER_TYPES.includes(value);
}

/**
 * What is wrong with a user type, or null when a practice may give it. `required` is the form's own word:
 * "User type is required" on edit, "Discipline is required" for a new member (kits §5).
 */
export function userTypeProblem(value: unknown, required: string): string | null {
  if (value === undefined || value === null || value === UserType.Unknown) return required;
  if (typeof value !== 'number' || !ROLE_VALUES.includes(value)) return T.userTypeUnknown;
  return NOT_TEAM.includes(value) ? T.userTypeNotTeam : null;
}
