import { expect, type Page } from '@playwright/test';
import { contractTest as test, signInToPortal } from './contract/contract-test';
import { NET30_CREDENTIALS } from './contract/portal-api-fake';
import { expectAccessible } from './support';

/**
 * The manifest upload against the contract fake (issue 40 point 2): the fake's catalogue skus (AGE-01, HEALTH-78, …)
 * differ from the ordering document's Product IDs, and the rows still pass, since the page checks them against the
 * document's names; the upload carries an Idempotency-Key; the service's own row errors, worded its way (a `message`,
 * no column), are listed in the page's table of rows to fix.
 */

test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 90_000 });

const CSV = [
  'Unique ID,Product ID,Date of Collection,DOB,Sex,Clinic ID',
  'HC20001,TruAge,01/15/2025,03/02/1984,F,LK-1',
  'HC20002,TruHealth,01/15/2025,11/23/1990,M,LK-1',
].join('\r\n');

async function chooseCsv(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File' }).click();
  await (await chooser).setFiles({ name: 'lakeshore.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
}

test('a manifest uploads whatever the catalogue’s skus; the same file again lists the service’s row errors', async ({ page, api }) => {
  await signInToPortal(page, NET30_CREDENTIALS);
  await page.goto('/orders/bulk');
  await expect(page.getByRole('heading', { name: 'Step 2 Upload Your File' })).toBeVisible();
  await chooseCsv(page);
  await expect(page.getByText('2 rows ready to upload')).toBeVisible();
  await page.getByRole('button', { name: 'Upload File' }).click();
  await page.waitForURL('**/orders', { timeout: 10_000 });
  expect(api.ordering.manifests).toBe(1);
  expect(api.lastCallTo('POST', '/Orders/bulk').headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto('/orders/bulk');
  await chooseCsv(page);
  await expect(page.getByText('2 rows ready to upload')).toBeVisible();
  await page.getByRole('button', { name: 'Upload File' }).click();
  const problems = page.getByRole('table', { name: 'Rows to fix' });
  await expect(problems.getByRole('row', { name: /^2\s+Sample HC20001 is registered already$/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^3\s+Sample HC20002 is registered already$/ })).toBeVisible();
  await expectAccessible(page, { label: 'manifest refused by the contract fake' });
  expect(api.ordering.manifests).toBe(1);
});
