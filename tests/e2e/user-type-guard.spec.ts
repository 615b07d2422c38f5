import { expect, test } from '@playwright/test';
import { mainMenu, resetDatabase, signIn } from './support';

/** Access §2 and §6: pages limited to groups of user types, and the patient versus provider portal split. */

test.beforeEach(async ({ request }) => resetDatabase(request));

test('a patient gets the patient portal; a provider page refuses the patient and signs them out softly', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'patient', { remember: true });
  await expect(page).toHaveURL('/kit-status');
  await expect(mainMenu(page)).toHaveText(['Kit Status', 'Account', 'Reports', 'Help Center', 'Register a Kit']);
  await mainMenu(page).filter({ hasText: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();

  await page.goto('/orders');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Access denied.')).toBeVisible();
  await expect(page.getByText('Contact your system administrator to request access.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal-session'))).toBeNull();
  await page.goto('/kit-status');
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkit-status');
});

test('a provider gets the provider portal; a patient page refuses the provider', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.net30');
  await expect(page).toHaveURL('/kits');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.goto('/help-center');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Access denied.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a page that belongs to neither portal is not found, and the session stays', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(page).toHaveURL('/kits');
  await page.goto('/no-such-page');
  await expect(page.getByText('The requested resource was not found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
