import { expect, type Page } from '@playwright/test';
import { KitDetailText, KitReportsText } from '../../../../src/model/kits/kit-detail-texts';
import { KitListText } from '../../../../src/model/kits/kit-list-texts';
import { isLegacyReport } from '../../../../src/model/kits/kit-status';
import { kitDetailPath } from '../../../../src/model/shell/navigation';
import { DEMO_PASSWORD } from '../../support';
import { visit, type MatrixGroup } from '../matrix';
import { providerSignIn } from './common';

const USERNAME = 'hcp.checkout';

let barcode: string | undefined;

/** The first kit the list shows, read once from the list as the user sees it. */
async function firstBarcode(page: Page): Promise<string> {
  if (barcode) return barcode;
  await visit(page, '/kits');
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  barcode = (await link.textContent())?.trim();
  if (!barcode) throw new Error('the kit list shows no kit');
  return barcode;
}

let withResults: string | undefined;

/** The detail address of a seeded kit with a current report, read through the API as the list would. */
async function resultsPath(page: Page): Promise<string> {
  if (withResults) return withResults;
  const signedIn = await page.request.post('/portalApi/Auth', { data: { username: USERNAME, password: DEMO_PASSWORD, rememberMe: false } });
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const answer = await page.request.get('/portalApi/Kits?pageSize=100', { headers: { Authorization: `Bearer ${accessToken.token}` } });
  const { items } = (await answer.json()) as { items: { barcode: string; reports: { type: number }[] }[] };
  const kit = items.find((each) => each.reports.some((report) => !isLegacyReport(report.type)));
  if (!kit) throw new Error('the seed has no kit with a current report');
  withResults = kitDetailPath(kit.barcode);
  return withResults;
}

/** A current report's own download button (not the bulk "Download (n)", which waits for a selection). */
const reportButton = (page: Page) => page.getByRole('button', { name: /^Download (?!\()/ }).first();

let reportTab: Page | undefined;

/** The provider's kit list and kit detail. */
export const KITS_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the provider’s kits',
    signIn: providerSignIn(USERNAME),
    calls: [
      {
        call: 'GET /Kits',
        act: (page) => visit(page, '/kits'),
        unreadable: KitListText.loadError(KitListText.unknownError),
      },
      {
        call: 'GET /Kits/{barcode}',
        arrive: async (page) => {
          await firstBarcode(page);
        },
        act: async (page) => visit(page, `/kits/${encodeURIComponent(await firstBarcode(page))}`),
        unreadable: KitDetailText.unknownError,
      },
      {
        call: 'POST /Reports/',
        arrive: async (page) => {
          await visit(page, await resultsPath(page));
          await expect(reportButton(page)).toBeVisible();
        },
        act: async (page) => {
          const opened = page.waitForEvent('popup');
          await reportButton(page).click();
          reportTab = await opened;
        },
        unreadable: '',
        timeoutMs: 100_000,
        // Kits §4: "with no link or on failure the tab is closed with no further message".
        failure: (page) => async () =>
          Boolean(reportTab?.isClosed()) &&
          (await page.getByText(KitReportsText.generated).count()) === 0 &&
          (await reportButton(page).isVisible()),
      },
    ],
  },
];
