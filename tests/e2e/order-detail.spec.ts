import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { kitDisplayStatus } from '../../src/model/kits/kit-status';
import { ExampleReportText, OrderDetailText, OrderFactsText, ProductDetailsText } from '../../src/model/orders/order-detail-texts';
import { StatusHistoryText } from '../../src/model/orders/order-list-texts';
import { OrderingFailureText } from '../../src/model/orders/texts';
import { dollars } from '../../src/model/orders/pricing';
import { whatsIncluded } from '../../src/model/orders/product-details';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase, signInThroughApi } from './support';

/**
 * The order detail page against the reference server (ordering §2 "Order detail", §3, §4): hcp.checkout opens a
 * seeded Shipped order by its number and sees its title, date, badges, items and total; the status badge opens
 * the status history (Escape closes it, focus comes back); a product opens Product Details with its What's
 * Included list and an example report the server really serves; an unknown number says Order Not Found and a
 * failing server says Failed to load order and Error: with its message, and Try Again loads it. Issue 40: the page
 * tells where the order went, how it was paid, its tracking link and its kits with their status, on a desktop and a
 * phone. The page and both panels pass axe in light and dark.
 */

const USERNAME = 'hcp.checkout';

/**
 * What this journey reads of GET /Orders. The model's order schema is not imported: it pulls in the country list,
 * whose JSON the test runner cannot load.
 */
interface Order {
  number: string;
  orderDate: string;
  shippingType: string;
  deliveries: { trackingNumber: string; provider: number }[];
  items: { product: { id: number; name: string }; totalPrice: number }[];
}

test.beforeEach(async ({ request }) => resetDatabase(request));

/** A seeded Shipped order of the practice, read through the API as the list would. */
async function shippedOrder(request: APIRequestContext): Promise<Order> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username: USERNAME, password: DEMO_PASSWORD, rememberMe: false } });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const answer = await request.get('/portalApi/Orders?filter_status_equals=Shipped&pageSize=50', {
    headers: { Authorization: `Bearer ${accessToken.token}` },
  });
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as { items: Order[] };
  const order = page.items.find(
    (each) => each.deliveries.length > 0 && each.items.some((item) => whatsIncluded(item.product.id).length > 0),
  );
  if (!order) throw new Error('the seed has no Shipped order with a delivery and a catalogue product');
  return order;
}

async function openOrder(page: Page, number: string) {
  await page.goto(`/orders/${encodeURIComponent(number)}`);
  await expect(page.getByRole('heading', { name: OrderDetailText.title(number) })).toBeVisible();
}

/** Opens the history from the badge, checks it, closes it with Escape and finds focus back on the badge. */
async function historyRoundTrip(page: Page, order: Order, theme: string) {
  const badge = page.getByRole('button', { name: OrderDetailText.statusBadge('Shipped') });
  await badge.click();
  const history = page.getByRole('dialog', { name: StatusHistoryText.title });
  await expect(history).toBeVisible();
  await expect(history.getByText(order.number, { exact: true })).toBeVisible();
  await expect(history.getByRole('link', { name: /^Via (UPS|USPS|FedEx)$/ })).toBeVisible();
  await expectAccessible(page, { label: `status history (${theme})` });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(badge).toBeFocused();
}

/** Opens Product Details from a product name, checks it, closes it with Escape and finds focus back. */
async function productRoundTrip(page: Page, name: string, theme: string): Promise<string[]> {
  const opener = page.getByRole('button', { name, exact: true }).first();
  await opener.click();
  const panel = page.getByRole('dialog', { name: ProductDetailsText.title });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { name: ProductDetailsText.whatsIncluded })).toBeVisible();
  const links = panel.getByRole('link', { name: /^Example report/ });
  await expect(links.first()).toBeVisible();
  const hrefs: string[] = [];
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    hrefs.push((await link.getAttribute('href')) ?? '');
  }
  await expectAccessible(page, { label: `product details (${theme})` });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  return hrefs;
}

