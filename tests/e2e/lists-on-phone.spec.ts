import { expect, test } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { KitsPageSchema, type Kit } from '../../src/model/kits/kit';
import { OrdersPageSchema } from '../../src/model/orders/order-list';
import type { Order } from '../../src/model/orders/order';
import { expectAccessible, openSignedIn, resetDatabase, watchListAnswers } from './support';
import { expectCardsFit, PHONE, scrollUntilPages } from './phone-cards';

/**
 * The kit and order lists on a 375 × 812 phone against the reference server (issue: lists on a phone): each row is a
 * card whose cells say their column's name, nothing is cut off on the right, the sort buttons sit above the cards,
 * and scrolling to the end asks for the next page, in the light and the dark theme.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

test.use({ viewport: PHONE });

for (const theme of ['light', 'dark'] as const) {
  test(`on a phone the kit list is cards that sort and load more (${theme})`, async ({ page }) => {
    if (theme === 'dark') await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
    const list = watchListAnswers(page, '/portalApi/Kits', KitsPageSchema, (kit: Kit) => kit.barcode);
    await openSignedIn(page, 'hcp.checkout', '/kits');
    const cards = await expectCardsFit(page, 'Kit Status');
    await expect(cards.first().getByText('Kit ID', { exact: true })).toBeVisible();
    await expectAccessible(page, { label: `kit list as cards on a phone (${theme})` });

    // The sort buttons above the cards sort as the table's headers do.
    await page.getByRole('button', { name: 'Kit ID' }).click();
    await expect(page.getByRole('columnheader', { name: 'Kit ID' })).toHaveAttribute('aria-sort', 'ascending');
    const sorted = () => list.queries.filter((query) => query.sortColumn === 'barcode' && query.sortDirection === 'asc');
    await expect.poll(() => sorted().map((query) => query.page)).toContain('1');

    // Scrolling the cards to their end loads the next pages (28 kits are three pages); back at the top, the first
    // card is the lowest kit ID of them all.
    await scrollUntilPages(page, 'Kit Status list, scroll to load more', () => sorted().map((query) => query.page), ['1', '2', '3']);
    await expect.poll(() => list.rows.size).toBe(28);
    await page.getByRole('region', { name: 'Kit Status list, scroll to load more' }).evaluate((element) => element.scrollTo({ top: 0 }));
    const lowest = [...list.rows.keys()].sort()[0] ?? '';
    await expect(cards.first().getByRole('link', { name: lowest, exact: true })).toBeVisible();
  });

  test(`on a phone the orders list is cards that sort and load more (${theme})`, async ({ page }) => {
    if (theme === 'dark') await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
    const list = watchListAnswers(page, '/portalApi/Orders', OrdersPageSchema, (order: Order) => order.number);
    await openSignedIn(page, 'hcp.checkout', '/orders');
    const cards = await expectCardsFit(page, 'Orders');
    await expect(cards.first().getByText('Order Number', { exact: true })).toBeVisible();
    await expectAccessible(page, { label: `orders list as cards on a phone (${theme})` });

    await page.getByRole('button', { name: 'Order Number' }).click();
    await expect(page.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'ascending');
    const sorted = () => list.queries.filter((query) => query.sortColumn === 'number' && query.sortDirection === 'asc');
    await expect.poll(() => sorted().map((query) => query.page)).toContain('1');
    await scrollUntilPages(page, 'Orders list, scroll to load more', () => sorted().map((query) => query.page), ['1', '2', '3']);
  });
}
