import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../src/services/platform/browser';
import { notify } from '../../src/services/platform/notify';
import { CrashBoundary } from '../../src/views/shell/crash-screen';
import { Toaster } from '../../src/views/shell/toaster';

function Broken(): never {
  throw new Error('render failed');
}

describe('the crash screen (access §2)', () => {
  it('an unexpected rendering error shows the crash screen, whose button reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error has occurred. Please try refreshing the page.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('toasts (access §2)', () => {
  // Closing and hiding after 3 s are proven in Chromium (tests/e2e/shell.spec.ts): happy-dom does not run antd's notice timers.
  it('appear at the bottom right, green for success and red for error, each with a close button', async () => {
    render(<Toaster />);
    act(() => notify.success('Signed in successfully'));
    act(() => notify.error('Session expired. Please sign in again.'));
    const success = await screen.findByText('Signed in successfully');
    expect(success.closest('.ant-notification-bottomRight')).not.toBeNull();
    expect(success.closest('.ant-notification-notice-success')).not.toBeNull();
    const error = screen.getByRole('alert');
    expect(error.textContent).toContain('Session expired. Please sign in again.');
    expect(error.closest('.ant-notification-notice-error') ?? error.querySelector('.ant-notification-notice-error')).not.toBeNull();
    const closeButtons = screen.getAllByRole('button', { name: /close/i });
    expect(closeButtons).toHaveLength(2);
  });
});

describe('clearing the toasts of a session (access §2 and §4)', () => {
  it('tells every toaster to take its toasts away, and drops a toast that waits for a reload', () => {
    const cleared = vi.fn();
    const stop = notify.subscribe(() => undefined, { onClear: cleared });
    notify.successAfterReload('Account switched successfully');
    notify.clear();
    expect(cleared).toHaveBeenCalledOnce();
    expect(notify.takePending()).toBeNull();
    stop();
    notify.clear();
    expect(cleared).toHaveBeenCalledOnce();
  });
});
