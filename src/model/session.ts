import * as v from 'valibot';
import { SessionUserSchema, TokenSchema, UnitTypeSchema, UserTypeSchema, type RefreshResponse, type SessionUser, type Token } from './auth';

/** Access §3 and §4: what the browser keeps of a session, and the page-load rules. */

export const StoredSessionSchema = v.object({
  user: SessionUserSchema,
  accessToken: TokenSchema,
  refreshToken: v.nullable(TokenSchema),
  unitType: UnitTypeSchema,
  userType: UserTypeSchema,
});
export type StoredSession = v.InferOutput<typeof StoredSessionSchema>;

/** An access token counts as expired when its expiry is in the past or missing. */
export function isTokenExpired(token: Token | null | undefined, now: number): boolean {
  if (!token?.expiresAt) return true;
  const expiry = Date.parse(token.expiresAt);
  return Number.isNaN(expiry) || expiry <= now;
}

export type PageLoadDecision = 'signedOut' | 'authenticated' | 'refresh';

/**
 * On page load: no tokens means sign out; a valid access token means authenticated;
 * otherwise a valid refresh token means refresh; otherwise sign out.
 */
export function pageLoadDecision(stored: StoredSession | null, now: number): PageLoadDecision {
  if (!stored) return 'signedOut';
  if (!isTokenExpired(stored.accessToken, now)) return 'authenticated';
  if (stored.refreshToken && !isTokenExpired(stored.refreshToken, now)) return 'refresh';
  return 'signedOut';
}

/** What a sign-in, migration, password change or switch answer leaves in the browser. */
export function toStoredSession(user: SessionUser): StoredSession {
  return {
    user,
    accessToken: user.accessToken,
    refreshToken: user.refreshToken ?? null,
    unitType: user.unitType,
    userType: user.userType,
  };
}

/** The same session with the tokens a refresh answered. */
export function withRefreshedTokens(stored: StoredSession, tokens: RefreshResponse): StoredSession {
  return {
    ...stored,
    user: { ...stored.user, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
}
