import { expect, test, type Page, type Request } from '@playwright/test';
import { accountIdOf, PRACTICE_IDS, SEED_PRODUCTS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, mainMenu, openPracticeSwitcher, openSignedIn, practiceSwitcherButton, resetDatabase, signIn } from './support';
import { closeCart, openCart } from './cart-drawer';

test.beforeEach(async ({ request }) => resetDatabase(request));

const isSwitch = (request: Request) => new URL(request.url()).pathname === '/portalApi/Auth/Account/Switch';

async function signInAsMultiPractice(page: Page) {
  await openSignedIn(page, 'multi.practice', '/kits');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
}

test('multi.practice sees a dropdown with the current practice name and initials; the list has every account with its role, the current one checked and bold', async ({
  page,
}) => {
  await signInAsMultiPractice(page);
  const button = practiceSwitcherButton(page, 'Harbor Medical Group');
  await expect(button).toContainText('HMG');
  await expect(button).toContainText('Harbor Medical Group');

  const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
  const entries = list.getByRole('menuitem');
  await expect(entries).toHaveText([
    /^HMG\s*Harbor Medical Group \[Provider\]/,
    /^HMG\s*Harbor Medical Group \[Office Manager\]/,
    /^SWC\s*Summit Wellness Clinic \[Provider\]/,
  ]);
  const current = entries.first();
  await expect(current.getByLabel('Current account')).toBeVisible();
  await expect(current.getByText('Harbor Medical Group [Provider]')).toHaveCSS('font-weight', /^(600|700|bold)$/);
  for (const other of [entries.nth(1), entries.nth(2)]) {
    await expect(other.getByLabel('Current account')).toHaveCount(0);
    await expect(other.locator('strong')).toHaveCount(0);
  }
  // 64 units wide: 256 px.
  expect((await list.boundingBox())?.width).toBe(256);
});

test('picking the current entry does nothing', async ({ page }) => {
  await signInAsMultiPractice(page);
  const switches: Request[] = [];
  page.on('request', (request) => {
    if (isSwitch(request)) switches.push(request);
  });
  const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
  await list.getByRole('menuitem', { name: /Harbor Medical Group \[Provider\]/ }).click();
  await page.waitForTimeout(500);
  expect(switches).toHaveLength(0);
  await expect(page).toHaveURL('/kits');
  await expect(practiceSwitcherButton(page, 'Harbor Medical Group')).toBeVisible();
});

test('picking Summit switches: the page reloads at the dashboard with "Account switched successfully", and a reload keeps the new account', async ({
  page,
}) => {
  await signInAsMultiPractice(page);
  await mainMenu(page).filter({ hasText: 'Orders' }).first().click();
  await expect(page).toHaveURL('/orders');

  const switched = page.waitForRequest(isSwitch);
  const reloadedAtDashboard = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/');
  const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
  await list.getByRole('menuitem', { name: /Summit Wellness Clinic/ }).click();

  // The reference server answers numbers, and the switch sends them back as numbers.
  expect((await switched).postDataJSON()).toStrictEqual({
    userId: accountIdOf('user-grace-hall-summit-provider'),
    practiceId: PRACTICE_IDS.summit,
    rememberMe: true,
  });
  await reloadedAtDashboard;
  await expect(page).toHaveURL('/kits');
  await expect(practiceSwitcherButton(page, 'Summit Wellness Clinic')).toContainText('SWC');
  await expect(page.getByRole('status').filter({ hasText: 'Account switched successfully' })).toBeVisible();

  await page.reload();
  await expect(practiceSwitcherButton(page, 'Summit Wellness Clinic')).toBeVisible();
  const entries = (await openPracticeSwitcher(page, 'Summit Wellness Clinic')).getByRole('menuitem');
  await expect(entries.nth(2).getByLabel('Current account')).toBeVisible();
});

