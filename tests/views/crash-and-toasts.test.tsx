import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../src/services/platform/browser';
import { notify } from '../../src/services/platform/notify';
import { lazyNamed } from '../../src/views/lazy';
import { CrashBoundary } from '../../src/views/shell/crash-screen';
import { PageCodeBoundary } from '../../src/views/shell/page-code-boundary';
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

describe('a page whose code cannot be fetched (issue 40: no dead ends)', () => {
  let reachable = false;
  let loads = 0;
  /** A page's chunk as the browser fetches it: refused while the server cannot be reached. */
  const ordersPage = () =>
    lazyNamed(() => {
      loads += 1;
      if (!reachable) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/orders.view.js'));
      return Promise.resolve({ OrdersPage: () => <h2>Orders</h2> });
    }, 'OrdersPage');

  beforeEach(() => {
    reachable = false;
    loads = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const renderPage = (Page = ordersPage()) =>
    render(
      <CrashBoundary>
        <p>The portal’s menu</p>
        <PageCodeBoundary>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </PageCodeBoundary>
      </CrashBoundary>,
    );

  it('says so inside the portal, not with the crash screen, and "Try Again" loads it', async () => {
    renderPage();
    const message = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 2, name: 'This page could not be loaded' })).toBeTruthy();
    expect(message.textContent).toContain('Cannot connect to the server. Please check your connection and try again.');
    expect(message.textContent).toContain('The page loads by itself once the connection is back.');
    expect(screen.getByText('The portal’s menu')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();

    // Still unreachable: the message stays, and a later try can still succeed.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(loads).toBe(2);

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
  });

  it('loads itself once the browser says the connection is back', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Try Again' });
    reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
  });

  it('leaves any other rendering error to the crash screen', async () => {
    renderPage(Broken);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
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
