import { expect, test as base, type Page } from '@playwright/test';
import { FAKE_CREDENTIALS, PortalApiFake, type IdStyle } from './portal-api-fake';

/**
 * A journey against the contract fake instead of the reference server: `api` is installed on the page before the
 * journey and, after it, no /portalApi answer may have come from anywhere else. `ids` picks how the fake writes
 * identifiers (numbers unless a spec asks for digit strings). Specs also say `test.use({ serviceWorkers: 'block' })`,
 * so that nothing answers from outside the page's routes.
 */
export const contractTest = base.extend<{ ids: IdStyle; api: PortalApiFake }>({
  ids: ['numbers', { option: true }],
  api: async ({ page, ids }, use) => {
    const api = await PortalApiFake.install(page, { ids });
    await use(api);
    expect(await api.leaks(), 'answers that did not come from the fake').toEqual([]);
  },
});

/** Signs in through the form with one of the fake's accounts. */
export async function signInToFake(page: Page, credentials: { username: string; password: string } = FAKE_CREDENTIALS): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signed in and in the portal: the main navigation shows. */
export async function signInToPortal(page: Page, credentials?: { username: string; password: string }): Promise<void> {
  await signInToFake(page, credentials);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}
