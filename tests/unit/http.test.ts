import { describe, expect, it, vi } from 'vitest';
import { ErrorText } from '../../src/model/messages';
import { AnswerError } from '../../src/services/http/answer';
import { ApiError } from '../../src/services/http/api-error';
import { createHttpClient, type SessionBridge } from '../../src/services/http/http';
import { fakeFetch, json, never } from '../support/fake-fetch';

function bridge(overrides: Partial<SessionBridge> = {}): SessionBridge {
  const accessToken = overrides.accessToken ?? (() => 'token-1');
  return {
    accessToken,
    whenSettled: () => Promise.resolve(),
    refresh: () => Promise.resolve(null),
    liveAccessToken: () => Promise.resolve(accessToken()),
    ...overrides,
  };
}

function client(handler: Parameters<typeof fakeFetch>[0], session: SessionBridge | null = bridge()) {
  const network = fakeFetch(handler);
  const http = createHttpClient({ fetch: network.fetch });
  http.connectSession(session);
  return { http, calls: network.calls };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the HTTP client conventions (access §7)', () => {
  it('calls under /portalApi with the bearer token and JSON bodies', async () => {
    const { http, calls } = client(() => json({ ok: true }));
    await expect(http.request('/Users/Me')).resolves.toEqual({ ok: true });
    await http.request('/Practices', { method: 'POST', body: { name: 'x' } });
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/portalApi/Users/Me', authorization: 'Bearer token-1' });
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/portalApi/Practices', body: { name: 'x' } });
  });

  it('adds no bearer token to a call to another address', async () => {
    const { http, calls } = client(() => json({}));
    await http.request('https://elsewhere.example/data');
    expect(calls[0]?.authorization).toBeNull();
  });

  it('counts 200 to 399 as success', async () => {
    for (const status of [200, 201, 204, 304]) {
      const { http } = client(() => new Response(null, { status }));
      await expect(http.request('/Practices')).resolves.toBeUndefined();
    }
  });

  it('treats a success status whose body carries error.message as a failure', async () => {
    const { http } = client(() => json({ error: { message: 'Card declined' }, correlationId: 'c-1' }));
    const error = await failure(http.request('/Orders', { method: 'POST' }));
    expect(error.message).toBe('Card declined (Correlation ID: c-1)');
    expect(error.status).toBe(200);
  });

  it('refuses a success whose body is not JSON as an answer outside the contract, and logs the call', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const text of ['{"data": [1, 2,', '<html>ok</html>', 'true!']) {
      const { http } = client(() => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }));
      const error = await http.request('/Users/Me', { method: 'PUT' }).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(AnswerError);
      expect(error).not.toBeInstanceOf(ApiError);
    }
    expect(log).toHaveBeenCalledTimes(3);
    expect(log.mock.calls[0]?.[0]).toMatch(/^portalApi: PUT \/Users\/Me answered outside the contract: the body is not JSON/);
    log.mockRestore();
  });

  it('reads an empty body as none and a JSON text or boolean as itself', async () => {
    const answers: [string, unknown][] = [
      ['', undefined],
      ['  ', undefined],
      ['true', true],
      ['"text"', 'text'],
      ['[1]', [1]],
    ];
    for (const [text, value] of answers) {
      const { http } = client(() => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }));
      await expect(http.request('/Orders/ValidateGeoShipping', { method: 'POST' })).resolves.toEqual(value);
    }
  });

  it('words a failure status with a body that is not JSON by its status', async () => {
    const { http } = client(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(http.request('/Kits'));
    expect(error.message).toBe(ErrorText.server);
    expect(error.status).toBe(502);
  });

  it('never retries on its own', async () => {
    const { http, calls } = client(() => json({}, 503));
    await failure(http.request('/Practices'));
    expect(calls).toHaveLength(1);
  });
});

