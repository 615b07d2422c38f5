import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { renderApp, screen, settledPath } from '../support/render-app';

const RESTORE = 'POST /portalApi/Auth/Password/Restore';
// antd's loading icon leaves with a motion that happy-dom never finishes, so it may linger in the name.
const RESET = /Reset Password$/;

afterEach(() => vi.useRealTimers());

const restoreAnswer = (answer: () => Response) => fakePortalApi({ routes: { [RESTORE]: answer } });

describe('the restore-password screen (access §2, §4 and §5)', () => {
  it('has the new password and its confirmation, and a "Back to Sign In" link', async () => {
    renderApp({ path: '/restore-password?token=abc' });
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/sign-in');
  });

  it('shows the requirements of a new password, so that the server refuses nothing by surprise', async () => {
    const { user } = renderApp({ path: '/restore-password?token=abc' });
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText(/^Password strength:/)).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'abcdefgH1');
    expect(screen.getByText('Password strength: Good')).toBeTruthy();
    expect(within(list).getAllByRole('img', { name: 'Met' })).toHaveLength(4);
  });

  it('a weak password is refused before sending: "Password does not meet security requirements"', async () => {
    const { user, calls } = renderApp({ path: '/restore-password?token=abc' });
    await user.type(await screen.findByLabelText('New password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirm password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: RESET }));
    expect(await screen.findByText('Password does not meet security requirements')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a missing token gives "Invalid or missing token" and submit is impossible', async () => {
    const { calls } = renderApp({ path: '/restore-password' });
    expect(await screen.findByText('Invalid or missing token')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: RESET }).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('the two passwords must match ("Passwords do not match"); nothing is sent', async () => {
    const { user, calls } = renderApp({ path: '/restore-password?token=abc' });
    await user.type(await screen.findByLabelText('New password'), 'New-Secret-1');
    await user.type(screen.getByLabelText('Confirm password'), 'New-Secret-2');
    await user.click(screen.getByRole('button', { name: RESET }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("an expired or used token is refused with the server's message, and what was typed stays", async () => {
    const { user } = renderApp({
      path: '/restore-password?token=used',
      respond: restoreAnswer(() => json({ error: { message: 'Invalid or missing token' }, correlationId: 'c-4' }, 400)),
    });
    await user.type(await screen.findByLabelText('New password'), 'New-Secret-1');
    await user.type(screen.getByLabelText('Confirm password'), 'New-Secret-1');
    await user.click(screen.getByRole('button', { name: RESET }));
    expect(await screen.findByText('Invalid or missing token (Correlation ID: c-4)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('New-Secret-1');
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').value).toBe('New-Secret-1');
  });

  it('on success says "Password reset successful! Redirecting to sign in...", shows the toast, locks the form and goes to sign-in after 3 seconds', async () => {
    // Real time keeps flowing for the user events; the redirect's own 3 s is advanced by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = renderApp({ path: '/restore-password?token=t%2B1', respond: restoreAnswer(() => json({})) });
    await user.type(await screen.findByLabelText('New password'), 'New-Secret-1');
    await user.type(screen.getByLabelText('Confirm password'), 'New-Secret-1');
    await user.dblClick(screen.getByRole('button', { name: RESET }));

    expect(await screen.findByText('Password reset successful! Redirecting to sign in...')).toBeTruthy();
    expect(await screen.findByText('Password has been reset successfully')).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/portalApi/Auth/Password/Restore',
        body: { restorePasswordToken: 't+1', newPassword: 'New-Secret-1', repeatNewPassword: 'New-Secret-1' },
      }),
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('New password').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: RESET }).disabled).toBe(true);

    vi.advanceTimersByTime(2_000);
    expect(window.location.pathname).toBe('/restore-password');
    vi.advanceTimersByTime(1_000);
    await settledPath('/sign-in');
  });
});
