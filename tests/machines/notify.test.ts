import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../src/model/constants';
import { notify, type Toast } from '../../src/services/platform/notify';

/**
 * The toaster's code loads with the first toast (views/shell/toast-host.tsx): a toast asked for while nothing
 * listens waits for it, once, and no longer than it would have shown.
 */

const texts = (toasts: readonly Toast[]) => toasts.map((toast) => `${toast.kind}: ${toast.text}`);

beforeEach(() => notify.clear());
afterEach(() => {
  notify.clear();
  vi.useRealTimers();
});

describe('toasts asked for before the toaster is there', () => {
  it('wait for it, cue its loading, and are shown to it once', () => {
    notify.success('Signed in successfully');
    notify.error('Failed to load');
    const cued = vi.fn();
    const stopCue = notify.whenWaiting(cued);
    expect(cued).toHaveBeenCalledOnce();

    const shown: Toast[] = [];
    const stop = notify.subscribe((toast) => shown.push(toast), { replay: true });
    expect(texts(shown)).toEqual(['success: Signed in successfully', 'error: Failed to load']);

    const second: Toast[] = [];
    const stopSecond = notify.subscribe((toast) => second.push(toast), { replay: true });
    expect(second).toEqual([]);
    [stop, stopSecond, stopCue].forEach((unsubscribe) => unsubscribe());
  });

  it('are not shown to a listener that does not ask for them', () => {
    notify.success('Earlier');
    const shown: Toast[] = [];
    const stop = notify.subscribe((toast) => shown.push(toast));
    notify.success('Now');
    expect(texts(shown)).toEqual(['success: Now']);
    stop();
  });

  it('are dropped once their display time has passed, and cue nothing', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    notify.success('Too old');
    vi.setSystemTime(Date.now() + TOAST_DURATION_MS);
    const cued = vi.fn();
    const stopCue = notify.whenWaiting(cued);
    const shown: Toast[] = [];
    const stop = notify.subscribe((toast) => shown.push(toast), { replay: true });
    expect(cued).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    [stop, stopCue].forEach((unsubscribe) => unsubscribe());
  });

  it('are taken away by clear(), as the end of a session takes every toast away', () => {
    notify.error('Session expired elsewhere');
    notify.clear();
    const shown: Toast[] = [];
    const stop = notify.subscribe((toast) => shown.push(toast), { replay: true });
    expect(shown).toEqual([]);
    stop();
  });
});

it('with a listener there, a toast goes straight to it and nothing waits', () => {
  const shown: Toast[] = [];
  const stop = notify.subscribe((toast) => shown.push(toast));
  const cued = vi.fn();
  const stopCue = notify.whenWaiting(cued);
  notify.success('Saved');
  expect(texts(shown)).toEqual(['success: Saved']);
  expect(cued).not.toHaveBeenCalled();
  stop();
  const later: Toast[] = [];
  const stopLater = notify.subscribe((toast) => later.push(toast), { replay: true });
  expect(later).toEqual([]);
  [stopLater, stopCue].forEach((unsubscribe) => unsubscribe());
});
