import { expect, test, type Request, type Response } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../playwright.config';
import { mainMenu, resetDatabase, signIn } from './support';

test.beforeEach(async ({ request }) => resetDatabase(request));

const isApi = (url: string, path: string) => new URL(url).pathname === `/portalApi${path}`;

test('a protected page sends the visitor to sign-in and, once signed in, back to that page', async ({ page }) => {
  await page.goto('/orders/ORD-1001?from=email');
  await expect(page).toHaveURL('/sign-in?redirect=%2Forders%2FORD-1001%3Ffrom%3Demail');
  await signIn(page, 'hcp.checkout');
  await expect(page).toHaveURL('/orders/ORD-1001?from=email');
  // The order detail page: the practice has no order ORD-1001.
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
});

test('an access token that expires mid-session is refreshed without the user noticing', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();

  const answers: Response[] = [];
  page.on('response', (response) => answers.push(response));
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);

  await mainMenu(page).filter({ hasText: 'Settings' }).click();
  await expect(page).toHaveURL('/settings/account');
  await expect(page.getByRole('tab', { name: 'Practice' })).toBeVisible();

  const refreshes = () => answers.filter((response) => isApi(response.url(), '/Auth/refresh'));
  await expect.poll(() => refreshes().length).toBe(1);
  expect(refreshes()[0]?.status()).toBe(200);
  // The settings page re-reads the practice: refused with the expired token, answered after the refresh.
  const practiceCalls = () => answers.filter((response) => isApi(response.url(), '/Practices')).map((response) => response.status());
  await expect.poll(practiceCalls).toEqual([401, 200]);
  await expect(page.getByText('Session expired. Please sign in again.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('after a reload with an expired access token, the refresh goes out before any other call', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.net30');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);

  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/portalApi/')) calls.push(request);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await expect(mainMenu(page).first()).toBeVisible();
  expect(calls.map((request) => new URL(request.url()).pathname)[0]).toBe('/portalApi/Auth/refresh');
  expect(calls.length).toBeGreaterThan(1);
});

test('a reload that cuts a refresh off keeps the session: the reloaded page refreshes and stays signed in', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);

  // The first refresh is held until the reload has begun; the reload cuts it off while the page still runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const refreshes: string[] = [];
  await page.route('**/portalApi/Auth/refresh', async (route) => {
    refreshes.push(route.request().url());
    if (refreshes.length === 1) await held;
    await route.fallback().catch(() => undefined);
  });
  await mainMenu(page).filter({ hasText: 'Settings' }).click();
  await expect.poll(() => refreshes.length).toBe(1);
  const reloaded = page.reload();
  setTimeout(release, 300);
  await reloaded;

  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText('Session expired. Please sign in again.')).toHaveCount(0);
  expect(refreshes.length).toBeGreaterThan(1);
});

test('Sign out returns to sign-in and protected pages are closed again', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'cps.user');
  await expect(page.getByRole('heading', { name: 'Samples' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await page.goto('/kits');
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('with Remember me, another open tab follows a sign-out', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/sign-in');
  await signIn(first, 'irc.user', { remember: true });
  await expect(first.getByRole('heading', { name: 'Samples' })).toBeVisible();

  const second = await context.newPage();
  await second.goto('/orders');
  await expect(second.getByRole('heading', { name: 'Orders' })).toBeVisible();

  await first.getByRole('button', { name: 'Sign out' }).click();
  await expect(second).toHaveURL('/sign-in?redirect=%2Forders');
});

test('without Remember me the session survives a reload of the same tab but not a new tab', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/kits');
  await expect(other).toHaveURL('/sign-in?redirect=%2Fkits');
});
