import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { KIT_DETAIL_REDIRECT_MS } from '../../src/model/kits/kit-detail';
import { Paths } from '../../src/model/shell/navigation';
import { kitLoadFailureMachine } from '../../src/machines/kits/kit-load-failure.machine';
import { browser } from '../../src/services/platform/browser';
import { describePaths, recordTransitions } from '../support/path-tests';

const goToKits = vi.fn();

describePaths(kitLoadFailureMachine, {
  name: 'a kit that cannot be loaded (kits §8): the message, then the kits list after the wait',
  provide: { actions: { goToKits } },
  check: { tags: true },
  afterPath: ({ snapshot }) => {
    // The kits list opens once, and only when the wait is over.
    expect(goToKits).toHaveBeenCalledTimes(snapshot.status === 'done' ? 1 : 0);
    expect(snapshot.hasTag('redirecting')).toBe(snapshot.status !== 'done');
    goToKits.mockClear();
  },
});

describe('the wait before the kits list', () => {
  const inspect = recordTransitions();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('replaces the kit address with the kits list 3 s after the failure shows, not before', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const actor = createActor(kitLoadFailureMachine, { inspect }).start();
    vi.advanceTimersByTime(KIT_DETAIL_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(Paths.kits, { replace: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a user who leaves first (the actor stops) is not sent anywhere', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const actor = createActor(kitLoadFailureMachine, { inspect }).start();
    vi.advanceTimersByTime(1_000);
    actor.stop();
    vi.advanceTimersByTime(KIT_DETAIL_REDIRECT_MS);
    expect(navigate).not.toHaveBeenCalled();
  });
});
