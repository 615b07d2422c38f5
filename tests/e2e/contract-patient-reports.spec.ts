import { expect, type Page } from '@playwright/test';
import { PatientReportsText as T } from '../../src/model/patient-portal/patient-reports-texts';
import { contractTest } from './contract/contract-test';
import { PATIENT_CREDENTIALS } from './contract/portal-api-accounts';
import { REPORTS_ORIGIN, reportOfLink } from './contract/portal-api-reports';
import { serveReports } from './contract/report-host';
import { IN_FULL_CHROMIUM, expectAccessible } from './support';

/**
 * The patient Reports page against the in-test fake written from the documents (kits §2 "Patient Reports screen", §3,
 * §4, §7 and the README's contract decisions), not the reference server: `GET /Reports/My` answered as a service
 * writes it (identifiers as strings of digits, fields nobody asked for, a report without a name), two ready kits of two
 * products, searched, sorted both ways, a row opened to its reports and a report opening in the tab of the click: HTML
 * on a desktop, PDF on a phone. Chromium runs with its default pop-up blocking.
 */

const test = contractTest.extend({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }),
    { scope: 'worker' },
  ],
});

test.use({ serviceWorkers: 'block', ids: 'digit strings' });

/** Straight to /reports: the sign-in page comes first and returns there. */
async function signInToReports(page: Page) {
  await page.goto('/reports');
  await page.getByLabel('Username or email').fill(PATIENT_CREDENTIALS.username);
  await page.getByLabel('Password').fill(PATIENT_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 2, name: T.title })).toBeVisible();
}

test.describe('on a desktop', () => {
  test('the ready kits as the service writes them: sorted both ways, searched, a row opened and a report as HTML', async ({
    page,
    api,
  }) => {
    await serveReports(page);
    await signInToReports(page);
    const table = page.getByRole('table', { name: T.kits });
    // A kit's row, not the header nor the report buttons a row opens to; its text starts with the barcode.
    const rows = table
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') })
      .filter({ hasNot: page.getByRole('group') });
    // Oldest result first: PT-0006 was ready on Aug 21, PT-0001 on Sep 22.
    await expect(rows).toHaveText([
      'PT-0006Methylation Health PanelAug 21, 20261 Report(s)',
      'PT-0001Biological Age TestSep 22, 20263 Report(s)',
    ]);
    await expect(page.getByText(T.total(2))).toBeVisible();
    expect(api.lastCallTo('GET', '/Reports/My').status).toBe(200);
    await expectAccessible(page, { label: 'patient reports (contract fake)' });

    const sort = table.getByRole('columnheader', { name: T.columns.resultReady });
    await sort.getByRole('button').click();
    await expect(sort).toHaveAttribute('aria-sort', 'descending');
    await expect(rows).toHaveText([/^PT-0001/, /^PT-0006/]);
    await sort.getByRole('button').click();
    await expect(rows).toHaveText([/^PT-0006/, /^PT-0001/]);

    const search = page.getByRole('textbox', { name: T.search });
    await search.fill('METHYLATION');
    await expect(rows).toHaveText([/^PT-0006/]);
    await expect(page.getByText(T.total(1))).toBeVisible();
    await search.fill('pt-0001');
    await expect(rows).toHaveText([/^PT-0001/]);
    await search.fill('PT-0002');
    await expect(table.getByText(T.empty)).toBeVisible();
    // "or Date": the day the results became ready, as people type it.
    for (const day of ['Sep 22', '09/22/2026', '2026-09-22']) {
      await search.fill(day);
      await expect(rows).toHaveText([/^PT-0001/]);
    }
    await search.fill('Aug 2026');
    await expect(rows).toHaveText([/^PT-0006/]);
    await search.fill('Sep 21');
    await expect(table.getByText(T.empty)).toBeVisible();
    await search.fill('');

    await rows.filter({ hasText: 'PT-0001' }).getByRole('button', { name: 'Expand row' }).click();
    const reports = page.getByRole('group', { name: T.reportsOf('PT-0001') });
    await reports.getByRole('button', { name: T.legacy(1) }).click();
    // The legacy report came without a name: its type names it.
    await expect(reports.getByRole('button')).toHaveText(['TruAge', 'TruHealth', T.legacy(1), 'DunedinPoAm']);
    await expectAccessible(page, { label: 'patient reports, a row open (contract fake)' });
    const popup = page.waitForEvent('popup');
    await reports.getByRole('button', { name: 'TruHealth' }).click();
    const tab = await popup;
    await tab.waitForURL(`${REPORTS_ORIGIN}/**`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Report 500 of kit PT-0001');
    expect(api.lastCallTo('POST', '/Reports/').body).toEqual({ kitId: 'PT-0001', reportType: 500, renderStrategy: 10, renderDetails: 1 });
    await tab.close();
    await expect(page.getByText('Report generated successfully')).toHaveCount(0);
    expect(api.unknownCalls()).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('cards with Kit ID and Result Ready, the sort button, and a report as a PDF', IN_FULL_CHROMIUM, async ({ page, api }) => {
    await serveReports(page);
    await signInToReports(page);
    const cards = page.getByRole('list', { name: T.kits }).getByRole('article');
    await expect(cards).toHaveText([
      'Kit IDPT-0006Result ReadyAug 21, 20261 Report(s)',
      'Kit IDPT-0001Result ReadySep 22, 20263 Report(s)',
    ]);
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('button', { name: T.sortAscending }).click();
    await expect(cards.locator('dd:first-of-type')).toHaveText(['PT-0001', 'PT-0006']);
    await expect(page.getByRole('button', { name: T.sortDescending })).toBeVisible();
    await expectAccessible(page, { label: 'patient reports, phone (contract fake)' });

    const card = page.getByRole('article', { name: 'PT-0006' });
    await card.getByRole('button', { name: T.count(1) }).click();
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'TruHealth' }).click();
    const tab = await popup;
    await tab.waitForURL(`${REPORTS_ORIGIN}/**`);
    expect(api.lastCallTo('POST', '/Reports/').body).toEqual({ kitId: 'PT-0006', reportType: 500, renderStrategy: 20, renderDetails: 1 });
    expect(reportOfLink(tab.url())?.format).toBe('pdf');
    expect(api.unknownCalls()).toEqual([]);
  });
});
