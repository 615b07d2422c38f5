import { expect, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { OrderingFailureText } from '../../src/model/orders/texts';
import { blockCardProvider } from './card-provider';
import { contractTest, signInToPortal } from './contract/contract-test';
import { expectAccessible } from './support';

/**
 * The Payment Methods panel against the in-test fake written from the documents (ordering §2, §4, §7, §8), with the
 * card provider's script unreachable (issue 40 point 5): the practice's saved cards are the service's, so they are
 * listed and may be made the default or deleted; only Add says that the payment system is not configured.
 * Harbor Medical Group pays per order and has a Visa 4242 and a default Mastercard 5454.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const savedCards = (page: Page) => page.getByRole('list', { name: 'Payment Methods' }).getByRole('listitem');
const savedCard = (page: Page, last4: string) => savedCards(page).filter({ hasText: `•••• ${last4}` });

for (const { device, viewport } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 } },
  { device: 'phone', viewport: { width: 375, height: 812 } },
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`without the card provider the service's saved cards are listed and work; only Add says it is not configured (${device}, ${theme})`, async ({
      page,
      api,
    }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await blockCardProvider(page);
      // Signed in on the desktop, whose main navigation shows without opening the phone's menu.
      await signInToPortal(page);
      await page.setViewportSize(viewport);
      await page.goto('/settings/billing');

      await expect(savedCards(page)).toHaveCount(2);
      await expect(savedCard(page, '4242')).toContainText('visa •••• 4242');
      await expect(savedCard(page, '4242')).toContainText('08/2031');
      await expect(savedCard(page, '5454').getByText('Default', { exact: true })).toBeVisible();
      await expect(page.getByText(OrderingFailureText.paymentNotConfigured)).toHaveCount(0);
      await expectAccessible(page, { label: `contract: saved cards without the card provider (${device}, ${theme})` });

      await savedCard(page, '4242').getByRole('button', { name: 'Set Default' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Payment method set as default' })).toBeVisible();
      await expect(savedCard(page, '4242').getByText('Default', { exact: true })).toBeVisible();
      expect(api.callsTo('PATCH', '/Payments/Methods/pm_1HarborVisa4242/SetDefault')).toHaveLength(1);

      await savedCard(page, '5454').getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Are you sure you want to remove this payment method?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Payment method deleted.' })).toBeVisible();
      await expect(savedCards(page)).toHaveCount(1);
      expect(api.callsTo('DELETE', '/Payments/Methods/pm_1HarborMc5454')).toHaveLength(1);

      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
      await expect(dialog.getByRole('alert')).toHaveText(OrderingFailureText.paymentNotConfigured);
      await expect(dialog.getByRole('button', { name: 'Add Payment Method' })).toHaveCount(0);
      await expectAccessible(page, { label: `contract: Add Payment Method without the card provider (${device}, ${theme})` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(api.calls.filter((call) => /\/Attach$/i.test(call.path))).toEqual([]);
    });
  }
}
