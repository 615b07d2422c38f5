import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingType, UnitType, UserType } from '../../src/model/enums';
import { tokenStore } from '../../src/services/auth/token-store';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord, userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

async function menuLabels() {
  // The first test of the file loads the portal's code: on a busy machine that takes longer than a find's default.
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
  const items = await within(nav).findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

describe('the side menu by unit type (access §2)', () => {
  it.each([
    [
      UnitType.HCP,
      BillingType.PerOrder,
      ['Kit Status', 'Patients', 'Register a Kit', 'Orders', 'Create Order', 'Integrations/API', 'Settings'],
    ],
    [UnitType.CPS, BillingType.Net30, ['Samples', 'Orders', 'Manifest Upload', 'Integrations/API', 'Settings']],
    [UnitType.IRC, BillingType.Net30, ['Orders', 'Register a Kit', 'Samples', 'Create Order', 'Integrations/API', 'Settings']],
    [UnitType.DTC, BillingType.PerOrder, ['Integrations/API', 'Settings']],
    [
      UnitType.Unknown,
      BillingType.Net30,
      ['Kit Status', 'Patients', 'Register a Kit', 'Orders', 'Create Order', 'Integrations/API', 'Settings'],
    ],
  ])('unit type %i with billing %i', async (unitType, billingType, expected) => {
    renderApp({
      path: '/settings',
      user: sessionUser({ unitType }),
      respond: fakePortalApi({ practice: practiceRecord({ unitType, billingType }) }),
    });
    expect(await menuLabels()).toEqual(expected);
    await settledPath('/settings/account');
  });

  it('Register a Kit opens the external registration page in a new tab', async () => {
    renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi() });
    const link = await screen.findByRole('link', { name: 'Register a Kit' });
    expect(link.getAttribute('href')).toBe('https://register.example.test/kits');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('the current page is the selected item', async () => {
    renderApp({ path: '/orders/new', user: sessionUser(), respond: fakePortalApi() });
    await screen.findByRole('heading', { name: 'Create New Order' });
    const selected = (await screen.findByRole('navigation', { name: 'Main navigation' })).querySelector('.ant-menu-item-selected');
    expect(selected?.textContent).toBe('Create Order');
  });
});

describe('the shell layout', () => {
  it('the sidebar is expanded at 1200 px and wider', async () => {
    renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi(), width: 1200 });
    await menuLabels();
    expect(document.querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });

  it('the sidebar collapses below 1200 px', async () => {
    renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi(), width: 1199 });
    await menuLabels();
    expect(document.querySelector('.ant-layout-sider-collapsed')).not.toBeNull();
  });

  it('on a phone the menu opens from the top bar', async () => {
    const { user } = renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi(), width: 500 });
    await screen.findByRole('heading', { name: 'Kit Status' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await menuLabels()).toContain('Orders');
  });

  it('the top bar shows the signed-in user, and Sign out clears the session and returns to sign-in', async () => {
    const { user, session } = renderApp({ path: '/kits', user: sessionUser(), remember: true, respond: fakePortalApi() });
    expect(await screen.findByText('Ana Lopez')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await settledPath('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
  });

  it.each([
    [UserType.Provider, UnitType.HCP, 'providers@support.example.test'],
    [UserType.Provider, UnitType.IRC, 'research@support.example.test'],
    [UserType.Patient, UnitType.HCP, 'patients@support.example.test'],
  ])('user type %i at unit type %i is shown the support address %s as a mail link', async (userType, unitType, email) => {
    renderApp({
      path: '/',
      user: sessionUser({ userType, unitType }),
      respond: fakePortalApi({ practice: practiceRecord({ unitType }), me: userRecord({ userType }) }),
    });
    const link = await screen.findByRole('link', { name: email });
    expect(link.getAttribute('href')).toBe(`mailto:${email}`);
  });
});

describe('settings tabs are routes (contract decisions)', () => {
  it('Practice and White Label Reports for the healthcare practice type', async () => {
    const { user } = renderApp({ path: '/settings', user: sessionUser(), respond: fakePortalApi() });
    await settledPath('/settings/account');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Account', 'Practice', 'Billing', 'Team', 'White Label Reports', 'Activity']);
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    await settledPath('/settings/billing');
  });

  it('Institution and no White Label Reports otherwise', async () => {
    renderApp({
      path: '/settings/team',
      user: sessionUser({ unitType: UnitType.IRC }),
      respond: fakePortalApi({ practice: practiceRecord({ unitType: UnitType.IRC }) }),
    });
    await vitestWaitForTabs(['Account', 'Institution', 'Billing', 'Team', 'Activity']);
  });
});

async function vitestWaitForTabs(expected: string[]) {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(expected));
}

describe('the theme switcher in the top bar (access §4)', () => {
  it('offers light, dark and system; the choice is stored under vite-ui-theme and set on the document root', async () => {
    const { user } = renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi() });
    await user.click(await screen.findByRole('button', { name: 'Theme: System' }));
    for (const name of ['Light', 'Dark', 'System']) expect(await screen.findByRole('menuitem', { name })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Light' }));
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
  });
});
