import { expect, type Locator, type Page } from '@playwright/test';
import { PatientReportsText } from '../../src/model/patient-portal/patient-reports-texts';
import { KitStoryText } from '../../src/model/kits/kit-story-texts';
import { PatientKitStatusText, PatientTrackerText } from '../../src/model/patient-portal/patient-tracker-texts';
import { serveReports } from './contract/report-host';
import { contractTest, signInToPortal } from './contract/contract-test';
import { PATIENT_CREDENTIALS } from './contract/portal-api-accounts';
import { REPORTS_ORIGIN, reportOfLink } from './contract/portal-api-reports';
import { IN_FULL_CHROMIUM, expectAccessible } from './support';

/**
 * The patient Kit Status page against the in-test fake written from the documents (kits §2, §3, §4, §7 and the
 * README's contract decisions), not the reference server: `GET /Kits/My` and `GET /Kits/{barcode}/My` answered as a
 * service writes them (identifiers as strings of digits, fields nobody asked for, `samples: null`, a report without a
 * name), the several-kit grid and its side panel with the kit story (issue 41: a ready kit's earlier QC failure as
 * history, not an error; ETAs already past as delays; product names; the replaced kit's link to its replacement),
 * a failed kit and its replacement, and a ready kit's report
 * opening in the tab of the click: HTML on a desktop, PDF on a phone, with no toast. Chromium runs with its default
 * pop-up blocking, as in the provider's report journeys.
 */

const test = contractTest.extend({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }),
    { scope: 'worker' },
  ],
});

test.use({ serviceWorkers: 'block', ids: 'digit strings' });

const T = PatientTrackerText;

const card = (page: Page, barcode: string) => page.getByRole('article', { name: barcode });

async function openPanel(page: Page, barcode: string, action: string): Promise<{ button: Locator; panel: Locator }> {
  const button = card(page, barcode).getByRole('button', { name: action });
  await button.click();
  const panel = page.getByRole('dialog', { name: barcode });
  await expect(panel).toBeVisible();
  return { button, panel };
}

