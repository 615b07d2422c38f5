import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as v from 'valibot';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { KitSchema, type Kit } from '../../src/model/kits/kit';
import { kitDisplayStatus } from '../../src/model/kits/kit-status';
import { latestFailure } from '../../src/model/kits/kit-steps';
import { formatTrackerDate, kitTrackerAmong, replacementOf, trackerSummary } from '../../src/model/patient-portal/patient-tracker';
import { PatientKitStatusText, PatientTrackerText } from '../../src/model/patient-portal/patient-tracker-texts';
import { DEMO_PASSWORD, IN_FULL_CHROMIUM, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The patient Kit Status page against the reference server (kits §2 "Patient Kit Status screen", §4 "Patient tracker",
 * §7), on a desktop window and on a 375 x 812 phone, in Chromium with its default pop-up blocking. `patient` has
 * several kits: the grid of cards, each as her kits' answer says (the tracker model, unit-tested on its own, turns
 * the answer into the expected words), the side panel closing on Escape, on the backdrop and on its X with focus back
 * on the card's button, a kit whose sample failed, a replaced original with its history and its replacement, and a
 * ready kit's report opening in the tab of the click (HTML on a desktop, PDF on a phone). `patient.one` has one kit:
 * its tracker inline. The page and the open panel pass axe; the patient portal is light even when the system is dark.
 */

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }),
    { scope: 'worker' },
  ],
});

const T = PatientTrackerText;
const SEVERAL = 'patient';
const ONE = 'patient.one';

test.beforeEach(async ({ request }) => resetDatabase(request));

/** The patient's kits as GET /Kits/My answers them, read with the model's schema. */
async function myKits(request: APIRequestContext, username: string): Promise<Kit[]> {
  const signedIn = await request.post('/portalApi/Auth', { data: { username, password: DEMO_PASSWORD, rememberMe: false } });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()) as { accessToken: { token: string } };
  const answer = await request.get('/portalApi/Kits/My', { headers: { Authorization: `Bearer ${accessToken.token}` } });
  expect(answer.ok()).toBe(true);
  return v.parse(v.array(KitSchema), await answer.json());
}

function find(kits: Kit[], what: string, predicate: (kit: Kit) => boolean): Kit {
  const kit = kits.find(predicate);
  if (!kit) throw new Error(`the seed gives the patient no kit that is ${what}`);
  return kit;
}

/** The seed's cases: a ready kit with reports, a failed sample still in the lab, and a chain's first original. */
function cases(kits: Kit[]) {
  const replaced = (kit: Kit) => replacementOf(kit, kits) !== null;
  const ready = find(kits, 'ready with reports', (kit) => kitTrackerAmong(kit, kits).ready && kit.reports.length > 0);
  const failed = find(kits, 'failed and not replaced', (kit) => latestFailure(kit) !== null && !replaced(kit) && kit.source === null);
  const original = find(kits, 'a replaced original', (kit) => replaced(kit) && kit.source === null);
  const replacement = replacementOf(original, kits);
  if (!replacement) throw new Error('no replacement');
  return { ready, failed, original, replacement };
}

/** What a card says, in order: barcode, status badge, the Error badge, "Step x of n", "Done" or the ETA, its button. */
function cardText(kit: Kit, kits: Kit[]): string {
  const tracker = kitTrackerAmong(kit, kits);
  const summary = trackerSummary(tracker);
  return [
    kit.barcode,
    kitDisplayStatus(kit.status?.status),
    tracker.failed ? T.error : '',
    summary.step,
    summary.progress ?? '',
    summary.action,
  ].join('');
}

async function signInToKitStatus(page: Page, username: string) {
  await openSignedIn(page, username, '/kit-status');
  await expect(page.getByRole('heading', { level: 2, name: PatientKitStatusText.title })).toBeVisible();
}

const card = (page: Page, barcode: string) => page.getByRole('article', { name: barcode });

async function openPanel(page: Page, kit: Kit, kits: Kit[]): Promise<{ button: Locator; panel: Locator }> {
  const button = card(page, kit.barcode).getByRole('button', { name: trackerSummary(kitTrackerAmong(kit, kits)).action });
  await button.click();
  const panel = page.getByRole('dialog', { name: kit.barcode });
  await expect(panel).toBeVisible();
  return { button, panel };
}

