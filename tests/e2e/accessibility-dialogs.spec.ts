import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { KitDetailText, TimelineText } from '../../src/model/kits/kit-detail-texts';
import { KitStatusHistoryText, ProductPanelText } from '../../src/model/kits/kit-list-texts';
import { PatientKitStatusText, PatientTrackerText } from '../../src/model/patient-portal/patient-tracker-texts';
import { OrderDetailText, ProductDetailsText } from '../../src/model/orders/order-detail-texts';
import {
  DeleteOrderText,
  OrderColumnText,
  OrderFilterText,
  OrderListText,
  StatusHistoryText,
} from '../../src/model/orders/order-list-texts';
import { CatalogueText, PaymentMethodsText } from '../../src/model/orders/texts';
import { parseConsentStatement } from '../../src/model/account/consent-statement';
import { DeactivationText, PatientConsentText } from '../../src/model/account/patient-account-texts';
import { DeleteUserText } from '../../src/model/team/team-texts';
import { resetCardProvider, TEST_CARDS, useFakeCardProvider } from './card-provider';
import { expectAccessible, openSignedIn, resetDatabase } from './support';
import { ThemeText } from '../../src/model/shell/shell-texts';
import { ManifestPageText } from '../../src/model/orders/manifest-texts';

/**
 * Issue 13, item 8: every dialog, side panel, confirmation and menu a user opens passes axe's WCAG 2.2 AA rules
 * while it is open, in the light and in the dark theme, on a 1400 × 900 desktop and on a 375 × 812 phone. The
 * pages behind them are accessibility.spec.ts's; so are the practice switcher and the phone drawer of a user with
 * several practices, which it already checks in all four combinations. One sign-in per user serves every dialog:
 * each is opened, checked, closed with its own Cancel, Close or Escape, and gone before the next one opens.
 */

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const DEVICES = [
  { device: 'desktop', viewport: { width: 1400, height: 900 } },
  { device: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const statement = (file: string) => parseConsentStatement(readFileSync(new URL(`../../content/consents/${file}`, import.meta.url), 'utf8'));
const CONSENT_STATEMENTS = [
  { consent: PatientConsentText.research, title: statement('research.md').title },
  { consent: PatientConsentText.olympics, title: statement('rejuvenation-olympics.md').title },
] as const;

/** Riverside's third seeded kit: its sample failed, so its timeline carries "Sample Failed" (server/seed/kit-plans.ts). */
const FAILED_KIT = 'KT-11-0003';

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
  await resetCardProvider(request);
});

/** Checks what is open now, named with the combination, so that a failure says which of the four it was. */
type Check = (what: string, open: Locator) => Promise<void>;

function checker(page: Page, where: string): Check {
  return async (what, open) => {
    await expect(open).toBeVisible();
    await expectAccessible(page, { label: `${what} (${where})` });
  };
}

async function closeWithEscape(page: Page, open: Locator) {
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}

async function closeWith(button: Locator, open: Locator) {
  await button.click();
  await expect(open).toBeHidden();
}

