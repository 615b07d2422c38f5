import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, mainMenu, openSignedIn, resetDatabase } from './support';

/**
 * The Manifest Upload page (ordering §2, §4, §5, §8; issue 9 items 4 and 5) for Northgate (cps.user: CPS, Net 30),
 * against the reference server: rows are checked in the browser's worker before anything is sent; a file with
 * bad rows lists them and uploads nothing; the corrected file uploads and the page lands on /orders after 2 s.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

// Each journey runs several axe checks, each waiting for antd's motions to end.
test.describe.configure({ timeout: 90_000 });

const HEADER = ['Unique ID', 'Product ID', 'Date of Collection', 'DOB', 'Sex', 'Clinic ID'];
const GOOD = [
  ['NG00001', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB'],
  ['NG00002', 'GSA', '01/15/2025', '11/23/1990', 'M', 'NG-LAB'],
];
const BAD = [
  GOOD[0] ?? [],
  ['NG01', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB'],
  ['NG00003', 'GSA', '01/15/2025', '03/02/1984', 'X', 'NG-LAB'],
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function workbook(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Samples');
  const bytes: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
  if (!Buffer.isBuffer(bytes)) throw new Error('SheetJS wrote no bytes');
  return bytes;
}

async function ordersOf(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/portalApi/__test/orders/count?practiceId=${PRACTICE_IDS.northgate}`);
  expect(response.ok()).toBe(true);
  const { count } = (await response.json()) as { count: number };
  return count;
}

async function openManifestUpload(page: Page) {
  await openSignedIn(page, 'cps.user', '/kits');
  // A CPS unit orders through the manifest: the menu leads there.
  await mainMenu(page).filter({ hasText: 'Manifest Upload' }).click();
  await expect(page).toHaveURL('/orders/bulk');
  await expect(page.getByRole('heading', { name: 'Manifest Upload', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 2 Upload Your File' })).toBeVisible();
}

/** The browser's file dialog, opened by Choose File. */
async function choose(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

const uploadButton = (page: Page) => page.getByRole('button', { name: /Upload File|Uploading\.\.\./ });

test('a manifest with two bad rows lists both and uploads nothing; the corrected one uploads and lands on /orders after 2 s', async ({
  page,
  request,
}) => {
  const before = await ordersOf(request);
  await openManifestUpload(page);
  await expect(page.getByText('Net 30 Payment Terms')).toBeVisible();
  await expect(uploadButton(page)).toBeDisabled();
  await expect(page.getByText('Please select a file')).toBeVisible();
  await expectAccessible(page, { label: 'manifest upload, light' });

  // Step 1: the research template, opened in a new tab, is a real .xlsx.
  const template = page.getByRole('link', { name: /Excel \(\.xlsx\)/ });
  await expect(template).toHaveAttribute('target', '_blank');
  const href = await template.getAttribute('href');
  expect(href).toBe('/portalApi/Orders/bulk/Templates/research.xlsx');
  const download = await request.get(href ?? '');
  expect(download.headers()['content-type']).toContain(XLSX_TYPE);
  const templateBook = XLSX.read(await download.body());
  const firstSheet = templateBook.Sheets[templateBook.SheetNames[0] ?? ''] ?? {};
  const templateRows = XLSX.utils.sheet_to_json<string[]>(firstSheet, { header: 1 });
  expect(templateRows[0]?.slice(0, 6)).toEqual(HEADER);

  await page.getByRole('button', { name: 'Instructions' }).click();
  const instructions = page.getByRole('dialog', { name: 'Manifest Instructions' });
  await expect(instructions.getByRole('row', { name: /Unique ID At least 6 letters or digits\./ })).toBeVisible();
  await expectAccessible(page, { label: 'manifest instructions, light', include: '.ant-modal' });
  await instructions.getByRole('button', { name: 'Close' }).first().click();
  await expect(instructions).toBeHidden();

  // Two bad rows: both listed with their reasons, Upload stays disabled, the errors download as CSV.
  await choose(page, 'run-7.xlsx', XLSX_TYPE, workbook(BAD));
  const problems = page.getByRole('table', { name: 'Rows to fix' });
  await expect(problems.getByRole('row', { name: /^3 Unique ID Unique ID must be at least 6 letters or digits/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: '4 Sex Sex must be F or M' })).toBeVisible();
  await expect(uploadButton(page)).toBeDisabled();
  await expectAccessible(page, { label: 'manifest preview with row errors, light' });
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors (CSV)' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('manifest-errors.csv');
  const csv = readFileSync(await saved.path(), 'utf8');
  expect(csv).toContain('Row,Column,Reason');
  expect(csv).toContain('"4","Sex","Sex must be F or M"');
  expect(await ordersOf(request)).toBe(before);

  // The corrected file: previewed, uploaded, the success message, then /orders after 2 s and not before.
  await choose(page, 'run-7-fixed.xlsx', XLSX_TYPE, workbook(GOOD));
  await expect(page.getByText('2 rows ready to upload')).toBeVisible();
  await expect(page.getByRole('table', { name: 'The 2 rows to upload' })).toBeVisible();
  await expectAccessible(page, { label: 'manifest preview ready, light' });
  // The answer is held back a moment so that "Uploading..." can be seen.
  await page.route('**/portalApi/Orders/bulk', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // Timed in the page, where the machine runs: when the success message appears and when the page is at /orders.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const now = String(performance.now());
      if (!sessionStorage.getItem('e2e-shown') && document.body.textContent?.includes('Taking you to your orders...')) {
        sessionStorage.setItem('e2e-shown', now);
      }
      if (window.location.pathname === '/orders' && !sessionStorage.getItem('e2e-left')) sessionStorage.setItem('e2e-left', now);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await uploadButton(page).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeVisible();
  await expect(page.getByText('Bulk orders uploaded successfully').first()).toBeVisible();
  await page.waitForURL('**/orders', { timeout: 5_000 });
  const [shown, left] = await page.evaluate(() => [
    Number(sessionStorage.getItem('e2e-shown')),
    Number(sessionStorage.getItem('e2e-left')),
  ]);
  expect(shown).toBeGreaterThan(0);
  expect(left - shown).toBeGreaterThanOrEqual(1_500);
  expect(await ordersOf(request)).toBeGreaterThan(before);
});

test('dark theme: a file that is not a spreadsheet shows its reason; the page, instructions and preview pass axe', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  await openManifestUpload(page);
  await expectAccessible(page, { label: 'manifest upload, dark' });
  await page.getByRole('button', { name: 'Instructions' }).click();
  await expect(page.getByRole('dialog', { name: 'Manifest Instructions' })).toBeVisible();
  await expectAccessible(page, { label: 'manifest instructions, dark', include: '.ant-modal' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Manifest Instructions' })).toBeHidden();

  await choose(page, 'scan.pdf', 'application/pdf', Buffer.from('%PDF-1.7 not a manifest'));
  await expect(page.getByText('This file cannot be read')).toBeVisible();
  await expect(page.getByText('Only .xlsx, .xls and .csv files are accepted.')).toBeVisible();
  await expect(uploadButton(page)).toBeDisabled();
  await expect(page.getByText('Selected file: scan.pdf')).toBeVisible();

  await choose(page, 'run-7.xlsx', XLSX_TYPE, workbook(BAD));
  await expect(page.getByRole('table', { name: 'Rows to fix' })).toBeVisible();
  await expectAccessible(page, { label: 'manifest preview with row errors, dark' });
  await choose(page, 'run-7-fixed.xlsx', XLSX_TYPE, workbook(GOOD));
  await expect(page.getByText('2 rows ready to upload')).toBeVisible();
  await expectAccessible(page, { label: 'manifest preview ready, dark' });
});

/** Issue 40 point 2: a manifest registers its samples, once. */
const SAMPLES = [
  ['NG10001', 'MSA', '01/15/2025', '03/02/1984', 'F', 'NG-LAB'],
  ['NG10002', 'EPICv2', '01/16/2025', '11/23/1990', 'M', 'NG-LAB'],
];
const LOOKS = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { name: 'phone 375 × 812, dark', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

for (const look of LOOKS) {
  test(`${look.name}: the uploaded samples show under Samples as Registered; the same file again is refused row by row`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(look.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, look.theme] as const);
    const before = await ordersOf(request);
    await openSignedIn(page, 'cps.user', '/orders/bulk');
    await choose(page, 'northgate-run-12.xlsx', XLSX_TYPE, workbook(SAMPLES));
    await expect(page.getByText('2 rows ready to upload')).toBeVisible();
    await uploadButton(page).click();
    await page.waitForURL('**/orders', { timeout: 10_000 });
    // One upload is one order, however many rows it holds.
    expect(await ordersOf(request)).toBe(before + 1);

    // Under Samples at once, each by its Unique ID, registered and awaited by the lab.
    await page.goto('/kits');
    for (const [uniqueId] of SAMPLES) {
      await expect(page.getByRole('row', { name: new RegExp(uniqueId ?? '') })).toContainText('Registered');
    }
    await expectAccessible(page, { label: `samples after a manifest, ${look.name}` });

    // A sample's page shows what its row said, under the template's column names.
    await page.getByRole('link', { name: 'NG10002', exact: true }).click();
    const details = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Sample Details' }) });
    await expect(details.locator('dt')).toHaveText(['Date of Collection', 'DOB', 'Sex', 'Clinic ID']);
    await expect(details.locator('dd')).toHaveText(['Jan 16, 2025', 'Nov 23, 1990', 'Male', 'NG-LAB']);
    await expectAccessible(page, { label: `a manifest's sample, ${look.name}` });

    // The same file again: every row is already registered, listed in the table of rows to fix; nothing is stored.
    await page.goto('/orders/bulk');
    await choose(page, 'northgate-run-12.xlsx', XLSX_TYPE, workbook(SAMPLES));
    await expect(page.getByText('2 rows ready to upload')).toBeVisible();
    await uploadButton(page).click();
    const problems = page.getByRole('table', { name: 'Rows to fix' });
    await expect(problems.getByRole('row', { name: '2 Unique ID Unique ID NG10001 is already registered' })).toBeVisible();
    await expect(problems.getByRole('row', { name: '3 Unique ID Unique ID NG10002 is already registered' })).toBeVisible();
    await expect(page.getByText('Failed to process bulk orders. Please fix formatting or missing fields and re-upload.')).toBeVisible();
    await expect(uploadButton(page)).toBeDisabled();
    await expectAccessible(page, { label: `manifest refused by the service, ${look.name}` });
    expect(await ordersOf(request)).toBe(before + 1);
  });
}
