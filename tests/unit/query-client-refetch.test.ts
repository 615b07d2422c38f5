import { focusManager, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient, retryFailedQueries } from '../../src/services/http/query-client';

/** Issue 40, no dead ends: a screen left with a failure reads again by itself, or when the user asks. */

function watched(key: string, answers: (() => Promise<string>)[]) {
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    queryFn: () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer ? answer() : Promise.reject(new Error('no answer'));
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop, calls: () => calls };
}

const down = () => Promise.reject(new Error('Cannot connect to the server.'));
const up = () => Promise.resolve('rows');

async function failed(list: ReturnType<typeof watched>) {
  await expect.poll(() => list.observer.getCurrentResult().isError).toBe(true);
}

// As the portal's QueryClientProvider does: the cache follows the focus and the connection while mounted.
beforeAll(() => queryClient.mount());
afterAll(() => queryClient.unmount());

afterEach(() => {
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  queryClient.clear();
});

describe('the portal’s queries', () => {
  it('read again when the browser says the connection is back', async () => {
    const list = watched('kits', [down, up]);
    await failed(list);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await expect.poll(() => list.observer.getCurrentResult().data).toBe('rows');
    expect(list.calls()).toBe(2);
    list.stop();
  });

  // TanStack Query's managers stand for the browser here: they follow its `online` and `visibilitychange` events.
  it('read again when the tab is shown again', async () => {
    const list = watched('orders', [down, up]);
    await failed(list);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await expect.poll(() => list.observer.getCurrentResult().data).toBe('rows');
    list.stop();
  });

  it('"Try Again" reads the failed queries on screen again, and only those', async () => {
    const failing = watched('team', [down, up]);
    const fine = watched('practice', [up]);
    await failed(failing);
    await expect.poll(() => fine.observer.getCurrentResult().data).toBe('rows');
    await retryFailedQueries(queryClient);
    expect(failing.observer.getCurrentResult().data).toBe('rows');
    expect([failing.calls(), fine.calls()]).toEqual([2, 1]);
    failing.stop();
    fine.stop();
  });
});
