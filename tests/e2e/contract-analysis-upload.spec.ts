import { expect, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { contractTest as test, signInToPortal } from './contract/contract-test';
import { idatArchive } from './contract/idat-zip';
import { RESEARCH_CREDENTIALS } from './contract/portal-api-fake';
import { expectAccessible } from './support';

/**
 * The analysis upload (issue 42) against the contract fake: a research institution sends a small archive of one IDAT
 * pair over tus to a service that answers the upload's Location as an absolute URL, watches it go, and finds the new
 * analysis order's number and link once the service has checked the archive. Every tus call carries the session's
 * bearer token. axe checks the page choosing, mid-upload and done, in both themes, on a desktop and on a phone.
 */

test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 90_000 });

/** About 320 KB: one sample's _Grn.idat and _Red.idat, each starting with the IDAT magic bytes. */
const ARCHIVE = idatArchive('205832590012', 'R01C01', 160 * 1024);
const FILE_NAME = 'northfield-run-3.zip';

async function chooseArchive(page: Page) {
  await page.locator('input[type="file"]').setInputFiles({ name: FILE_NAME, mimeType: 'application/zip', buffer: ARCHIVE });
}

for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'light' },
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'dark' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'light' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const) {
  test(`an institution uploads an IDAT archive and gets its analysis order (${device}, ${theme})`, async ({ page, api }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await signInToPortal(page, RESEARCH_CREDENTIALS);
    // After signing in: on a phone the main navigation that proves it is in a drawer.
    await page.setViewportSize(viewport);
    await page.goto('/analysis');
    await expect(page.getByRole('heading', { level: 2, name: 'Analysis Upload' })).toBeVisible();
    await expect(page.getByText('Reports within 48 hours.')).toBeVisible();
    await expect(page.getByText('Drop the .zip file here, or click to choose it')).toBeVisible();
    await expectAccessible(page, { label: `/analysis choosing a file, contract fake (${device}, ${theme})` });

    api.analysis.holdChunks();
    await chooseArchive(page);
    await expect(page.getByRole('heading', { name: `Uploading ${FILE_NAME}` })).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText(/ of 3\d\d KB sent$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
    await expectAccessible(page, { label: `/analysis mid-upload, contract fake (${device}, ${theme})` });
    if (device === 'desktop' && theme === 'light') {
      // Paused while a chunk is under way, then resumed: the upload continues from the offset the service holds.
      await page.getByRole('button', { name: 'Pause' }).click();
      await expect(page.getByText('Paused. What has been sent is kept: Resume continues from there.')).toBeVisible();
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    }
    if (device === 'desktop' && theme === 'dark') {
      // The access token expires while a chunk is under way: one refresh, and the upload goes on with the new token.
      api.analysis.expireToken(api.latestAccessToken());
    }
    if (device === 'phone' && theme === 'dark') {
      // The connection drops: the page says so, and the upload continues once the browser is back online.
      await page.context().setOffline(true);
      await expect(page.getByText('Connection lost — the upload continues when you are back online.')).toBeVisible();
      await expectAccessible(page, { label: `/analysis offline, contract fake (${device}, ${theme})` });
      await page.context().setOffline(false);
      await expect(page.getByText('Connection lost — the upload continues when you are back online.')).toBeHidden();
    }
    if (device === 'phone' && theme === 'light') {
      // Cancel deletes the upload on the service (tus termination); the same file may then be sent afresh.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Drop the .zip file here, or click to choose it')).toBeVisible();
      await expect.poll(() => api.calls.filter((call) => call.method === 'DELETE' && call.status === 204).length).toBe(1);
      expect(api.analysis.uploadsOf(41)).toBe(0);
      await chooseArchive(page);
      await expect(page.getByRole('heading', { name: `Uploading ${FILE_NAME}` })).toBeVisible();
    }
    api.analysis.releaseChunks();

    await expect(page.getByText('Order AN-7001 created')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'View order AN-7001' })).toHaveAttribute('href', '/orders/AN-7001');
    await expect(page.getByRole('button', { name: 'Upload another archive' })).toBeVisible();
    await expectAccessible(page, { label: `/analysis done, contract fake (${device}, ${theme})` });

    const created = api.lastCallTo('POST', '/Analysis/Uploads');
    expect(created.headers['upload-length']).toBe(String(ARCHIVE.length));
    expect(created.headers['upload-metadata']).toContain(`filename ${Buffer.from(FILE_NAME).toString('base64')}`);
    const tusCalls = api.calls.filter((call) => /^\/analysis\/uploads/i.test(call.path));
    expect(tusCalls.every((call) => /^Bearer access-\d+$/.test(call.headers.authorization ?? ''))).toBe(true);
    if (device === 'desktop' && theme === 'dark') {
      const refused = tusCalls.findIndex((call) => call.status === 401);
      expect(refused).toBeGreaterThanOrEqual(0);
      expect(api.callsTo('POST', '/Auth/refresh')).toHaveLength(1);
      const after = tusCalls.slice(refused + 1);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((call) => call.headers.authorization !== tusCalls[refused]?.headers.authorization)).toBe(true);
    }
    // The service took the bytes at the absolute address it gave, and the page asked for the outcome until it was known.
    expect(tusCalls.some((call) => call.method === 'PATCH' && call.status === 204)).toBe(true);
    expect(tusCalls.filter((call) => call.path.toLowerCase().endsWith('/outcome')).length).toBeGreaterThanOrEqual(2);
    // After Cancel, the chunk that was held finds its upload gone: the page had given up on it already.
    const cancelled = device === 'phone' && theme === 'light';
    expect(api.unknownCalls()).toEqual(cancelled ? ['PATCH /Analysis/Uploads/up0001x'] : []);
  });
}
