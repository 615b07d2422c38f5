import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as v from 'valibot';
import { E2E_CARD_PROVIDER } from '../../playwright.config';
import { PRACTICE_IDS, SEED_PRODUCTS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { TestOrderCountSchema } from '../../src/model/test-support';
import { resetCardProvider, TEST_CARDS, useFakeCardProvider } from './card-provider';
import { expectAccessible, mainMenu, openSignedIn, resetDatabase } from './support';

/**
 * A card payer's whole purchase (ordering §2, §4, §5, §9), against the reference server keeping cards at the
 * fake card provider: two cards added through the provider's script, the second made the default, then an
 * order paid with that default, preselected at checkout. The provider records exactly one charge, on that card.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
  await resetCardProvider(request);
});

const MethodsSchema = v.array(v.looseObject({ id: v.string(), last4: v.string(), isDefault: v.boolean() }));
const IntentsSchema = v.object({ data: v.array(v.looseObject({ amount: v.number(), payment_method: v.string(), status: v.string() })) });

async function charges(request: APIRequestContext) {
  const response = await request.get(`${E2E_CARD_PROVIDER.url}/__fake/payment_intents?practiceId=${PRACTICE_IDS.riverside}`);
  expect(response.ok()).toBe(true);
  return v.parse(IntentsSchema, await response.json()).data;
}

async function orderCount(request: APIRequestContext) {
  const response = await request.get(`/portalApi/__test/orders/count?practiceId=${PRACTICE_IDS.riverside}`);
  return v.parse(TestOrderCountSchema, await response.json()).count;
}

async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  const card = dialog.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date (MM/YY)' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(dialog).toBeHidden();
}

for (const theme of ['light', 'dark'] as const) {
  test(`a card payer adds a card, makes it the default and pays an order with it (${theme} theme)`, async ({ page, request }) => {
    test.slow();
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await useFakeCardProvider(page);
    await openSignedIn(page, 'hcp.checkout', '/kits');
    await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();

    await mainMenu(page).filter({ hasText: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Billing' }).click();
    await addCard(page, TEST_CARDS.visa);
    await addCard(page, TEST_CARDS.mastercard);
    const cards = page.getByRole('list', { name: 'Payment Methods' }).getByRole('listitem');
    const mastercard = cards.filter({ hasText: '•••• 4444' });
    await mastercard.getByRole('button', { name: 'Set Default' }).click();
    await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();

    await mainMenu(page).filter({ hasText: 'Create Order' }).click();
    const product = SEED_PRODUCTS.find((candidate) => candidate.id === 79);
    if (!product) throw new Error('the seed has no product 79');
    await page.getByRole('article', { name: product.name }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    // The cards the checkout offers, as the server listed them, to know which one was charged. Answered calls only:
    // access tokens live 4 s here, so a call may be refused once (401) and sent again after a refresh.
    const listedAtCheckout = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/portalApi/Payments/Methods' && response.request().method() === 'GET' && response.ok(),
    );
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

    // Ordering §4: the default card is preselected among the saved ones.
    await expect(page.getByRole('radio', { name: 'Use a saved card' })).toBeChecked();
    const saved = page.getByRole('radiogroup', { name: 'Saved cards' });
    await expect(saved.getByRole('radio', { name: /4444/ })).toBeChecked();
    await expect(saved.getByRole('radio', { name: /4242/ })).not.toBeChecked();
    await expectAccessible(page, { label: `checkout of a card payer, ${theme}` });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible({ timeout: 20_000 });
    expect(await orderCount(request)).toBe(1);
    const [charge, ...more] = await charges(request);
    expect(more).toEqual([]);
    expect(charge).toMatchObject({ amount: (product.price ?? 0) * 100, status: 'succeeded' });
    const methods = v.parse(MethodsSchema, await (await listedAtCheckout).json());
    const preferred = methods.find((method) => method.isDefault);
    expect(preferred?.last4).toBe('4444');
    expect(charge?.payment_method).toBe(preferred?.id);
  });
}
