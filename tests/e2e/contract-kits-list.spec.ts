import { expect, type Locator, type Page } from '@playwright/test';
import type { PortalApiFake } from './contract/portal-api-fake';
import { contractTest, signInToPortal } from './contract/contract-test';

/**
 * The kit list against the in-test fake written from the documents (kits §2, §3, §7, README decisions), not the
 * reference server: the first page and the next ones while `hasMore`, the remote sort, the HCP search and the
 * column filters exactly as the contract writes them. The fake adds unknown fields, writes ids as numbers and
 * leaves optional fields out or null.
 */

const test = contractTest;

test.afterEach(({ api }) => expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]));

test.use({ serviceWorkers: 'block' });

const rows = (page: Page, title: string) => page.getByRole('table', { name: title }).getByRole('rowgroup').nth(1).getByRole('row');
const row = (page: Page, title: string, id: string) => rows(page, title).filter({ has: page.getByRole('link', { name: id, exact: true }) });
const firstId = async (page: Page, title: string) => (await rows(page, title).first().getByRole('cell').first().textContent())?.trim();
const listQueries = (api: PortalApiFake) => api.callsTo('GET', '/Kits').map((call) => call.query);
const first = { sortColumn: 'createdAt', sortDirection: 'desc', page: '1', pageSize: '10' };

async function scrollToEnd(scroller: Locator, api: PortalApiFake, pages: number) {
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return listQueries(api).length;
    })
    .toBeGreaterThanOrEqual(pages);
}

test('the HCP kit list pages, sorts and searches exactly as the contract says', async ({ page, api }) => {
  // Signing in lands on the kit list, the provider portal's home: no second visit, so every list call is this page's.
  await signInToPortal(page);
  await expect(page).toHaveURL('/kits');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await expect(row(page, 'Kit Status', 'HB-0023')).toBeVisible();
  expect(listQueries(api)[0]).toStrictEqual(first);
  expect(await firstId(page, 'Kit Status')).toBe('HB-0023');
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toHaveCount(0);

  // Paging while hasMore: 23 kits are three pages; the last answers hasMore false and no fourth is asked.
  await scrollToEnd(page.getByRole('region', { name: 'Kit Status list, scroll to load more' }), api, 3);
  await expect(row(page, 'Kit Status', 'HB-0001')).toBeVisible();
  expect(listQueries(api).map((query) => query.page)).toEqual(['1', '2', '3']);
  // Kits without a registrant (HB-0006) or an order (HB-0010) still read: optional fields missing or null.
  await expect(row(page, 'Kit Status', 'HB-0006')).toBeVisible();
  await expect(row(page, 'Kit Status', 'HB-0010')).toBeVisible();

  // A kit with results links to them; one in the lab is Coming Soon.
  await expect(row(page, 'Kit Status', 'HB-0004').getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '/kits/HB-0004');
  await expect(row(page, 'Kit Status', 'HB-0003').getByText('Coming Soon')).toBeVisible();

  // Trouble in words beside the status: HB-0003's latest processing result is Failed, HB-0012's status code is
  // QualityControlFailed (both read "Sample Processing"); HB-0004, its results ready, has no mark.
  for (const failed of ['HB-0003', 'HB-0012'])
    await expect(row(page, 'Kit Status', failed).getByText('Sample Failed', { exact: true })).toBeVisible();
  await expect(row(page, 'Kit Status', 'HB-0004').getByText(/^(Sample Failed|Action Needed)$/)).toHaveCount(0);

  // Remote sort: a new sort starts again from page 1.
  await page.getByRole('button', { name: 'Kit ID' }).click();
  await expect.poll(() => listQueries(api)).toContainEqual({ ...first, sortColumn: 'barcode', sortDirection: 'asc' });
  await expect.poll(() => firstId(page, 'Kit Status')).toBe('HB-0001');
  await expect(page.getByRole('columnheader', { name: 'Kit ID' })).toHaveAttribute('aria-sort', 'ascending');

  // Search: two characters send nothing and ask for three; a longer text goes out as searchQuery.
  const before = listQueries(api).length;
  await page.getByRole('textbox', { name: 'Search kits' }).fill('ge');
  await expect(page.getByText('Please enter at least 3 characters to search')).toBeVisible();
  expect(listQueries(api)).toHaveLength(before);
  await page.getByRole('textbox', { name: 'Search kits' }).fill('genetic');
  await expect
    .poll(() => listQueries(api))
    .toContainEqual({ sortColumn: 'barcode', sortDirection: 'asc', page: '1', pageSize: '10', searchQuery: 'genetic' });
  await expect(page.getByText('Please enter at least 3 characters to search')).toBeHidden();
  await expect(rows(page, 'Kit Status')).toHaveCount(7);
  for (const product of await rows(page, 'Kit Status')
    .getByRole('button', { name: /product information of kit/ })
    .all()) {
    await expect(product).toHaveText('Genetic Analysis');
  }
  expect(listQueries(api).filter((query) => 'searchQuery' in query)).toHaveLength(1);

  // An empty box sends no search.
  const searched = listQueries(api).length;
  await page.getByRole('textbox', { name: 'Search kits' }).fill('');
  await expect.poll(() => listQueries(api).slice(searched)).toContainEqual({ ...first, sortColumn: 'barcode', sortDirection: 'asc' });
  expect(
    listQueries(api)
      .slice(searched)
      .filter((query) => 'searchQuery' in query),
  ).toEqual([]);
  await expect(row(page, 'Kit Status', 'HB-0001')).toBeVisible();
});

