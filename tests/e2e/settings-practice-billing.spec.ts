import { expect, test, type Page } from '@playwright/test';
import { SEED_PRODUCTS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { resetCardProvider, TEST_CARDS, useFakeCardProvider } from './card-provider';
import { expectAccessible, mainMenu, openPracticeSwitcher, openSignedIn, resetDatabase } from './support';

/**
 * The practice (or institution) and billing settings tabs (ordering §2, §4, §5, §8) against the reference
 * server: a Net 30 practice completes its billing information and its checkout stops refusing the order; the
 * practice form's rules, banner and failure toast; a per-order practice's saved cards and billing address.
 */

test.beforeEach(async ({ request }) => {
  // Each journey signs in, saves and reloads several times; on a shared two-core machine that outlasts 45 s.
  test.slow();
  await resetDatabase(request);
  await resetCardProvider(request);
});

const SAME_AS_PRACTICE = 'same as Practice/Office Information address';
const BILLING_INCOMPLETE = /Your billing information is incomplete/;
const productName = (sku: string): string => {
  const product = SEED_PRODUCTS.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`the seed has no product ${sku}`);
  return product.name;
};

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

async function openSettingsTab(page: Page, tab: 'Practice' | 'Institution' | 'Billing', path: string) {
  await mainMenu(page).filter({ hasText: 'Settings' }).click();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page).toHaveURL(path);
}

test('Summit (Net 30, no invoice phone) completes its invoice contact and billing address, and its checkout no longer refuses the order', async ({
  page,
}) => {
  await openSignedIn(page, 'multi.practice', '/kits');
  const switcher = await openPracticeSwitcher(page, 'Harbor Medical Group');
  await switcher.getByRole('menuitem', { name: /Summit Wellness Clinic/ }).click();
  await expect(toast(page, 'Account switched successfully')).toBeVisible();

  await mainMenu(page).filter({ hasText: 'Create Order' }).click();
  const product = productName('TruAge');
  await page.getByRole('article', { name: product }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('list', { name: 'Cart items' }).getByText(product)).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(BILLING_INCOMPLETE)).toBeVisible();
  await expect(page.getByText('Invoice contact phone is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();

  await page.getByRole('link', { name: 'billing settings' }).click();
  await expect(page).toHaveURL('/settings/billing');
  await expect(page.getByText(/^You are set up as a Net 30 customer\./)).toBeVisible();
  await expect(page.getByLabel('Invoice email')).toHaveValue('invoices@summit-wellness.example');
  await page.getByRole('button', { name: 'Save Invoice Contact' }).click();
  await expect(page.getByText('Invoice phone is required')).toBeVisible();
  await expectAccessible(page, { label: '/settings/billing, Net 30, with the invoice phone missing' });

  await page.getByLabel('Invoice phone').fill('(303) 555-0190');
  await page.getByRole('button', { name: 'Save Invoice Contact' }).click();
  await expect(toast(page, 'Invoice contact updated successfully.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: SAME_AS_PRACTICE })).toBeChecked();
  await page.getByRole('button', { name: 'Save Billing Address' }).click();
  await expect(toast(page, 'Billing address updated successfully.')).toBeVisible();

  await page.goto('/orders/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Net 30 Payment Terms')).toBeVisible();
  await expect(page.getByText(BILLING_INCOMPLETE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});

test('practice settings: a cleared field says its rule, a fixed one saves with the 3 s banner and survives a reload; a refusal toasts the server’s message', async ({
  page,
}) => {
  await openSignedIn(page, 'hcp.net30', '/settings/organization');
  await expect(page.getByRole('heading', { name: 'Practice', level: 2 })).toBeVisible();

  const city = page.getByLabel('City');
  await city.fill('');
  await page.getByLabel('Contact first name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page.getByText('Contact first name is required')).toBeVisible();
  await expectAccessible(page, { label: '/settings/organization with two refused fields' });

  await city.fill('Lake Oswego');
  await page.getByLabel('Contact first name').fill('Priya');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const banner = page.getByText('Changes saved successfully');
  await expect(banner).toBeVisible();
  await expect(toast(page, 'Practice updated successfully.')).toBeVisible();
  // Ordering §9: the banner stays 3 s.
  await expect(banner).toBeHidden({ timeout: 5_000 });

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Lake Oswego');
  await expect(page.getByLabel('Contact first name')).toHaveValue('Priya');

  // A refusal the form could not foresee: the server's message, and what was typed stays.
  await page.route('**/portalApi/Practices', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { error: { message: 'name: Practice name is required' }, correlationId: 'e2e' } })
      : route.fallback(),
  );
  await page.getByLabel('Practice name').fill('Lakeside Internal Medicine West');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(errorToast(page, 'name: Practice name is required')).toBeVisible();
  await expect(page.getByLabel('Practice name')).toHaveValue('Lakeside Internal Medicine West');
  await expect(page.getByText('Changes saved successfully')).toHaveCount(0);
});

test('a per-order practice sees its saved cards and its billing address on the billing tab', async ({ page }) => {
  await useFakeCardProvider(page);
  await openSignedIn(page, 'hcp.checkout', '/settings/billing');

  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  const card = dialog.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.visa);
  await card.getByRole('textbox', { name: 'Expiration date (MM/YY)' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Payment Methods' }).getByRole('listitem').filter({ hasText: '•••• 4242' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing Address' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: SAME_AS_PRACTICE })).toBeChecked();
  await expect(page.getByText(/Net 30 customer/)).toHaveCount(0);
  await expectAccessible(page, { label: '/settings/billing, per order, with a saved card' });
});

test('in the dark theme both tabs pass axe, the billing address with its own fields and their messages', async ({ page }) => {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'dark'] as const);
  await openSignedIn(page, 'hcp.net30', '/kits');
  await openSettingsTab(page, 'Practice', '/settings/organization');
  await expect(page.getByRole('radiogroup', { name: 'Fulfillment type' })).toBeVisible();
  await expectAccessible(page, { label: '/settings/organization (dark)' });

  await page.getByRole('tab', { name: 'Billing' }).click();
  await page.getByRole('checkbox', { name: SAME_AS_PRACTICE }).uncheck();
  await page.getByLabel('Address line 1').fill('');
  await page.getByRole('button', { name: 'Save Billing Address' }).click();
  await expect(page.getByText('Address Line 1 is required')).toBeVisible();
  await expectAccessible(page, { label: '/settings/billing, Net 30, own billing address with a refused field (dark)' });
});
