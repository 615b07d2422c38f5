import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { RefreshResponse } from '../../src/model/auth/auth';
import { LIVE_TOKEN_MARGIN_MS } from '../../src/model/constants';
import { toStoredSession } from '../../src/model/auth/session';
import { sessionMachine } from '../../src/machines/auth/session.machine';
import { startSession } from '../../src/machines/auth/session.runtime';
import { createAuthApi } from '../../src/services/auth/auth.api';
import { createHttpClient } from '../../src/services/http/http';
import { tokenStore } from '../../src/services/auth/token-store';
import { fakeFetch, json } from '../support/fake-fetch';
import { sessionUser, token } from '../support/fixtures/session';

/**
 * Changing the password, switching account and migrating are Auth calls, which are not refreshed and
 * retried after a 401; the user who sat on the page longer than an access token lives must still get
 * through, so the HTTP client sends them with a live token, asking the real session for a refresh.
 */

const MINUTE = 60_000;
const changeRequest = { currentPassword: 'Old-Secret-1', newPassword: 'New-Secret-2', repeatNewPassword: 'New-Secret-2' };

function setUp() {
  const now = Date.now();
  tokenStore.write(
    toStoredSession(sessionUser({ accessToken: token('old', now + MINUTE), refreshToken: token('refresh-1', now + 60 * MINUTE) })),
    false,
  );
  const rotated = { accessToken: token('new', now + 30 * MINUTE), refreshToken: token('refresh-2', now + 60 * MINUTE) };
  const network = fakeFetch((call) =>
    call.url.endsWith('/Auth/refresh') ? json(rotated) : json(sessionUser({ accessToken: token('changed', now + 30 * MINUTE) })),
  );
  const client = createHttpClient({ fetch: network.fetch });
  const api = createAuthApi(client);
  const logic = sessionMachine.provide({
    actors: { refreshTokens: fromPromise<RefreshResponse, { refreshToken: string }>(({ input }) => api.refresh(input)) },
  });
  startSession({ client, logic });
  return { api, calls: network.calls, now };
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('an Auth call that needs the session (access §4)', () => {
  it('goes out with the access token it has while that token is valid', async () => {
    const { api, calls } = setUp();
    await api.changePassword(changeRequest);
    expect(calls.map((call) => `${call.url} ${call.authorization ?? ''}`)).toEqual(['/portalApi/Auth/Password/Reset Bearer old']);
  });

  it('after the access token expired on an idle page, refreshes it first and goes out with the new one', async () => {
    const { api, calls, now } = setUp();
    vi.useFakeTimers({ toFake: ['Date'], now: now + 2 * MINUTE });
    await api.changePassword(changeRequest);
    expect(calls.map((call) => `${call.url} ${call.authorization ?? ''}`)).toEqual([
      '/portalApi/Auth/refresh Bearer old',
      '/portalApi/Auth/Password/Reset Bearer new',
    ]);
  });

  it('refreshes a token about to expire too, since it could expire on the way and the call is not retried', async () => {
    const { api, calls, now } = setUp();
    vi.useFakeTimers({ toFake: ['Date'], now: now + MINUTE - LIVE_TOKEN_MARGIN_MS + 1 });
    await api.changePassword(changeRequest);
    expect(calls.map((call) => call.url)).toEqual(['/portalApi/Auth/refresh', '/portalApi/Auth/Password/Reset']);
  });
});
