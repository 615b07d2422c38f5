import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as v from 'valibot';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { KitSchema, type Kit } from '../../src/model/kits/kit';
import { kitDisplayStatus } from '../../src/model/kits/kit-status';
import { currentFailure, rerunNote } from '../../src/model/kits/kit-story';
import { KitStoryText } from '../../src/model/kits/kit-story-texts';
import { formatTrackerDate, kitTrackerAmong, replacementOf, trackerSummary } from '../../src/model/patient-portal/patient-tracker';
import { PatientKitStatusText, PatientTrackerText } from '../../src/model/patient-portal/patient-tracker-texts';
import { DEMO_PASSWORD, IN_FULL_CHROMIUM, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The patient Kit Status page against the reference server (kits §2 "Patient Kit Status screen", §4 "Patient tracker",
 * §7), on a desktop window and on a 375 x 812 phone, in Chromium with its default pop-up blocking. `patient` has
 * several kits: the grid of cards, each as her kits' answer says (the tracker model, unit-tested on its own, turns
 * the answer into the expected words), the side panel closing on Escape, on the backdrop and on its X with focus back
 * on the card's button, a replaced original whose sample failed, with its history, its "Replaced by" link and its
 * replacement, a ready kit's report opening in the tab of the click (HTML on a desktop, PDF on a phone), and the kit
 * story of issue 41: a kit rerun after a failed quality check and ready since (KT-11-0020) without an Error badge and
 * with the rerun in its history, an ETA already past as "Delayed — taking longer than usual", and the product on every card.
 * `patient.one` has one kit, delayed: its tracker inline. The page and the open panel pass axe; the patient portal is
 * light even when the system is dark, dark when the patient chooses it (the phone journey).
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

/** Today, as the page reads it from the clock: the journey and the page run on the same machine. */
const now = () => new Date();

/**
 * The seed's cases: a ready kit with reports, a ready kit rerun after a failed quality check (KT-11-0020), a delayed
 * kit, and a chain's first original, whose sample failed for good.
 */
function cases(kits: Kit[]) {
  const replaced = (kit: Kit) => replacementOf(kit, kits) !== null;
  const ready = find(kits, 'ready with reports', (kit) => kitTrackerAmong(kit, kits, now()).ready && kit.reports.length > 0);
  const rerunReady = find(kits, 'ready after a rerun', (kit) => kitTrackerAmong(kit, kits, now()).ready && rerunNote(kit) !== null);
  const delayed = find(kits, 'delayed', (kit) => kitTrackerAmong(kit, kits, now()).delayed);
  const original = find(kits, 'a replaced original', (kit) => replaced(kit) && kit.source === null && currentFailure(kit) !== null);
  const replacement = replacementOf(original, kits);
  if (!replacement) throw new Error('no replacement');
  return { ready, rerunReady, delayed, original, replacement };
}

