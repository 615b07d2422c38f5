import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as v from 'valibot';
import { DEMO_PASSWORD } from '../../server/seed';
import { SESSION_STORAGE_KEY } from '../../src/model/constants';
import { TestRestoreLinkSchema, type TestRestoreLink } from '../../src/model/test-support';

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

/** The practice switcher's dropdown button, named after the current practice. */
export function practiceSwitcherButton(page: Page, practice: string) {
  return page.getByRole('button', { name: `Switch practice: ${practice}` });
}

/** Opens the practice switcher and returns its list of practice accounts. */
export async function openPracticeSwitcher(page: Page, practice: string) {
  await practiceSwitcherButton(page, practice).click();
  const list = page.getByRole('menu', { name: 'Switch practice' });
  await expect(list).toBeVisible();
  return list;
}

/** The restore link the reference server logged for a user's latest forgot-password request (test mode only). */
export async function restoreLink(request: APIRequestContext, username: string): Promise<TestRestoreLink> {
  const response = await request.get(`/portalApi/__test/restore-link?username=${encodeURIComponent(username)}`);
  expect(response.ok()).toBe(true);
  return v.parse(TestRestoreLinkSchema, await response.json());
}

/** Whether the page keeps a session in browser storage, remembered or for the tab alone. */
export async function hasStoredSession(page: Page): Promise<boolean> {
  return page.evaluate((key) => localStorage.getItem(key) !== null || sessionStorage.getItem(key) !== null, SESSION_STORAGE_KEY);
}
