import { expect, type Locator, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { DateRangeText } from '../../src/model/lists/date-range';
import { ListAddressText } from '../../src/model/lists/list-address';
import { OrderDetailText } from '../../src/model/orders/order-detail-texts';
import type { PortalApiFake } from './contract/portal-api-fake';
import { contractTest, signInToPortal } from './contract/contract-test';
import { expectAccessible } from './support';
import { chooseDays, filterByStatus } from './order-filters';

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

/** Picks a column in the builder by its name. */
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

  // Remote filter, sent as the JSON `filters` array: the status is a choice of the status groups.
  await filterByStatus(page, 'Shipped');
  await expect
    .poll(() => listQueries(api))
    .toContainEqual({
      sortColumn: 'number',
      sortDirection: 'asc',
      page: '1',
      pageSize: '10',
      filters: JSON.stringify([{ column: 'status', operator: 'equals', value: 'Shipped' }]),
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

/** The fake's Harbor orders placed inside an interval `start/end` and in a status group, by number. */
function expectedNumbers(api: PortalApiFake, interval: string, group: string): string[] {
  const [start = '', end = ''] = interval.split('/');
  return api.orderList
    .ordersOf(11)
    .map((order) => order as unknown as { number: string; orderDate: string; status: { group: string } })
    .filter((order) => {
      const placed = Date.parse(order.orderDate);
      return placed >= Date.parse(start) && placed < Date.parse(end) && order.status.group === group;
    })
    .map((order) => order.number)
    .sort();
}

/** The order numbers the rows link to, in order (on a phone a cell also names its column). */
const linkedNumbers = (page: Page) => rows(page).getByRole('link').allTextContents();

/** The list's filters and sort as the page's address holds them (however the browser encodes it). */
function listAddress(page: Page): { filters: unknown; sort: string | null } {
  const params = new URL(page.url()).searchParams;
  return { filters: JSON.parse(params.get('filters') ?? 'null') as unknown, sort: params.get('sort') };
}

for (const device of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test(`a date range and a status group filter the list; a reload, Back and Back to Orders keep them and the sort (${device.name}, light and dark)`, async ({
    page,
    api,
  }) => {
    test.slow();
    await signIn(page);
    // Signed in on a desktop (the phone's menu is a drawer), then the page at the device's size.
    await page.setViewportSize(device.viewport);
    await page.goto('/orders');
    await expect(rows(page).first()).toBeVisible();

    await chooseDays(page, '2026-10-05', '2026-10-16');
    await expect(page.getByRole('dialog', { name: 'Add a filter' }).getByRole('alert')).toHaveCount(0);
    await page.getByRole('dialog', { name: 'Add a filter' }).getByRole('button', { name: 'Apply' }).click();
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    await expect(chips).toHaveText(['Order Date from Oct 5, 2026 to Oct 16, 2026']);
    await filterByStatus(page, 'Shipped');
    await page.getByRole('button', { name: 'Order Number' }).click();
    await expect(chips).toHaveText(['Order Date from Oct 5, 2026 to Oct 16, 2026', 'Status is "Shipped"']);

    // What went out: the range as one `equals` filter holding an ISO 8601 interval, then the status group.
    await expect.poll(() => listQueries(api).at(-1)?.sortColumn).toBe('number');
    const sent = JSON.parse(listQueries(api).at(-1)?.filters ?? '[]') as { column: string; operator: string; value: string }[];
    expect(sent.map(({ column, operator }) => [column, operator])).toEqual([
      ['orderDate', 'equals'],
      ['status', 'equals'],
    ]);
    const interval = sent[0]?.value ?? '';
    expect(interval).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\/\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    const expected = expectedNumbers(api, interval, 'Shipped');
    expect(expected.length, 'the fake has Shipped orders in those days').toBeGreaterThan(0);
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    // The address holds them, as the list sends them.
    const address = new URL(page.url());
    expect(address.pathname).toBe('/orders');
    expect(address.searchParams.get('sort')).toBe('number.asc');
    expect(JSON.parse(address.searchParams.get('filters') ?? '[]')).toEqual(sent);
    await expectAccessible(page, { label: `filtered orders list, ${device.name} (light)` });

    // A reload, now in the dark theme: the same filters, sort and rows, asked for at once.
    const before = listQueries(api).length;
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(chips).toHaveText(['Order Date from Oct 5, 2026 to Oct 16, 2026', 'Status is "Shipped"']);
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    expect(listQueries(api).slice(before)[0]).toMatchObject({ sortColumn: 'number', sortDirection: 'asc', filters: JSON.stringify(sent) });
    await expect(page.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'ascending');
    await expectAccessible(page, { label: `filtered orders list, ${device.name} (dark)` });

    // An order's page, then the browser's Back: the list as it was.
    const first = expected[0] ?? '';
    await rows(page).getByRole('link', { name: first, exact: true }).click();
    await expect(page.getByRole('heading', { name: OrderDetailText.title(first) })).toBeVisible();
    await page.goBack();
    await expect(chips).toHaveText(['Order Date from Oct 5, 2026 to Oct 16, 2026', 'Status is "Shipped"']);
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    expect(listAddress(page)).toEqual({ filters: sent, sort: 'number.asc' });

    // And the page's own Back to Orders link.
    await rows(page).getByRole('link', { name: first, exact: true }).click();
    await page.getByRole('link', { name: OrderDetailText.backToOrders }).click();
    await expect(chips).toHaveText(['Order Date from Oct 5, 2026 to Oct 16, 2026', 'Status is "Shipped"']);
    expect(listAddress(page)).toEqual({ filters: sent, sort: 'number.asc' });
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
  });
}

test('an end before the start is refused before anything is sent, keeping the days chosen; an address holding one says so', async ({
  page,
  api,
}) => {
  // Three pickings of a range and an axe pass: on a loaded two-core machine this outgrows the default time-out.
  test.slow();
  await signIn(page);
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  const sentBefore = listQueries(api).length;

  await chooseDays(page, '2026-10-18', '2026-10-05');
  const builder = page.getByRole('dialog', { name: 'Add a filter' });
  await expect(builder.getByRole('alert')).toHaveText(DateRangeText.impossible);
  await expect(builder.getByRole('button', { name: 'Apply' })).toBeDisabled();
  // What the user chose stays, to be mended.
  await expect(page.getByPlaceholder('Start date')).toHaveValue('2026-10-18');
  await expect(page.getByPlaceholder('End date')).toHaveValue('2026-10-05');
  await expectAccessible(page, { label: 'impossible date range' });
  expect(
    listQueries(api)
      .slice(sentBefore)
      .filter((query) => query.filters !== undefined),
  ).toEqual([]);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);

  // Mended: the end moved after the start, the message goes and Apply sends it.
  // (The picker takes a range once both of its days are confirmed, the start first.)
  for (const [field, day] of [
    ['Start date', '2026-10-18'],
    ['End date', '2026-10-20'],
  ] as const) {
    const input = page.getByPlaceholder(field);
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
  await expect(builder.getByRole('alert')).toHaveCount(0);
  await builder.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
    'Order Date from Oct 18, 2026 to Oct 20, 2026',
  ]);
  await expect.poll(() => listQueries(api).at(-1)?.filters).toContain('orderDate');

  // A link holding an impossible range: the list opens without it, says why, and sends no range.
  const impossible = JSON.stringify([
    { column: 'orderDate', operator: 'equals', value: '2026-10-18T00:00:00.000Z/2026-10-05T00:00:00.000Z' },
  ]);
  const sentNow = listQueries(api).length;
  await page.goto(`/orders?filters=${encodeURIComponent(impossible)}`);
  await expect(page.getByText(ListAddressText.filterLeftOut(DateRangeText.impossible))).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  expect(
    listQueries(api)
      .slice(sentNow)
      .filter((query) => query.filters !== undefined),
  ).toEqual([]);
});
