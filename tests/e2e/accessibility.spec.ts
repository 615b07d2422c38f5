import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, openPracticeSwitcher, openSignedIn, resetDatabase, restoreLink, signIn, signInThroughApi } from './support';

/**
 * The team's accessibility rule: every page and every open menu, drawer or dialog a journey reaches passes
 * axe's WCAG 2.2 AA rules, in the light and in the dark theme, on a desktop and on a phone. One sign-in serves many
 * pages.
 */

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const PRODUCT = 'Diagnostics Portal';

test.beforeEach(async ({ request }) => resetDatabase(request));

async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

/** Opens a page and checks it once its heading is the document's title, so axe sees the page and not the loader. */
async function visit(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page).toHaveTitle(`${title} · ${PRODUCT}`);
  await expectAccessible(page, { label: path });
}

/**
 * Every page the provider menus reach, with the pages behind them, and the settings tabs: three groups, each
 * under one sign-in, so that a check of many pages stays well inside the test timeout.
 */
const PROVIDER_KIT_PAGES = [
  ['/kits', 'Kit Status'],
  // A seeded kit with reports, diagnostics files and a timeline (server/seed/kits.ts).
  ['/kits/KT-11-0001', 'Kit Details: KT-11-0001'],
  ['/integrations', 'Developer Settings'],
] as const;

const PROVIDER_ORDER_PAGES = [
  ['/orders', 'Orders'],
  ['/orders/new', 'Create New Order'],
  ['/orders/catalog', 'Product Catalog'],
  ['/orders/quiz', 'Order Quiz'],
  ['/orders/checkout', 'Checkout'],
  ['/orders/success?number=999999', 'Order Not Found'],
  ['/orders/bulk', 'Manifest Upload'],
  ['/orders/1001', 'Order Not Found'],
] as const;

const PROVIDER_ACCOUNT_PAGES = [
  ['/account', 'Profile'],
  ['/patients', 'Patients'],
  // Riverside's first seeded patient (server/seed/patients.ts), addressed by uid as the server allows.
  ['/patients/seed-patient-11-01', 'Isla Jensen'],
  ['/settings/account', 'Settings'],
  ['/settings/organization', 'Settings'],
  ['/settings/billing', 'Settings'],
  ['/settings/team', 'Settings'],
  ['/settings/team/add', 'Add Team Member'],
  ['/settings/reports', 'Settings'],
  ['/no-such-page', 'The requested resource was not found.'],
] as const;

const PATIENT_PAGES = [
  ['/kit-status', 'Kit Status'],
  ['/account', 'Account'],
  ['/reports', 'Reports'],
  ['/help-center', 'Help Center'],
  ['/no-such-page', 'The requested resource was not found.'],
] as const;

