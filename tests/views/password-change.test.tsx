import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/services/auth/token-store';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser, token } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The account tab is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/account/account-tab');

const renewed = sessionUser({ accessToken: token('access-after-change', Date.now() + 3_600_000) });
const changeAnswer = (answer: (call: RecordedCall) => Response | Promise<Response>) =>
  fakePortalApi({ routes: { 'POST /portalApi/Auth/Password/Reset': answer } });
const resets = (calls: RecordedCall[]) => calls.filter((call) => call.url === '/portalApi/Auth/Password/Reset');

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function fill(user: ReturnType<typeof renderApp>['user'], values: { current: string; next: string; repeat: string }) {
  await user.type(await screen.findByLabelText('Current password'), values.current);
  await user.type(field('New password'), values.next);
  await user.type(field('Repeat new password'), values.repeat);
}

describe('the password change form in the account settings tab (kits "Settings: Account" and §5)', () => {
  it('is shown at /settings/account with current, new and repeat fields', async () => {
    renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Account', selected: true })).toBeTruthy();
    expect(field('Current password').type).toBe('password');
    expect(field('New password').type).toBe('password');
    expect(field('Repeat new password').type).toBe('password');
  });

  it('all three fields are required, and nothing is sent', async () => {
    const { user, calls } = renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Repeat new password is required')).toBeTruthy();
    expect(resets(calls)).toHaveLength(0);
  });

  it('shows the requirements of a new password, as the migration page does, saying nothing before anything is typed', async () => {
    const { user } = renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(screen.queryByText(/^Password strength:/)).toBeNull();
    await user.type(field('New password'), 'abcdefgh');
    expect(screen.getByText('Password strength: Weak')).toBeTruthy();
    expect(within(list).getAllByRole('img', { name: 'Met' })).toHaveLength(2);
    await user.type(field('New password'), 'A1!');
    expect(screen.getByText('Password strength: Strong')).toBeTruthy();
  });

  it('a weak new password is refused before sending: "Password does not meet security requirements"', async () => {
    const { user, calls } = renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    await fill(user, { current: 'Old-Secret-1', next: 'abcdefgh', repeat: 'abcdefgh' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password does not meet security requirements')).toBeTruthy();
    expect(resets(calls)).toHaveLength(0);
  });

  it('the current password is refused as the new one before sending', async () => {
    const { user, calls } = renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    await fill(user, { current: 'Old-Secret-1', next: 'Old-Secret-1', repeat: 'Old-Secret-1' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New password must be different from the current password')).toBeTruthy();
    expect(resets(calls)).toHaveLength(0);
  });

  it('new and repeated must match, else "New passwords do not match"', async () => {
    const { user, calls } = renderApp({ path: '/settings/account', user: sessionUser(), respond: fakePortalApi() });
    await fill(user, { current: 'Old-Secret-1', next: 'New-Secret-2', repeat: 'New-Secret-3' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(resets(calls)).toHaveLength(0);
  });

  it('success re-authenticates the session where it was kept, clears the form and says "Password has been changed successfully"', async () => {
    const { user, calls, session } = renderApp({
      path: '/settings/account',
      user: sessionUser(),
      respond: changeAnswer(() => json(renewed)),
    });
    await fill(user, { current: 'Old-Secret-1', next: 'New-Secret-2', repeat: 'New-Secret-2' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password has been changed successfully')).toBeTruthy();
    expect(resets(calls).map((call) => call.body)).toEqual([
      { currentPassword: 'Old-Secret-1', newPassword: 'New-Secret-2', repeatNewPassword: 'New-Secret-2' },
    ]);
    expect(session.getSnapshot().context.session?.accessToken.token).toBe('access-after-change');
    expect(tokenStore.read()).toMatchObject({ remember: false, session: { accessToken: { token: 'access-after-change' } } });
    await waitFor(() => expect(field('Current password').value).toBe(''));
    expect(field('New password').value).toBe('');
    expect(field('Repeat new password').value).toBe('');
  });

  it('a failure shows the message with the correlation id and keeps what was typed', async () => {
    const { user } = renderApp({
      path: '/settings/account',
      user: sessionUser(),
      respond: changeAnswer(() => json({ error: { message: 'Current password is incorrect' }, correlationId: 'c-42' }, 400)),
    });
    await fill(user, { current: 'Wrong-Secret', next: 'New-Secret-2', repeat: 'New-Secret-2' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect (Correlation ID: c-42)')).toBeTruthy();
    expect(field('Current password').value).toBe('Wrong-Secret');
    expect(field('New password').value).toBe('New-Secret-2');
    expect(field('Repeat new password').value).toBe('New-Secret-2');
  });

  it('a double click sends one request', async () => {
    const { user, calls } = renderApp({
      path: '/settings/account',
      user: sessionUser(),
      respond: changeAnswer(() => never(undefined)),
    });
    await fill(user, { current: 'Old-Secret-1', next: 'New-Secret-2', repeat: 'New-Secret-2' });
    await user.dblClick(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(field('Current password').disabled).toBe(true));
    expect(resets(calls)).toHaveLength(1);
  });
});
