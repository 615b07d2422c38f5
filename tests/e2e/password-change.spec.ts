import { expect, test, type Page, type Response } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../playwright.config';
import { DEMO_PASSWORD, mainMenu, openSignedIn, resetDatabase, signIn } from './support';

test.beforeEach(async ({ request }) => resetDatabase(request));

const NEW_PASSWORD = 'Portal-Changed-2026!';

async function openAccountSettings(page: Page) {
  await openSignedIn(page, 'hcp.checkout', '/settings/account');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
}

async function fill(page: Page, current: string, next: string, repeat: string) {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Repeat new password').fill(repeat);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Change Password' }).click();

test('all three fields are required, and the new ones must match', async ({ page }) => {
  await openAccountSettings(page);
  await submit(page);
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Repeat new password is required')).toBeVisible();

  await fill(page, DEMO_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await submit(page);
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await expect(page.getByText('Current password is required')).toHaveCount(0);
});

test("a wrong current password shows the server's message with its correlation id and keeps what was typed", async ({ page }) => {
  await openAccountSettings(page);
  await fill(page, 'Not-The-Password-1', NEW_PASSWORD, NEW_PASSWORD);
  await submit(page);
  await expect(page.getByRole('alert').filter({ hasText: /^Current password is incorrect \(Correlation ID: .+\)$/ })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('Not-The-Password-1');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD);
  await expect(page.getByLabel('Repeat new password')).toHaveValue(NEW_PASSWORD);
});

test('a changed password: the toast, the session continues, and afterwards only the new password signs in', async ({ page }) => {
  await openAccountSettings(page);
  await fill(page, DEMO_PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
  await submit(page);
  await expect(page.getByRole('status').filter({ hasText: 'Password has been changed successfully' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Once the renewed access token has expired, a protected call is refused and retried after a refresh
  // with the renewed refresh token: the server revoked the old ones, so this proves the session was renewed.
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
  const practiceAnswers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/portalApi/Practices') practiceAnswers.push(response);
  });
  await mainMenu(page).filter({ hasText: 'Kit Status' }).click();
  await mainMenu(page).filter({ hasText: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Practice' })).toBeVisible();
  await expect.poll(() => practiceAnswers.map((response) => response.status()).at(-1)).toBe(200);
  await expect(page.getByText('Session expired. Please sign in again.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await signIn(page, 'hcp.checkout', { password: DEMO_PASSWORD });
  await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
  await signIn(page, 'hcp.checkout', { password: NEW_PASSWORD });
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
});

test('after sitting on the page longer than an access token lives, the change still goes through', async ({ page }) => {
  await openAccountSettings(page);
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
  await fill(page, DEMO_PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
  await submit(page);
  await expect(page.getByRole('status').filter({ hasText: 'Password has been changed successfully' })).toBeVisible();
});