/** The several-kit journey, the same on both windows; `backdrop` is a point of the page left uncovered by the panel. */
async function severalKits(
  page: Page,
  request: APIRequestContext,
  { backdrop, pdf }: { backdrop: { x: number; y: number }; pdf: boolean },
) {
  const kits = await myKits(request, SEVERAL);
  const { ready, failed, original, replacement } = cases(kits);
  await signInToKitStatus(page, SEVERAL);

  const list = page.getByRole('list', { name: PatientKitStatusText.kits });
  await expect(list.getByRole('article')).toHaveText(kits.map((kit) => cardText(kit, kits)));
  await expectAccessible(page, { label: `patient kit status, several kits (${pdf ? 'phone' : 'desktop'})` });

  // A ready kit: "View Results", its steps and its reports; a report opens in the tab of the click.
  const opened = await openPanel(page, ready, kits);
  await expect(opened.panel.getByRole('list', { name: T.steps }).getByRole('listitem').last()).toContainText(`Result Ready${T.ready}`);
  await expectAccessible(page, { label: `patient kit panel of a ready kit (${pdf ? 'phone' : 'desktop'})` });
  const report = opened.panel.getByRole('region', { name: T.reports }).getByRole('button').first();
  const asked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/portalApi/Reports/');
  const popup = page.waitForEvent('popup');
  await report.click();
  const body = (await asked).postDataJSON() as { kitId: string; renderStrategy: number };
  expect([body.kitId, body.renderStrategy]).toEqual([ready.barcode, pdf ? 20 : 10]);
  const tab = await popup;
  await tab.waitForURL(pdf ? /\/Reports\/Documents\/.+\/pdf\?/ : /\/Reports\/Documents\/.+\/html\?/);
  await tab.close();
  // Kits §4: the success toast is the provider side's only.
  await expect(page.getByText('Report generated successfully')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(opened.panel).toBeHidden();
  await expect(opened.button).toBeFocused();

  // A sample that failed: the Error badge and "Sample Failed: …" on the current step; the X closes.
  const broken = await openPanel(page, failed, kits);
  const current = broken.panel.getByRole('list', { name: T.steps }).locator('li[aria-current="step"]');
  await expect(current.getByText(T.error, { exact: true })).toBeVisible();
  await expect(current.getByText(/^Sample Failed: /)).toBeVisible();
  await broken.panel.getByRole('button', { name: PatientKitStatusText.close }).click();
  await expect(broken.panel).toBeHidden();
  await expect(broken.button).toBeFocused();

  // A replaced original: its notice and its history, whose last slot is "Ordered" (5) from the replacement's creation.
  const old = await openPanel(page, original, kits);
  await expect(old.panel.getByText(T.originalReplaced)).toBeVisible();
  await expect(old.panel.getByText(T.originalReplacedText)).toBeVisible();
  await old.panel.getByRole('button', { name: T.showHistory }).click();
  const history = old.panel.getByRole('list', { name: T.history }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.last()).toHaveText(`5${T.ordered}${T.completed}${formatTrackerDate(replacement.createdAt ?? '')}`);
  await expectAccessible(page, { label: `patient kit panel of a replaced kit (${pdf ? 'phone' : 'desktop'})` });
  await page.mouse.click(backdrop.x, backdrop.y);
  await expect(old.panel).toBeHidden();
  await expect(old.button).toBeFocused();

  // Its replacement says which kit it replaces.
  const next = await openPanel(page, replacement, kits);
  await expect(next.panel.getByText(T.replaces(original.barcode))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(next.panel).toBeHidden();
}

async function oneKit(page: Page, request: APIRequestContext, label: string) {
  const kits = await myKits(request, ONE);
  expect(kits).toHaveLength(1);
  const [kit] = kits;
  if (!kit) throw new Error('no kit');
  await signInToKitStatus(page, ONE);
  const tracker = page.getByRole('region', { name: kit.barcode });
  await expect(tracker.getByRole('heading', { level: 3, name: kit.barcode })).toBeVisible();
  await expect(tracker.getByText(trackerSummary(kitTrackerAmong(kit, kits)).step)).toBeVisible();
  const steps = tracker.getByRole('list', { name: T.steps }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(tracker.locator('li[aria-current="step"]')).toHaveCount(kitTrackerAmong(kit, kits).ready ? 0 : 1);
  await expect(page.getByRole('list', { name: PatientKitStatusText.kits })).toHaveCount(0);
  await expectAccessible(page, { label });
}

test.describe('on a desktop', () => {
  test('several kits: the cards, the panel, a report, a failed kit, a replaced kit and its replacement; light though the system is dark', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await severalKits(page, request, { backdrop: { x: 200, y: 450 }, pdf: false });
    // Kits §9: the patient portal's default theme is light.
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });

  test('one kit: its tracker inline', async ({ page, request }) => {
    await oneKit(page, request, 'patient kit status, one kit (desktop)');
  });

  test('in the dark theme, chosen by the patient, the cards and a failed kit’s panel pass axe', async ({ page, request }) => {
    await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
    const kits = await myKits(request, SEVERAL);
    const { failed } = cases(kits);
    await signInToKitStatus(page, SEVERAL);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('article')).toHaveCount(kits.length);
    await expectAccessible(page, { label: 'patient kit status, several kits (desktop, dark)' });
    const { panel } = await openPanel(page, failed, kits);
    await expect(panel.getByText(/^Sample Failed: /)).toBeVisible();
    await expectAccessible(page, { label: 'patient kit panel of a failed kit (desktop, dark)' });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test(
    'several kits: the cards, the panel, a PDF report, a failed kit, a replaced kit and its replacement',
    IN_FULL_CHROMIUM,
    async ({ page, request }) => {
      // The panel leaves a strip of the page on its left to tap.
      await severalKits(page, request, { backdrop: { x: 16, y: 600 }, pdf: true });
    },
  );

  test('one kit: its tracker inline', async ({ page, request }) => {
    await oneKit(page, request, 'patient kit status, one kit (phone)');
  });
});
