import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/services/auth/token-store';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser, token } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

const MIGRATE = 'POST /portalApi/Auth/Migrate';
const mustMigrate = () => sessionUser({ forceIdentityMigration: true });
const migrated = () => sessionUser({ accessToken: token('access-migrated', Date.now() + 3_600_000), forceIdentityMigration: false });
const COMPLETE = /Complete Migration$/;

function requirement(message: string) {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent?.includes(message));
  if (!item) throw new Error(`no requirement "${message}"`);
  return within(item).getByRole('img').getAttribute('aria-label');
}

const completeButton = () => screen.getByRole<HTMLButtonElement>('button', { name: COMPLETE });

describe('the migration page guard (access §2)', () => {
  it('without a signed-in user the page goes to sign-in, remembering nothing', async () => {
    renderApp({ path: '/auth/migrate' });
    await settledPath('/sign-in');
  });

  it('a signed-in account that need not migrate goes to /', async () => {
    renderApp({ path: '/auth/migrate', user: sessionUser(), respond: fakePortalApi() });
    await settledPath('/kits');
  });
});

describe('the account migration screen (access §2 and §5)', () => {
  it('says "Complete Account Migration", explains the move, and starts with Remember me off and the button disabled', async () => {
    renderApp({ path: '/auth/migrate', user: mustMigrate() });
    expect(await screen.findByRole('heading', { name: 'Complete Account Migration' })).toBeTruthy();
    expect(screen.getByText(/moving to a new authentication system/)).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' }).checked).toBe(false);
    expect(completeButton().disabled).toBe(true);
  });

  it('before anything is typed the meter says nothing: no strength, no requirement marked, no weak-password message', async () => {
    renderApp({ path: '/auth/migrate', user: mustMigrate() });
    await screen.findByRole('heading', { name: 'Complete Account Migration' });
    expect(screen.queryByText(/^Password strength:/)).toBeNull();
    expect(screen.queryByText('Password does not meet security requirements')).toBeNull();
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).queryAllByRole('img')).toHaveLength(0);
  });

  it('the strength meter and the requirements follow the password; below a score of 3 the button is disabled', async () => {
    const { user } = renderApp({ path: '/auth/migrate', user: mustMigrate() });
    const password = await screen.findByLabelText('New password');

    await user.type(password, 'abcdefgh');
    expect(screen.getByText('Password strength: Weak')).toBeTruthy();
    expect(screen.getByText('Password does not meet security requirements')).toBeTruthy();
    expect(requirement('Password must be at least 8 characters long')).toBe('Met');
    expect(requirement('Password must contain at least one lowercase letter')).toBe('Met');
    expect(requirement('Password must contain at least one uppercase letter')).toBe('Not met');
    expect(requirement('Password must contain at least one number')).toBe('Not met');
    expect(requirement('Password must contain at least one special character')).toBe('Not met');
    expect(completeButton().disabled).toBe(true);

    await user.type(password, 'A');
    expect(screen.getByText('Password strength: Fair')).toBeTruthy();
    // That the weak-password message then leaves is proven in Chromium: happy-dom never finishes antd's leave motion.
    // Strong enough, but "Complete Migration" also waits for the confirmation.
    expect(completeButton().disabled).toBe(true);
    await user.type(password, '1');
    expect(screen.getByText('Password strength: Good')).toBeTruthy();
    await user.type(password, '!');
    expect(screen.getByText('Password strength: Strong')).toBeTruthy();
    expect(requirement('Password must contain at least one special character')).toBe('Met');
  });

  it('the confirmation shows whether it matches; "Complete Migration" waits for a match, and a mismatch is not sent', async () => {
    const { user, calls } = renderApp({ path: '/auth/migrate', user: mustMigrate() });
    await user.type(await screen.findByLabelText('New password'), 'Str0ng-Passw0rd');
    expect(completeButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(completeButton().disabled).toBe(true);
    await user.click(completeButton());
    await user.type(screen.getByLabelText('Confirm password'), '{Enter}');
    expect(calls.filter((call) => call.url === '/portalApi/Auth/Migrate')).toHaveLength(0);
    await user.type(screen.getByLabelText('Confirm password'), '-Passw0rd');
    expect(screen.getByText('Passwords match')).toBeTruthy();
    expect(completeButton().disabled).toBe(false);
  });

  it('the current password is refused by the server as the new one: its message shows and what was typed stays', async () => {
    const sameAsCurrent = 'New password must be different from the current password';
    const { user } = renderApp({
      path: '/auth/migrate',
      user: mustMigrate(),
      respond: fakePortalApi({ routes: { [MIGRATE]: () => json({ error: { message: sameAsCurrent }, correlationId: 'c-8' }, 400) } }),
    });
    await user.type(await screen.findByLabelText('New password'), 'Portal-Demo-2026!');
    await user.type(screen.getByLabelText('Confirm password'), 'Portal-Demo-2026!');
    await user.click(completeButton());
    expect(await screen.findByText(`${sameAsCurrent} (Correlation ID: c-8)`)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('Portal-Demo-2026!');
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').value).toBe('Portal-Demo-2026!');
    expect(completeButton().disabled).toBe(false);
  });

  it('a good password migrates once, establishes the session with Remember me, says "Account migrated successfully" and goes to /', async () => {
    const { user, calls, session } = renderApp({
      path: '/auth/migrate',
      user: mustMigrate(),
      respond: fakePortalApi({ routes: { [MIGRATE]: () => json(migrated()) } }),
    });
    await user.type(await screen.findByLabelText('New password'), 'Str0ng-Passw0rd');
    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng-Passw0rd');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.dblClick(completeButton());

    await settledPath('/kits');
    expect(await screen.findByText('Account migrated successfully')).toBeTruthy();
    const migrations = calls.filter((call) => call.url === '/portalApi/Auth/Migrate');
    expect(migrations).toHaveLength(1);
    expect(migrations[0]?.body).toEqual({ newPassword: 'Str0ng-Passw0rd', rememberMe: true });
    expect(session.getSnapshot().context.session?.accessToken.token).toBe('access-migrated');
    expect(tokenStore.read()?.remember).toBe(true);
  });

  it("a refusal shows the server's message and keeps what was typed", async () => {
    const { user } = renderApp({
      path: '/auth/migrate',
      user: mustMigrate(),
      respond: fakePortalApi({ routes: { [MIGRATE]: () => json({ error: { message: 'Try again later' }, correlationId: 'c-7' }, 503) } }),
    });
    await user.type(await screen.findByLabelText('New password'), 'Str0ng-Passw0rd');
    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng-Passw0rd');
    await user.click(completeButton());
    expect(await screen.findByText('Try again later (Correlation ID: c-7)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('Str0ng-Passw0rd');
    expect(completeButton().disabled).toBe(false);
  });

  it.each(['popstate', 'pagehide'])('leaving the page (%s) is a soft sign-out: the tokens are cleared without a call', async (leaving) => {
    const { session, calls } = renderApp({ path: '/auth/migrate', user: mustMigrate(), remember: true });
    await screen.findByRole('heading', { name: 'Complete Account Migration' });
    window.dispatchEvent(new Event(leaving));
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
    expect(calls).toHaveLength(0);
    await settledPath('/sign-in');
  });
});
