import { expect, test, type Page } from '@playwright/test';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { SettingsPaths } from '../../src/model/shell/navigation';
import { expectAccessible, resetDatabase, signInThroughApi } from './support';

/**
 * Issue 44 item 1, second round: what a provider does on /integrations shows on Settings → Activity in plain words,
 * "Ava Morgan added the webhook hooks.example.com/lab", and opening the page, which loads the API key whole, shows as
 * "Ava Morgan opened the API key". On a wide window in the light theme and on a phone in the dark one, axe on each page.
 */

const WHO = 'Ava Morgan';

test.beforeEach(async ({ request }) => resetDatabase(request));

const VARIANTS = [
  { name: 'a 1280 px window, light theme', viewport: { width: 1280, height: 900 }, theme: 'light' },
  { name: 'a 375 px phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test.use({ viewport: variant.viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    });

    test('a webhook added on Integrations shows on Settings → Activity, after the API key the page loaded', async ({ page }) => {
      await signInThroughApi(page, 'hcp.checkout');
      await page.goto('/integrations');
      await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
      await button(page, 'New Webhook').click();
      const form = page.getByRole('form', { name: 'New Webhook' });
      await form.getByLabel('Endpoint URL').fill('https://hooks.example.com/lab?token=receiver-token');
      await button(page, 'Save').click();
      await expect(page.getByRole('status').filter({ hasText: 'Webhook created successfully' })).toBeVisible();

      await page.goto(SettingsPaths.activity);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${variant.theme}\\b`));
      const list = page.getByRole('list', { name: ActivityText.title });
      await expect(list.getByRole('listitem').first()).toContainText(`${WHO} added the webhook hooks.example.com/lab`);
      await expect(list).toContainText(`${WHO} opened the API key`);
      await expect(list).toContainText(`${WHO} opened the webhook secret`);
      // The receiver's token in the endpoint's query is never on the trail.
      await expect(list).not.toContainText('receiver-token');
      await expectAccessible(page, { label: `Settings → Activity after a webhook was added (${variant.name})` });
    });
  });
}
