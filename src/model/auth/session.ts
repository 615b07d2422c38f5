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

/**
 * The pair another tab already refreshed: a remembered session whose stored refresh token is no longer
 * the one this tab was about to use, with an access token still valid. A refresh token works once, so
 * this tab takes that pair instead of presenting its used token (which would end every session).
 */
export function rotatedElsewhere(
  stored: { session: StoredSession; remember: boolean } | null,
  usedRefreshToken: string,
  now: number,
): RefreshResponse | null {
  if (!stored?.remember) return null;
  const { accessToken, refreshToken } = stored.session;
  if (!refreshToken || refreshToken.token === usedRefreshToken || isTokenExpired(accessToken, now)) return null;
  return { accessToken, refreshToken };
}

/**
 * The refresh token this tab presents: the remembered one when another tab rotated the pair since this tab read it,
 * even if that pair's access token has expired meanwhile. Presenting the used one would be taken for a stolen copy
 * and end the session in every tab.
 */
export function refreshTokenToPresent(stored: { session: StoredSession; remember: boolean } | null, usedRefreshToken: string): string {
  const remembered = stored?.remember ? stored.session.refreshToken?.token : undefined;
  return remembered ?? usedRefreshToken;
}
