import { expect, type Page } from '@playwright/test';
import { HARBOR, NET30_CREDENTIALS, RESEARCH_CREDENTIALS, SUMMIT } from './contract/portal-api-fake';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { switcherButtonName } from '../../src/model/auth/practice-switcher';
import { expectAccessible } from './support';
import { QuizText } from '../../src/model/orders/quiz';
import { FAKE_PRODUCTS } from './contract/portal-api-ordering';
import { productKind } from '../../src/model/orders/product-kinds';
import { contractTest, signInToPortal } from './contract/contract-test';
import { closeCart, openCart } from './cart-drawer';

/**
 * The buying path against the in-test fake written from the documents (ordering §3 and §7, README decisions), not
 * the reference server: a Net 30 practice goes from the catalogue to the checkout to the success page, and what
 * the page sent is checked field by field against the contract.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const productOf = (id: number) => {
  const product = FAKE_PRODUCTS.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`the fake has no product ${id}`);
  return product;
};
const COMBO = productOf(79);
const AGE = productOf(1);

const signIn = (page: Page) => signInToPortal(page, NET30_CREDENTIALS);

test('a Net 30 practice orders from the catalogue through the checkout, sending exactly what the contract says', async ({ page, api }) => {
  await signIn(page);
  await page.goto('/orders/catalog');
  await expect(page.getByRole('heading', { name: 'Product Catalog' })).toBeVisible();

  await page.getByRole('article', { name: COMBO.name }).getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('list', { name: 'Cart items' });
  await expect(cart.getByText(COMBO.name)).toBeVisible();
  // The cart's price calculation (README decisions): US, an empty zip code, product uids.
  await expect.poll(() => api.callsTo('POST', '/Orders/Calculate').length).toBeGreaterThan(0);
  expect(api.callsTo('POST', '/Orders/Calculate')[0]?.body).toStrictEqual({
    country: 'US',
    zipCode: '',
    items: [{ productId: COMBO.uid, quantity: 1 }],
  });
  await page.getByRole('article', { name: AGE.name }).getByRole('button', { name: 'Add to Cart' }).click();
  await cart
    .getByRole('group', { name: `Quantity of ${AGE.name}` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Net 30 Payment Terms')).toBeVisible();
  await expect(page.getByText(/Your billing information is incomplete/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  expect(api.ordering.placedOrders()).toHaveLength(1);
  const number = api.ordering.placedOrders()[0]?.number;
  if (typeof number !== 'string') throw new Error('the fake placed no order with a number');
  await expect(page).toHaveURL(`/orders/success?number=${number}`);
  await expect(page.getByText(number, { exact: true })).toBeVisible();

  const order = api.lastCallTo('POST', '/Orders/');
  expect(order.status).toBe(200);
  expect(order.headers['idempotency-key'], 'the Idempotency-Key header').toMatch(/\S/);
  const body = order.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([
    'customerInformation',
    'fulfillment',
    'items',
    'paymentMethod',
    'shipTo',
    'shippingInformation',
  ]);
  // Shipping to the practice: "Clinic", no customer; a Net 30 practice sends no payment method.
  expect(body.shipTo).toBe('Clinic');
  expect(body.customerInformation).toBeNull();
  expect(body.paymentMethod).toBeNull();
  expect(body.fulfillment).toBe(1);
  expect(body.shippingInformation).toStrictEqual({
    country: 'US',
    state: 'IL',
    city: 'Chicago',
    zipCode: '60611',
    addressLine1: '21 Lakeshore Drive',
    addressLine2: 'Suite 300',
  });
  // Items by product uid, with whole-number quantities.
  expect(body.items).toStrictEqual([
    { productId: COMBO.uid, quantity: 1 },
    { productId: AGE.uid, quantity: 2 },
  ]);
  expect(api.lastCallTo('POST', '/Orders/ValidateGeoShipping').body).toStrictEqual({ isDTC: false, countryCode: 'US' });
  // The success page read the order back by its number.
  expect(api.callsTo('GET', `/Orders/${number}`)).not.toHaveLength(0);
  expect(api.unknownCalls()).toEqual([]);
});

test('the order quiz recommends products as the service describes them, and adds one to the cart', async ({ page, api }) => {
  await signIn(page);
  await page.goto('/orders/quiz');
  await page.getByRole('button', { name: QuizText.services.combo }).click();
  // Name and description come from GET /Products; the price is the quiz's own (ordering §9).
  const recommended = page.getByRole('list', { name: QuizText.recommendedProducts }).getByRole('listitem', { name: COMBO.name });
  await expect(recommended).toBeVisible();
  await expect(recommended).toContainText('$550.00');
  expect(api.callsTo('GET', '/Products').length).toBeGreaterThan(0);
  await recommended.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('list', { name: 'Cart items' }).getByText(COMBO.name)).toBeVisible();
  await expect
    .poll(() => api.callsTo('POST', '/Orders/Calculate').at(-1)?.body)
    .toStrictEqual({
      country: 'US',
      zipCode: '',
      items: [{ productId: COMBO.uid, quantity: 1 }],
    });
});

/**
 * Ordering §3 (the cart in cart-storage) with the switch of access §4: a cart filled at Harbor is Harbor's. Summit,
 * the same person's other practice, shows its own cart, and Harbor's is there again after switching back.
 */
