import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { PRACTICE_IDS, SEED_PRODUCTS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { chooseOption, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Checkout and order success against the reference server (ordering §2, §4, §5): a Net 30 practice ships three
 * products to itself and finds the order again after a reload; a digital practice orders without an address; a
 * refused country, a PO box, a server error and a double click each do what the spec says. The checkout and the
 * success page pass axe in light and dark.
 */

const nameOf = (id: number): string => {
  const product = SEED_PRODUCTS.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`the seed has no product ${id}`);
  return product.name;
};
const THREE = [nameOf(79), nameOf(1), nameOf(78)];
const NOT_SHIPPABLE = 'We currently do not support shipping to this country. Please select a different country.';
const PO_BOX = 'We cannot ship to PO Boxes. Please enter a new address.';

test.beforeEach(async ({ request }) => resetDatabase(request));

async function orderCount(request: APIRequestContext, practiceId: number): Promise<number> {
  const response = await request.get(`/portalApi/__test/orders/count?practiceId=${practiceId}`);
  expect(response.ok()).toBe(true);
  const { count } = (await response.json()) as { count: number };
  return count;
}

/** Every order the page sends, to count them and read their bodies. */
function recordOrders(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/portalApi/Orders/') sent.push(request);
  });
  return sent;
}

/**
 * One order sent: tokens live 4 s here, so its request may be refused for an expired token (401, nothing done) and
 * sent again after the refresh, with the same Idempotency-Key. Apart from such a refusal, exactly one answer.
 */
async function expectOneOrderSent(sent: readonly Request[]) {
  expect(new Set(sent.map((request) => request.headers()['idempotency-key'])).size).toBe(1);
  const statuses = await Promise.all(sent.map(async (request) => (await request.response())?.status()));
  expect(statuses.filter((status) => status !== 401)).toEqual([200]);
}

async function fillCart(page: Page, username: string, products: readonly string[]) {
  await openSignedIn(page, username, '/orders/new');
  for (const name of products) {
    await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByText(name)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/orders/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });

/** Opens a searchable select, types, and takes the first match with Enter, as a keyboard user does. */
async function fillOtherAddress(page: Page) {
  await page.getByRole('radio', { name: 'Ship to Other Address' }).check();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.test');
  await page.getByLabel('Phone number').fill('(312) 555-0101');
  await page.getByLabel('Address line 1').fill('1 Analytical Row');
  await page.getByLabel('City').fill('Chicago');
  await chooseOption(page, 'State', 'Illinois');
  await page.getByLabel('Zip code').fill('60611');
}

for (const theme of ['light', 'dark'] as const) {
  test(`a Net 30 practice ships three products to itself and sees the order again after a reload (${theme} theme)`, async ({
    page,
    request,
  }) => {
    // A whole purchase with three accessibility checks and a reload: longer than one page's test.
    test.slow();
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    const before = await orderCount(request, PRACTICE_IDS.lakeside);
    const orders = recordOrders(page);
    await fillCart(page, 'hcp.net30', THREE);

    await expect(page.getByRole('link', { name: 'Back to Order' })).toHaveAttribute('href', '/orders/new');
    await expect(page.getByText('Volume discounts apply to larger orders.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Ship to Practice' })).toBeChecked();
    await expect(page.getByText('Practice Address', { exact: true })).toBeVisible();
    await expect(page.getByText('Net 30 Payment Terms')).toBeVisible();
    await expect(placeOrder(page)).toBeEnabled();
    await expectAccessible(page, { label: `/orders/checkout shipping to the practice (${theme})` });

    // The other address's form, with its messages, passes too.
    await page.getByRole('radio', { name: 'Ship to Other Address' }).check();
    await placeOrder(page).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expectAccessible(page, { label: `/orders/checkout with field messages (${theme})` });
    await page.getByRole('radio', { name: 'Ship to Practice' }).check();

    await placeOrder(page).click();
    await expect(page).toHaveURL(/\/orders\/success\?number=/);
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Order placed successfully.' })).toBeVisible();
    const number = new URL(page.url()).searchParams.get('number') ?? '';
    expect(number).not.toBe('');
    for (const name of THREE) await expect(page.getByRole('cell', { name })).toBeVisible();
    await expect(page.getByText('Order total')).toBeVisible();
    await expectAccessible(page, { label: `/orders/success (${theme})` });

    await expectOneOrderSent(orders);
    expect(orders[0]?.postDataJSON()).toMatchObject({ shipTo: 'Clinic', customerInformation: null, paymentMethod: null, fulfillment: 1 });
    expect(await orderCount(request, PRACTICE_IDS.lakeside)).toBe(before + 1);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Orders' })).toHaveAttribute('href', '/orders');
    // The cart was emptied by the order.
    await page.goto('/orders/checkout');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Catalog' })).toHaveAttribute('href', '/orders/catalog');
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`on a 375 × 812 phone the order summary comes before Place Order (${theme} theme)`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await openSignedIn(page, 'hcp.net30', '/orders/new');
    // On a phone the cart is behind the button at the bottom of the screen.
    await page
      .getByRole('article', { name: nameOf(79) })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await page.getByRole('button', { name: /^View Cart \(1 item\)/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('list', { name: 'Cart items' }).getByText(nameOf(79))).toBeVisible();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL('/orders/checkout');

    const summary = page.getByRole('list', { name: 'Cart items' });
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeEnabled();
    const summaryBox = await summary.boundingBox();
    const buttonBox = await placeOrder.boundingBox();
    if (!summaryBox || !buttonBox) throw new Error('the summary and Place Order must both be drawn');
    expect(summaryBox.y + summaryBox.height).toBeLessThan(buttonBox.y);
    await expectAccessible(page, { label: `/orders/checkout on a phone (${theme})` });
  });
}

