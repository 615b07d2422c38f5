import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { RefreshResponse } from '../../src/model/auth/auth';
import { REFRESH_RETRY_DELAY_MS } from '../../src/model/constants';
import { toStoredSession } from '../../src/model/auth/session';
import { refreshAcrossTabs, sessionMachine } from '../../src/machines/auth/session.machine';
import { startSession } from '../../src/machines/auth/session.runtime';
import { createAuthApi } from '../../src/services/auth/auth.api';
import { createHttpClient } from '../../src/services/http/http';
import { tokenStore } from '../../src/services/auth/token-store';
import { fakeFetch, json, type RecordedCall } from '../support/fake-fetch';
import { sessionUser, token } from '../support/fixtures/session';

/**
 * The session and the HTTP client together, as the page runs them: several calls in flight get a 401,
 * one POST /Auth/refresh goes out, each call is retried once with the new token (access §4).
 */

const HOUR = 3_600_000;

function setUp(respond: (call: RecordedCall) => Response | Promise<Response>, access = { token: 'old', inMs: HOUR }) {
  tokenStore.write(
    toStoredSession(
      sessionUser({ accessToken: token(access.token, Date.now() + access.inMs), refreshToken: token('refresh-1', Date.now() + HOUR) }),
    ),
    true,
  );
  const network = fakeFetch(respond);
  const client = createHttpClient({ fetch: network.fetch });
  const api = createAuthApi(client);
  const effects = { clearCachedData: vi.fn(), notifySessionExpired: vi.fn(), goToSignIn: vi.fn() };
  const logic = sessionMachine.provide({
    actors: { refreshTokens: fromPromise<RefreshResponse, { refreshToken: string }>(({ input }) => api.refresh(input)) },
    actions: effects,
  });
  const session = startSession({ client, logic });
  return { client, session, calls: network.calls, effects };
}