test('a Shipped order: title, date, badges, items and total; its history and its products open and close by keyboard, light and dark', async ({
  page,
  request,
}) => {
  // Eight axe passes (two themes, two panels, the report page) outgrow the default time-out on a loaded CI machine.
  test.slow();
  const order = await shippedOrder(request);
  await signInThroughApi(page, USERNAME);
  await openOrder(page, order.number);
  await expect(page).toHaveTitle(new RegExp(`^${OrderDetailText.title(order.number)}`));

  // Ordering §4's date format, as the status panel shows dates.
  await expect(page.getByText(dayjs(order.orderDate).format('MMM D, YYYY h:mm A'), { exact: true })).toBeVisible();
  await expect(page.getByText(order.shippingType === 'None' ? 'Digital' : 'Physical', { exact: true })).toBeVisible();
  const items = page.getByRole('table', { name: OrderDetailText.items });
  await expect(items.getByRole('columnheader')).toHaveText([
    OrderDetailText.product,
    OrderDetailText.unitPrice,
    OrderDetailText.discount,
    OrderDetailText.quantity,
    OrderDetailText.total,
  ]);
  for (const item of order.items) {
    const row = items.getByRole('row').filter({ has: page.getByRole('button', { name: item.product.name, exact: true }) });
    await expect(row.first()).toContainText(dollars(item.totalPrice));
  }
  const totalRow = items.getByRole('row').last();
  await expect(totalRow).toContainText(OrderDetailText.orderTotal);
  await expect(totalRow).toContainText(dollars(order.items.reduce((sum, item) => sum + item.totalPrice, 0)));
  await expectAccessible(page, { label: 'order detail (light)' });

  await historyRoundTrip(page, order, 'light');
  const product = order.items.find((item) => whatsIncluded(item.product.id).length > 0)?.product;
  if (!product) throw new Error('no catalogue product in the order');
  const hrefs = await productRoundTrip(page, product.name, 'light');

  await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  await page.reload();
  await expect(page.getByRole('heading', { name: OrderDetailText.title(order.number) })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(items).toBeVisible();
  await expectAccessible(page, { label: 'order detail (dark)' });
  await historyRoundTrip(page, order, 'dark');
  await productRoundTrip(page, product.name, 'dark');

  // Every example report link answers an example page built from the product, in a tab without the session.
  for (const href of hrefs) {
    const report = await request.get(href);
    expect(report.status(), href).toBe(200);
    expect(report.headers()['content-type']).toMatch(/^text\/html/);
    const body = await report.text();
    expect(body).toContain(ExampleReportText.notice);
    expect(body).toContain(product.name);
  }
  // The report page itself is accessible, in the light and the dark colour scheme.
  const report = await page.context().newPage();
  await report.goto(hrefs[0] ?? '');
  await expect(report.getByRole('heading', { level: 1 })).toContainText(product.name);
  await expectAccessible(report, { label: 'example report (light)' });
  await report.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(report, { label: 'example report (dark)' });
});

test('an unknown number says Order Not Found; a failing server says Failed to load order and Error: with its message', async ({ page }) => {
  await openSignedIn(page, USERNAME, '/orders/NO-SUCH-ORDER');
  await expect(page.getByRole('heading', { name: OrderDetailText.notFound })).toBeVisible();
  await expect(page.getByText(OrderDetailText.notFoundText('NO-SUCH-ORDER'), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: OrderDetailText.backToOrders })).toHaveAttribute('href', '/orders');
  await expectAccessible(page, { label: 'order not found' });

  await page.route('**/portalApi/Orders/BROKEN-1', (route) =>
    route.fulfill({ status: 500, json: { error: { message: 'The orders database is unavailable' }, correlationId: 'e2e' } }),
  );
  await page.goto('/orders/BROKEN-1');
  // Ordering §8's "Failed to load order", then the server's message after "Error: " (the client adds the
  // correlation id to any server message).
  await expect(page.getByRole('alert')).toContainText(OrderingFailureText.loadOrder);
  await expect(page.getByRole('alert')).toContainText(OrderDetailText.error('The orders database is unavailable'));
  await expect(page.getByRole('alert')).toHaveText(/^Failed to load orderError: The orders database is unavailable/);
  await expect(page.getByRole('heading', { name: OrderDetailText.notFound })).toHaveCount(0);
  await expectAccessible(page, { label: 'order load failure' });
});

/** The carriers' public tracking pages (ordering §3: UPS 1, USPS 2, FedEx 3), written out here as the oracle. */
const TRACKING: Record<number, { carrier: string; url: (number: string) => string }> = {
  1: { carrier: 'UPS', url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  2: { carrier: 'USPS', url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  3: { carrier: 'FedEx', url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
};

/** What this journey reads of GET /Orders/{number} beyond the list's fields (issue 40). */
interface OrderFacts extends Order {
  shipTo: string | null;
  payment: { method: string; brand: string | null; last4: string | null } | null;
  kits: { barcode: string; status: number; productName: string | null }[] | null;
}

/** A seeded Shipped order of the practice that has kits, a delivery and a card payment, read as the page reads it. */
async function orderWithKits(request: APIRequestContext): Promise<OrderFacts> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username: USERNAME, password: DEMO_PASSWORD, rememberMe: false } });
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const headers = { Authorization: `Bearer ${accessToken.token}` };
  const list = (await (await request.get('/portalApi/Orders?filter_status_equals=Shipped&pageSize=50', { headers })).json()) as {
    items: Order[];
  };
  for (const listed of list.items) {
    const order = (await (await request.get(`/portalApi/Orders/${listed.number}`, { headers })).json()) as OrderFacts;
    if (order.kits?.length && order.deliveries.length && order.payment?.method === 'Card' && order.payment.last4) return order;
  }
  throw new Error('the seed has no Shipped order with kits, a delivery and a card');
}

