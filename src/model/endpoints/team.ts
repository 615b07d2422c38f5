import * as v from 'valibot';
import { ConsentText } from '../account/account-texts';
import { AccountUpdateRequestSchema } from '../account/account-update';
import { ConsentsRequestSchema } from '../account/account-consents';
import {
  UserCreateRequestSchema,
  UserNotificationsRequestSchema,
  UserPathSchema,
  UsersPageSchema,
  UserUpdateRequestSchema,
} from '../team/user';
import { UserListParamsSchema } from '../team/user-list-params';
import { UserRecordSchema } from '../team/user-record';
import { UserMessageText } from '../team/user-texts';
import type { Endpoint } from './endpoint';
import { SignedLinkQuerySchema } from './kits';

/** The account a notification e-mail's unsubscribe link names; the signature covers it. */
const UnsubscribePathSchema = v.object({
  accountId: v.pipe(
    v.string(),
    v.maxLength(12),
    v.regex(/^\d{1,12}$/),
    v.description('The account whose notifications the link turns off'),
  ),
});

const unsubscribeErrors = {
  400: 'The link has expired, was changed, or names an account that no longer exists: a page that says so',
} as const;

const notFound = 'The practice has no team member with this uid (another practice’s member, or a patient, is as absent as none)';

/**
 * The team and the signed-in user's own account (kits §2, §3, §7). GET /Users/Me is listed with the session's
 * calls (endpoints/session.ts), once.
 */
export const USER_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'showUnsubscribe',
    method: 'get',
    path: '/Notifications/Unsubscribe/{accountId}',
    summary: 'The page a notification e-mail’s unsubscribe link opens',
    description:
      'Needs no token: the signed link (valid 90 days) is the authority. Changes nothing (mail scanners open links by themselves); its button posts to the same address.',
    signedIn: false,
    pathParams: UnsubscribePathSchema,
    query: SignedLinkQuerySchema,
    answer: { status: 200, description: 'A page asking to confirm', mediaTypes: ['text/html'] },
    errors: unsubscribeErrors,
  },
  {
    operationId: 'unsubscribe',
    method: 'post',
    path: '/Notifications/Unsubscribe/{accountId}',
    summary: 'Turn off the notification e-mails of the account the link names',
    description:
      'The page’s button and a mail client’s one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`) post here. Sets the account’s `receiveNotifications` to false, the flag the team page and the account tab switch.',
    signedIn: false,
    pathParams: UnsubscribePathSchema,
    query: SignedLinkQuerySchema,
    answer: { status: 200, description: 'A page saying the notifications are off', mediaTypes: ['text/html'] },
    errors: unsubscribeErrors,
  },
  {
    operationId: 'updateMe',
    method: 'put',
    path: '/Users/Me',
    summary: 'Save the signed-in user’s own profile (the account tab and the provider profile page)',
    description:
      'The email is read-only: an email in the body is ignored. Notifications or an address left out keep what is stored; an address that is null, or whose every field is blank, clears it.',
    signedIn: true,
    body: AccountUpdateRequestSchema,
    answer: { status: 200, description: 'The updated user record', schema: UserRecordSchema },
    errors: { 404: 'The user record no longer exists' },
  },
  {
    operationId: 'updateMyConsents',
    method: 'patch',
    path: '/Users/Me/Consents',
    summary: 'Save the signed-in user’s research and leaderboard consents (the provider profile’s Data & Privacy tab)',
    description:
      'The body the patient portal sends to PATCH /Patients/Me/Consents. The consents are the person’s own: every account of theirs shares them.',
    signedIn: true,
    body: ConsentsRequestSchema,
    answer: { status: 200, description: 'The user record with the saved consents', schema: UserRecordSchema },
    errors: {
      403: `${ConsentText.notYours}: the uid in the body is another user’s`,
      404: 'The user record no longer exists',
    },
  },
  {
    operationId: 'listUsers',
    method: 'get',
    path: '/Users',
    summary: 'A page of the practice’s team members, searched, sorted and filtered',
    description:
      'Patients are not team members. Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way; every filter and the search must hold.',
    signedIn: true,
    audience: 'provider',
    query: UserListParamsSchema,
    answer: { status: 200, description: '`{ items, page, hasMore }`: the page’s team members', schema: UsersPageSchema },
    errors: { 400: 'A parameter is invalid (the message names it)' },
  },
  {
    operationId: 'getUser',
    method: 'get',
    path: '/Users/{uid}',
    summary: 'One team member of the practice',
    signedIn: true,
    audience: 'provider',
    pathParams: UserPathSchema,
    answer: { status: 200, description: 'The team member', schema: UserRecordSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'createUser',
    method: 'post',
    path: '/Users',
    summary: 'Add a team member to the practice',
    description:
      'The new member gets a username derived from the email and a set-password link (the restore link of forgot password, redeemed with POST /Auth/Password/Restore); until then no password signs them in.',
    signedIn: true,
    audience: 'provider',
    body: UserCreateRequestSchema,
    answer: { status: 201, description: 'The new team member, with its uid and username', schema: UserRecordSchema },
    errors: { 409: `${UserMessageText.emailTaken}: the email is already someone’s email or username` },
  },
  {
    operationId: 'updateUser',
    method: 'put',
    path: '/Users/{uid}',
    summary: 'Save a team member’s profile and discipline',
    description: 'The email is read-only when editing: an email in the body is ignored. Notifications left out keep what is stored.',
    signedIn: true,
    audience: 'provider',
    pathParams: UserPathSchema,
    body: UserUpdateRequestSchema,
    answer: { status: 200, description: 'The updated team member', schema: UserRecordSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'updateUserNotifications',
    method: 'patch',
    path: '/Users/{uid}/notifications',
    summary: 'Turn a team member’s email notifications on or off',
    signedIn: true,
    audience: 'provider',
    pathParams: UserPathSchema,
    body: UserNotificationsRequestSchema,
    answer: { status: 200, description: 'The updated team member', schema: UserRecordSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'deleteUser',
    method: 'delete',
    path: '/Users/{uid}',
    summary: 'Remove a team member from the practice',
    description: 'A person left with no account anywhere is removed too.',
    signedIn: true,
    audience: 'provider',
    pathParams: UserPathSchema,
    answer: { status: 204, description: 'The team member was removed' },
    errors: { 404: notFound, 409: `${UserMessageText.cannotDeleteYourself}: the uid is the signed-in account’s own` },
  },
];
