import { expect, type Page } from '@playwright/test';
import { DiagnosticsText, KitDetailText, KitReportsText, ReportTabText, TimelineText } from '../../src/model/kits/kit-detail-texts';
import { serveReports } from './contract/report-host';
import { contractTest, signInToPortal } from './contract/contract-test';
import { REPORTS_ORIGIN } from './contract/portal-api-reports';

/**
 * The kit detail page against the in-test fake written from the documents (kits §2, §3, §4, §7 and the README's
 * contract decisions), not the reference server: the page reads `GET /Kits/{barcode}` as a service writes it (extra
 * fields, ids as numbers, a report without a name), and a report download sends `POST /Reports/` exactly as the
 * contract writes it and opens the service's presigned link, on a host of its own, in the tab the click opened.
 * Chromium runs with its default pop-up blocking, as in the reference-server journey.
 */

const test = contractTest.extend({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }),
    { scope: 'worker' },
  ],
});

test.use({ serviceWorkers: 'block' });

async function openKit(page: Page, barcode: string) {
  await page.goto(`/kits/${barcode}`);
  await expect(page.getByRole('heading', { name: KitDetailText.title(barcode) })).toBeVisible();
}

test('a kit as the service writes it: reports, legacy reports and files; a report downloads into the tab of the click', async ({
  page,
  api,
}) => {
  await serveReports(page);
  await signInToPortal(page);
  await openKit(page, 'HB-0004');
  expect(api.lastCallTo('GET', '/Kits/HB-0004').status).toBe(200);
  await expect(page.getByRole('button', { name: KitDetailText.statusPill('Result Ready') })).toBeVisible();

  const available = page.getByRole('table', { name: KitReportsText.tableLabel });
  await expect(available.getByRole('row')).toHaveText([
    `${KitReportsText.selectAll}${KitReportsText.report}${KitReportsText.download}`,
    `TruAge${KitReportsText.download}`,
    `TruHealth${KitReportsText.download}`,
  ]);
  await page.getByRole('button', { name: KitReportsText.showLegacy(2) }).click();
  // A report sent without a name is known by its type's name.
  await expect(page.getByRole('table', { name: KitReportsText.legacyTableLabel }).getByRole('row')).toHaveText([
    `${KitReportsText.report}${KitReportsText.download}`,
    `DunedinPoAm${KitReportsText.download}`,
    `SymphonyAge${KitReportsText.download}`,
  ]);
  await expect(page.getByRole('link', { name: `HB-0004_Grn.idat ${DiagnosticsText.opensInNewTab}` })).toHaveAttribute(
    'href',
    'https://files.lab.example/diagnostics/9041',
  );
  await expect(page.getByRole('link', { name: DiagnosticsText.downloadFile('HB-0004_Red.idat') })).toHaveAttribute(
    'href',
    'https://files.lab.example/diagnostics/9042',
  );

  // One report: the click opens the tab, the service's link is followed in it.
  const popup = page.waitForEvent('popup');
  await available.getByRole('button', { name: KitReportsText.downloadReport('TruAge') }).click();
  const tab = await popup;
  await tab.waitForURL(`${REPORTS_ORIGIN}/**`);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Report 200 of kit HB-0004');
  await expect(page.getByText(KitReportsText.generated)).toBeVisible();
  expect(api.reports.generated.map(({ presignedUrl: _, ...body }) => body)).toEqual([
    { kitId: 'HB-0004', reportType: 200, renderStrategy: 10, renderDetails: 1 },
  ]);
  expect(tab.url()).toBe(api.reports.generated[0]?.presignedUrl);
  expect(api.lastCallTo('POST', '/Reports/').body).toEqual({ kitId: 'HB-0004', reportType: 200, renderStrategy: 10, renderDetails: 1 });

  // Both current reports at once: one tab, which lists the two links.
  await page.getByRole('checkbox', { name: KitReportsText.selectAll }).check();
  const listed = page.waitForEvent('popup');
  await page.getByRole('button', { name: KitReportsText.downloadSelected(2) }).click();
  const list = await listed;
  await expect(list.getByRole('heading', { name: ReportTabText.heading('HB-0004') })).toBeVisible();
  await expect(list.getByRole('link')).toHaveText([`TruAge ${ReportTabText.opensInNewTab}`, `TruHealth ${ReportTabText.opensInNewTab}`]);
  const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  // The two calls go out side by side and may reach the service in either order; the list keeps the page's order.
  const linkOf = (type: number) => api.reports.generated.slice(1).find((report) => report.reportType === type)?.presignedUrl;
  expect(api.reports.generated).toHaveLength(3);
  expect(hrefs).toEqual([linkOf(200), linkOf(500)]);
  expect(api.unknownCalls()).toEqual([]);
});

test('a failed kit and its replacement as the service writes them; another practice’s kit is not found', async ({ page, api }) => {
  await signInToPortal(page);
  await openKit(page, 'HB-0013');
  const warning = page.getByRole('alert').filter({ hasText: KitDetailText.replaces('HB-0003') });
  await expect(warning).toHaveText(KitDetailText.replaces('HB-0003'));
  await warning.getByRole('link', { name: 'HB-0003' }).click();
  await expect(page.getByRole('heading', { name: KitDetailText.title('HB-0003') })).toBeVisible();
  await expect(page.getByText(KitDetailText.sampleFailed, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Status: / }).click();
  const current = page.getByRole('dialog', { name: TimelineText.title }).locator('li[aria-current="step"]');
  await expect(current).toContainText(TimelineText.failed);

  // Lakeshore's kit exists at the service, but not for Harbor: 404, the error box, then the kits list.
  await page.goto('/kits/LK-0001');
  await expect(page.getByRole('alert')).toContainText(KitDetailText.redirecting);
  expect(api.lastCallTo('GET', '/Kits/LK-0001').status).toBe(404);
  await expect(page).toHaveURL(/\/kits$/);
  // The one call answered 404 is that kit's.
  expect(api.unknownCalls()).toEqual(['GET /Kits/LK-0001']);
});
