import { expect, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { kitDisplayStatus } from '../../src/model/kits/kit-status';
import { OrderDetailText, OrderFactsText, ProductDetailsText } from '../../src/model/orders/order-detail-texts';
import { StatusHistoryText } from '../../src/model/orders/order-list-texts';
import { OrderingFailureText } from '../../src/model/orders/texts';
import { expectAccessible } from './support';
import { contractTest, signInToPortal } from './contract/contract-test';

/**
 * The order detail page against the in-test fake written from the documents (ordering §2, §3, §7 and the README's
 * contract decisions), not the reference server: the page reads `GET /Orders/{number}` as a service writes it (extra
 * fields, a missing history, a null discount, no shipping price), shows what a screen needs, and takes the
 * contract's `null` for a number the practice does not have as Order Not Found. Issue 40: the page tells where the
 * order went, how it was paid, its tracking link and its kits with their status, on a desktop and a phone, light and
 * dark; a read that fails says Failed to load order, and Try Again reads it again.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const signIn = (page: Page) => signInToPortal(page);

test('an order read by its number as the service writes it: title, badges, items, total, history and product details', async ({
  page,
  api,
}) => {
  await signIn(page);
  // The fake's Harbor orders: H-30003 is a shipped, physical order of one kit; H-30005 a draft without history.
  const shipped = api.orderList.ordersOf(11).find((order) => order.number === 'H-30003');
  expect(shipped, 'the fake has order H-30003').toBeTruthy();

  await page.goto('/orders/H-30003');
  await expect(page.getByRole('heading', { name: OrderDetailText.title('H-30003') })).toBeVisible();
  expect(api.lastCallTo('GET', '/Orders/H-30003').status).toBe(200);
  await expect(page.getByText('Physical', { exact: true })).toBeVisible();
  const items = page.getByRole('table', { name: OrderDetailText.items });
  await expect(items.getByRole('row')).toHaveText([
    [OrderDetailText.product, OrderDetailText.unitPrice, OrderDetailText.discount, OrderDetailText.quantity, OrderDetailText.total].join(
      '',
    ),
    // Product (its name, never a bare id), Unit Price, Discount, Quantity, Total.
    `Age and Health Combo$375.00$0.001$375.00`,
    `${OrderDetailText.orderTotal}$375.00`,
  ]);

  const badge = page.getByRole('button', { name: OrderDetailText.statusBadge('Shipped') });
  await badge.click();
  const history = page.getByRole('dialog', { name: StatusHistoryText.title });
  await expect(history.getByRole('link', { name: 'Via FedEx' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(badge).toBeFocused();

  // A product outside the five of ordering §3 has no built-in list and no example report.
  await items.getByRole('button', { name: 'Age and Health Combo', exact: true }).click();
  const panel = page.getByRole('dialog', { name: ProductDetailsText.title });
  await expect(panel.getByRole('heading', { name: 'Age and Health Combo' })).toBeVisible();
  await expect(panel.getByText(ProductDetailsText.whatsIncluded)).toHaveCount(0);
  await expect(panel.getByRole('link')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // A draft of two kits: the service leaves its history out and sends a null discount; the page still shows the order.
  await page.goto('/orders/H-30005');
  await expect(page.getByRole('heading', { name: OrderDetailText.title('H-30005') })).toBeVisible();
  await expect(page.getByRole('button', { name: OrderDetailText.statusBadge('Draft') })).toBeVisible();
  await expect(items.getByRole('row').last()).toHaveText(`${OrderDetailText.orderTotal}$750.00`);

  expect(api.unknownCalls()).toEqual([]);
});

test('a number the practice does not have answers null: Order Not Found with its text', async ({ page, api }) => {
  await signIn(page);
  // Lakeshore's order exists at the service, but not for Harbor: the contract's "no result".
  await page.goto('/orders/L-40001');
  await expect(page.getByRole('heading', { name: OrderDetailText.notFound })).toBeVisible();
  await expect(page.getByText(OrderDetailText.notFoundText('L-40001'), { exact: true })).toBeVisible();
  const call = api.lastCallTo('GET', '/Orders/L-40001');
  expect(call.status).toBe(200);
  expect(api.unknownCalls()).toEqual([]);
});

/** The order page's facts as the fake writes H-30003: the practice's address, a card, FedEx tracking, two kits. */
async function expectShippedFacts(page: Page, theme: string, device: string) {
  const facts = page.getByRole('region', { name: OrderFactsText.facts });
  // Each term, then what it says.
  await expect(facts.getByRole('term')).toHaveText([OrderFactsText.shipTo, OrderFactsText.payment, OrderFactsText.tracking]);
  const definitions = facts.getByRole('definition');
  const [shipTo, payment, tracked] = [definitions.nth(0), definitions.nth(1), definitions.nth(2)];
  await expect(shipTo).toContainText(OrderFactsText.practice);
  await expect(shipTo).toContainText('100 Harbor Way');
  await expect(shipTo).toContainText('Portland, ME 04101');
  await expect(payment).toHaveText(OrderFactsText.card('Mastercard', '4402'));
  const tracking = tracked.getByRole('link', { name: new RegExp(`^${OrderFactsText.track('FedEx')}`) });
  await expect(tracking).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=TRK300039');
  await expect(tracking).toHaveAttribute('target', '_blank');
  const kits = page.getByRole('table', { name: OrderFactsText.kits });
  for (const [barcode, status] of [
    ['KH30003A', 1],
    ['KH30003B', 0],
  ] as const) {
    const row = kits.getByRole('row').filter({ has: page.getByRole('link', { name: barcode, exact: true }) });
    await expect(row).toContainText('Age and Health Combo');
    await expect(row).toContainText(kitDisplayStatus(status));
  }
  await expect(page.getByRole('link', { name: 'KH30003A', exact: true })).toHaveAttribute('href', '/kits/KH30003A');
  await expectAccessible(page, { label: `order facts, ${device} (${theme})` });
}

for (const device of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test(`an order tells where it went, how it was paid, its tracking and its kits with their status (${device.name}, light and dark)`, async ({
    page,
    api,
  }) => {
    // Four axe passes and five pages: on a loaded two-core machine this outgrows the default time-out.
    test.slow();
    await signIn(page);
    // Signed in on a desktop (the phone's menu is a drawer), then the page at the device's size.
    await page.setViewportSize(device.viewport);
    await page.goto('/orders/H-30003');
    await expect(page.getByRole('heading', { name: OrderDetailText.title('H-30003') })).toBeVisible();
    await expectShippedFacts(page, 'light', device.name);

    // The other address with its recipient, paid by invoice; a digital order ships nothing and has no tracking.
    await page.goto('/orders/H-30002');
    const facts = page.getByRole('region', { name: OrderFactsText.facts });
    await expect(facts).toContainText(OrderFactsText.otherAddress);
    await expect(facts).toContainText('Rosa Reyes');
    await expect(facts).toContainText('9 Elm Street');
    await expect(facts).toContainText(OrderFactsText.invoice);
    await page.goto('/orders/H-30004');
    await expect(page.getByRole('region', { name: OrderFactsText.facts })).toContainText(OrderFactsText.digitalNote);
    await expect(page.getByRole('term').filter({ hasText: OrderFactsText.tracking })).toHaveCount(0);

    await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
    await page.goto('/orders/H-30003');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectShippedFacts(page, 'dark', device.name);
    expect(api.unknownCalls()).toEqual([]);
  });
}

test('a read that fails says Failed to load order with the service’s message; Try Again shows the order', async ({ page, api }) => {
  await signIn(page);
  api.orderList.failNextRead('H-30003');
  await page.goto('/orders/H-30003');
  const alert = page.getByRole('alert').filter({ hasText: OrderingFailureText.loadOrder });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(OrderDetailText.error('The order service is unavailable'));
  await expectAccessible(page, { label: 'order load failure' });
  expect(api.callsTo('GET', '/Orders/H-30003').map((call) => call.status)).toEqual([503]);

  await alert.getByRole('button', { name: OrderDetailText.tryAgain }).click();
  await expect(page.getByRole('heading', { name: OrderDetailText.title('H-30003') })).toBeVisible();
  await expect(page.getByRole('table', { name: OrderFactsText.kits })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(api.callsTo('GET', '/Orders/H-30003').map((call) => call.status)).toEqual([503, 200]);
  expect(api.unknownCalls()).toEqual([]);
});