test.describe('on a desktop', () => {
  test('several kits as the service writes them: the cards, the panel, a report, a failed kit and its replacement', async ({
    page,
    api,
  }) => {
    // Six states, each with an axe pass, and a report tab: on a shared two-core machine it needs more than the default.
    test.slow();
    await serveReports(page);
    await signInToPortal(page, PATIENT_CREDENTIALS);
    await expect(page).toHaveURL(/\/kit-status$/);
    await expect(page.getByRole('heading', { level: 2, name: PatientKitStatusText.title })).toBeVisible();
    const list = page.getByRole('list', { name: PatientKitStatusText.kits });
    // Every kit names its product. The fake's kits date from September 2026, so every expected date has passed (or
    // the kit has stayed in its step past its typical duration): each says it is delayed, none promises a past date.
    const delayed = KitStoryText.longerThanUsual;
    const product = 'Biological Age Test';
    await expect(list.getByRole('article')).toHaveText([
      // Its QC failure was rerun and the results are ready: no Error badge.
      `PT-0001${product}Result ReadyStep 4 of 4DoneView Results`,
      // In Sample Processing since Sep 14: 4 weeks on.
      `PT-0002${product}Sample ProcessingStep 3 of 4${delayed}View Details`,
      // Not enough specimen, and replaced: no ETA.
      `PT-0003${product}Sample ProcessingErrorStep 3 of 4View Details`,
      // Registered on Sep 24: 5, 4 and 4 weeks on, Dec 24; 5 weeks in Registered are long past. Until Dec 24 its
      // date is still to come and shown; from the day after, no date.
      new RegExp(`^PT-0004${product}RegisteredStep 1 of 4(${KitStoryText.delayed('Dec 24, 2026')}|${delayed})View Details$`),
      // Its QC failure is the latest result: Sep 16, 4 weeks and 2 more.
      `PT-0005${product}Sample ProcessingErrorStep 3 of 4${delayed}View Details`,
      'PT-0006Methylation Health PanelResult ReadyStep 4 of 4DoneView Results',
    ]);
    expect(api.lastCallTo('GET', '/Kits/My').status).toBe(200);
    await expectAccessible(page, { label: 'patient kit status, several kits (contract fake)' });

    // A ready kit: its tracker in the panel, read afresh, and its reports; the legacy one, sent without a name.
    const ready = await openPanel(page, 'PT-0001', PatientKitStatusText.viewResults);
    await expect.poll(() => api.callsTo('GET', '/Kits/PT-0001/My').map((call) => call.status)).toEqual([200]);
    await expect(ready.panel.getByRole('list', { name: T.steps }).getByRole('listitem')).toHaveText([
      /^1RegisteredCompletedSep 2, 2026/,
      /^2Sample ReceivedCompletedSep 6, 2026/,
      `3Sample ProcessingCompletedSep 18, 2026Typical duration: 2-4 weeks${KitStoryText.rerunAfterQc}`,
      '4Result ReadyReadyCompletedSep 22, 2026',
    ]);
    await expect(ready.panel.getByText(T.error, { exact: true })).toHaveCount(0);
    const reports = ready.panel.getByRole('region', { name: T.reports });
    await reports.getByRole('button', { name: PatientReportsText.legacy(1) }).click();
    await expect(reports.getByRole('button')).toHaveText(['TruAge', 'TruHealth', PatientReportsText.legacy(1), 'DunedinPoAm']);
    await expectAccessible(page, { label: 'patient kit panel with reports (contract fake)' });
    const popup = page.waitForEvent('popup');
    await reports.getByRole('button', { name: 'TruAge' }).click();
    const tab = await popup;
    await tab.waitForURL(`${REPORTS_ORIGIN}/**`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Report 200 of kit PT-0001');
    expect(api.lastCallTo('POST', '/Reports/').body).toEqual({ kitId: 'PT-0001', reportType: 200, renderStrategy: 10, renderDetails: 1 });
    expect(tab.url()).toBe(api.myKits.generated[0]?.presignedUrl);
    await tab.close();
    // Kits §4: the success toast is the provider side's only.
    await expect(page.getByText('Report generated successfully')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(ready.panel).toBeHidden();
    await expect(ready.button).toBeFocused();

    // The failed original: replaced, its history behind a toggle, "Ordered" from the replacement's creation.
    const original = await openPanel(page, 'PT-0003', PatientKitStatusText.viewDetails);
    await expect(original.panel.getByText(T.originalReplaced)).toBeVisible();
    await expect(original.panel.getByText(T.originalReplacedText)).toBeVisible();
    await original.panel.getByRole('button', { name: T.showHistory }).click();
    await expect(original.panel.getByRole('list', { name: T.history }).getByRole('listitem')).toHaveText([
      /^1RegisteredCompletedSep 3, 2026/,
      /^2Sample ReceivedCompletedSep 7, 2026/,
      '3Sample ProcessingFailedErrorTypical duration: 2-4 weeksSample Failed: There was not enough specimen. A new kit will be sent to recollect the sample.',
      '5OrderedCompletedSep 20, 2026',
    ]);
    await original.panel.getByRole('button', { name: PatientKitStatusText.close }).click();
    await expect(original.panel).toBeHidden();
    await expect(original.button).toBeFocused();

    // The original names its replacement, which the patient owns: the link opens it in the panel.
    const again = await openPanel(page, 'PT-0003', PatientKitStatusText.viewDetails);
    await expect(again.panel.getByText(KitStoryText.replacedBy('PT-0004'))).toBeVisible();
    await expectAccessible(page, { label: 'patient kit panel of a replaced kit (contract fake)' });
    await again.panel.getByRole('button', { name: 'PT-0004' }).click();
    await expect(page.getByRole('dialog', { name: 'PT-0004' }).getByText(T.replaces('PT-0003'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'PT-0004' })).toBeHidden();

    // Its replacement says so; the backdrop closes the panel.
    const replacement = await openPanel(page, 'PT-0004', PatientKitStatusText.viewDetails);
    await expect(replacement.panel.getByText(T.replaces('PT-0003'))).toBeVisible();
    await page.mouse.click(10, 450);
    await expect(replacement.panel).toBeHidden();
    await expect(replacement.button).toBeFocused();
    expect(api.unknownCalls()).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('one ready kit: its tracker inline, and a report opens as a PDF', IN_FULL_CHROMIUM, async ({ page, api }) => {
    api.myKits.keepOnly(['PT-0001']);
    await serveReports(page);
    await signInToFake(page);
    const tracker = page.getByRole('region', { name: 'PT-0001' });
    await expect(tracker.getByRole('heading', { level: 3, name: 'PT-0001' })).toBeVisible();
    await expect(page.getByRole('list', { name: PatientKitStatusText.kits })).toHaveCount(0);
    await expect(tracker.getByRole('list', { name: T.steps }).getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page, { label: 'patient kit status, one kit, phone (contract fake)' });
    const popup = page.waitForEvent('popup');
    await tracker.getByRole('region', { name: T.reports }).getByRole('button', { name: 'TruHealth' }).click();
    const tab = await popup;
    await tab.waitForURL(`${REPORTS_ORIGIN}/**`);
    expect(api.lastCallTo('POST', '/Reports/').body).toEqual({ kitId: 'PT-0001', reportType: 500, renderStrategy: 20, renderDetails: 1 });
    expect(reportOfLink(tab.url())?.format).toBe('pdf');
    expect(api.unknownCalls()).toEqual([]);
  });
});

/** On a phone the navigation sits behind the menu button: signed in once the page's heading shows. */
async function signInToFake(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill(PATIENT_CREDENTIALS.username);
  await page.getByLabel('Password').fill(PATIENT_CREDENTIALS.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 2, name: PatientKitStatusText.title })).toBeVisible();
}
