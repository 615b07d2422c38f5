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

  it('waits for a page-load refresh, then gives the live token (refreshed first when it has expired)', async () => {
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const liveAccessToken = vi.fn(() => Promise.resolve('renewed'));
    const http = createHttpClient();
    http.connectSession(bridge({ whenSettled: () => settled, liveAccessToken }));
    const token = http.bearer();
    await Promise.resolve();
    expect(liveAccessToken).not.toHaveBeenCalled();
    settle();
    await expect(token).resolves.toBe('renewed');
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
