import dayjs from 'dayjs';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import * as v from 'valibot';
import { KitSchema, type Kit } from '../../src/model/kits/kit';
import { reportLabel } from '../../src/model/kits/kit-reports';
import { patientReportRows, type PatientReportRow } from '../../src/model/patient-portal/patient-reports';
import { PatientReportsText as T } from '../../src/model/patient-portal/patient-reports-texts';
import { formatTrackerDate } from '../../src/model/patient-portal/patient-tracker';
import { SortDirection } from '../../src/model/lists/paging';
import { DEMO_PASSWORD, IN_FULL_CHROMIUM, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The patient Reports page against the reference server (kits §2 "Patient Reports screen", §4 "Report download", §7),
 * on a desktop window and on a 375 x 812 phone, in Chromium with its default pop-up blocking. `patient` has two kits
 * whose results are ready (the pure model, unit-tested on its own, turns her `GET /Reports/My` into the expected rows):
 * the list oldest result first, the RESULT READY sort turned both ways, the search by barcode and by product name in
 * another case, a row opened to its reports with the legacy ones behind their toggle, and a report opening in the tab
 * of the click: HTML on a desktop, PDF on a phone. Each state passes axe.
 */

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }),
    { scope: 'worker' },
  ],
});

const PATIENT = 'patient';

test.beforeEach(async ({ request }) => resetDatabase(request));

/** Her ready kits as GET /Reports/My answers them, read with the model's schema. */
async function myReports(request: APIRequestContext): Promise<Kit[]> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username: PATIENT, password: DEMO_PASSWORD, rememberMe: false } });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const answer = await request.get('/portalApi/Reports/My', { headers: { Authorization: `Bearer ${accessToken.token}` } });
  expect(answer.ok()).toBe(true);
  const kits = v.parse(v.array(KitSchema), await answer.json());
  // The seed gives her two, so that there is something to sort and to search.
  expect(kits.length).toBeGreaterThanOrEqual(2);
  return kits;
}

const rowsOf = (kits: Kit[], search = '', direction: SortDirection = SortDirection.asc) => patientReportRows(kits, search, direction);
const dateOf = (row: PatientReportRow) => formatTrackerDate(row.resultReadyAt ?? '');

async function signInToReports(page: Page) {
  await openSignedIn(page, PATIENT, '/reports');
  await expect(page.getByRole('heading', { level: 2, name: T.title })).toBeVisible();
}

/** A report button of the row's, opened in the tab of the click: the server's document, as HTML or PDF. */
async function openReport(page: Page, group: ReturnType<Page['getByRole']>, row: PatientReportRow, pdf: boolean) {
  const [report] = row.reports.current;
  if (!report) throw new Error(`${row.barcode} has no current report`);
  const asked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/portalApi/Reports/');
  const popup = page.waitForEvent('popup');
  await group.getByRole('button', { name: reportLabel(report), exact: true }).click();
  const body = (await asked).postDataJSON() as { kitId: string; reportType: number; renderStrategy: number };
  expect(body).toMatchObject({ kitId: row.barcode, reportType: report.type, renderStrategy: pdf ? 20 : 10 });
  const tab = await popup;
  await tab.waitForURL(pdf ? /\/Reports\/Documents\/.+\/pdf\?/ : /\/Reports\/Documents\/.+\/html\?/);
  if (!pdf) await expect(tab.getByText(row.barcode).first()).toBeVisible();
  await tab.close();
  await expect(page.getByText('Report generated successfully')).toHaveCount(0);
}

