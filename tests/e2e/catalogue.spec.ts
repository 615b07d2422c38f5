import { expect, test, type Page } from '@playwright/test';
import { SEED_PRODUCTS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { CatalogueText } from '../../src/model/orders/texts';
import { productKind } from '../../src/model/orders/product-kinds';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The catalogue and its tiered cart against the reference server (ordering §2, §3, §4): the catalogue's
 * order, a cart priced by the server's volume tiers, kept over a reload and followed by another tab, and
 * prices only for HCP. Every page and the tiers dialog pass axe in light and dark.
 */

const nameOf = (id: number): string => {
  const product = SEED_PRODUCTS.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`the seed has no product ${id}`);
  return product.name;
};
const COMBO = nameOf(79);
const HEALTH = nameOf(78);
const PRIORITY_NAMES = [79, 1, 78, 74, 47].map(nameOf);
const namesOf = (kind: 'kit' | 'processing') =>
  SEED_PRODUCTS.filter((product) => productKind(product) === kind)
    .map((product) => product.name)
    .sort();
const KIT_NAMES = namesOf('kit');
const PROCESSING_NAMES = namesOf('processing');

test.beforeEach(async ({ request }) => resetDatabase(request));

const cartItems = (page: Page) => page.getByRole('list', { name: 'Cart items' });
/** The amount the summary shows beside a term (Subtotal, Discount, Shipping, Total). */
const amount = (page: Page, term: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
const cartQuantity = (page: Page, name: string) =>
  cartItems(page)
    .getByRole('group', { name: `Quantity of ${name}` })
    .getByRole('textbox', { name: 'Quantity' });

async function addToCart(page: Page, name: string) {
  await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
}

async function openCreateOrder(page: Page, username: string) {
  // Remembered, so that a second tab of the same browser is signed in too.
  await openSignedIn(page, username, '/orders/new', { remember: true });
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

test('an HCP builds a tiered cart: catalogue order, totals and tier messages, kept over a reload', async ({ page }) => {
  await openCreateOrder(page, 'hcp.net30');
  const headings = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(headings.slice(0, 5)).toEqual(PRIORITY_NAMES);
  await expect(page.getByText('Prices shown are the standard tiers (1–9 units)')).toBeVisible();
  await expect(page.getByText('Free shipping and handling on all domestic orders.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();

  await addToCart(page, COMBO);
  await expect(cartItems(page).getByText('Add 9 more kit(s) to reach Silver tier and save $15.00 per kit ($150.00 total)!')).toBeVisible();
  await expect(amount(page, 'Subtotal')).toHaveText('$550.00');
  await expect(amount(page, 'Shipping')).toHaveText('Free');
  await expect(amount(page, 'Total')).toHaveText('$550.00');
  await expect(amount(page, 'Discount')).toHaveCount(0);

  // Ten kits reach Silver: $15 off each, and the next message points at Gold.
  await cartQuantity(page, COMBO).fill('10');
  await expect(cartItems(page).getByText('Add 15 more kit(s) to reach Gold tier and save $30.00 per kit ($750.00 total)!')).toBeVisible();
  await expect(amount(page, 'Subtotal')).toHaveText('$5,500.00');
  await expect(amount(page, 'Discount')).toHaveText('-$150.00');
  await expect(amount(page, 'Total')).toHaveText('$5,350.00');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();

  await page.reload();
  await expect(cartQuantity(page, COMBO)).toHaveValue('10');
  await expect(amount(page, 'Total')).toHaveText('$5,350.00');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/orders/checkout');
});

test('another tab of the same browser follows the cart both ways', async ({ page, context }) => {
  await openCreateOrder(page, 'hcp.net30');
  await addToCart(page, COMBO);
  await cartQuantity(page, COMBO).fill('10');
  await expect(amount(page, 'Total')).toHaveText('$5,350.00');

  const other = await context.newPage();
  await other.goto('/orders/new');
  await expect(cartQuantity(other, COMBO)).toHaveValue('10');
  await addToCart(page, HEALTH);
  await expect(cartItems(other).getByText(HEALTH)).toBeVisible();
  await expect(amount(other, 'Total')).toHaveText('$5,725.00');
  await cartItems(other).getByRole('listitem').filter({ hasText: COMBO }).getByRole('button', { name: 'Remove from cart' }).click();
  await expect(cartItems(page).getByText(COMBO)).toHaveCount(0);
  await expect(amount(page, 'Total')).toHaveText('$375.00');
});

test('an institution sees the array processing only, and neither a price nor the price notice nor View tiers', async ({ page }) => {
  await openCreateOrder(page, 'irc.user');
  const headings = await page.getByRole('article').getByRole('heading').allTextContents();
  expect([...headings].sort()).toEqual(PROCESSING_NAMES);
  await expect(page.getByText('Prices shown are the standard tiers (1–9 units)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View tiers' })).toHaveCount(0);
  await addToCart(page, PROCESSING_NAMES[0] ?? '');
  await expect(cartQuantity(page, PROCESSING_NAMES[0] ?? '')).toHaveValue('1');
  await expect(amount(page, 'Shipping')).toHaveText('Included');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  await expect(page.getByRole('main')).not.toContainText(/\$\d/);
  await expect(amount(page, 'Total')).toHaveCount(0);
});

test('a clinic sees its test kits only, none of the array processing', async ({ page }) => {
  await openCreateOrder(page, 'hcp.net30');
  const headings = await page.getByRole('article').getByRole('heading').allTextContents();
  expect([...headings].sort()).toEqual(KIT_NAMES);
});

/** Two checks per theme, each under its own sign-in, so that axe's runs stay well inside the test timeout. */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    });

    test('the new order page passes axe with an empty cart and with a tiered one', async ({ page }) => {
      await openCreateOrder(page, 'hcp.checkout');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expectAccessible(page, { label: `/orders/new with an empty cart (${theme})` });

      await addToCart(page, COMBO);
      await cartQuantity(page, COMBO).fill('12');
      await expect(amount(page, 'Discount')).toHaveText('-$180.00');
      await expectAccessible(page, { label: `/orders/new with a tiered cart (${theme})` });
    });

    test('on a 375 × 812 phone the cart button stays at the bottom with the count and total, and opens the cart in a drawer', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await openCreateOrder(page, 'hcp.checkout');
      // The cart beside the catalogue gives way to the button on a phone.
      await expect(cartItems(page)).toBeHidden();
      await addToCart(page, COMBO);
      const bar = page.getByRole('button', { name: 'View Cart (1 item) $550.00' });
      await expect(bar).toBeVisible();
      await addToCart(page, HEALTH);
      await expect(page.getByRole('button', { name: 'View Cart (2 items) $925.00' })).toBeVisible();
      // Still at the bottom of the screen once the catalogue has scrolled to its end.
      await page.mouse.wheel(0, 10_000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const box = await page.getByRole('button', { name: 'View Cart (2 items) $925.00' }).boundingBox();
      if (!box) throw new Error('the cart button must be drawn');
      expect(box.y + box.height).toBeGreaterThan(812 - 40);
      expect(box.y + box.height).toBeLessThanOrEqual(812);
      await expectAccessible(page, { label: `/orders/new on a phone with the cart button (${theme})` });

      await page.getByRole('button', { name: 'View Cart (2 items) $925.00' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
      await expect(drawer.getByRole('list', { name: 'Cart items' }).getByText(COMBO)).toBeVisible();
      await expect(
        drawer
          .getByRole('term')
          .filter({ hasText: /^Total$/ })
          .locator('xpath=following-sibling::dd[1]'),
      ).toHaveText('$925.00');
      await expect(drawer.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
      await expectAccessible(page, { include: '.ant-drawer', label: `cart drawer on a phone (${theme})` });
      await drawer.getByRole('button', { name: 'Close cart' }).click();
      await expect(drawer).toBeHidden();
    });

    test('the tiers dialog and the catalogue page pass axe', async ({ page }) => {
      await openCreateOrder(page, 'hcp.checkout');
      await addToCart(page, COMBO);
      await page.getByRole('button', { name: 'View tiers' }).click();
      const dialog = page.getByRole('dialog', { name: 'Volume discount tiers' });
      const tiers = dialog.getByRole('img', { name: CatalogueText.tiersImageAlt });
      await expect(tiers).toBeVisible();
      // The drawing really loaded from the server's pricing data: no broken image.
      await expect.poll(() => tiers.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      // The page behind it was checked on its own; this check is the dialog's.
      await expectAccessible(page, { include: '.ant-modal', label: `tiers dialog (${theme})` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await page.goto('/orders/catalog');
      await expect(page.getByRole('heading', { name: 'Product Catalog' })).toBeVisible();
      await expect(page.getByText('Prices shown are the base rates (1–9 units). Volume discounts apply', { exact: true })).toBeVisible();
      await expect(cartQuantity(page, COMBO)).toHaveValue('1');
      await expect(amount(page, 'Total')).toHaveText('$550.00');
      await expectAccessible(page, { label: `/orders/catalog (${theme})` });
    });
  });
}
