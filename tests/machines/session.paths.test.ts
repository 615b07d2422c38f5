import { afterEach, expect, vi } from 'vitest';
import { ErrorText } from '../../src/model/messages';
import { toStoredSession } from '../../src/model/session';
import { sessionMachine } from '../../src/machines/session.machine';
import { ApiError } from '../../src/services/api-error';
import { tokenStore } from '../../src/services/token-store';
import { describePaths } from '../support/path-tests';
import { sessionUser, token } from '../support/fixtures/session';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (ms: number) => token(`t${ms}`, NOW + ms);
const HOUR = 3_600_000;

const valid = toStoredSession(sessionUser({ accessToken: at(HOUR), refreshToken: at(2 * HOUR) }));
const accessExpired = toStoredSession(sessionUser({ accessToken: at(-1), refreshToken: at(HOUR) }));
const bothExpired = toStoredSession(sessionUser({ accessToken: at(-HOUR), refreshToken: at(-1) }));
const rotated = { accessToken: at(2 * HOUR), refreshToken: at(3 * HOUR) };

const effects = {
  clearCachedData: vi.fn(),
  notifySessionExpired: vi.fn(),
  goToSignIn: vi.fn(),
  goToUnauthorized: vi.fn(),
  reportWatchFailure: vi.fn(),
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describePaths(sessionMachine, {
  now: NOW,
  inputs: {
    'no tokens': { stored: null },
    'a valid access token': { stored: { session: valid, remember: true } },
    'an expired access token and a valid refresh token': { stored: { session: accessExpired, remember: false } },
    'both tokens expired': { stored: { session: bothExpired, remember: true } },
  },
  events: {
    'session.authenticate': [{ type: 'session.authenticate', user: sessionUser({ accessToken: at(HOUR) }), rememberMe: true }],
    'session.renew': [{ type: 'session.renew', user: sessionUser({ accessToken: at(HOUR + 2) }) }],
    'session.storageChanged': [
      { type: 'session.storageChanged', session: null },
      { type: 'session.storageChanged', session: toStoredSession(sessionUser({ accessToken: at(HOUR + 1) })) },
    ],
  },
  invokes: {
    refreshTokens: { outputs: [rotated], errors: [new ApiError(ErrorText.unauthorized, 'http', 401)] },
  },
  provide: { actions: effects },
  check: { tags: true },
  stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.status, snapshot.context.session?.accessToken.token ?? null]),
  afterPath: ({ snapshot }) => {
    // What the browser keeps never contradicts the machine: nothing once signed out, the same tokens while
    // signed in (scenarios that start from an input alone have not written anything yet).
    const stored = tokenStore.read();
    if (snapshot.hasTag('signedOut')) expect(stored).toBeNull();
    if (snapshot.hasTag('authenticated') && stored) {
      expect(stored.session.accessToken).toEqual(snapshot.context.session?.accessToken);
    }
  },
});
