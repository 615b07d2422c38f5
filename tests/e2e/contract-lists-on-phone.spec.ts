import { expect } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { contractTest, signInToFake } from './contract/contract-test';
import { expectCardsFit, PHONE, scrollUntilPages } from './phone-cards';
import { expectAccessible } from './support';

/**
 * The kit and order lists on a 375 × 812 phone against the in-test fake written from the documents (issue: lists on a
 * phone): cards that fit the screen, the sort above them and the next pages while `hasMore`, in both themes.
 */

const test = contractTest;

test.afterEach(({ api }) => expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]));

test.use({ serviceWorkers: 'block', viewport: PHONE });

for (const theme of ['light', 'dark'] as const) {
  test(`on a phone the kit and order lists are cards that sort and load more (${theme})`, async ({ page, api }) => {
    if (theme === 'dark') await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
    // On a phone the menu is in a drawer: the kit list itself says the portal is open.
    await signInToFake(page);
    await expect(page).toHaveURL('/kits');
    const kitQueries = () => api.callsTo('GET', '/Kits').map((call) => call.query);
    const kits = await expectCardsFit(page, 'Kit Status');
    await expect(kits.first().getByRole('link', { name: 'HB-0023', exact: true })).toBeVisible();
    await expectAccessible(page, { label: `kit list as cards against the contract fake (${theme})` });
    await page.getByRole('button', { name: 'Kit ID' }).click();
    await expect
      .poll(() => kitQueries())
      .toContainEqual(expect.objectContaining({ sortColumn: 'barcode', sortDirection: 'asc', page: '1' }));
    await expect(kits.first().getByRole('link', { name: 'HB-0001', exact: true })).toBeVisible();
    await scrollUntilPages(
      page,
      'Kit Status list, scroll to load more',
      () =>
        kitQueries()
          .filter((query) => query.sortColumn === 'barcode')
          .map((query) => query.page),
      ['1', '2', '3'],
    );

    await page.goto('/orders');
    const orderQueries = () => api.callsTo('GET', '/Orders').map((call) => call.query);
    const orders = await expectCardsFit(page, 'Orders');
    await expect(orders.first().getByText('H-30023', { exact: true })).toBeVisible();
    await expectAccessible(page, { label: `orders list as cards against the contract fake (${theme})` });
    await page.getByRole('button', { name: 'Order Number' }).click();
    await expect
      .poll(() => orderQueries())
      .toContainEqual(expect.objectContaining({ sortColumn: 'number', sortDirection: 'asc', page: '1' }));
    await scrollUntilPages(
      page,
      'Orders list, scroll to load more',
      () =>
        orderQueries()
          .filter((query) => query.sortColumn === 'number')
          .map((query) => query.page),
      ['1', '2', '3'],
    );
  });
}
