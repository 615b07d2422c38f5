import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pageCodeMachine } from '../../src/machines/shell/page-code.machine';
import { selectRetrying } from '../../src/machines/shell/page-code.selectors';
import { codeLoading } from '../../src/services/shell/code-loading';
import { describePaths, recordTransitions } from '../support/path-tests';

const restartLoads = vi.fn();

describePaths(pageCodeMachine, {
  name: 'a page whose code could not be fetched: the message, then a new try on "Try Again" or when the connection is back',
  provide: { actions: { restartLoads, reportWatchFailure: vi.fn<() => void>() } },
  check: { tags: true },
  afterPath: ({ snapshot }) => {
    // The loads start afresh once, and only when the page is to be drawn again.
    expect(restartLoads).toHaveBeenCalledTimes(selectRetrying(snapshot) ? 1 : 0);
    expect(snapshot.hasTag('failed')).toBe(!selectRetrying(snapshot));
    restartLoads.mockClear();
  },
});

describe('the browser’s word that the connection is back', () => {
  const inspect = recordTransitions();
  afterEach(() => vi.restoreAllMocks());

  it('an `online` event lets every failed load start afresh, once, and stops listening', () => {
    const retry = vi.spyOn(codeLoading, 'retry').mockImplementation(() => undefined);
    const actor = createActor(pageCodeMachine, { inspect }).start();
    expect(retry).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(selectRetrying(actor.getSnapshot())).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('a page left before the connection is back (the actor stops) tries nothing', () => {
    const retry = vi.spyOn(codeLoading, 'retry').mockImplementation(() => undefined);
    const actor = createActor(pageCodeMachine, { inspect }).start();
    actor.stop();
    window.dispatchEvent(new Event('online'));
    expect(retry).not.toHaveBeenCalled();
  });
});
