import { expect, type Page } from '@playwright/test';
import { FAKE_CREDENTIALS, HARBOR, SUMMIT, type PortalApiFake } from './contract/portal-api-fake';
import { switcherButtonName } from '../../src/model/auth/practice-switcher';
import { contractTest, signInToFake } from './contract/contract-test';
import { expectAccessible } from './support';

/**
 * Contract journeys: the API is the in-test fake written from the documents, not the reference server, so these
 * prove the client keeps the contract (numeric ids, lenient reading, ids sent back in the type received) whatever
 * our own server happens to do. Only the built app's files come from the web server.
 */

const test = contractTest;

// Nothing may answer /portalApi from outside the page's routes.
test.use({ serviceWorkers: 'block' });

const signIn = (page: Page) => signInToFake(page);

const switcherButton = (page: Page, practice: string) => page.getByRole('button', { name: switcherButtonName(practice) });

/** Signs in, sees the shell, picks Summit and returns the switch request's parsed body once the page has reloaded. */
async function signInAndSwitchToSummit(page: Page, api: PortalApiFake): Promise<unknown> {
  await signIn(page);
  await expect(switcherButton(page, HARBOR)).toContainText('HMG');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // The top bar names the user from GET /Users/Me, read despite its missing and extra fields.
  await expect(page.getByRole('banner').getByText('Grace Hall', { exact: true })).toBeVisible();

  const reloadedAtDashboard = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/');
  await switcherButton(page, HARBOR).click();
  await page
    .getByRole('menu', { name: 'Switch practice' })
    .getByRole('menuitem', { name: new RegExp(SUMMIT) })
    .click();
  await reloadedAtDashboard;

  await expect(page.getByRole('status').filter({ hasText: 'Account switched successfully' })).toBeVisible();
  await expect(switcherButton(page, SUMMIT)).toContainText('SWC');
  return api.lastCallTo('POST', '/Auth/Account/Switch').body;
}

for (const theme of ['light', 'dark'] as const) {
  test(`signs in with numeric ids, shows the shell with the practice switcher and switches practice sending numbers (${theme} theme)`, async ({
    page,
    api,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);

    const switchBody = await signInAndSwitchToSummit(page, api);

    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    expect(api.lastCallTo('POST', '/Auth').body).toStrictEqual({
      username: FAKE_CREDENTIALS.username,
      password: FAKE_CREDENTIALS.password,
      rememberMe: false,
    });
    expect(switchBody).toStrictEqual({ userId: 112, practiceId: 12, rememberMe: true });
    // The reloaded shell loads the new account's practice with the token the switch answered.
    expect(api.lastCallTo('GET', '/Practices').headers.authorization).toBe(`Bearer ${api.latestAccessToken()}`);
    expect(api.unknownCalls()).toEqual([]);
  });
}

test.describe('a service that writes ids as digit strings', () => {
  test.use({ ids: 'digit strings' });

  test('gets them back as digit strings in the switch request', async ({ page, api }) => {
    const switchBody = await signInAndSwitchToSummit(page, api);

    expect(switchBody).toStrictEqual({ userId: '112', practiceId: '12', rememberMe: true });
    expect(api.unknownCalls()).toEqual([]);
  });
});

test('a sign-in answer whose practice id is an object fails with "Failed to sign in" and one console line for the integrator', async ({
  page,
  api,
}) => {
  api.answerSignInAs((user) => ({ ...user, practice: { practiceId: { value: 11 }, userId: 111, name: HARBOR, userType: 3 } }));
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await signIn(page);

  await expect(page.getByRole('alert').filter({ hasText: 'Failed to sign in' })).toBeVisible();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByText('practiceId')).toHaveCount(0);
  const { correlationId } = api.lastCallTo('POST', '/Auth');
  expect(consoleErrors).toHaveLength(1);
  const [line = ''] = consoleErrors;
  expect(line).toContain('POST');
  expect(line).toMatch(/\/Auth\b/);
  expect(line).toContain(correlationId);
  expect(line).toContain('practice.practiceId: expected number or digits, got object');
});

/** Issue 40, "no dead ends", against the fake: the portal's own code and its calls failing, then coming back. */

const ORDERS_CODE = ['**/assets/orders.view-*.js', '**/assets/orders-*.css'];
const pageFailure = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });

for (const [where, viewport, theme] of [
  ['on a desktop', { width: 1400, height: 900 }, 'light'],
  ['on a 375 × 812 phone', { width: 375, height: 812 }, 'dark'],
] as const) {
  test.describe(`${where}, ${theme} theme`, () => {
    test.use({ viewport });

    test('a page whose code cannot be fetched says so inside the portal and loads itself once the connection is back', async ({
      page,
      context,
      api,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
      await signIn(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();
      for (const pattern of ORDERS_CODE) await page.route(pattern, (route) => route.abort('internetdisconnected'));

      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem').filter({ hasText: 'Orders' }).click();
      await expect(pageFailure(page)).toContainText('Cannot connect to the server. Please check your connection and try again.');
      await expect(page.getByRole('heading', { level: 2, name: 'This page could not be loaded' })).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await expectAccessible(page, { label: `/orders whose code could not be fetched, contract fake (${where}, ${theme})` });

      await context.setOffline(true);
      for (const pattern of ORDERS_CODE) await page.unroute(pattern);
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
      await expect(pageFailure(page)).toHaveCount(0);
      await expect.poll(() => api.callsTo('GET', '/Orders').length).toBeGreaterThan(0);
      expect(api.unknownCalls()).toEqual([]);
    });
  });
}

test('the kit list’s load error has "Try Again", and the list is there once the service answers again', async ({ page, api }) => {
  const kits = (url: URL) => url.pathname === '/portalApi/Kits';
  await page.route(kits, (route) => route.abort('connectionrefused'));
  await signIn(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Error loading kits' });
  await expect(alert).toContainText('Error loading kits: Cannot connect to the server. Please check your connection and try again.');
  await expectAccessible(page, { label: '/kits that could not be read, contract fake' });

  await page.unroute(kits);
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('table', { name: 'Kit Status' }).getByRole('row').nth(1)).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(api.callsTo('GET', '/Kits').length).toBeGreaterThan(0);
  expect(api.unknownCalls()).toEqual([]);
});

test('/developers opens the developer settings with the service’s API key, and the menu has Patients after Kit Status', async ({
  page,
  api,
}) => {
  await signIn(page);
  const menu = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem');
  await expect(menu.nth(0)).toHaveText('Kit Status');
  await expect(menu.nth(1)).toHaveText('Patients');
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 2, name: 'Developer Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'API Key', exact: true })).not.toHaveValue('');
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('Integrations/API');
  await expectAccessible(page, { label: '/developers, contract fake' });
  expect(api.unknownCalls()).toEqual([]);
});