/** What a card says, in order: barcode, product, status badge, the Error badge, "Step x of n", "Done" or the ETA, its button. */
function cardText(kit: Kit, kits: Kit[]): string {
  const tracker = kitTrackerAmong(kit, kits, now());
  const summary = trackerSummary(tracker);
  return [
    kit.barcode,
    tracker.product ?? '',
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
  const button = card(page, kit.barcode).getByRole('button', { name: trackerSummary(kitTrackerAmong(kit, kits, now())).action });
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
  const { ready, rerunReady, delayed, original, replacement } = cases(kits);
  await signInToKitStatus(page, SEVERAL);

  const list = page.getByRole('list', { name: PatientKitStatusText.kits });
  await expect(list.getByRole('article')).toHaveText(kits.map((kit) => cardText(kit, kits)));
  // Every card names its product; the delayed kit says so, and no past date as a promise.
  for (const kit of kits) if (kit.product?.name) await expect(card(page, kit.barcode).getByText(kit.product.name)).toBeVisible();
  await expect(
    card(page, delayed.barcode).getByText(/^Delayed — (taking longer than usual|expected by [A-Z][a-z]{2} \d{1,2}, \d{4})$/),
  ).toBeVisible();
  await expect(list.getByText(/^ETA /)).toHaveText(
    kits.flatMap((kit) => {
      const eta = kitTrackerAmong(kit, kits, now()).eta;
      return eta?.startsWith('ETA ') ? [eta] : [];
    }),
  );
  await expectAccessible(page, { label: `patient kit status, several kits (${pdf ? 'phone' : 'desktop'})` });

  // KT-11-0020: a failed quality check, rerun, and ready since: no Error badge, the rerun a line of its history.
  expect(rerunReady.barcode).toBe('KT-11-0020');
  await expect(card(page, rerunReady.barcode).getByText(T.error, { exact: true })).toHaveCount(0);
  const rerun = await openPanel(page, rerunReady, kits);
  await expect(rerun.panel.getByText(T.error, { exact: true })).toHaveCount(0);
  await expect(rerun.panel.getByText(/^Sample Failed/)).toHaveCount(0);
  await expect(rerun.panel.getByRole('list', { name: T.steps }).getByRole('listitem').nth(2)).toContainText(KitStoryText.rerunAfterQc);
  await page.keyboard.press('Escape');
  await expect(rerun.panel).toBeHidden();

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

  // A replaced original whose sample failed for good: the Error badge, its notice, "Replaced by" its replacement,
  // and its history, whose current step says "Sample Failed: …" and whose last slot is "Ordered" (5) from the
  // replacement's creation; the X closes.
  const old = await openPanel(page, original, kits);
  await expect(old.panel.getByText(T.error, { exact: true }).first()).toBeVisible();
  await expect(old.panel.getByText(T.originalReplaced)).toBeVisible();
  await expect(old.panel.getByText(T.originalReplacedText)).toBeVisible();
  await expect(old.panel.getByText(KitStoryText.replacedBy(replacement.barcode))).toBeVisible();
  await old.panel.getByRole('button', { name: T.showHistory }).click();
  const history = old.panel.getByRole('list', { name: T.history }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(
    old.panel
      .getByRole('list', { name: T.history })
      .locator('li[aria-current="step"]')
      .getByText(/^Sample Failed: /),
  ).toBeVisible();
  await expect(history.last()).toHaveText(`5${T.ordered}${T.completed}${formatTrackerDate(replacement.createdAt ?? '')}`);
  await expectAccessible(page, { label: `patient kit panel of a replaced kit (${pdf ? 'phone' : 'desktop'})` });
  await old.panel.getByRole('button', { name: PatientKitStatusText.close }).click();
  await expect(old.panel).toBeHidden();
  await expect(old.button).toBeFocused();

  // "Replaced by {barcode}" opens the replacement, which says which kit it replaces; the backdrop closes the panel.
  const again = await openPanel(page, original, kits);
  await again.panel.getByRole('button', { name: replacement.barcode }).click();
  const next = page.getByRole('dialog', { name: replacement.barcode });
  await expect(next.getByText(T.replaces(original.barcode))).toBeVisible();
  await page.mouse.click(backdrop.x, backdrop.y);
  await expect(next).toBeHidden();
  await expect(again.button).toBeFocused();
}

async function oneKit(page: Page, request: APIRequestContext, label: string) {
  const kits = await myKits(request, ONE);
  expect(kits).toHaveLength(1);
  const [kit] = kits;
  if (!kit) throw new Error('no kit');
  await signInToKitStatus(page, ONE);
  const tracker = page.getByRole('region', { name: kit.barcode });
  await expect(tracker.getByRole('heading', { level: 3, name: kit.barcode })).toBeVisible();
  const story = kitTrackerAmong(kit, kits, now());
  await expect(tracker.getByText(trackerSummary(story).step)).toBeVisible();
  // patient.one's kit has stayed in Sample Processing since October: delayed, the same words as the provider's.
  expect(story.delayed).toBe(true);
  await expect(tracker.getByText(story.eta ?? '', { exact: true }).first()).toBeVisible();
  if (kit.product?.name) await expect(tracker.getByText(kit.product.name)).toBeVisible();
  const steps = tracker.getByRole('list', { name: T.steps }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(tracker.locator('li[aria-current="step"]')).toHaveCount(story.ready ? 0 : 1);
  await expect(page.getByRole('list', { name: PatientKitStatusText.kits })).toHaveCount(0);
  await expectAccessible(page, { label });
}

test.describe('on a desktop', () => {
  test('several kits: the cards, the panel, a report, KT-11-0020, a delayed kit, a replaced kit and its replacement; light though the system is dark', async ({
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

  test('in the dark theme, chosen by the patient, the cards and a delayed kit’s panel pass axe', async ({ page, request }) => {
    await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
    const kits = await myKits(request, SEVERAL);
    const { delayed } = cases(kits);
    await signInToKitStatus(page, SEVERAL);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('article')).toHaveCount(kits.length);
    await expectAccessible(page, { label: 'patient kit status, several kits (desktop, dark)' });
    const { panel } = await openPanel(page, delayed, kits);
    await expect(panel.getByText(/^Delayed — /).first()).toBeVisible();
    await expectAccessible(page, { label: 'patient kit panel of a delayed kit (desktop, dark)' });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test(
    'several kits in the dark theme: the cards, the panel, a PDF report, KT-11-0020, a delayed kit, a replaced kit and its replacement',
    IN_FULL_CHROMIUM,
    async ({ page, request }) => {
      await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
      // The panel leaves a strip of the page on its left to tap.
      await severalKits(page, request, { backdrop: { x: 16, y: 600 }, pdf: true });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    },
  );

  test('one kit: its tracker inline', async ({ page, request }) => {
    await oneKit(page, request, 'patient kit status, one kit (phone)');
  });
});
