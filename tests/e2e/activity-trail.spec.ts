import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { KitDetailText, KitReportsText } from '../../src/model/kits/kit-detail-texts';
import { isLegacyReport } from '../../src/model/kits/kit-status';
import { SettingsPaths } from '../../src/model/shell/navigation';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase } from './support';
import { pickColumn } from './order-filters';

/**
 * Issue 44 item 1, the activity trail as a provider sees it: a report opened from a kit's page shows on that kit's
 * Activity as "Ava Morgan opened report … of KT-…"; Settings → Activity lists the practice's trail (the sign-in first),
 * filters it by what happened and exports it as CSV. On a wide window and a phone, each in both themes, with axe on
 * every page and dialog visited.
 */

const USERNAME = 'hcp.checkout';
const WHO = 'Ava Morgan';

interface Kit {
  barcode: string;
  reports: { type: number; name: string }[];
}

test.beforeEach(async ({ request }) => resetDatabase(request));

async function token(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username: USERNAME, password: DEMO_PASSWORD, rememberMe: false } });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { accessToken: { token: string } }).accessToken.token;
}

/** A seeded kit of the practice with a current report, read through the API as the list would. */
async function kitWithReport(request: APIRequestContext): Promise<{ barcode: string; report: string }> {
  const answer = await request.get('/portalApi/Kits?pageSize=100', { headers: { Authorization: `Bearer ${await token(request)}` } });
  expect(answer.ok()).toBe(true);
  const kits = ((await answer.json()) as { items: Kit[] }).items;
  for (const kit of kits) {
    const report = kit.reports.find((each) => !isLegacyReport(each.type));
    if (report) return { barcode: kit.barcode, report: report.name };
  }
  throw new Error('the seed has no kit with a current report');
}

const VARIANTS = [
  { name: 'a 1280 px window, light theme', viewport: { width: 1280, height: 900 }, theme: 'light' },
  { name: 'a 1280 px window, dark theme', viewport: { width: 1280, height: 900 }, theme: 'dark' },
  { name: 'a 375 px phone, light theme', viewport: { width: 375, height: 812 }, theme: 'light' },
  { name: 'a 375 px phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

const activitySection = (page: Page) => page.getByRole('region', { name: ActivityText.section });

for (const variant of VARIANTS) {
  test.describe(variant.name, () => {
    test.use({ viewport: variant.viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    });

    test('a report opened from the kit’s page shows on the kit’s Activity, naming who opened which report', async ({ page, request }) => {
      const kit = await kitWithReport(request);
      await openSignedIn(page, USERNAME, `/kits/${encodeURIComponent(kit.barcode)}`);
      await expect(page.getByRole('heading', { name: KitDetailText.title(kit.barcode) })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${variant.theme}\\b`));
      await expect(activitySection(page)).toBeVisible();
      await expectAccessible(page, { label: `kit page with its Activity (${variant.name})` });

      // The new tab opens the report (HTML on a wide window, PDF on a phone): its answer is what the trail records.
      const opened = page.context().waitForEvent('response', (response) => response.url().includes('/portalApi/Reports/Documents/'));
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: KitReportsText.downloadReport(kit.report) }).click();
      expect((await opened).status()).toBe(200);
      await (await popup).close();

      // Back on the kit's page (a reload, as a user returning later would see it): the opening is there, newest first.
      await page.reload();
      const entries = activitySection(page).getByRole('list', { name: ActivityText.section });
      await expect(entries.getByRole('listitem').first()).toContainText(`${WHO} opened report ${kit.report} of ${kit.barcode}`);
      await expect(entries).toContainText(`${WHO} asked for a link to report ${kit.report} of ${kit.barcode}`);
      await expectAccessible(page, { label: `kit Activity after the report was opened (${variant.name})` });
    });

    test('Settings → Activity lists the trail, filters it by what happened and exports it as CSV', async ({ page, request }) => {
      const kit = await kitWithReport(request);
      const auth = { Authorization: `Bearer ${await token(request)}` };
      const body = { kitId: kit.barcode, reportType: 0, renderStrategy: 10, renderDetails: 1 };
      const reports = ((await (await request.get(`/portalApi/Kits/${encodeURIComponent(kit.barcode)}`, { headers: auth })).json()) as Kit)
        .reports;
      const current = reports.find((report) => !isLegacyReport(report.type));
      expect((await request.post('/portalApi/Reports/', { headers: auth, data: { ...body, reportType: current?.type } })).ok()).toBe(true);

      await openSignedIn(page, USERNAME, SettingsPaths.activity);
      await expect(page.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible();
      const list = page.getByRole('list', { name: ActivityText.title });
      // The sign-in that opened this page is the newest entry, under the name of who signed in; the link is before it.
      await expect(list.getByRole('listitem').first()).toContainText(`${WHO} signed in`);
      await expect(list).toContainText(`${WHO} asked for a link to report ${kit.report} of ${kit.barcode}`);
      await expectAccessible(page, { label: `Settings → Activity (${variant.name})` });

      await pickColumn(page, ActivityText.columns.kind);
      const builder = page.getByRole('dialog', { name: 'Add a filter' });
      await page.getByRole('combobox', { name: 'Value' }).click();
      await page.getByTitle('Report link issued', { exact: true }).click();
      await expectAccessible(page, { label: `the activity filter builder (${variant.name})` });
      await builder.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('What is "Report link issued"')).toBeVisible();
      await expect(list.getByRole('listitem')).not.toHaveCount(0);
      for (const text of await list.getByRole('listitem').allTextContents()) expect(text).toContain('asked for a link to report');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: ActivityText.export }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await file.createReadStream().then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks).toString('utf8');
      });
      expect(csv.split('\r\n')[0]).toContain('"When (UTC)","Who"');
      expect(csv).toContain(`"${kit.barcode}"`);
      expect(csv).not.toContain('"Report opened"');
    });
  });
}