test('on a desktop: the ready kits, sorted both ways, searched, a row opened and a report as HTML', async ({ page, request }) => {
  const kits = await myReports(request);
  await signInToReports(page);
  const table = page.getByRole('table', { name: T.kits });
  // A kit's row, not the header nor the report buttons a row opens to; its text starts with the barcode.
  const rows = table
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .filter({ hasNot: page.getByRole('group') });
  const inOrder = (list: readonly { barcode: string }[]) => list.map((row) => new RegExp(`^${row.barcode}`));
  await expect(rows).toHaveText(rowsOf(kits).map((row) => `${row.barcode}${row.product}${dateOf(row)}${T.count(row.reportCount)}`));
  await expect(page.getByText(T.total(kits.length))).toBeVisible();
  await expectAccessible(page, { label: 'patient reports (desktop)' });

  const sort = table.getByRole('columnheader', { name: T.columns.resultReady });
  await expect(sort).toHaveAttribute('aria-sort', 'ascending');
  await sort.getByRole('button').click();
  await expect(sort).toHaveAttribute('aria-sort', 'descending');
  await expect(rows).toHaveText(inOrder(rowsOf(kits, '', SortDirection.desc)));
  await sort.getByRole('button').click();
  await expect(rows).toHaveText(inOrder(rowsOf(kits)));

  // By barcode in lower case, then by product name in upper case.
  const search = page.getByRole('textbox', { name: T.search });
  const [first] = rowsOf(kits);
  if (!first) throw new Error('no ready kit');
  for (const text of [first.barcode.toLowerCase(), first.product.toUpperCase()]) {
    await search.fill(text);
    const expected = rowsOf(kits, text);
    expect(expected.length).toBeGreaterThan(0);
    await expect(rows).toHaveText(inOrder(expected));
    await expect(page.getByText(T.total(expected.length))).toBeVisible();
  }
  // "or Date": the day the first row's results became ready, in three ways people write it.
  const readyDay = dayjs(first.resultReadyAt);
  for (const text of [readyDay.format('MMM D'), readyDay.format('MM/DD/YYYY'), readyDay.format('YYYY-MM-DD')]) {
    await search.fill(text);
    const expected = rowsOf(kits, text);
    expect(expected.map((row) => row.barcode)).toContain(first.barcode);
    await expect(rows).toHaveText(inOrder(expected));
  }
  await search.fill('no kit is called this');
  await expect(table.getByText(T.empty)).toBeVisible();
  await expect(page.getByText(T.total(0))).toBeVisible();
  await search.fill('');

  // The kit with legacy reports: its current ones, then the legacy ones behind "Legacy Reports (n)".
  const legacy = rowsOf(kits).find((row) => row.reports.legacy.length > 0 && row.reports.current.length > 0);
  if (!legacy) throw new Error('the seed gives her no ready kit with legacy reports');
  await rows.filter({ hasText: legacy.barcode }).getByRole('button', { name: 'Expand row' }).click();
  const group = page.getByRole('group', { name: T.reportsOf(legacy.barcode) });
  await group.getByRole('button', { name: T.legacy(legacy.reports.legacy.length) }).click();
  await expect(group.getByRole('button')).toHaveText([
    ...legacy.reports.current.map(reportLabel),
    T.legacy(legacy.reports.legacy.length),
    ...legacy.reports.legacy.map(reportLabel),
  ]);
  await expectAccessible(page, { label: 'patient reports, a row open (desktop)' });
  await openReport(page, group, legacy, false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('cards with Kit ID and Result Ready, the sort button, and a report as a PDF', IN_FULL_CHROMIUM, async ({ page, request }) => {
    const kits = await myReports(request);
    await signInToReports(page);
    const cards = page.getByRole('list', { name: T.kits }).getByRole('article');
    await expect(cards).toHaveText(
      rowsOf(kits).map((row) => `${T.kitId}${row.barcode}${T.resultReady}${dateOf(row)}${T.count(row.reportCount)}`),
    );
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText(T.total(kits.length))).toBeVisible();
    await page.getByRole('button', { name: T.sortAscending }).click();
    const newestFirst = rowsOf(kits, '', SortDirection.desc);
    await expect(cards.locator('dd:first-of-type')).toHaveText(newestFirst.map((row) => row.barcode));
    await expect(page.getByRole('button', { name: T.sortDescending })).toBeVisible();
    await expectAccessible(page, { label: 'patient reports (phone)' });

    const [newest] = newestFirst;
    if (!newest) throw new Error('no ready kit');
    const card = page.getByRole('article', { name: newest.barcode });
    await card.getByRole('button', { name: T.count(newest.reportCount) }).click();
    const group = card.getByRole('group', { name: T.reportsOf(newest.barcode) });
    await expect(group.getByRole('button').first()).toBeVisible();
    await expectAccessible(page, { label: 'patient reports, a card open (phone)' });
    await openReport(page, group, newest, true);
  });
});
