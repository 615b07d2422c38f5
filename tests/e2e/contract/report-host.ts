import type { Page } from '@playwright/test';
import { REPORTS_ORIGIN, reportOfLink } from './portal-api-reports';

/** The lab's report host, answered in the browser: a page naming the kit and the report, or a PDF. */
export async function serveReports(page: Page): Promise<void> {
  await page.context().route(`${REPORTS_ORIGIN}/**`, (route) => {
    const report = reportOfLink(route.request().url());
    if (!report) return route.fulfill({ status: 404, body: 'No such report' });
    if (report.format === 'pdf') return route.fulfill({ contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Report ${report.reportType} of ${report.barcode}</title></head><body><main><h1>Report ${report.reportType} of kit ${report.barcode}</h1></main></body></html>`,
    });
  });
}