describe('the error catalogue (access §8)', () => {
  it.each([
    [400, ErrorText.badRequest],
    [401, ErrorText.unauthorized],
    [403, ErrorText.forbidden],
    [404, ErrorText.notFound],
    [429, ErrorText.tooManyRequests],
    [500, ErrorText.server],
    [502, ErrorText.server],
  ])('%i without a message gives its default text', async (status, text) => {
    const { http } = client(() => new Response(null, { status }), null);
    const error = await failure(http.request('/Practices'));
    expect(error.message).toBe(text);
    expect(error.status).toBe(status);
  });

  it("prefers the server's error.message, shown with its correlationId", async () => {
    const { http } = client(() => json({ error: { message: 'Practice name is required' }, correlationId: 'abc-123' }, 400));
    expect((await failure(http.request('/Practices'))).message).toBe('Practice name is required (Correlation ID: abc-123)');
  });

  it("then the server's message", async () => {
    const { http } = client(() => json({ message: 'Quota reached', correlationId: 'x' }, 400));
    expect((await failure(http.request('/Practices'))).message).toBe('Quota reached');
  });

  it('a status-specific override wins over everything', async () => {
    const { http } = client(() => json({ error: { message: 'bad credentials' }, correlationId: 'x' }, 401));
    const error = await failure(http.request('/Auth', { method: 'POST', messages: { 401: ErrorText.signInUnauthorized } }));
    expect(error.message).toBe('Invalid username or password. Please try again.');
  });

  it('a network failure says the server cannot be reached', async () => {
    const { http } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(http.request('/Practices'));
    expect(error).toMatchObject({ kind: 'network', message: ErrorText.network });
  });

  it('a call that outlives its timeout says so; the timeout can be set per call', async () => {
    const { http } = client((_, signal) => never(signal));
    const started = Date.now();
    const error = await failure(http.request('/Orders', { timeout: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', message: ErrorText.timeout });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('waits 30 seconds by default', async () => {
    vi.useFakeTimers();
    try {
      const { http } = client((_, signal) => never(signal));
      const pending = failure(http.request('/Practices'));
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it("a caller's own abort is passed on, not worded as a failure", async () => {
    const { http } = client((_, signal) => never(signal));
    const controller = new AbortController();
    const pending = http.request('/Practices', { signal: controller.signal });
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a 401 on a non-Auth call: one refresh, one retry (access §4)', () => {
  it('retries once with the new token', async () => {
    let token = 'old';
    const refresh = vi.fn(() => {
      token = 'new';
      return Promise.resolve('new');
    });
    const { http, calls } = client(
      (call) => (call.authorization === 'Bearer new' ? json({ me: true }) : json({}, 401)),
      bridge({ accessToken: () => token, refresh }),
    );
    await expect(http.request('/Users/Me')).resolves.toEqual({ me: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not refresh twice when the retry fails again', async () => {
    const refresh = vi.fn(() => Promise.resolve('new'));
    const { http, calls } = client(() => json({}, 401), bridge({ refresh }));
    expect((await failure(http.request('/Users/Me'))).status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('gives up with the original failure when the refresh ends the session', async () => {
    const { http, calls } = client(() => json({}, 401), bridge({ refresh: () => Promise.resolve(null) }));
    expect((await failure(http.request('/Users/Me'))).status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('an Auth call made for the signed-in user goes out with a live token, refreshed first if it expired', async () => {
    const liveAccessToken = vi.fn(() => Promise.resolve('renewed'));
    const { http, calls } = client(() => json({}), bridge({ liveAccessToken }));
    await http.request('/Auth/Account/Switch', { method: 'POST', liveToken: true });
    await http.request('/Auth', { method: 'POST' });
    expect(liveAccessToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer renewed', 'Bearer token-1']);
  });

  it('never refreshes for an Auth call', async () => {
    const refresh = vi.fn(() => Promise.resolve('new'));
    const { http } = client(() => json({}, 401), bridge({ refresh }));
    await failure(http.request('/Auth/Password/Reset', { method: 'POST' }));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a call that failed with a token already replaced retries with the newer one without refreshing', async () => {
    let token = 'old';
    const refresh = vi.fn(() => Promise.resolve('unexpected'));
    const { http, calls } = client(
      (call) => {
        if (call.authorization === 'Bearer old') {
          token = 'newer';
          return json({}, 401);
        }
        return json({ ok: true });
      },
      bridge({ accessToken: () => token, refresh }),
    );
    await expect(http.request('/Practices')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer newer']);
  });

  it('holds non-Auth calls until a page-load refresh has settled', async () => {
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const { http, calls } = client(() => json({}), bridge({ whenSettled: () => settled }));
    const pending = http.request('/Practices');
    await http.request('/Auth/refresh', { method: 'POST' });
    expect(calls.map((call) => call.url)).toEqual(['/portalApi/Auth/refresh']);
    settle();
    await pending;
    expect(calls.map((call) => call.url)).toEqual(['/portalApi/Auth/refresh', '/portalApi/Practices']);
  });
});
