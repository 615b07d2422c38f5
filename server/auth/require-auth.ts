import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { findAccount, type AccountView } from '../store/accounts';
import type { AccessTokens } from './access-tokens';

export const MISSING_TOKEN_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'The access token is invalid or has expired';

export interface AuthEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    /** The caller's account as the token names it, read fresh on every request. */
    account: AccountView;
    rememberMe: boolean;
  };
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** A valid Bearer access token whose account still exists at its practice, or 401. */
export function requireAuth(db: Database, accessTokens: AccessTokens) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (!header) throw new HttpError(401, MISSING_TOKEN_MESSAGE);
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await accessTokens.verify(token) : null;
    if (!claims) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    const account = await findAccount(db, claims.accountId, claims.practiceId);
    if (!account) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    c.set('account', account);
    c.set('rememberMe', claims.rememberMe);
    await next();
  });
}