const rotated = { accessToken: token('new', Date.now() + HOUR), refreshToken: token('refresh-2', Date.now() + HOUR) };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('one refresh, one retry', () => {
  it('five calls failing with 401 cause exactly one POST /Auth/refresh and are each retried once', async () => {
    const { client, session, calls } = setUp(async (call) => {
      if (call.url.endsWith('/Auth/refresh')) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(rotated);
      }
      return call.authorization === 'Bearer new' ? json({ url: call.url }) : json({}, 401);
    });
    const paths = ['/Practices', '/Users/Me', '/Kits', '/Orders', '/Patients'];
    const answers = await Promise.all(paths.map((path) => client.request(path)));
    expect(answers).toEqual(paths.map((path) => ({ url: `/portalApi${path}` })));
    expect(calls.filter((call) => call.url.endsWith('/Auth/refresh'))).toHaveLength(1);
    for (const path of paths) {
      expect(calls.filter((call) => call.url === `/portalApi${path}`).map((call) => call.authorization)).toEqual([
        'Bearer old',
        'Bearer new',
      ]);
    }
    expect(session.getSnapshot().context.session?.accessToken.token).toBe('new');
    expect(tokenStore.read()?.session.refreshToken?.token).toBe('refresh-2');
  });

  it('a failed refresh signs out: tokens, stored user and cached data cleared, "Session expired" toast', async () => {
    const { client, session, calls, effects } = setUp((call) => (call.url.endsWith('/Auth/refresh') ? json({}, 401) : json({}, 401)));
    const results = await Promise.allSettled([client.request('/Practices'), client.request('/Users/Me')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((call) => call.url.endsWith('/Auth/refresh'))).toHaveLength(1);
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
    expect(effects.clearCachedData).toHaveBeenCalledTimes(1);
    expect(effects.notifySessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a refresh cut off before any answer keeps the stored tokens, then is tried once more: a reload in between finds them', async () => {
    vi.useFakeTimers();
    try {
      let refreshes = 0;
      const { client, session, calls, effects } = setUp(
        (call) => {
          if (!call.url.endsWith('/Auth/refresh')) return json({ ok: true });
          refreshes += 1;
          // The first refresh is cut off (the page is being reloaded); the next one is answered.
          return refreshes === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(rotated);
        },
        { token: 'old', inMs: -1 },
      );
      const answer = client.request('/Practices');
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS - 1);
      // The pause: the page still holds its session, and so does the storage a reloaded page reads.
      expect(session.getSnapshot().hasTag('signedOut')).toBe(false);
      expect(tokenStore.read()?.session.refreshToken?.token).toBe('refresh-1');
      expect(effects.notifySessionExpired).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({ ok: true });
      expect(calls.map((call) => `${call.url} ${call.authorization ?? ''}`.trim())).toEqual([
        '/portalApi/Auth/refresh Bearer old',
        '/portalApi/Auth/refresh Bearer old',
        '/portalApi/Practices Bearer new',
      ]);
      expect(tokenStore.read()?.session.refreshToken?.token).toBe('refresh-2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refresh cut off twice ends the session as any failed refresh does', async () => {
    vi.useFakeTimers();
    try {
      const { client, session, calls, effects } = setUp(
        (call) => (call.url.endsWith('/Auth/refresh') ? Promise.reject(new TypeError('Failed to fetch')) : json({}, 401)),
        { token: 'old', inMs: -1 },
      );
      const answer = client.request('/Practices').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
      expect(await answer).toBeInstanceOf(Error);
      expect(calls.filter((call) => call.url.endsWith('/Auth/refresh'))).toHaveLength(2);
      expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
      expect(tokenStore.read()).toBeNull();
      expect(effects.notifySessionExpired).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on page load an expired access token is refreshed before any other call goes out', async () => {
    const { client, calls } = setUp((call) => (call.url.endsWith('/Auth/refresh') ? json(rotated) : json({ ok: true })), {
      token: 'old',
      inMs: -1,
    });
    await client.request('/Practices');
    expect(calls.map((call) => `${call.url} ${call.authorization ?? ''}`.trim())).toEqual([
      '/portalApi/Auth/refresh Bearer old',
      '/portalApi/Practices Bearer new',
    ]);
  });
});

describe('two tabs of a remembered session refreshing at once (access §4: a refresh token works once)', () => {
  /** Web Locks as the browser runs them: one holder at a time, the others queued in order; `ifAvailable` gets null unless free. */
  function fakeLocks() {
    let tail: Promise<unknown> = Promise.resolve();
    let heldOrQueued = 0;
    return {
      request<T>(_name: string, options: { ifAvailable?: boolean }, callback: (lock: object | null) => Promise<T>): Promise<T> {
        if (options.ifAvailable && heldOrQueued > 0) return callback(null);
        heldOrQueued += 1;
        const turn = tail.then(async () => {
          try {
            return await callback({});
          } finally {
            heldOrQueued -= 1;
          }
        });
        tail = turn.catch(() => undefined);
        return turn;
      },
    };
  }

  it('the tab that waited takes the pair the first tab stored before letting go, and never presents the used token', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    try {
      tokenStore.write(
        toStoredSession(sessionUser({ accessToken: token('old', Date.now() - 1), refreshToken: token('refresh-1', Date.now() + HOUR) })),
        true,
      );
      const presented: string[] = [];
      const refresh = async (refreshToken: string) => {
        presented.push(refreshToken);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return rotated;
      };
      const [first, second] = await Promise.all([refreshAcrossTabs('refresh-1', refresh), refreshAcrossTabs('refresh-1', refresh)]);
      expect(presented).toEqual(['refresh-1']);
      expect(first).toEqual(rotated);
      expect(second).toEqual(rotated);
      expect(tokenStore.read()?.session.refreshToken).toEqual(rotated.refreshToken);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('a tab granted the lock before the pair the other tab stored has reached it waits for that pair rather than presenting the used token', async () => {
    const locks = fakeLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const stale = toStoredSession(
        sessionUser({ accessToken: token('old', Date.now() - 1), refreshToken: token('refresh-1', Date.now() + HOUR) }),
      );
      tokenStore.write(stale, true);
      const fresh = toStoredSession(sessionUser({ accessToken: rotated.accessToken, refreshToken: rotated.refreshToken }));
      // The other tab holds the lock for its refresh and lets go; its write reaches this tab 30 ms later.
      const otherTab = locks.request('portal-token-refresh', {}, () => new Promise<void>((resolve) => setTimeout(resolve, 5)));
      setTimeout(() => {
        const raw = JSON.stringify(fresh);
        localStorage.setItem('portal-session', raw);
        window.dispatchEvent(new StorageEvent('storage', { key: 'portal-session', newValue: raw, storageArea: localStorage }));
      }, 35);
      const presented: string[] = [];
      const answer = await refreshAcrossTabs('refresh-1', (refreshToken) => {
        presented.push(refreshToken);
        return Promise.resolve({ accessToken: token('never', Date.now() + HOUR), refreshToken: token('never', Date.now() + HOUR) });
      });
      await otherTab;
      expect(presented).toEqual([]);
      expect(answer).toEqual(rotated);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('a tab that meets the pair another tab stored after its access token expired presents that refresh token, not its used one', async () => {
    // Another tab rotated refresh-1 into refresh-2 a while ago; the access token it stored with it has expired since.
    tokenStore.write(
      toStoredSession(sessionUser({ accessToken: token('old-2', Date.now() - 1), refreshToken: token('refresh-2', Date.now() + HOUR) })),
      true,
    );
    const presented: string[] = [];
    const answer = await refreshAcrossTabs('refresh-1', (refreshToken) => {
      presented.push(refreshToken);
      return Promise.resolve(rotated);
    });
    expect(presented).toEqual(['refresh-2']);
    expect(answer).toEqual(rotated);
    expect(tokenStore.read()?.session.refreshToken).toEqual(rotated.refreshToken);
  });
});
