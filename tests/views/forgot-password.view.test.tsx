import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { renderApp, screen, settledPath } from '../support/render-app';

const FORGOT = 'POST /portalApi/Auth/Password/Forgot';

// antd's loading icon leaves with a motion that happy-dom never finishes, so it may linger in the name.
const SEND = /Send Reset Link$/;

afterEach(() => vi.useRealTimers());

describe('the forgot-password screen (access §2 and §4)', () => {
  it('has one field, username, the button "Send Reset Link" and a "Back to Sign In" link', async () => {
    renderApp({ path: '/forgot-password' });
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/sign-in');
  });

  it('asks for the username before sending anything', async () => {
    const { user, calls } = renderApp({ path: '/forgot-password' });
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('on success says "Reset link sent! Redirecting to sign in...", shows the toast, locks the form and returns to sign-in after 3 seconds', async () => {
    // Real time keeps flowing for the user events; the redirect's own 3 s is advanced by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = renderApp({ path: '/forgot-password', respond: fakePortalApi({ routes: { [FORGOT]: () => json({}) } }) });
    await user.type(await screen.findByLabelText('Username'), ' hcp.checkout ');
    await user.dblClick(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Reset link sent! Redirecting to sign in...')).toBeTruthy();
    expect(await screen.findByText('Password reset instructions have been sent to your email')).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ url: '/portalApi/Auth/Password/Forgot', body: { username: 'hcp.checkout' } })]);
    expect(screen.getByLabelText<HTMLInputElement>('Username').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: SEND }).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();

    vi.advanceTimersByTime(2_000);
    expect(window.location.pathname).toBe('/forgot-password');
    vi.advanceTimersByTime(1_000);
    await settledPath('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it("a failure shows the server's message and keeps what was typed", async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      respond: fakePortalApi({ routes: { [FORGOT]: () => json({ error: { message: 'Mail is down' }, correlationId: 'c-9' }, 500) } }),
    });
    await user.type(await screen.findByLabelText('Username'), 'hcp.checkout');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Mail is down (Correlation ID: c-9)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('hcp.checkout');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: SEND }).disabled).toBe(false);
  });

  it('"Back to Sign In" returns to sign-in', async () => {
    const { user } = renderApp({ path: '/forgot-password' });
    await user.click(await screen.findByRole('link', { name: 'Back to Sign In' }));
    await settledPath('/sign-in');
  });
});