async function switchTo(page: Page, from: string, to: string, phone: boolean) {
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/');
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: switcherButtonName(from) }).click();
  await page
    .getByRole('menu', { name: 'Switch practice' })
    .getByRole('menuitem', { name: new RegExp(to) })
    .click();
  await reloaded;
  await expect(page.getByRole('status').filter({ hasText: 'Account switched successfully' })).toBeVisible();
  await page.goto('/orders/new');
  await expect(page.getByRole('heading', { name: 'Create New Order' })).toBeVisible();
}

const namesOf = (kind: 'kit' | 'processing') =>
  FAKE_PRODUCTS.filter((product) => productKind({ sku: typeof product.record.sku === 'string' ? product.record.sku : null }) === kind)
    .map((product) => product.name)
    .sort();

/**
 * Issue 40 item 5 against a service that lists every product to every practice: the portal offers a clinic its kits
 * and an institution its array processing, and only the clinic, which is shown prices, the price notice and View tiers.
 */
test('a clinic sees its kits only, with the price notice and View tiers', async ({ page, api }) => {
  await signIn(page);
  await page.goto('/orders/new');
  await expect(page.getByRole('article', { name: COMBO.name })).toBeVisible();
  expect([...(await page.getByRole('article').getByRole('heading').allTextContents())].sort()).toEqual(namesOf('kit'));
  await expect(page.getByText('Prices shown are the standard tiers (1–9 units)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View tiers' })).toBeVisible();
  // The service answered every product, array processing included: the portal left it out.
  expect(api.callsTo('GET', '/Products').length).toBeGreaterThan(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`an institution sees array processing only, without any price, the price notice or View tiers (${theme})`, async ({ page, api }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await signInToPortal(page, RESEARCH_CREDENTIALS);
    await page.goto('/orders/new');
    const processing = namesOf('processing');
    await expect(page.getByRole('article', { name: processing[0] })).toBeVisible();
    expect([...(await page.getByRole('article').getByRole('heading').allTextContents())].sort()).toEqual(processing);
    await expect(page.getByText('Prices shown are the standard tiers (1–9 units)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View tiers' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(/\$\d/);
    await expectAccessible(page, { label: `/orders/new of an institution, contract fake (${theme})` });
    expect(api.callsTo('GET', '/Products').length).toBeGreaterThan(0);
  });
}

for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'dark' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'light' },
] as const) {
  test.describe(`on a ${device}, in the ${theme} theme`, () => {
    test("switching practice shows that practice's own cart, and the first practice's cart is there again after switching back", async ({
      page,
      api,
    }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await signInToPortal(page);
      await page.setViewportSize(viewport);
      await page.goto('/orders/new');
      const phone = device === 'phone';
      await page.getByRole('article', { name: COMBO.name }).getByRole('button', { name: 'Add to Cart' }).click();
      let cart = await openCart(page, phone);
      await expect(cart.lines.getByText(COMBO.name)).toBeVisible();
      await closeCart(page, phone);

      await switchTo(page, HARBOR, SUMMIT, phone);
      cart = await openCart(page, phone);
      await expect(cart.region.getByText('Your cart is empty')).toBeVisible();
      await closeCart(page, phone);
      await page.getByRole('article', { name: AGE.name }).getByRole('button', { name: 'Add to Cart' }).click();
      cart = await openCart(page, phone);
      await expect(cart.lines.getByText(AGE.name)).toBeVisible();
      await expect(cart.lines.getByText(COMBO.name)).toHaveCount(0);
      await expectAccessible(page, { label: `Summit's own cart, contract fake (${device}, ${theme})` });
      await closeCart(page, phone);

      await switchTo(page, SUMMIT, HARBOR, phone);
      cart = await openCart(page, phone);
      await expect(cart.lines.getByText(COMBO.name)).toBeVisible();
      await expect(cart.lines.getByText(AGE.name)).toHaveCount(0);
      // Each practice's cart was priced under its own session: the last calculation is Harbor's combo alone.
      await expect
        .poll(() => api.callsTo('POST', '/Orders/Calculate').at(-1)?.body)
        .toStrictEqual({ country: 'US', zipCode: '', items: [{ productId: COMBO.uid, quantity: 1 }] });
      expect(api.unknownCalls()).toEqual([]);
    });
  });
}
