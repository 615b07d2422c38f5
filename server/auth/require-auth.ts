import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ServerText } from '../messages';
import { findAccount, type AccountView } from '../store/auth/accounts';
import type { AccessTokens } from './access-tokens';
import { requireTwoStep } from './require-two-step';

export const MISSING_TOKEN_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'The access token is invalid or has expired';

export interface AuthEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    /** The caller's account as the token names it, read fresh on every request. */
    account: AccountView;
    rememberMe: boolean;
  };
}

export interface RequireAuthOptions {
  /**
   * Whether an account that must migrate its identity may make the call. Only the migration itself says yes: every
   * other call refuses such an account with 403 until it has migrated (issue 37 item 10).
   */
  readonly duringMigration?: boolean;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A valid Bearer access token, issued since the person's latest password change, whose account still exists at its
 * practice, or 401; then, for an account that must migrate, 403 unless the call is the migration; then, for a member
 * whose practice requires two-step sign-in and who has not turned it on, 403 unless the call helps them do so or leave.
 */
export function requireAuth(db: Database, accessTokens: AccessTokens, options: RequireAuthOptions = {}) {
  const twoStep = requireTwoStep(db);
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (!header) throw new HttpError(401, MISSING_TOKEN_MESSAGE);
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await accessTokens.verify(token) : null;
    if (!claims) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    const account = await findAccount(db, claims.accountId, claims.practiceId);
    // A token of another version was issued before a password change (or restore, or migration) that ended it.
    if (!account || account.tokenVersion !== claims.tokenVersion) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    if (account.forceIdentityMigration && !options.duringMigration) throw new HttpError(403, ServerText.migrationRequired);
    c.set('account', account);
    c.set('rememberMe', claims.rememberMe);
    await twoStep(c, next);
  });
}