for (const theme of THEMES) {
  test.describe(`in the ${theme} theme`, () => {
    // Each test checks up to two dozen pages with axe after one sign-in, more than a single journey's time-out allows.
    test.describe.configure({ timeout: 150_000 });
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('the signed-out pages, their errors and the account migration', async ({ page, request }) => {
      await page.goto('/sign-in');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expectAccessible(page, { label: '/sign-in' });
      await signIn(page, 'hcp.checkout', { password: 'not-the-password' });
      await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
      await expectAccessible(page, { label: '/sign-in with a refused password' });

      await page.getByRole('link', { name: 'Forgot password' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await expectAccessible(page, { label: '/forgot-password' });
      await page.getByLabel('Username').fill('hcp.checkout');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('Reset link sent! Redirecting to sign in...')).toBeVisible();
      await expectAccessible(page, { label: '/forgot-password once the link is sent' });

      const { link } = await restoreLink(request, 'hcp.checkout');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await expectAccessible(page, { label: '/restore-password?token=…' });
      await page.getByLabel('New password').fill('Fresh-Start-2027!');
      await page.getByLabel('Confirm password').fill('Something-Else-2027!');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expectAccessible(page, { label: '/restore-password with passwords that differ' });

      await page.goto('/sign-in');
      await signIn(page, 'must.migrate');
      await expect(page.getByRole('heading', { name: 'Complete Account Migration' })).toBeVisible();
      await expectAccessible(page, { label: '/auth/migrate' });
      await page.getByLabel('New password').fill('weak');
      await page.getByLabel('Confirm password').fill('other');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expectAccessible(page, { label: '/auth/migrate with a weak password that differs' });
    });

    test("the provider's kit pages and the theme menu", async ({ page }) => {
      await page.goto('/sign-in');
      await signIn(page, 'hcp.checkout');
      await expect(page).toHaveURL('/kits');
      // The sign-in toast is part of what the user sees on the first page.
      await expect(page.getByRole('status').filter({ hasText: 'Signed in successfully' })).toBeVisible();
      await expectAccessible(page, { label: '/kits with the sign-in toast' });
      for (const [path, title] of PROVIDER_KIT_PAGES) await visit(page, path, title);

      const name = theme === 'light' ? 'Light' : 'Dark';
      await page.getByRole('button', { name: `Theme: ${name}` }).click();
      await expect(page.getByRole('menu', { name: 'Theme' })).toBeVisible();
      await expectAccessible(page, { label: 'theme menu' });
    });

    test("the provider's order pages", async ({ page }) => {
      await signInThroughApi(page, 'hcp.checkout');
      for (const [path, title] of PROVIDER_ORDER_PAGES) await visit(page, path, title);
    });

    test("the provider's profile, patients and settings tabs, and the not-found page", async ({ page }) => {
      await signInThroughApi(page, 'hcp.checkout');
      for (const [path, title] of PROVIDER_ACCOUNT_PAGES) await visit(page, path, title);
    });

    test('the practice switcher menu, and the phone drawer with its switcher', async ({ page }) => {
      await openSignedIn(page, 'multi.practice', '/kits');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await openPracticeSwitcher(page, 'Harbor Medical Group');
      await expectAccessible(page, { label: 'practice switcher menu' });
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expectAccessible(page, { label: 'phone drawer menu (375 px)' });
      await openPracticeSwitcher(page, 'Harbor Medical Group');
      await expectAccessible(page, { label: 'practice switcher menu in the phone drawer (375 px)' });
    });

    test("every page of a patient's portal, and access denied when a patient opens a provider page", async ({ page }) => {
      await signInThroughApi(page, 'patient');
      for (const [path, title] of PATIENT_PAGES) await visit(page, path, title);

      await page.goto('/orders');
      await expect(page).toHaveURL('/unauthorized');
      await expect(page.getByText('Access denied.')).toBeVisible();
      await expectAccessible(page, { label: '/unauthorized' });
    });

    // Issue 13, item 8: the same pages on a phone, where the shell turns into a drawer and tables into cards.
    test.describe('on a 375 × 812 phone', () => {
      test.use({ viewport: { width: 375, height: 812 } });

      test("the provider's kit, order and account pages", async ({ page }) => {
        await page.goto('/sign-in');
        await expectAccessible(page, { label: '/sign-in (375 px)' });
        await signIn(page, 'hcp.checkout');
        await expect(page).toHaveURL('/kits');
        for (const [path, title] of [...PROVIDER_KIT_PAGES, ...PROVIDER_ORDER_PAGES, ...PROVIDER_ACCOUNT_PAGES]) {
          await visit(page, path, title);
        }
      });

      test("every page of a patient's portal", async ({ page }) => {
        await signInThroughApi(page, 'patient');
        for (const [path, title] of PATIENT_PAGES) await visit(page, path, title);
      });
    });

    test('the crash screen', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      // The portal's code cannot load, as in the crash journey of shell.spec.ts.
      await page.route('**/assets/*.js', (route) => route.abort('failed'));
      await signIn(page, 'hcp.checkout');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expectAccessible(page, { label: 'crash screen' });
    });
  });
}