test('a refused switch leaves everything as it was and shows the message', async ({ page }) => {
  await signInAsMultiPractice(page);
  await page.route('**/portalApi/Auth/Account/Switch', (route) =>
    route.fulfill({ status: 403, json: { error: { message: 'You cannot switch to this account' }, correlationId: 'e2e-refused' } }),
  );
  let reloaded = false;
  page.on('load', () => {
    reloaded = true;
  });
  const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
  await list.getByRole('menuitem', { name: /Summit Wellness Clinic/ }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'You cannot switch to this account (Correlation ID: e2e-refused)' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/kits');
  await expect(practiceSwitcherButton(page, 'Harbor Medical Group')).toBeEnabled();
  expect(reloaded).toBe(false);
  await page.reload();
  await expect(practiceSwitcherButton(page, 'Harbor Medical Group')).toBeVisible();
});

test('hcp.checkout sees its one practice with nothing to select', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  const practice = page.getByRole('region', { name: 'Current practice: Riverside Family Medicine' });
  await expect(practice).toHaveText('RFM Riverside Family Medicine');
  await expect(page.getByRole('button', { name: /^Switch practice/ })).toHaveCount(0);
  await practice.click();
  await expect(page.getByRole('menu', { name: 'Switch practice' })).toHaveCount(0);
});

test('below 1200 px the collapsed sidebar shows the initials only, the name in a tooltip, and the list still opens', async ({ page }) => {
  await signInAsMultiPractice(page);
  await page.setViewportSize({ width: 1100, height: 900 });
  const button = practiceSwitcherButton(page, 'Harbor Medical Group');
  await expect(button).toHaveText('HMG');
  await button.hover();
  await expect(page.getByRole('tooltip', { name: 'Harbor Medical Group' })).toBeVisible();
  const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
  await expect(list.getByRole('menuitem')).toHaveCount(3);
});

/**
 * Ordering §3 "Cart item (persisted in browser storage under the key cart-storage)": the cart belongs to the practice
 * account it was filled in, so a cart filled at Harbor is never ordered from at Summit. Each switch reloads the page, so
 * the cart each practice shows is read back from storage, in the account's own entry.
 */
const COMBO = SEED_PRODUCTS.find((product) => product.id === 79)?.name ?? 'the seed has no product 79';
const HEALTH = SEED_PRODUCTS.find((product) => product.id === 78)?.name ?? 'the seed has no product 78';
async function switchPractice(page: Page, from: string, to: RegExp, phone: boolean) {
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/');
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const list = await openPracticeSwitcher(page, from);
  await list.getByRole('menuitem', { name: to }).click();
  await reloaded;
  await expect(page.getByRole('status').filter({ hasText: 'Account switched successfully' })).toBeVisible();
}

async function openNewOrder(page: Page) {
  await page.goto('/orders/new');
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'light' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'dark' },
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'dark' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'light' },
] as const) {
  test.describe(`on a ${device}, in the ${theme} theme`, () => {
    test.use({ viewport });

    test("each practice shows its own cart: Harbor's cart is not Summit's, and is there again after switching back", async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await openSignedIn(page, 'multi.practice', '/kits');
      await openNewOrder(page);
      const phone = device === 'phone';
      await page.getByRole('article', { name: COMBO }).getByRole('button', { name: 'Add to Cart' }).click();
      let cart = await openCart(page, phone);
      await expect(cart.lines.getByText(COMBO)).toBeVisible();
      await closeCart(page, phone);

      await switchPractice(page, 'Harbor Medical Group', /Summit Wellness Clinic/, phone);
      await openNewOrder(page);
      cart = await openCart(page, phone);
      await expect(cart.region.getByText('Your cart is empty')).toBeVisible();
      await expect(cart.lines).toHaveCount(0);
      await closeCart(page, phone);
      await page.getByRole('article', { name: HEALTH }).getByRole('button', { name: 'Add to Cart' }).click();
      cart = await openCart(page, phone);
      await expect(cart.lines.getByText(HEALTH)).toBeVisible();
      await expectAccessible(page, { label: `Summit's own cart (${device}, ${theme})` });
      await closeCart(page, phone);

      await switchPractice(page, 'Summit Wellness Clinic', /Harbor Medical Group \[Provider\]/, phone);
      await openNewOrder(page);
      cart = await openCart(page, phone);
      await expect(cart.lines.getByText(COMBO)).toBeVisible();
      await expect(cart.lines.getByText(HEALTH)).toHaveCount(0);
      await expect(cart.region.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    });
  });
}
