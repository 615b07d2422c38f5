import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { blockCardProvider, resetCardProvider, TEST_CARDS, useFakeCardProvider } from './card-provider';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The Payment Methods panel of the billing settings (ordering §2, §4, §5, §8) for a card payer, against the
 * reference server keeping cards at the fake card provider, with the fake of the provider's browser script.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
  await resetCardProvider(request);
});

const NOT_CONFIGURED = 'Payment system is not properly configured. Please contact support.';

async function openBilling(page: Page) {
  // Riverside Family Medicine pays per order, by card.
  await openSignedIn(page, 'hcp.checkout', '/settings/billing');
}

const panel = (page: Page) => page.getByRole('heading', { name: 'Payment Methods' });
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Payment Method' });
const savedCards = (page: Page) => page.getByRole('list', { name: 'Payment Methods' }).getByRole('listitem');
const savedCard = (page: Page, last4: string) => savedCards(page).filter({ hasText: `•••• ${last4}` });

/** Opens the modal and types the card into the provider's inputs. */
async function typeNewCard(page: Page, number: string, expiry: string, cvc = '123') {
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = addDialog(page);
  await expect(dialog).toBeVisible();
  const card = dialog.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date (MM/YY)' }).fill(expiry);
  await card.getByRole('textbox', { name: 'CVC' }).fill(cvc);
  return dialog;
}

async function addCard(page: Page, number: string, expiry: string) {
  const dialog = await typeNewCard(page, number, expiry);
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment method attached successfully' }).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a card payer adds two cards, makes the second the default, and deletes the first after confirming', async ({ page }) => {
  await useFakeCardProvider(page);
  await openBilling(page);
  await expect(panel(page)).toBeVisible();
  await expect(page.getByText('No payment methods added yet.')).toBeVisible();

  await addCard(page, TEST_CARDS.visa, '12 / 34');
  const visa = savedCard(page, '4242');
  await expect(visa).toContainText('visa •••• 4242');
  await expect(visa).toContainText('12/2034');
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  // The only card, default or not, may be deleted.
  await expect(visa.getByRole('button', { name: 'Delete' })).toBeEnabled();

  await addCard(page, TEST_CARDS.mastercard, '03 / 33');
  const mastercard = savedCard(page, '4444');
  await expect(mastercard).toContainText('mastercard •••• 4444');
  await expect(mastercard).toContainText('03/2033');
  await expect(mastercard.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(savedCards(page)).toHaveCount(2);

  await mastercard.getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment method set as default' })).toBeVisible();
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(visa.getByRole('button', { name: 'Set Default' })).toBeVisible();

  // Ordering §4: a default card cannot be deleted while other cards exist, and the button says why.
  const deleteDefault = mastercard.getByRole('button', { name: 'Delete' });
  await expect(deleteDefault).toBeDisabled();
  await expect(deleteDefault).toHaveAccessibleDescription('Set another card as default before deleting this one');

  await visa.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to remove this payment method?' });
  await expect(question).toContainText('visa •••• 4242');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(savedCards(page)).toHaveCount(2);

  await visa.getByRole('button', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment method deleted.' })).toBeVisible();
  await expect(savedCards(page)).toHaveCount(1);
  await expect(savedCard(page, '4444').getByRole('button', { name: 'Delete' })).toBeEnabled();

  // The cards are the provider's: a reload lists them again from the server.
  await page.reload();
  await expect(savedCard(page, '4444').getByText('Default', { exact: true })).toBeVisible();
  await expect(savedCards(page)).toHaveCount(1);
});

test("a declined card shows the provider's message in the modal, which stays open, and nothing is saved", async ({ page }) => {
  await useFakeCardProvider(page);
  await openBilling(page);
  await expect(page.getByText('No payment methods added yet.')).toBeVisible();
  const dialog = await typeNewCard(page, TEST_CARDS.declined, '12 / 34');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');
  await expect(dialog.getByRole('button', { name: 'Add Payment Method' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No payment methods added yet.')).toBeVisible();
});

test('incomplete details are refused in the modal with "Please enter valid card details"', async ({ page }) => {
  await useFakeCardProvider(page);
  await openBilling(page);
  const dialog = await typeNewCard(page, '4242 4242', '');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://api.stripe.com/') || request.url().includes('/Attach')) calls.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter valid card details');
  expect(calls).toEqual([]);
});

/**
 * Issue 40 point 5: the saved cards are the portal's, so they show whatever the card provider's state; only adding a
 * card needs the provider. A blocked provider script stands in for a build without a publishable key: both leave the
 * page without a provider (contract decisions), and the view tests cover the keyless build itself.
 */
for (const { device, viewport } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 } },
  { device: 'phone', viewport: { width: 375, height: 812 } },
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`when the provider's script cannot load, the saved cards are listed and work, and only Add says "${NOT_CONFIGURED}" (${device}, ${theme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await useFakeCardProvider(page);
      await openBilling(page);
      await expect(page.getByText('No payment methods added yet.')).toBeVisible();
      await addCard(page, TEST_CARDS.visa, '12 / 34');
      await addCard(page, TEST_CARDS.mastercard, '03 / 33');

      // From now on the provider's host is unreachable, as on a network that blocks it.
      await page.unroute('https://js.stripe.com/**');
      await blockCardProvider(page);
      await page.reload();
      await expect(savedCards(page)).toHaveCount(2);
      await expect(savedCard(page, '4242')).toContainText('visa •••• 4242');
      await expect(savedCard(page, '4444')).toContainText('mastercard •••• 4444');
      await expect(page.getByText(NOT_CONFIGURED)).toHaveCount(0);
      await expectAccessible(page, { label: `saved cards without the card provider (${device}, ${theme})` });

      // Making another card the default and deleting one go on working: they are the portal's calls.
      await savedCard(page, '4444').getByRole('button', { name: 'Set Default' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Payment method set as default' })).toBeVisible();
      await expect(savedCard(page, '4444').getByText('Default', { exact: true })).toBeVisible();
      await savedCard(page, '4242').getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Are you sure you want to remove this payment method?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Payment method deleted.' })).toBeVisible();
      await expect(savedCards(page)).toHaveCount(1);

      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = addDialog(page);
      await expect(dialog.getByRole('alert')).toHaveText(NOT_CONFIGURED);
      await expect(dialog.getByRole('button', { name: 'Add Payment Method' })).toHaveCount(0);
      await expectAccessible(page, { label: `Add Payment Method without the card provider (${device}, ${theme})` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(savedCards(page)).toHaveCount(1);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await useFakeCardProvider(page);
      await openBilling(page);
      await expect(page.getByText('No payment methods added yet.')).toBeVisible();
    });

    test('the empty panel and the Add Payment Method modal with its errors pass axe', async ({ page }) => {
      await expectAccessible(page, { label: `payment methods, empty (${theme})` });
      const dialog = await typeNewCard(page, '4242 4242 4242 4241', '12 / 34');
      await expect(dialog.getByRole('alert')).toHaveText('Your card number is invalid.');
      await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Please enter valid card details' })).toBeVisible();
      await expectAccessible(page, { label: `Add Payment Method modal with its errors (${theme})` });
    });

    test('the panel with saved cards and the delete question pass axe', async ({ page }) => {
      await addCard(page, TEST_CARDS.visa, '12 / 34');
      await addCard(page, TEST_CARDS.mastercard, '03 / 33');
      await expectAccessible(page, { label: `payment methods with two cards (${theme})` });
      await savedCard(page, '4444').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog', { name: 'Are you sure you want to remove this payment method?' })).toBeVisible();
      await expectAccessible(page, { label: `delete question (${theme})` });
    });
  });
}
