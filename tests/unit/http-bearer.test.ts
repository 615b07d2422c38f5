import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type SessionBridge } from '../../src/services/http/http';

function bridge(overrides: Partial<SessionBridge> = {}): SessionBridge {
  return {
    accessToken: () => 'token-1',
    whenSettled: () => Promise.resolve(),
    refresh: () => Promise.resolve('token-2'),
    liveAccessToken: () => Promise.resolve('token-1'),
    ...overrides,
  };
}

describe('the bearer token for requests the HTTP client does not send itself (the analysis upload)', () => {
  it('has none without a session', async () => {
    const http = createHttpClient();
    await expect(http.bearer()).resolves.toBeNull();
    await expect(http.renewBearer('token-1')).resolves.toBeNull();
  });

  it('waits for a refresh under way, then gives the current token without refreshing it ahead of its end', async () => {
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    let current = 'token-1';
    const liveAccessToken = vi.fn(() => Promise.resolve('refreshed early'));
    const refresh = vi.fn(() => Promise.resolve('refreshed'));
    const http = createHttpClient();
    http.connectSession(bridge({ accessToken: () => current, whenSettled: () => settled, liveAccessToken, refresh }));
    const token = http.bearer();
    current = 'token-2';
    settle();
    await expect(token).resolves.toBe('token-2');
    expect(liveAccessToken).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    // A request whose 401 would cost more than a retry asks for a live one.
    await expect(http.bearer({ live: true })).resolves.toBe('refreshed early');
  });

  it('after a 401 refreshes once, or takes the newer token another call already got', async () => {
    let current = 'token-1';
    const refresh = vi.fn(() => Promise.resolve('token-2'));
    const http = createHttpClient();
    http.connectSession(bridge({ accessToken: () => current, refresh }));
    await expect(http.renewBearer('token-1')).resolves.toBe('token-2');
    expect(refresh).toHaveBeenCalledTimes(1);
    current = 'token-3';
    await expect(http.renewBearer('token-1')).resolves.toBe('token-3');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
