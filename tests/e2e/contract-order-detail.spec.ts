import { expect, type Page } from '@playwright/test';
import { OrderDetailText, ProductDetailsText } from '../../src/model/orders/order-detail-texts';
import { StatusHistoryText } from '../../src/model/orders/order-list-texts';
import { contractTest, signInToPortal } from './contract/contract-test';

/**
 * The order detail page against the in-test fake written from the documents (ordering §2, §3, §7 and the README's
 * contract decisions), not the reference server: the page reads `GET /Orders/{number}` as a service writes it (extra
 * fields, a missing history, a null discount, no shipping price), shows what a screen needs, and takes the
 * contract's `null` for a number the practice does not have as Order Not Found.
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
