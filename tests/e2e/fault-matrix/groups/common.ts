import { expect, type Locator, type Page } from '@playwright/test';
import { Paths } from '../../../../src/model/shell/navigation';
import { signIn } from '../../support';
import { visit } from '../matrix';

/** What the groups share: signing in once, typing into fields by label, and the alert a failure shows. */

/** A group's sign-in as a provider: through the form, until the portal's navigation shows. */
export function providerSignIn(username: string) {
  return async (page: Page) => {
    await visit(page, Paths.signIn);
    await signIn(page, username);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  };
}

/** Typed values by field label; `fill` types them, `kept` checks each field still holds what was typed. */
export type Typed = Readonly<Record<string, string>>;

export async function fill(page: Page, typed: Typed) {
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
}

export async function kept(page: Page, typed: Typed) {
  for (const [label, value] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
}

/** An error the screen shows: a red toast or an error box, both alerts. */
export const alertWith = (page: Page, expected: string | RegExp): Locator => page.getByRole('alert').filter({ hasText: expected }).last();

/** A load made by opening the screen: nothing to bring the page to, nothing to enter. */
export const nothing = () => Promise.resolve();

export const saveButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Whether the page is on that screen already, so that a case can go on from where the last one left it. */
export const onPage = (page: Page, path: string) => new URL(page.url()).pathname === path;
