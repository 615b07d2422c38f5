import { expect } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { contractTest, signInToPortal } from './contract/contract-test';
import { expectAccessible } from './support';

/**
 * Issue 44 against the in-test fake written from the documents, which knows nothing of two-step sign-in: the sign-in
 * goes as the documents say, and the account and organization tabs say plainly that two-step sign-in is not
 * available instead of breaking.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const variants = [
  { name: 'desktop, light theme', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { name: 'phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

for (const variant of variants) {
  test(`a portalApi without two-step sign-in: the tabs say it is not available (${variant.name})`, async ({ page, api }) => {
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    // Signed in on a desktop, whose side menu the helper waits for; the tabs are then seen at the variant's size.
    await signInToPortal(page);
    await page.setViewportSize(variant.viewport);
    expect(api.callsTo('POST', '/Auth/TwoStep')).toEqual([]);

    await page.goto('/settings/account');
    await expect(page.getByText('Two-step sign-in is not available on this server.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on two-step sign-in' })).toHaveCount(0);
    await expectAccessible(page, { label: `the account tab without two-step sign-in (${variant.name})` });

    await page.goto('/settings/organization');
    await expect(page.getByText('Two-step sign-in is not available on this server.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Require two-step sign-in for all members' })).toHaveCount(0);
    await expectAccessible(page, { label: `the organization tab without two-step sign-in (${variant.name})` });
    expect(api.callsTo('GET', '/Users/Me/TwoStep').map((call) => call.status)).toContain(404);
    expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
  });
}
