import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  ForgotPasswordRequestSchema,
  MigrateRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RestorePasswordRequestSchema,
  SessionUserSchema,
  SignInRequestSchema,
  SwitchAccountRequestSchema,
} from '../auth/auth';
import { PracticeSchema, PracticeSummarySchema } from '../practice/practice';
import { UserRecordSchema } from '../team/user-record';
import { SignInAnswerSchema, TwoStepSignInRequestSchema } from '../auth/two-step';
import type { Endpoint } from './endpoint';

const signedInUser = 'The signed-in user object, with a fresh token pair';

/** Sign-in, tokens, passwords, switching and migration (access §7), and the practice and user the shell reads. */
export const SESSION_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'signIn',
    method: 'post',
    path: '/Auth',
    summary: 'Sign in',
    signedIn: false,
    body: SignInRequestSchema,
    description:
      'For a person with two-step sign-in on (this project’s extension, issue 44), the right password answers no session but a challenge (`twoStepRequired: true`, a single-use `challenge` valid for 5 minutes) for POST /Auth/TwoStep. When the practice requires two-step sign-in and the person has not turned it on, the user object carries `twoStepSetupRequired: true`.',
    answer: {
      status: 200,
      description: 'The signed-in user object (the first of the person’s accounts), or the two-step challenge',
      schema: SignInAnswerSchema,
    },
    errors: {
      401: 'Unknown username or wrong password (the same answer for both)',
      429: 'Too many failed sign-ins in 15 minutes for this account from this address (5; the username and the e-mail of one account count together, and the right password from another address still signs in) or from this address for any accounts (20; an IPv6 address counts by its /64); try again after Retry-After. Past 10 failures of one account from all addresses, each further attempt waits 1 s, then twice as long each time, up to 30 s, before its password is checked. The same for every username, known or not',
    },
  },
  {
    operationId: 'signInTwoStep',
    method: 'post',
    path: '/Auth/TwoStep',
    summary: 'Finish a two-step sign-in with a code from the authenticator app or a recovery code',
    description:
      'This project’s extension (issue 44). The challenge is the one POST /Auth answered; it works until a code is accepted or 5 minutes have passed. A 6-digit code is accepted for the current 30-second step or the one before or after it, and each once; a recovery code works once. Wrong codes count in the sign-in throttle’s counters, as wrong passwords do.',
    signedIn: false,
    body: TwoStepSignInRequestSchema,
    answer: { status: 200, description: 'The signed-in user object, as POST /Auth answers it', schema: SessionUserSchema },
    errors: {
      400: 'A field is missing, the code is wrong or already used, or the challenge is unknown, used or expired',
      429: 'Too many wrong passwords and codes for this account from this address, or from this address; as POST /Auth',
    },
  },
  {
    operationId: 'refreshTokens',
    method: 'post',
    path: '/Auth/refresh',
    summary: 'Trade a refresh token for a new token pair',
    description: 'A refresh token works once; presenting a used one ends every session of its chain.',
    signedIn: false,
    body: RefreshRequestSchema,
    answer: { status: 200, description: 'A new access and refresh token', schema: RefreshResponseSchema },
    errors: { 401: 'The refresh token is unknown, used, revoked or expired' },
  },
  {
    operationId: 'signOut',
    method: 'post',
    path: '/Auth/SignOut',
    summary: 'End the session of a refresh token (the Sign out button)',
    description:
      'Revokes the refresh token and every token of its rotation chain, so that none of them refreshes again. The refresh token is the authority: no access token is needed, since it may have expired. The answer is the same whether or not the token was known, so the call tells nobody which tokens exist. The portal sends it without waiting for the answer and signs out whatever comes back.',
    signedIn: false,
    body: RefreshRequestSchema,
    answer: { status: 200, description: 'The session of the token has ended, or there was none', schema: EmptyResponseSchema },
  },
  {
    operationId: 'switchAccount',
    method: 'post',
    path: '/Auth/Account/Switch',
    summary: 'Switch to another account of the signed-in person',
    signedIn: true,
    body: SwitchAccountRequestSchema,
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: { 403: 'The account does not exist or belongs to someone else' },
  },
  {
    operationId: 'migrateIdentity',
    method: 'post',
    path: '/Auth/Migrate',
    summary: 'Complete the account migration with a new password',
    signedIn: true,
    body: MigrateRequestSchema,
    description:
      'The one call an account that must migrate may make with its access token (every other answers 403). Every earlier session of the person ends: their refresh tokens are revoked and their access tokens refused; this one continues with the pair answered.',
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: { 400: 'A field is missing, or the password is too weak or the current one', 403: 'The account does not need to migrate' },
  },
  {
    operationId: 'forgotPassword',
    method: 'post',
    path: '/Auth/Password/Forgot',
    summary: 'Ask for a password restore link',
    description: 'Known or not, the answer is the same, so the call cannot tell who has an account.',
    signedIn: false,
    body: ForgotPasswordRequestSchema,
    answer: { status: 200, description: 'The request was taken', schema: EmptyResponseSchema },
    errors: {
      429: 'Too many requests for this account (5; its username and e-mail count together) or from this address (20) in an hour, known username or not; try again after Retry-After',
    },
  },
  {
    operationId: 'restorePassword',
    method: 'post',
    path: '/Auth/Password/Restore',
    summary: 'Set a new password with a restore token',
    signedIn: false,
    body: RestorePasswordRequestSchema,
    answer: {
      status: 200,
      description: 'The password was set; every session of the person ended: refresh tokens revoked, access tokens refused',
      schema: EmptyResponseSchema,
    },
    errors: { 400: 'A field is missing, the password is too weak, the passwords differ, or the restore token is unknown, used or expired' },
  },
  {
    operationId: 'changePassword',
    method: 'post',
    path: '/Auth/Password/Reset',
    summary: 'Change the signed-in person’s password',
    description:
      'Every earlier session of the person ends: their refresh tokens are revoked and every access token issued before the change is refused, this call’s own included. This session continues with the pair answered.',
    signedIn: true,
    body: ChangePasswordRequestSchema,
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: {
      400: 'A field is missing, the new password is too weak, is the current one or differs from its repetition, or the current password is wrong',
    },
  },
  {
    operationId: 'getPractice',
    method: 'get',
    path: '/Practices',
    summary: 'The practice of the signed-in account',
    signedIn: true,
    answer: {
      status: 200,
      description:
        'The practice record, whole for the provider portal’s accounts; a patient or an account of neither portal gets its summary only (id, name, unit type, showReportsToPatients, white-label logo), never billing, invoice contact, contacts or addresses',
      schema: v.union([PracticeSchema, PracticeSummarySchema]),
    },
    errors: { 404: 'The practice no longer exists' },
  },
  {
    operationId: 'getMe',
    method: 'get',
    path: '/Users/Me',
    summary: 'The signed-in user’s own record',
    signedIn: true,
    answer: { status: 200, description: 'The user record', schema: UserRecordSchema },
    errors: { 404: 'The user record no longer exists' },
  },
];
