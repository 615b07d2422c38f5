import * as v from 'valibot';
import { pagedAnswer, SortDirection, type ListSort } from '../lists/paging';
import { limited, TextLimit } from '../limits';
import { isEmail } from '../address/address-rules';
import { flag, request, requiredText } from '../schema';
import { UserRecordSchema } from './user-record';
import { isGivenRole, userTypeProblem } from './user-rules';
import { AccountFieldText as Field } from '../account/account-texts';
import { UserValidationText as T } from './user-texts';

/**
 * Kits §3 "User (team member)" as the Users calls of §7 write it (exactly, with §5's messages), and the team list's
 * columns and query. The record they read is user-record.ts, which every signed-in page loads with the session.
 */

/** A user type checked as a team member's, missing or Unknown worded as the form words it. */
function userType(required: string) {
  return v.pipe(
    v.number((issue) => (issue.input === undefined || issue.input === null ? required : T.userTypeUnknown)),
    v.check(
      (value) => userTypeProblem(value, required) === null,
      (issue) => userTypeProblem(issue.input, required) ?? required,
    ),
    v.description(
      'The role enumeration’s value (shown as the discipline): one of the roles that sign in to the provider portal (2, 3, 5 to 13).',
    ),
  );
}

/**
 * The notifications toggle repeats the member's stored role (kits §7): any role of the enumeration reads here, and the
 * server refuses one that would change the member to a role the portal refuses (`notificationsUserTypeProblem`).
 */
const repeatedUserType = v.pipe(
  v.number((issue) => (issue.input === undefined || issue.input === null ? T.userTypeRequired : T.userTypeUnknown)),
  v.check(
    (value: number) => isGivenRole(value),
    (issue) => (issue.input === 0 ? T.userTypeRequired : T.userTypeUnknown),
  ),
  v.description('The member’s role as stored; changing it to a role the provider portal refuses is refused.'),
);

const email = limited(v.pipe(requiredText(T.emailRequired), v.check(isEmail, T.emailInvalid)), Field.email, TextLimit.email);
// Sent empty by the portal (kits §3); each preference is a name, so an identifier's length.
const preferences = v.array(
  limited(v.string(T.notificationPreferences), 'notificationPreferences', TextLimit.identifier),
  T.notificationPreferences,
);

/** A person's names and phone, as every user form writes them (§5's messages). */
export const PROFILE_FIELDS = {
  firstName: limited(requiredText(T.firstNameRequired), Field.firstName, TextLimit.name),
  lastName: limited(requiredText(T.lastNameRequired), Field.lastName, TextLimit.name),
  phone: limited(requiredText(T.phoneRequired), Field.phone, TextLimit.phone),
};

/**
 * POST /Users: a new team member (kits §2, §5). Notifications default to on, as a new account's do; the
 * preferences are sent empty (§3).
 */
export const UserCreateRequestSchema = request({
  ...PROFILE_FIELDS,
  email,
  receiveNotifications: v.optional(flag('receiveNotifications'), true),
  notificationPreferences: v.optional(preferences, () => []),
  userType: userType(T.disciplineRequired),
});
export type UserCreateRequest = v.InferInput<typeof UserCreateRequestSchema>;
export type UserCreateFields = v.InferOutput<typeof UserCreateRequestSchema>;

/**
 * PUT /Users/{uid}: the same without the email, which is read-only when editing (an email sent along is
 * ignored). Notifications left out keep what is stored.
 */
export const UserUpdateRequestSchema = request({
  ...PROFILE_FIELDS,
  receiveNotifications: v.optional(flag('receiveNotifications')),
  notificationPreferences: v.optional(preferences),
  userType: userType(T.userTypeRequired),
});
export type UserUpdateFields = v.InferOutput<typeof UserUpdateRequestSchema>;

/** PATCH /Users/{uid}/notifications: the team table's Email Notifications toggle (kits §7). */
export const UserNotificationsRequestSchema = request({
  receiveNotifications: flag('receiveNotifications'),
  notificationPreferences: v.optional(preferences, () => []),
  userType: repeatedUserType,
});
export type UserNotificationsFields = v.InferOutput<typeof UserNotificationsRequestSchema>;

/** The team table's columns that sort and filter (kits §2), as the query names them. */
export const UserColumn = {
  name: 'name',
  username: 'username',
  email: 'email',
  phone: 'phone',
} as const;
export type UserColumn = (typeof UserColumn)[keyof typeof UserColumn];
export const USER_COLUMNS: readonly UserColumn[] = Object.values(UserColumn);

/** Kits §9: page size 10. The documents give no default order; by name, A to Z, is how a team is looked over. */
export const USERS_PAGE_SIZE = 10;
export const DEFAULT_USER_SORT: ListSort<UserColumn> = { column: UserColumn.name, direction: SortDirection.asc };

/** GET /Users: `{ items, page, hasMore }` (kits §3 "Paged user response"). */
export const UsersPageSchema = pagedAnswer(UserRecordSchema);
export type UsersPage = v.InferOutput<typeof UsersPageSchema>;

/** GET, PUT, DELETE /Users/{uid} and PATCH /Users/{uid}/notifications. */
export const UserPathSchema = v.object({
  uid: limited(v.pipe(v.string(), v.description('The team member’s uid (the user record’s uid)')), 'uid', TextLimit.identifier),
});