test('a digital practice orders without any shipping information', async ({ page, request }) => {
  const before = await orderCount(request, PRACTICE_IDS.mapleStreet);
  const orders = recordOrders(page);
  await fillCart(page, 'unknown.unit', [nameOf(1)]);
  await expect(page.getByText('Digital Order')).toBeVisible();
  await expect(page.getByText('Delivery Method')).toHaveCount(0);
  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  expect(orders[0]?.postDataJSON()).toMatchObject({ customerInformation: null, shippingInformation: null, fulfillment: 0 });
  expect(await orderCount(request, PRACTICE_IDS.mapleStreet)).toBe(before + 1);
});

test('a refused country, a PO box and a server error each keep the order back; a double click then places exactly one', async ({
  page,
  request,
}) => {
  test.slow();
  const before = await orderCount(request, PRACTICE_IDS.lakeside);
  const orders = recordOrders(page);
  await fillCart(page, 'hcp.net30', [nameOf(79), nameOf(74)]);
  await fillOtherAddress(page);

  // Ordering §5: a country the lab does not ship to is said under the field and disables Place Order.
  await chooseOption(page, 'Country', 'Brazil');
  await expect(page.getByText(NOT_SHIPPABLE)).toBeVisible();
  await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
  await expect(placeOrder(page)).toBeDisabled();
  await chooseOption(page, 'Country', 'United States of America');
  await expect(page.getByText(NOT_SHIPPABLE)).toHaveCount(0);
  await chooseOption(page, 'State', 'Illinois');
  await expect(placeOrder(page)).toBeEnabled();

  // A PO box is refused on the page; nothing is sent.
  await page.getByLabel('Address line 1').fill('PO Box 1200');
  await placeOrder(page).click();
  await expect(page.getByText(PO_BOX)).toBeVisible();
  expect(orders).toHaveLength(0);
  await page.getByLabel('Address line 1').fill('1 Analytical Row');
  await expect(page.getByText(PO_BOX)).toHaveCount(0);

  // A refusal from the server is shown as it is; the cart and every value stay.
  await page.route('**/portalApi/Orders/', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Card declined by issuer' } }) : route.fallback(),
  );
  await placeOrder(page).click();
  await expect(page.getByText('Card declined by issuer')).toBeVisible();
  await expect(page).toHaveURL('/orders/checkout');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.test');
  await expect(page.getByLabel('Address line 1')).toHaveValue('1 Analytical Row');
  await expect(page.getByLabel('Zip code')).toHaveValue('60611');
  await expect(page.getByRole('list', { name: 'Cart items' }).getByText(nameOf(79))).toBeVisible();
  expect(await orderCount(request, PRACTICE_IDS.lakeside)).toBe(before);
  await page.unroute('**/portalApi/Orders/');

  // A double click sends one request and places one order.
  const sentBefore = orders.length;
  await placeOrder(page).dblclick();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expectOneOrderSent(orders.slice(sentBefore));
  expect(orders.at(-1)?.postDataJSON()).toMatchObject({
    shipTo: 'Patient',
    customerInformation: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '(312) 555-0101' },
    shippingInformation: {
      country: 'US',
      state: 'IL',
      city: 'Chicago',
      zipCode: '60611',
      addressLine1: '1 Analytical Row',
      addressLine2: '',
    },
  });
  expect(await orderCount(request, PRACTICE_IDS.lakeside)).toBe(before + 1);
});
