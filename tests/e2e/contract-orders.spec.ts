import { expect, type Locator, type Page } from '@playwright/test';
import type { PortalApiFake } from './contract/portal-api-fake';
import { contractTest, signInToPortal } from './contract/contract-test';

/**
 * The orders list against the in-test fake written from the documents (ordering §2, §7, README decisions), not the
 * reference server: the first page and the next ones while `hasMore`, the remote sort and filter exactly as the
 * contract writes them, and a cancel by the order's uid. The fake adds unknown fields and leaves optional ones out.
 */

const test = contractTest;

test.afterEach(({ api }) => expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]));

test.use({ serviceWorkers: 'block' });

const signIn = (page: Page) => signInToPortal(page);

const rows = (page: Page) => page.getByRole('table', { name: 'Orders' }).getByRole('rowgroup').nth(1).getByRole('row');
const row = (page: Page, number: string) => rows(page).filter({ has: page.getByText(number, { exact: true }) });
const firstNumber = async (page: Page) => (await rows(page).first().getByRole('cell').nth(1).textContent())?.trim();
const listQueries = (api: PortalApiFake) => api.callsTo('GET', '/Orders').map((call) => call.query);

async function scrollToEnd(scroller: Locator, api: PortalApiFake, pages: number) {
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return listQueries(api).length;
    })
    .toBeGreaterThanOrEqual(pages);
}

test('the orders list pages, sorts, filters and cancels exactly as the contract says', async ({ page, api }) => {
  await signIn(page);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(row(page, 'H-30023')).toBeVisible();
  expect(listQueries(api)[0]).toStrictEqual({ sortColumn: 'orderDate', sortDirection: 'desc', page: '1', pageSize: '10' });
  expect(await firstNumber(page)).toBe('H-30023');
  // A draft without a history still reads (optional fields missing or null).
  await expect(row(page, 'H-30023').getByRole('button', { name: /^Draft: / })).toBeVisible();

  // Paging while hasMore: 23 orders are three pages; the last page answers hasMore false and no fourth is asked.
  const scroller = page.getByRole('region', { name: 'Orders list, scroll to load more' });
  await scrollToEnd(scroller, api, 3);
  await expect(row(page, 'H-30001')).toBeVisible();
  expect(listQueries(api).map((query) => query.page)).toEqual(['1', '2', '3']);

  // Remote sort: a new sort starts again from page 1.
  await page.getByRole('button', { name: 'Order Number' }).click();
  await expect.poll(() => listQueries(api)).toContainEqual({ sortColumn: 'number', sortDirection: 'asc', page: '1', pageSize: '10' });
  await expect.poll(() => firstNumber(page)).toBe('H-30001');
  await expect(page.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'ascending');

  // Remote filter, sent as the JSON `filters` array.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill('Status');
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Value' }).fill('shipped');
  await page.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect
    .poll(() => listQueries(api))
    .toContainEqual({
      sortColumn: 'number',
      sortDirection: 'asc',
      page: '1',
      pageSize: '10',
      filters: JSON.stringify([{ column: 'status', operator: 'equals', value: 'shipped' }]),
    });
  await expect(rows(page)).toHaveCount(4);
  for (const status of await rows(page)
    .getByRole('button', { name: /status history of order/ })
    .all()) {
    await expect(status).toHaveAccessibleName(/^Shipped: /);
  }
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect.poll(() => listQueries(api).at(-1)?.filters).toBeUndefined();
  await expect(rows(page).first()).toBeVisible();

  // Cancel by uid: H-30001 is Received.
  await row(page, 'H-30001').getByRole('button', { name: 'Actions for order H-30001' }).click();
  await page.getByRole('menu', { name: 'Actions for order H-30001' }).getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Order' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => api.callsTo('DELETE', '/Orders/ord_h001').map((call) => call.status)).toEqual([200]);
  await expect(page.getByText('Order canceled successfully')).toBeVisible();
  await expect(row(page, 'H-30001').getByRole('button', { name: /^Canceled: / })).toBeVisible();

  // A shipped order is refused by the service with `{ message }`; the page shows that message.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await page.getByRole('textbox', { name: 'Value' }).fill('H-30003');
  await page.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'H-30003').getByRole('button', { name: /^Shipped: / })).toBeVisible();
  await row(page, 'H-30003').getByRole('button', { name: 'Actions for order H-30003' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for order H-30003' }).getByRole('menuitem')).toHaveText(['View']);
});