test('a Samples list filters with the JSON filters array: apply, replace, Clear all', async ({ page, api }) => {
  // The same practice, signed in as a sample-processing (CPS, manifest-upload) unit.
  api.answerSignInAs((user) => ({ ...user, unitType: 1 }));
  await signInToPortal(page);
  await expect(page).toHaveURL('/kits');
  await expect(page.getByRole('heading', { name: 'Samples' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Samples' }).getByRole('columnheader')).toHaveText([
    'Unique ID',
    'Order Number',
    'Registered Date',
    'Product',
    'Status',
    'Results',
  ]);
  expect(listQueries(api)[0]).toStrictEqual(first);
  // HB-0023 shows its external barcode, linking by barcode; HB-0022 carries none and shows its own.
  await expect(page.getByRole('link', { name: 'EXT-HB23', exact: true })).toHaveAttribute('href', '/kits/HB-0023');
  await expect(row(page, 'Samples', 'HB-0022')).toBeVisible();

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill('Product');
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Value' }).fill('health test');
  await page.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect
    .poll(() => listQueries(api))
    .toContainEqual({ ...first, filters: JSON.stringify([{ column: 'product', operator: 'equals', value: 'health test' }]) });
  await expect(rows(page, 'Samples')).toHaveCount(8);
  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  await expect(chips).toHaveText(['Product equals "health test"']);

  // The same column and operator replaces the value.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill('prod');
  await page.getByRole('dialog', { name: 'Add a filter' }).getByRole('button', { name: 'Product', exact: true }).click();
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Value' }).fill('Genetic Analysis');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(chips).toHaveText(['Product equals "Genetic Analysis"']);
  await expect
    .poll(() => listQueries(api).at(-1)?.filters)
    .toBe(JSON.stringify([{ column: 'product', operator: 'equals', value: 'Genetic Analysis' }]));
  await expect(rows(page, 'Samples')).toHaveCount(7);

  const filtered = listQueries(api).length;
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => listQueries(api).slice(filtered)).toContainEqual(first);
  expect(
    listQueries(api)
      .slice(filtered)
      .filter((query) => 'filters' in query),
  ).toEqual([]);
  await expect(page.getByRole('link', { name: 'EXT-HB23', exact: true })).toBeVisible();
});
