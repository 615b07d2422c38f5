import { describe, expect, it } from 'vitest';
import { UserType } from '../../src/model/enums';
import { tokenStore } from '../../src/services/auth/token-store';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

describe('route guards (access §2)', () => {
  it('a protected page sends a signed-out visitor to sign-in and remembers the page', async () => {
    renderApp({ path: '/kits/KIT-1?tab=reports' });
    await settledPath('/sign-in?redirect=%2Fkits%2FKIT-1%3Ftab%3Dreports');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it.each(['/sign-in', '/forgot-password', '/restore-password?token=abc'])('%s sends an authenticated user to /', async (path) => {
    renderApp({ path, user: sessionUser(), respond: fakePortalApi() });
    await settledPath('/kits');
    expect(await screen.findByRole('heading', { name: 'Kit Status' })).toBeTruthy();
  });

  it('an account that must migrate is sent to the migration page from any portal page', async () => {
    renderApp({ path: '/orders', user: sessionUser({ forceIdentityMigration: true }), respond: fakePortalApi() });
    await settledPath('/auth/migrate');
    expect(await screen.findByRole('heading', { name: 'Complete Account Migration' })).toBeTruthy();
  });

  it('the migration page without a signed-in user goes to sign-in, remembering nothing', async () => {
    renderApp({ path: '/auth/migrate' });
    await settledPath('/sign-in');
  });

  it('a user type outside the portals sees "Access denied." and is signed out softly', async () => {
    const { session, calls } = renderApp({
      path: '/kits',
      user: sessionUser({ userType: UserType.LabUser }),
      remember: true,
      respond: fakePortalApi(),
    });
    await settledPath('/unauthorized');
    expect(await screen.findByText('Access denied.')).toBeTruthy();
    expect(screen.getByText('Contact your system administrator to request access.')).toBeTruthy();
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('the portal by user type (access §6)', () => {
  it('a patient gets the patient portal at /kit-status', async () => {
    renderApp({
      path: '/',
      user: sessionUser({ userType: UserType.Patient }),
      respond: fakePortalApi({ me: userRecord({ userType: UserType.Patient }) }),
    });
    await settledPath('/kit-status');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toBe('Kit StatusAccountReportsHelp CenterRegister a Kit');
  });

  it.each(['/orders', '/kits/KIT-1', '/settings/team'])(
    '%s is a provider page: a patient is refused and signed out softly',
    async (path) => {
      const { session } = renderApp({ path, user: sessionUser({ userType: UserType.Patient }), respond: fakePortalApi() });
      await settledPath('/unauthorized');
      expect(await screen.findByText('Access denied.')).toBeTruthy();
      expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    },
  );

  it.each(['/kit-status', '/reports', '/help-center'])(
    '%s is a patient page: a provider is refused and signed out softly',
    async (path) => {
      const { session } = renderApp({ path, user: sessionUser({ userType: UserType.OfficeManager }), respond: fakePortalApi() });
      await settledPath('/unauthorized');
      expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    },
  );

  it("/account is each portal's own page", async () => {
    renderApp({ path: '/account', user: sessionUser({ userType: UserType.Patient }), respond: fakePortalApi() });
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
  });

  it('a path of neither portal is not found, and nobody is signed out', async () => {
    const { session } = renderApp({ path: '/nowhere', user: sessionUser(), respond: fakePortalApi() });
    expect(await screen.findByText('The requested resource was not found.')).toBeTruthy();
    expect(session.getSnapshot().hasTag('authenticated')).toBe(true);
  });

  it('a provider gets the provider portal at /kits', async () => {
    renderApp({ path: '/', user: sessionUser({ userType: UserType.Nurse }), respond: fakePortalApi() });
    await settledPath('/kits');
  });
});
