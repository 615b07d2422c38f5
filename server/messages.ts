import { ValidationText } from '../src/model/auth/auth-texts';

/** The server's own failure texts; the client shows them as they are, followed by the correlation id. */
export const ServerText = {
  /** The same for an unknown user and a wrong password, so the answer does not reveal which. */
  invalidCredentials: 'Invalid username or password',
  /** The same for an unknown, reused, revoked or expired refresh token. */
  invalidRefreshToken: 'The refresh token is invalid or has expired',
  /** The same for an unknown, used or expired restore token (access §5 words it). */
  invalidRestoreToken: ValidationText.invalidToken,
  currentPasswordIncorrect: 'Current password is incorrect',
  /** Migration's check against the stored password; a password change words the same refusal in its schema. */
  newPasswordSameAsCurrent: ValidationText.newPasswordSameAsCurrent,
  /** The same for another person's account and one that does not exist. */
  cannotSwitch: 'You cannot switch to this account',
  migrationNotRequired: 'This account does not need to migrate',
  /**
   * Every call but the migration itself, for an account that must migrate (issue 37 item 10): the client sends such an
   * account to the migration page, and the server holds it there too. The spec gives no text.
   */
  migrationRequired: 'Complete the account migration before using the portal.',
  noRestoreLink: 'No restore link has been issued for this user',
  /**
   * Sign-in and forgot-password throttling (issue 13 item 3); the spec gives no text for a 429. The same for every
   * limit and for known and unknown usernames alike, so it reveals neither which limit was met nor who exists.
   */
  tooManyAttempts: 'Too many attempts. Please try again later.',
  /**
   * Issue 43: any call while the database does not answer (it restarts, fails over or is unreachable). The server
   * answers 503 with Retry-After and recovers by itself once the database is back, so trying again is the advice.
   */
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  /** GET /metrics on the main port without the right METRICS_TOKEN. */
  metricsTokenRequired: 'A valid metrics token is required.',
} as const;
