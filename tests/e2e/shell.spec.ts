import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { mainMenu, openSignedIn, resetDatabase, signIn } from './support';

/** The e2e build has no settings of its own, so it shows what a default build shows. */
const DEFAULT_SETTINGS = parseEnv(readFileSync(new URL('../../.env', import.meta.url), 'utf8'));

test.beforeEach(async ({ request }) => resetDatabase(request));

test('the success toast appears at the bottom right and hides itself after 3 seconds', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  const toast = page.getByText('Signed in successfully');
  await expect(toast).toBeVisible();
  const shown = Date.now();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x > viewport.width / 2 && box.y > viewport.height / 2).toBe(true);
  await expect(toast).toBeHidden({ timeout: 6_000 });
  expect(Date.now() - shown).toBeGreaterThan(2_000);
});

test('a toast can be closed before its time', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  const toast = page.getByRole('status').filter({ hasText: 'Signed in successfully' });
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: /close/i }).click();
  await expect(page.getByText('Signed in successfully')).toBeHidden({ timeout: 1_500 });
});

/** The class names of every element whose CSS animation or transition started on the page, from its first load. */
async function recordAnimations(page: Page) {
  await page.addInitScript(() => {
    const started: string[] = [];
    Object.assign(window, { startedAnimations: started });
    const record = (event: Event) => started.push(String((event.target as Element).className));
    document.addEventListener('animationstart', record, true);
    document.addEventListener('transitionstart', record, true);
  });
  return () => page.evaluate(() => (window as unknown as { startedAnimations: string[] }).startedAnimations.join(' '));
}

test.describe('for a system that does not ask for reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('a toast fades in', async ({ page }) => {
    const animations = await recordAnimations(page);
    await page.goto('/sign-in');
    await signIn(page, 'hcp.checkout');
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect.poll(animations).toContain('ant-notification');
  });
});

test('for a system that asks for reduced motion (as every other journey here), a toast appears without fading in', async ({ page }) => {
  const animations = await recordAnimations(page);
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  expect(await animations()).not.toContain('ant-notification');
});

test('the sidebar collapses below 1200 px and the menu moves into a drawer on a phone', async ({ page }) => {
  await openSignedIn(page, 'hcp.checkout', '/kits');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(mainMenu(page)).toHaveCount(7);
  expect((await nav.boundingBox())?.width).toBeGreaterThan(200);

  await page.setViewportSize({ width: 1100, height: 900 });
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThanOrEqual(80);

  await page.setViewportSize({ width: 480, height: 860 });
  await expect(nav).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await mainMenu(page).filter({ hasText: 'Orders' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('the theme follows the operating system by default and a stored preference wins', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('a default build shows the support mail link by role and Register a Kit, from the committed deployment settings', async ({ page }) => {
  const research = DEFAULT_SETTINGS.VITE_SUPPORT_EMAIL_RESEARCH ?? '';
  const provider = DEFAULT_SETTINGS.VITE_SUPPORT_EMAIL_PROVIDER ?? '';
  await page.goto('/sign-in');
  await signIn(page, 'irc.user');
  await expect(page.getByRole('link', { name: research })).toHaveAttribute('href', `mailto:${research}`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, 'hcp.checkout');
  await expect(page.getByRole('link', { name: provider })).toHaveAttribute('href', `mailto:${provider}`);
  await expect(page.getByRole('link', { name: 'Register a Kit' })).toHaveAttribute(
    'href',
    DEFAULT_SETTINGS.VITE_KIT_REGISTRATION_URL ?? '',
  );
});

test('the theme switcher in the top bar sets light, dark or system, and the choice is kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await page.getByRole('button', { name: 'Theme: System' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Theme: Dark' }).click();
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('system');
});

test('an unexpected rendering error shows the crash screen, and Reload Page recovers', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // The portal's code cannot load (say, a deployment replaced it mid-visit): rendering the portal fails.
  await page.route('**/assets/*.js', (route) => route.abort('failed'));
  await signIn(page, 'hcp.checkout');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('An unexpected error has occurred. Please try refreshing the page.')).toBeVisible();
  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await expect(mainMenu(page).first()).toBeVisible();
});
