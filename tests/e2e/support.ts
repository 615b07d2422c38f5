import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed';

/** What the browser tests share: a fresh database per test, and signing in like a user. */

export { DEMO_PASSWORD };

export async function resetDatabase(request: APIRequestContext) {
  const response = await request.post('/portalApi/__test/reset');
  expect(response.ok()).toBe(true);
}

export async function signIn(page: Page, username: string, options: { password?: string; remember?: boolean } = {}) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(options.password ?? DEMO_PASSWORD);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem');
}
