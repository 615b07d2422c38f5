import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as v from 'valibot';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { SessionUserSchema } from '../../src/model/auth/auth';
import { SESSION_STORAGE_KEY } from '../../src/model/constants';
import { toStoredSession } from '../../src/model/auth/session';
import { TestRestoreLinkSchema, type TestRestoreLink } from '../../src/model/test-support';
import { switcherButtonName } from '../../src/model/auth/practice-switcher';

/** What the browser tests share: a fresh database per test, and signing in like a user. */

export { DEMO_PASSWORD };
export { expectAccessible, WCAG_AA_TAGS, type AxeException } from './axe';

/**
 * Runs a journey in the full Chromium rather than the headless shell (the projects of playwright.config.ts), for
 * what only the full browser does: its pop-up blocker refuses a second window.open in one gesture, and its viewer
 * shows a PDF in a tab where the shell saves it as a download.
 */
export const IN_FULL_CHROMIUM = { tag: '@full-chromium' };

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

/**
 * Signs `username` in through the API rather than the form, and keeps the session the sign-in answered where the app
 * would (with `remember`, for every tab; without, for this tab alone); the page is then on a small file of the
 * portal's origin, so the next page it opens starts the app once, signed in. For journeys whose subject is a screen,
 * not signing in: the form, its toast and the kit list it lands on cost each about a second and a half (the form
 * itself is proven by sign-in.spec.ts, session*.spec.ts and the journeys that sign in by it).
 */
export async function signInThroughApi(page: Page, username: string, options: { password?: string; remember?: boolean } = {}) {
  const remember = options.remember ?? false;
  const answer = await page.request.post('/portalApi/Auth', {
    data: { username, password: options.password ?? DEMO_PASSWORD, rememberMe: remember },
  });
  expect(answer.status(), `signing ${username} in through the API`).toBe(200);
  const stored = JSON.stringify(toStoredSession(v.parse(SessionUserSchema, await answer.json())));
  await page.goto('/favicon.svg');
  await page.evaluate(({ key, value, remember }) => (remember ? localStorage : sessionStorage).setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: stored,
    remember,
  });
}

/**
 * Forgets the page's session as a browser without it would be: the stored tokens cleared on a small file of the
 * portal's origin, where no app runs. Cleared under a running app, a refresh of its short-lived token (4 s in these
 * journeys) could write the session back before the next page opened, which then still was signed in.
 */
export async function forgetSession(page: Page) {
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Opens `path` signed in as `username` (signInThroughApi). */
export async function openSignedIn(page: Page, username: string, path: string, options: { password?: string; remember?: boolean } = {}) {
  await signInThroughApi(page, username, options);
  await page.goto(path);
}

/**
 * Picks an option of a searchable select as a keyboard user does: types it, then presses Enter once the list shows
 * it. On a busy machine an Enter pressed before the list is filtered picks whatever option was active before.
 */
export async function chooseOption(page: Page, label: string, search: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await expect(page.getByRole('option', { name: search, exact: true })).toBeAttached();
  await page.keyboard.press('Enter');
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem');
}

/** The practice switcher's dropdown button, named after the current practice. */
export function practiceSwitcherButton(page: Page, practice: string) {
  return page.getByRole('button', { name: switcherButtonName(practice) });
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

/**
 * Every GET of a list that the page had answered (its query, as a record) and every row it was answered with,
 * read with the list's schema, by key. Answered requests only: access tokens live 4 s here, so a request may be
 * refused once and sent again after a refresh. A list that is still loading a page when the test ends, or when the
 * user opens another page, leaves a body that nobody can read any more; that page is no longer the test's business.
 */
export function watchListAnswers<TRow>(
  page: Page,
  pathname: string,
  schema: v.GenericSchema<unknown, { items: TRow[] }>,
  key: (row: TRow) => string,
) {
  const queries: Record<string, string>[] = [];
  const rows = new Map<string, TRow>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.request().method() !== 'GET' || url.pathname !== pathname || !response.ok()) return;
    queries.push(Object.fromEntries(url.searchParams));
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      const reason = String(error);
      if (page.isClosed() || reason.includes('Test ended') || reason.includes('navigated away')) return;
      throw error;
    }
    for (const row of v.parse(schema, body).items) rows.set(key(row), row);
  });
  return { queries, rows };
}

/**
 * The texts of `cells` as assistive technology reads them, without what is hidden from it (aria-hidden): on a phone a
 * list's card shows each cell's column name beside it, hidden from screen readers, which read the column header.
 */
export function readableTexts(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.map((element) => {
      const read = (node: Node): string =>
        node instanceof Element
          ? node.getAttribute('aria-hidden') === 'true'
            ? ''
            : [...node.childNodes].map(read).join('')
          : (node.textContent ?? '');
      return read(element);
    }),
  );
}
