import { describe, expect, it } from 'vitest';
import {
  isTokenExpired,
  pageLoadDecision,
  refreshTokenToPresent,
  rotatedElsewhere,
  toStoredSession,
  withRefreshedTokens,
  type StoredSession,
} from '../../src/model/auth/session';
import { sessionUser, token } from '../support/fixtures/session';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('an access token counts as expired when its expiry is in the past or missing (access §4)', () => {
  it.each([
    [null, true],
    [{ token: 't', expiresAt: '' }, true],
    [{ token: 't', expiresAt: 'not a date' }, true],
    [{ token: 't', expiresAt: '2026-11-22T11:59:59Z' }, true],
    [{ token: 't', expiresAt: '2026-11-22T12:00:00Z' }, true],
    [{ token: 't', expiresAt: '2026-11-22T12:00:01Z' }, false],
  ])('%j → expired %s', (value, expired) => {
    expect(isTokenExpired(value, NOW)).toBe(expired);
  });
});

describe('page-load rules (access §4)', () => {
  const stored = (access: number, refresh: number | null): StoredSession => ({
    ...toStoredSession(sessionUser()),
    accessToken: token('a', NOW + access),
    refreshToken: refresh === null ? null : token('r', NOW + refresh),
  });

  it('no tokens means sign out', () => {
    expect(pageLoadDecision(null, NOW)).toBe('signedOut');
  });
  it('a valid access token means authenticated', () => {
    expect(pageLoadDecision(stored(60_000, 60_000), NOW)).toBe('authenticated');
  });
  it('an expired access token with a valid refresh token means refresh', () => {
    expect(pageLoadDecision(stored(-1, 60_000), NOW)).toBe('refresh');
  });
  it('both expired, or no refresh token, means sign out', () => {
    expect(pageLoadDecision(stored(-1, -1), NOW)).toBe('signedOut');
    expect(pageLoadDecision(stored(-1, null), NOW)).toBe('signedOut');
  });
});

describe('what the browser keeps of a session (access §3)', () => {
  it('holds user, accessToken, refreshToken, unitType and userType', () => {
    const user = sessionUser();
    expect(Object.keys(toStoredSession(user)).sort()).toEqual(['accessToken', 'refreshToken', 'unitType', 'user', 'userType']);
    expect(toStoredSession({ ...user, refreshToken: undefined }).refreshToken).toBeNull();
  });

  it('a refresh replaces both tokens, in the user too', () => {
    const refreshed = withRefreshedTokens(toStoredSession(sessionUser()), {
      accessToken: token('a2', NOW),
      refreshToken: token('r2', NOW),
    });
    expect(refreshed.accessToken.token).toBe('a2');
    expect(refreshed.refreshToken?.token).toBe('r2');
    expect(refreshed.user.accessToken.token).toBe('a2');
    expect(refreshed.user.refreshToken?.token).toBe('r2');
  });
});

describe('a refresh another tab already made (access §4, one refresh token works once)', () => {
  const stored = (refresh: string, accessExpiresAt = NOW + 60_000): StoredSession =>
    toStoredSession(sessionUser({ accessToken: token('access-new', accessExpiresAt), refreshToken: token(refresh, NOW + 3_600_000) }));

  it('takes the remembered pair when its refresh token is no longer the one this tab holds', () => {
    expect(rotatedElsewhere({ session: stored('refresh-new'), remember: true }, 'refresh-old', NOW)).toEqual({
      accessToken: token('access-new', NOW + 60_000),
      refreshToken: token('refresh-new', NOW + 3_600_000),
    });
  });

  it('refreshes itself when the stored token is the one it holds, the session is the tab’s own, or the stored access token expired', () => {
    expect(rotatedElsewhere({ session: stored('refresh-old'), remember: true }, 'refresh-old', NOW)).toBeNull();
    expect(rotatedElsewhere({ session: stored('refresh-new'), remember: false }, 'refresh-old', NOW)).toBeNull();
    expect(rotatedElsewhere({ session: stored('refresh-new', NOW - 1), remember: true }, 'refresh-old', NOW)).toBeNull();
    expect(rotatedElsewhere(null, 'refresh-old', NOW)).toBeNull();
  });

  it('presents the remembered refresh token, which another tab may have rotated, else the one this tab holds', () => {
    expect(refreshTokenToPresent({ session: stored('refresh-new', NOW - 1), remember: true }, 'refresh-old')).toBe('refresh-new');
    expect(refreshTokenToPresent({ session: stored('refresh-old'), remember: true }, 'refresh-old')).toBe('refresh-old');
    expect(refreshTokenToPresent({ session: stored('refresh-new'), remember: false }, 'refresh-old')).toBe('refresh-old');
    expect(refreshTokenToPresent(null, 'refresh-old')).toBe('refresh-old');
  });
});