/** The order page's facts, as the order's answer says them. */
async function expectFacts(page: Page, order: OrderFacts, label: string) {
  const facts = page.getByRole('region', { name: OrderFactsText.facts });
  await expect(facts.getByRole('term')).toHaveText([OrderFactsText.shipTo, OrderFactsText.payment, OrderFactsText.tracking]);
  const definitions = facts.getByRole('definition');
  await expect(definitions.nth(0)).toContainText(order.shipTo === 'Patient' ? OrderFactsText.otherAddress : OrderFactsText.practice);
  const brand = order.payment?.brand ?? '';
  await expect(definitions.nth(1)).toHaveText(
    OrderFactsText.card(brand.charAt(0).toUpperCase() + brand.slice(1), order.payment?.last4 ?? ''),
  );
  const delivery = order.deliveries.at(-1);
  const tracking = delivery && TRACKING[delivery.provider];
  if (!delivery || !tracking) throw new Error(`order ${order.number} has no delivery by a known carrier`);
  const link = definitions.nth(2).getByRole('link', { name: new RegExp(`^${OrderFactsText.track(tracking.carrier)}`) });
  await expect(link).toHaveAttribute('href', tracking.url(delivery.trackingNumber));
  await expect(link).toHaveAttribute('target', '_blank');
  const kits = page.getByRole('table', { name: OrderFactsText.kits });
  for (const kit of order.kits ?? []) {
    const row = kits.getByRole('row').filter({ has: page.getByRole('link', { name: kit.barcode, exact: true }) });
    await expect(row).toContainText(kitDisplayStatus(kit.status));
    if (kit.productName) await expect(row).toContainText(kit.productName);
  }
  // Every product by its name, never a bare id.
  const items = page.getByRole('table', { name: OrderDetailText.items });
  for (const item of order.items) await expect(items.getByRole('button', { name: item.product.name, exact: true }).first()).toBeVisible();
  await expect(items).not.toContainText(/ID: \d/);
  await expectAccessible(page, { label });
}

for (const device of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test(`an order tells where it went, how it was paid, its tracking and its kits with their status (${device.name}, light and dark)`, async ({
    page,
    request,
  }) => {
    // Four axe passes and five pages: on a loaded two-core machine this outgrows the default time-out.
    test.slow();
    const order = await orderWithKits(request);
    await signInThroughApi(page, USERNAME);
    await page.setViewportSize(device.viewport);
    await openOrder(page, order.number);
    await expectFacts(page, order, `order facts, ${device.name} (light)`);
    // A kit opens its own page.
    const [kit] = order.kits ?? [];
    await expect(page.getByRole('link', { name: kit?.barcode, exact: true })).toHaveAttribute('href', `/kits/${kit?.barcode}`);

    await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { name: OrderDetailText.title(order.number) })).toBeVisible();
    await expectFacts(page, order, `order facts, ${device.name} (dark)`);
  });
}

test('a read that fails says Failed to load order; Try Again shows the order once the server answers', async ({ page, request }) => {
  const order = await orderWithKits(request);
  await signInThroughApi(page, USERNAME);
  // The first read fails; the next goes to the server.
  await page.route(
    `**/portalApi/Orders/${order.number}`,
    (route) => route.fulfill({ status: 503, json: { error: { message: 'The orders database is unavailable' }, correlationId: 'e2e' } }),
    { times: 1 },
  );
  await page.goto(`/orders/${order.number}`);
  const alert = page.getByRole('alert').filter({ hasText: OrderingFailureText.loadOrder });
  await expect(alert).toContainText(OrderDetailText.error('The orders database is unavailable'));
  await alert.getByRole('button', { name: OrderDetailText.tryAgain }).click();
  await expect(page.getByRole('heading', { name: OrderDetailText.title(order.number) })).toBeVisible();
  await expect(page.getByRole('table', { name: OrderFactsText.kits })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
