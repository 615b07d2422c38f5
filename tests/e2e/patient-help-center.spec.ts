import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Kits §2 /help-center (issue 12 item 6): the support site of the deployment settings in a frame, and a link that
 * opens it in a new tab for a site that refuses to be framed. The site is answered here: the default address is
 * a reserved .example name that never resolves.
 */

const HELP_CENTER_URL = parseEnv(readFileSync(new URL('../../.env', import.meta.url), 'utf8')).VITE_HELP_CENTER_URL ?? '';

async function serveHelpCenter(page: Page, headers: Record<string, string> = {}) {
  await page.context().route(`${HELP_CENTER_URL}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers,
      body: '<!doctype html><html lang="en"><head><title>Support</title></head><body><h1>How can we help?</h1></body></html>',
    }),
  );
}

test.beforeEach(async ({ request }) => resetDatabase(request));

test('the support site shows in the frame, with a link that opens it in a new tab', async ({ page }) => {
  expect(HELP_CENTER_URL).toMatch(/^https:\/\//);
  await serveHelpCenter(page);
  await openSignedIn(page, 'patient', '/kit-status');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/\/help-center$/);
  await expect(page.getByRole('heading', { name: 'Help Center', level: 2 })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Help Center"]').getByRole('heading', { name: 'How can we help?' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Open Help Center in a new tab' });
  await expect(link).toHaveAttribute('href', HELP_CENTER_URL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expectAccessible(page, { label: 'the help centre' });

  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
});

test.describe('on a 375 × 812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('a site that refuses to be framed still has its link, and the frame fills the width', async ({ page }) => {
    await serveHelpCenter(page, { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' });
    await openSignedIn(page, 'patient', '/help-center');
    const frame = page.locator('iframe[title="Help Center"]');
    await expect(frame).toBeVisible();
    const box = await frame.boundingBox();
    expect(box && box.width).toBeGreaterThan(300);
    await expect(page.getByRole('link', { name: 'Open Help Center in a new tab' })).toHaveAttribute('href', HELP_CENTER_URL);
    await expectAccessible(page, { label: 'the help centre on a phone' });
  });
});