async function signInAs(page: Page, username: string, home: string, theme: Theme) {
  await openSignedIn(page, username, home);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** The shell's parts every user opens: the theme menu, and on a phone the drawer holding the main menu. */
async function shellMenus(page: Page, check: Check, theme: Theme, phone: boolean) {
  await page.getByRole('button', { name: `${ThemeText.switcher}: ${ThemeText[theme]}` }).click();
  const themes = page.getByRole('menu', { name: ThemeText.switcher });
  await check('theme menu', themes);
  await closeWithEscape(page, themes);
  if (!phone) return;
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await check('menu drawer', drawer);
  await closeWith(drawer.getByRole('button', { name: 'Close' }), drawer);
}

async function kitDialogs(page: Page, check: Check) {
  const kits = page.getByRole('table', { name: 'Kit Status' }).getByRole('rowgroup').nth(1).getByRole('row');
  await kits
    .first()
    .getByRole('button', { name: /: status history of kit / })
    .click();
  const history = page.getByRole('dialog', { name: KitStatusHistoryText.title });
  await check('kit list, Kit Status History panel', history);
  await closeWithEscape(page, history);
  await kits
    .first()
    .getByRole('button', { name: /: product information of kit / })
    .click();
  const product = page.getByRole('dialog', { name: ProductPanelText.title });
  await check('kit list, Product Information panel', product);
  await closeWith(product.getByRole('button', { name: ProductPanelText.close }), product);

  await page.goto(`/kits/${FAILED_KIT}`);
  await expect(page.getByRole('heading', { name: KitDetailText.title(FAILED_KIT) })).toBeVisible();
  await page.getByRole('button', { name: /^Status: .*\. Show processing status$/ }).click();
  const timeline = page.getByRole('dialog', { name: TimelineText.title });
  await expect(timeline.getByText(TimelineText.sampleFailed)).toBeVisible();
  await check('kit detail, Processing Status of a failed kit', timeline);
  await closeWith(timeline.getByRole('button', { name: TimelineText.close }), timeline);
}

async function orderDialogs(page: Page, check: Check) {
  await page.goto('/orders');
  const rows = page.getByRole('table', { name: OrderListText.tableLabel }).getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toBeVisible();

  await page.getByRole('button', { name: OrderFilterText.open, exact: true }).click();
  const builder = page.getByRole('dialog', { name: OrderFilterText.title });
  await check('orders list, filter builder, column step', builder);
  // A free-text column, whose value step has the operator list (the status is a choice of its groups).
  await builder.getByRole('button', { name: OrderColumnText.number, exact: true }).click();
  await expect(builder.getByRole('textbox', { name: OrderFilterText.value })).toBeFocused();
  await check('orders list, filter builder, value step', builder);
  const operator = builder.getByRole('combobox', { name: OrderFilterText.operator });
  await operator.click();
  await expect(operator).toHaveAttribute('aria-expanded', 'true');
  // antd's listbox for assistive technology holds only the options around the active one; the list drawn holds all.
  await check('orders list, filter builder, operator list', page.getByText(OrderFilterText.operators.endsWith, { exact: true }));
  // Enter keeps the active option, the one already chosen, and closes the list; Escape would also step the builder back.
  await page.keyboard.press('Enter');
  await expect(operator).toHaveAttribute('aria-expanded', 'false');
  await builder.getByRole('button', { name: OrderFilterText.back }).click();
  await expect(builder.getByRole('textbox', { name: OrderFilterText.findColumn })).toBeVisible();
  await closeWithEscape(page, builder);

  const draft = rows.filter({ has: page.getByRole('button', { name: /^Draft: status history of order / }) }).first();
  await draft.getByRole('button', { name: /^Actions for order / }).click();
  const actions = page.getByRole('menu', { name: /^Actions for order / });
  await check('orders list, row actions menu', actions);
  await actions.getByRole('menuitem', { name: OrderListText.delete }).click();
  const question = page.getByRole('dialog', { name: DeleteOrderText.title });
  await expect(question.getByText(DeleteOrderText.question)).toBeVisible();
  await check('orders list, Delete Order question', question);
  await closeWith(question.getByRole('button', { name: DeleteOrderText.cancel }), question);

  const shipped = rows.filter({ has: page.getByRole('button', { name: /^Shipped: status history of order / }) }).first();
  await shipped.getByRole('button', { name: /^Shipped: status history of order / }).click();
  const history = page.getByRole('dialog', { name: StatusHistoryText.title });
  await check('orders list, Order Status History panel', history);
  await closeWithEscape(page, history);

  // The order's own page, whose products open Product Details (its status badge opens the panel checked above).
  const number = (await shipped.getByRole('link').textContent()) ?? '';
  await shipped.getByRole('link').click();
  await expect(page.getByRole('heading', { name: OrderDetailText.title(number) })).toBeVisible();
  await page.getByRole('table', { name: OrderDetailText.items }).getByRole('button').first().click();
  const product = page.getByRole('dialog', { name: ProductDetailsText.title });
  await check('order detail, Product Details panel', product);
  await closeWithEscape(page, product);
}

async function orderingDialogs(page: Page, check: Check) {
  await page.goto('/orders/catalog');
  await page.getByRole('button', { name: CatalogueText.viewTiers }).click();
  const tiers = page.getByRole('dialog', { name: CatalogueText.tiersTitle });
  const drawing = tiers.getByRole('img', { name: CatalogueText.tiersImageAlt });
  // axe judges the drawing once it is drawn, not the empty box before it loads.
  await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await check('catalogue, Volume discount tiers', tiers);
  await closeWithEscape(page, tiers);

  await page.goto('/orders/bulk');
  await page.getByRole('button', { name: ManifestPageText.instructions }).click();
  const instructions = page.getByRole('dialog', { name: ManifestPageText.instructionsTitle });
  await check('manifest upload, Manifest Instructions', instructions);
  // The footer's Close; the corner's X has the same name.
  await closeWith(instructions.getByRole('button', { name: ManifestPageText.close }).last(), instructions);
}

async function settingsDialogs(page: Page, check: Check) {
  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Delete Jack Kim' }).click();
  const deleteUser = page.getByRole('dialog', { name: DeleteUserText.question });
  await check('team, delete user question', deleteUser);
  await closeWith(deleteUser.getByRole('button', { name: DeleteUserText.cancel }), deleteUser);

  await page.goto('/settings/billing');
  await expect(page.getByText(PaymentMethodsText.empty)).toBeVisible();
  await page.getByRole('button', { name: PaymentMethodsText.add }).click();
  const add = page.getByRole('dialog', { name: PaymentMethodsText.addTitle });
  const card = add.getByRole('group', { name: PaymentMethodsText.cardLabel });
  await expect(card.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await check('billing, Add Payment Method', add);
  await add.getByRole('button', { name: PaymentMethodsText.add }).click();
  await expect(add.getByRole('alert')).toBeVisible();
  await check('billing, Add Payment Method refusing incomplete details', add);
  await card.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.visa);
  await card.getByRole('textbox', { name: 'Expiration date (MM/YY)' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await add.getByRole('button', { name: PaymentMethodsText.add }).click();
  await expect(add).toBeHidden();

  const saved = page.getByRole('list', { name: PaymentMethodsText.title }).getByRole('listitem');
  await saved.filter({ hasText: '•••• 4242' }).getByRole('button', { name: PaymentMethodsText.delete }).click();
  const remove = page.getByRole('dialog', { name: PaymentMethodsText.deleteConfirm });
  await check('billing, remove payment method question', remove);
  await closeWith(remove.getByRole('button', { name: PaymentMethodsText.cancel }), remove);
}

async function patientDialogs(page: Page, check: Check) {
  const cards = page.getByRole('list', { name: PatientKitStatusText.kits }).getByRole('article');
  const panels = [
    { what: 'a ready kit', card: cards.filter({ has: page.getByRole('button', { name: PatientKitStatusText.viewResults }) }).first() },
    // Issue 41: a sample failed for good is the demo patient's replaced originals (a rerun since is no failure).
    { what: 'a failed, replaced kit', card: cards.filter({ has: page.getByText(PatientTrackerText.error, { exact: true }) }).first() },
  ];
  for (const { what, card } of panels) {
    const barcode = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button').click();
    const panel = page.getByRole('dialog', { name: barcode });
    // The kit's tracker: its steps, or a replaced original's notice with its history behind a toggle.
    await expect(panel.getByRole('region', { name: barcode })).toBeVisible();
    await check(`kit status, side panel of ${what}`, panel);
    await closeWith(panel.getByRole('button', { name: PatientKitStatusText.close }), panel);
  }

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: DeactivationText.button }).click();
  // Opened only: confirming would deactivate the demo patient.
  const question = page.getByRole('dialog', { name: DeactivationText.title });
  await expect(question.getByText(DeactivationText.warning)).toBeVisible();
  await check('account, Deactivate Account question', question);
  await closeWith(question.getByRole('button', { name: DeactivationText.cancel }), question);

  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  for (const { consent, title } of CONSENT_STATEMENTS) {
    await page.getByRole('button', { name: PatientConsentText.learnMore, description: consent }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await check(`account, ${title} statement`, dialog);
    await closeWith(dialog.getByRole('button', { name: PatientConsentText.disagree }), dialog);
  }
}

for (const { device, viewport } of DEVICES) {
  for (const theme of THEMES) {
    test.describe(`on a ${device} (${viewport.width} × ${viewport.height}) in the ${theme} theme`, () => {
      // Each test opens up to two dozen dialogs after one sign-in and checks each with axe.
      test.describe.configure({ timeout: 150_000 });
      test.use({ viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      });
      const where = `${device} ${viewport.width} px, ${theme}`;

      test("every dialog, side panel, menu and question of a provider's portal", async ({ page }) => {
        await useFakeCardProvider(page);
        await signInAs(page, 'hcp.checkout', '/kits', theme);
        const check = checker(page, where);
        await shellMenus(page, check, theme, device === 'phone');
        await kitDialogs(page, check);
        await orderDialogs(page, check);
        await orderingDialogs(page, check);
        await settingsDialogs(page, check);
      });

      test("every dialog, side panel, menu and question of a patient's portal", async ({ page }) => {
        await signInAs(page, 'patient', '/kit-status', theme);
        const check = checker(page, where);
        await shellMenus(page, check, theme, device === 'phone');
        await patientDialogs(page, check);
      });
    });
  }
}
