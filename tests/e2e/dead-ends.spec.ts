import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, mainMenu, openSignedIn, resetDatabase, signIn } from './support';

/**
 * Issue 40, "no dead ends", against the reference server: a page whose code cannot be fetched says so inside the
 * portal and recovers; a list that could not be read has "Try Again" and reads again when the tab is shown again;
 * /developers, the Patients item, and the menu's highlight while creating an order.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

/** A list's own call, whatever its query. */
const listCall = (pathname: string) => (url: URL) => url.pathname === pathname;
const KITS = listCall('/portalApi/Kits');
const ORDERS = listCall('/portalApi/Orders');

/** The orders list's own code and stylesheet, as the build names them. */
const ORDERS_CODE = ['**/assets/orders.view-*.js', '**/assets/orders-*.css'];

async function blockOrdersCode(page: Page): Promise<{ attempts: () => number }> {
  let attempts = 0;
  for (const pattern of ORDERS_CODE) {
    await page.route(pattern, (route) => {
      attempts += 1;
      return route.abort('internetdisconnected');
    });
  }
  return { attempts: () => attempts };
}

async function unblockOrdersCode(page: Page) {
  for (const pattern of ORDERS_CODE) await page.unroute(pattern);
}

async function openMenuItem(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  await mainMenu(page).filter({ hasText: name }).click();
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });

for (const theme of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const where = phone ? 'on a 375 × 812 phone' : 'on a desktop';
    test.describe(`${where}, ${theme} theme`, () => {
      if (phone) test.use({ viewport: { width: 375, height: 812 } });

      test('a page whose code cannot be fetched says so inside the portal, retries, and loads itself once the connection is back', async ({
        page,
        context,
      }) => {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
        await openSignedIn(page, 'hcp.checkout', '/kits');
        await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();
        const blocked = await blockOrdersCode(page);

        await openMenuItem(page, 'Orders', phone);
        await expect(failure(page)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'This page could not be loaded' })).toBeVisible();
        await expect(failure(page)).toContainText('Cannot connect to the server. Please check your connection and try again.');
        await expect(failure(page)).toContainText('The page loads by itself once the connection is back.');
        // The portal is still there: its top bar, and not the crash screen that replaces the whole app.
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expect(page.getByText('Something went wrong')).toHaveCount(0);
        await expect(page).toHaveURL('/orders');
        await expectAccessible(page, { label: `/orders whose code could not be fetched (${where}, ${theme})` });

        // Still unreachable: "Try Again" asks again and says so again.
        const before = blocked.attempts();
        await page.getByRole('button', { name: 'Try Again' }).click();
        await expect.poll(blocked.attempts).toBeGreaterThan(before);
        await expect(failure(page)).toBeVisible();

        // The connection drops and comes back: the browser's `online` event, and the page loads by itself.
        await context.setOffline(true);
        await unblockOrdersCode(page);
        await context.setOffline(false);
        await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
        await expect(failure(page)).toHaveCount(0);
        // The stylesheet that failed beside the code was fetched again, not taken for loaded.
        await expect
          .poll(() =>
            page.evaluate(() =>
              [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
                .filter((link) => /\/orders-[^/]*\.css$/.test(link.href))
                .map((link) => link.sheet !== null),
            ),
          )
          .not.toContain(false);
        await expectAccessible(page, { label: `/orders after the connection came back (${where}, ${theme})` });
      });
    });
  }
}

test('"Try Again" on a page whose code could not be fetched loads it once the server answers', async ({ page }) => {
  await openSignedIn(page, 'hcp.checkout', '/kits');
  await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();
  await blockOrdersCode(page);
  await openMenuItem(page, 'Orders', false);
  await expect(failure(page)).toBeVisible();
  await unblockOrdersCode(page);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  // Another page of the menu still opens afterwards.
  await openMenuItem(page, 'Kit Status', false);
  await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();
});

test('the kit list’s load error has "Try Again", and recovers once the server is back', async ({ page }) => {
  await page.route(KITS, (route) => route.abort('connectionrefused'));
  await openSignedIn(page, 'hcp.checkout', '/kits');
  const alert = page.getByRole('alert').filter({ hasText: 'Error loading kits' });
  await expect(alert).toContainText('Error loading kits: Cannot connect to the server. Please check your connection and try again.');
  await expectAccessible(page, { label: '/kits that could not be read' });

  await page.unroute(KITS);
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('table', { name: 'Kit Status' }).getByRole('row').nth(1)).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('a list left with its load error reads again when the tab is shown again', async ({ page }) => {
  await page.route(ORDERS, (route) => route.abort('connectionrefused'));
  await openSignedIn(page, 'hcp.checkout', '/orders');
  const alert = page.getByRole('alert').filter({ hasText: 'Error loading orders' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await page.unroute(ORDERS);
  // What the browser says when the user comes back to the tab.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
});

test('/developers opens the developer settings, under Integrations/API in the menu', async ({ page }) => {
  await openSignedIn(page, 'irc.user', '/developers');
  await expect(page.getByRole('heading', { level: 2, name: 'Developer Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'API Key', exact: true })).not.toHaveValue('');
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('Integrations/API');
  await expectAccessible(page, { label: '/developers' });
});

test('a DTC account lands on its first menu item, and Create Order stays highlighted from the catalogue to checkout', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'dtc.user');
  await expect(page).toHaveURL('/integrations');
  await expect(page.getByRole('heading', { level: 2, name: 'Developer Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signIn(page, 'hcp.checkout');
  await expect(page).toHaveURL('/kits');
  const selected = page.locator('.ant-menu-item-selected');
  for (const path of ['/orders/new', '/orders/catalog', '/orders/quiz', '/orders/checkout']) {
    await page.goto(path);
    await expect(selected).toHaveText('Create Order');
  }
  await page.goto('/orders');
  await expect(selected).toHaveText('Orders');
});

test('a healthcare practice’s menu has Patients after Kit Status, which opens the patients list', async ({ page }) => {
  await openSignedIn(page, 'hcp.checkout', '/kits');
  await expect(mainMenu(page).nth(1)).toHaveText('Patients');
  await mainMenu(page).filter({ hasText: 'Patients' }).click();
  await expect(page).toHaveURL('/patients');
  await expect(page.getByRole('heading', { level: 2, name: 'Patients' })).toBeVisible();
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('Patients');
});
