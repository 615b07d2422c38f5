import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as v from 'valibot';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { DateRangeText } from '../../src/model/lists/date-range';
import { OrderDetailText } from '../../src/model/orders/order-detail-texts';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase, watchListAnswers } from './support';
import { chooseDays, filterByStatus, pickColumn } from './order-filters';

/**
 * The orders list against the reference server and its seed orders (ordering §2, §4, §9): Riverside Family
 * Medicine (hcp.checkout) has 27 orders in every status group, three pages of ten.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

const RIVERSIDE_ORDERS = 27;

/** The carriers' public tracking pages (ordering §3: UPS 1, USPS 2, FedEx 3), written out here as the oracle. */
const TRACKING: Record<number, { carrier: string; url: (number: string) => string }> = {
  1: { carrier: 'UPS', url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  2: { carrier: 'USPS', url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  3: { carrier: 'FedEx', url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
};

/** What this journey reads of GET /Orders' answers: each order's number and deliveries. */
const ListedOrdersSchema = v.object({
  items: v.array(
    v.object({
      number: v.string(),
      deliveries: v.nullish(v.array(v.object({ trackingNumber: v.string(), provider: v.number() })), []),
    }),
  ),
});
async function openOrders(page: Page, username: string) {
  await openSignedIn(page, username, '/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
const rows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row');
const scroller = (page: Page) => page.getByRole('region', { name: 'Orders list, scroll to load more' });
const statusButtons = (page: Page) => rows(page).getByRole('button', { name: /: status history of order / });
const shownNumbers = (page: Page) => rows(page).locator('[role="cell"]:nth-child(2)').allTextContents();
const firstNumber = async (page: Page) => (await shownNumbers(page))[0];

async function addFilter(page: Page, column: string, operator: 'contains' | 'equals', value: string) {
  await pickColumn(page, column);
  if (operator === 'equals') {
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }
  await page.getByRole('textbox', { name: 'Value' }).fill(value);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('hcp.checkout scrolls to the end, sorts, filters, reads a history, cancels an order; every part passes axe', async ({ page }) => {
  // Five parts of the screen and four axe checks in one walk: on a loaded two-core CI machine it took 52 s.
  test.slow();
  const list = watchListAnswers(page, '/portalApi/Orders', ListedOrdersSchema, (order) => order.number);
  await openOrders(page, 'hcp.checkout');
  await expect(page.getByText('Manage and review all customer orders')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Order' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  expect(list.queries[0]).toStrictEqual({
    sortColumn: 'orderDate',
    sortDirection: 'desc',
    page: '1',
    pageSize: '10',
  });
  await expectAccessible(page, { label: 'orders list (light)' });

  // Scrolled to its end, every seed order appears once, pages 2 and 3 asked for on the way.
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        for (const number of await shownNumbers(page)) if (!seen.includes(number)) seen.push(number);
        await scroller(page).evaluate((element) => element.scrollBy({ top: 400 }));
        return seen.length;
      },
      { timeout: 20_000 },
    )
    .toBe(RIVERSIDE_ORDERS);
  expect(list.queries.map((query) => query.page)).toEqual(['1', '2', '3']);
  expect(new Set(seen).size).toBe(RIVERSIDE_ORDERS);

  // Remote sort: the request carries it, the first row changes.
  await scroller(page).evaluate((element) => element.scrollTo({ top: 0 }));
  const newest = await firstNumber(page);
  await page.getByRole('button', { name: 'Order Number' }).click();
  await expect.poll(() => list.queries).toContainEqual({ sortColumn: 'number', sortDirection: 'asc', page: '1', pageSize: '10' });
  await expect.poll(() => firstNumber(page)).not.toBe(newest);
  await expect(page.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'ascending');

  // Remote filter: only Shipped rows; the same column and operator replaces; chips remove; Clear all.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add a filter' })).toBeVisible();
  await expectAccessible(page, { label: 'filter builder, column step (light)' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add a filter' })).toBeHidden();
  await filterByStatus(page, 'Shipped');
  await expect.poll(() => list.queries.at(-1)?.filters).toBe(JSON.stringify([{ column: 'status', operator: 'equals', value: 'Shipped' }]));
  await expect(statusButtons(page).first()).toBeVisible();
  for (const button of await statusButtons(page).all()) await expect(button).toHaveAccessibleName(/^Shipped: /);
  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  await expect(chips).toHaveText(['Status is "Shipped"']);
  await filterByStatus(page, 'Received');
  await expect(chips).toHaveText(['Status is "Received"']);
  await addFilter(page, 'Order Number', 'contains', '0');
  await expect(chips).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove filter Order Number contains "0"' }).click();
  await expect(chips).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => list.queries.at(-1)?.filters).toBeUndefined();

  // A shipped order's history: the carrier's real tracking page for the last delivery's number.
  const shipped = statusButtons(page).filter({ hasText: 'Shipped' }).first();
  const shippedName = (await shipped.getAttribute('aria-label')) ?? '';
  const shippedNumber = shippedName.replace(/^Shipped: status history of order /, '');
  await shipped.click();
  const panel = page.getByRole('dialog', { name: 'Order Status History' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(shippedNumber, { exact: true })).toBeVisible();
  const delivery = list.rows.get(shippedNumber)?.deliveries.at(-1);
  const tracking = delivery && TRACKING[delivery.provider];
  if (!delivery || !tracking) throw new Error(`order ${shippedNumber} has no delivery by a known carrier`);
  const via = panel.getByRole('link', { name: `Via ${tracking.carrier}` });
  await expect(via).toHaveAttribute('href', tracking.url(delivery.trackingNumber));
  await expect(via).toHaveAttribute('target', '_blank');
  await expect(via).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(panel.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expectAccessible(page, { label: 'status history panel (light)' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: shippedName })).toBeFocused();

  // No Delete once shipped.
  const shippedRow = rows(page).filter({ has: page.getByRole('button', { name: shippedName }) });
  await shippedRow.getByRole('button', { name: `Actions for order ${shippedNumber}` }).click();
  await expect(page.getByRole('menu', { name: `Actions for order ${shippedNumber}` }).getByRole('menuitem')).toHaveText(['View']);
  await page.keyboard.press('Escape');

  // Cancel a Received order: the question, the toast, the row's status becomes Canceled.
  const received = statusButtons(page).filter({ hasText: 'Received' }).first();
  const receivedNumber = ((await received.getAttribute('aria-label')) ?? '').replace(/^Received: status history of order /, '');
  const receivedRow = rows(page).filter({ has: page.getByRole('button', { name: `Received: status history of order ${receivedNumber}` }) });
  await receivedRow.getByRole('button', { name: `Actions for order ${receivedNumber}` }).click();
  await page
    .getByRole('menu', { name: `Actions for order ${receivedNumber}` })
    .getByRole('menuitem', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Order' });
  await expect(dialog.getByText('Are you sure you want to delete this order? This action cannot be undone.')).toBeVisible();
  await expectAccessible(page, { label: 'delete question (light)' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Order canceled successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: `Canceled: status history of order ${receivedNumber}` })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Filter button looks pressed while its builder is open, also under the pointer, and plain again once it closes (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await openOrders(page, 'hcp.checkout');
    const button = page.getByRole('button', { name: 'Filter', exact: true });
    const builder = page.getByRole('dialog', { name: 'Add a filter' });
    // The button's look: its border and its background.
    const border = () => button.evaluate((node) => `${getComputedStyle(node).borderTopColor} on ${getComputedStyle(node).backgroundColor}`);
    // antd's motion eases the colours over 0.2 s: the look it settles on is one that holds for longer than that.
    const settled = () =>
      button.evaluate(async (node) => {
        const look = () => `${getComputedStyle(node).borderTopColor} on ${getComputedStyle(node).backgroundColor}`;
        const before = look();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return look() === before;
      });
    await expect.poll(settled).toBe(true);
    const atRest = await border();
    await button.hover();
    await expect.poll(border).not.toBe(atRest);
    await expect.poll(settled).toBe(true);
    const hovered = await border();
    await button.click();
    await expect(builder).toBeVisible();
    // Still under the pointer, the open builder's button settles on its pressed look, not on its hover look.
    await expect.poll(settled).toBe(true);
    expect(await border()).not.toBe(hovered);
    expect(await border()).not.toBe(atRest);
    await page.keyboard.press('Escape');
    await expect(builder).toBeHidden();
    await page.mouse.move(0, 0);
    await expect.poll(border).toBe(atRest);
  });
}

test('in the dark theme the list, filter builder, delete question and history pass axe; cps.user sees number and date only', async ({
  page,
}) => {
  await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
  await openOrders(page, 'hcp.checkout');
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page, { label: 'orders list (dark)' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Value' })).toBeFocused();
  await expectAccessible(page, { label: 'filter builder, value step (dark)' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Find column...' })).toBeVisible();
  await page.keyboard.press('Escape');
  const status = statusButtons(page).filter({ hasText: 'Shipped' }).first();
  await status.click();
  await expect(page.getByRole('dialog', { name: 'Order Status History' })).toBeVisible();
  await expectAccessible(page, { label: 'status history panel (dark)' });
  await page.getByRole('dialog', { name: 'Order Status History' }).getByRole('button', { name: 'Close' }).click();
  await expect(status).toBeFocused();
  const draft = statusButtons(page).filter({ hasText: 'Draft' }).first();
  const draftNumber = ((await draft.getAttribute('aria-label')) ?? '').replace(/^Draft: status history of order /, '');
  await page.getByRole('button', { name: `Actions for order ${draftNumber}` }).click();
  await page
    .getByRole('menu', { name: `Actions for order ${draftNumber}` })
    .getByRole('menuitem', { name: 'Delete' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Delete Order' })).toBeVisible();
  await expectAccessible(page, { label: 'delete question (dark)' });
  await page.getByRole('dialog', { name: 'Delete Order' }).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await openOrders(page, 'cps.user');
  await expect(rows(page).first()).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText(['Order Number', 'Order Date']);
  await expect(page.getByRole('button', { name: 'Sample Manifest Registration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Order' })).toHaveCount(0);
  await expectAccessible(page, { label: 'orders list of a CPS unit (dark)' });
});

/** Every order of hcp.checkout's practice: its number, date and status group, as the API answers them. */
async function everyOrder(request: APIRequestContext): Promise<{ number: string; orderDate: string; group: string }[]> {
  const signedIn = await request.post('/portalApi/Auth', {
    data: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false },
  });
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const answer = await request.get('/portalApi/Orders?pageSize=100', { headers: { Authorization: `Bearer ${accessToken.token}` } });
  const page = (await answer.json()) as { items: { number: string; orderDate: string; status: { group: string } }[] };
  return page.items.map((order) => ({ number: order.number, orderDate: order.orderDate, group: order.status.group }));
}

/** A day as the picker takes it, in the browser's time zone (the journeys run in the machine's). */
const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

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
  test(`a date range and a status group filter the list; an impossible range is refused; a reload, Back and Back to Orders keep the filters and sort (${device.name}, light and dark)`, async ({
    page,
    request,
  }) => {
    test.slow();
    const orders = await everyOrder(request);
    const shipped = orders.filter((order) => order.group === 'Shipped').sort((a, b) => a.orderDate.localeCompare(b.orderDate));
    // From the day of the second oldest Shipped order to the day of the second newest: some in, some out.
    const [first, last] = [dayOf(shipped[1]?.orderDate ?? ''), dayOf(shipped.at(-2)?.orderDate ?? '')];
    const list = watchListAnswers(page, '/portalApi/Orders', ListedOrdersSchema, (order) => order.number);
    await openOrders(page, 'hcp.checkout');
    await page.setViewportSize(device.viewport);
    await expect(rows(page).first()).toBeVisible();

    // An end before the start: refused with words before anything is sent, the days kept.
    await chooseDays(page, last, first);
    const builder = page.getByRole('dialog', { name: 'Add a filter' });
    await expect(builder.getByRole('alert')).toHaveText(DateRangeText.impossible);
    await expect(builder.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(page.getByPlaceholder('Start date')).toHaveValue(last);
    await expect(page.getByPlaceholder('End date')).toHaveValue(first);
    await expectAccessible(page, { label: `impossible date range, ${device.name} (light)` });
    expect(list.queries.filter((query) => query.filters !== undefined)).toEqual([]);

    // Mended in place: the start, then the end.
    for (const [field, day] of [
      ['Start date', first],
      ['End date', last],
    ] as const) {
      const input = page.getByPlaceholder(field);
      await input.click();
      await input.fill(day);
      await input.press('Enter');
    }
    await expect(builder.getByRole('alert')).toHaveCount(0);
    await builder.getByRole('button', { name: 'Apply' }).click();
    await filterByStatus(page, 'Shipped');
    await page.getByRole('button', { name: 'Order Number' }).click();
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    await expect(chips).toHaveCount(2);
    await expect(chips.nth(1)).toHaveText('Status is "Shipped"');
    await expect.poll(() => list.queries.at(-1)?.sortColumn).toBe('number');
    const sent = JSON.parse(list.queries.at(-1)?.filters ?? '[]') as { column: string; operator: string; value: string }[];
    const [start = '', end = ''] = (sent[0]?.value ?? '').split('/');
    const expected = shipped
      .filter((order) => Date.parse(order.orderDate) >= Date.parse(start) && Date.parse(order.orderDate) < Date.parse(end))
      .map((order) => order.number)
      .sort((a, b) => Number(a) - Number(b));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(shipped.length);
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    expect(listAddress(page)).toEqual({ filters: sent, sort: 'number.asc' });
    const chipTexts = await chips.allTextContents();
    await expectAccessible(page, { label: `filtered orders list, ${device.name} (light)` });

    // Reloaded in the dark theme: the same filters, sort and rows.
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(chips).toHaveText(chipTexts);
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    await expect(page.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'ascending');
    await expectAccessible(page, { label: `filtered orders list, ${device.name} (dark)` });

    // An order's page, then Back, then its Back to Orders link: the list as it was each time.
    const number = expected[0] ?? '';
    await rows(page).getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('heading', { name: OrderDetailText.title(number) })).toBeVisible();
    await page.goBack();
    await expect(chips).toHaveText(chipTexts);
    expect(listAddress(page)).toEqual({ filters: sent, sort: 'number.asc' });
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
    await rows(page).getByRole('link', { name: number, exact: true }).click();
    await page.getByRole('link', { name: OrderDetailText.backToOrders }).click();
    await expect(chips).toHaveText(chipTexts);
    expect(listAddress(page)).toEqual({ filters: sent, sort: 'number.asc' });
    await expect.poll(() => linkedNumbers(page)).toEqual(expected);
  });
}
