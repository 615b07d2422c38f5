import { expect, test, type Page } from '@playwright/test';
import { parseConsentStatement } from '../../src/model/account/consent-statement';
import { readFileSync } from 'node:fs';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, openSignedIn, resetDatabase, signIn } from './support';

/**
 * The patient's Account page against the reference server (kits §2 "Patient Account screen", §4 "Consents" and
 * "Account deactivation", §5, §8), on a desktop window and on a 375 x 812 phone. One sign-in serves the profile (a
 * field's rule under it, a save that survives a reload), the Security tab and its question, and the consents (agreeing
 * through "Learn more", which survives a reload, and a failed save that turns the switch back); every tab and dialog
 * passes axe. Deactivation is its own journey: it ends at sign-in, and the old password no longer signs in.
 */

const PATIENT = 'patient';
const olympicsStatement = parseConsentStatement(
  readFileSync(new URL('../../content/consents/rejuvenation-olympics.md', import.meta.url), 'utf8'),
);

test.beforeEach(async ({ request }) => {
  // One sign-in, several saves and reloads; on a shared two-core machine that outlasts 45 s.
  test.slow();
  await resetDatabase(request);
});

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

async function openAccount(page: Page) {
  await openSignedIn(page, PATIENT, '/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
  await expect(page.getByText('Manage your account information and preferences')).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const) {
  test.describe(`on a ${device} (${viewport.width} x ${viewport.height})`, () => {
    test.use({ viewport });

    test('the profile, the Security tab and the consents, each tab and dialog accessible', async ({ page }) => {
      await openAccount(page);
      await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Data & Privacy']);

      // Tab 0: the record as GET /Patients/Me gives it, the email read-only.
      const personal = page.getByRole('region', { name: 'Personal Information' });
      const address = page.getByRole('region', { name: 'Address Information' });
      await expect(personal.getByLabel('First name')).toHaveValue('Isla');
      await expect(personal.getByLabel('Email', { exact: true })).toBeDisabled();
      await expectAccessible(page, { label: `/account, Profile, ${device}` });

      // Kits §5: the schema's message under its field; nothing is saved.
      await address.getByLabel('City').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(address.getByText('City is required')).toBeVisible();
      await expectAccessible(page, { label: `/account, Profile with a refused field, ${device}` });

      await address.getByLabel('City').fill('Davis');
      await address.getByLabel('Address line 2').fill('Apt 2');
      await personal.getByLabel('Phone').fill('(530) 555-0144');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Changes saved successfully!')).toBeVisible();
      await page.reload();
      await expect(address.getByLabel('City')).toHaveValue('Davis');
      await expect(address.getByLabel('Address line 2')).toHaveValue('Apt 2');
      await expect(personal.getByLabel('Phone')).toHaveValue('(530) 555-0144');

      // Tab 1: the password change form and the question before deactivating (cancelled here).
      await openTab(page, 'Security');
      await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
      await expectAccessible(page, { label: `/account, Security, ${device}` });
      await page.getByRole('button', { name: 'Deactivate Account' }).click();
      const question = page.getByRole('dialog', { name: 'Deactivate Account' });
      await expect(question).toContainText('permanently forgotten');
      await expectAccessible(page, { label: `/account, the deactivation question, ${device}` });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toBeHidden();

      // Tab 2: the seed's patient gave the research consent and not the Olympics one. Agreeing through "Learn more"
      // turns the Olympics one on, and that is kept.
      await openTab(page, 'Data & Privacy');
      const research = page.getByRole('switch', { name: 'Research Consent' });
      const olympics = page.getByRole('switch', { name: 'Rejuvenation Olympics Consent' });
      await expect(research).toBeChecked();
      await expect(olympics).not.toBeChecked();
      await expectAccessible(page, { label: `/account, Data & Privacy, ${device}` });
      await page.getByRole('button', { name: 'Learn more', description: 'Rejuvenation Olympics Consent' }).click();
      const statement = page.getByRole('dialog', { name: olympicsStatement.title });
      await expect(statement).toBeVisible();
      await expectAccessible(page, { label: `/account, the Olympics consent statement, ${device}` });
      await statement.getByRole('button', { name: 'I agree' }).click();
      await expect(statement).toBeHidden();
      await expect(olympics).toBeChecked();
      await expect(toast(page, 'Your consents updated successfully.')).toBeVisible();
      await page.reload();
      await openTab(page, 'Data & Privacy');
      await expect(olympics).toBeChecked();
      await expect(research).toBeChecked();

      // A failed save turns the switch back and names it.
      await page.route('**/portalApi/Patients/Me/Consents', (route) =>
        route.fulfill({ status: 500, json: { error: { message: 'The consent store is unavailable' }, correlationId: 'e2e' } }),
      );
      await research.click();
      await expect(errorToast(page, 'Failed to update research consent. Please try again.')).toBeVisible();
      await expect(research).toBeChecked();
    });

    test(`informed consent (issue 41), ${theme} theme: on opens the statement, "I don't agree" leaves it off, "I agree" dates it, off records the withdrawal`, async ({
      page,
    }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await openAccount(page);
      await openTab(page, 'Data & Privacy');
      const olympics = page.getByRole('switch', { name: 'Rejuvenation Olympics Consent' });
      await expect(olympics).not.toBeChecked();
      await olympics.click();
      const statement = page.getByRole('dialog', { name: olympicsStatement.title });
      await expect(statement).toBeVisible();
      await expect(statement).not.toContainText('content/');
      await expectAccessible(page, { label: `/account, the statement a switch opens, ${device}, ${theme}` });
      await statement.getByRole('button', { name: "I don't agree" }).click();
      await expect(statement).toBeHidden();
      await expect(olympics).not.toBeChecked();

      await olympics.click();
      await statement.getByRole('button', { name: 'I agree' }).click();
      await expect(statement).toBeHidden();
      await expect(olympics).toBeChecked();
      await expect(toast(page, 'Your consents updated successfully.')).toBeVisible();
      const agreed = page.getByText(new RegExp(`^Agreed on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, version ${olympicsStatement.version}$`));
      await expect(agreed).toBeVisible();
      await expect(olympics).toHaveAccessibleDescription(await agreed.innerText());
      await expectAccessible(page, { label: `/account, a consent agreed, ${device}, ${theme}` });

      // Off is one click, no statement; the withdrawal is dated and kept.
      await olympics.click();
      await expect(statement).toBeHidden();
      await expect(olympics).not.toBeChecked();
      await expect(page.getByText(/^Withdrawn on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
      await page.reload();
      await openTab(page, 'Data & Privacy');
      await expect(olympics).not.toBeChecked();
      await expect(page.getByText(/^Withdrawn on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    });

    test('deactivation ends at sign-in, and the old password is refused', async ({ page }) => {
      await openAccount(page);
      await openTab(page, 'Security');
      await page.getByRole('button', { name: 'Deactivate Account' }).click();
      const question = page.getByRole('dialog', { name: 'Deactivate Account' });
      await question.getByRole('button', { name: 'Deactivate Account' }).click();
      await expect(page).toHaveURL('/sign-in');
      await expect(toast(page, 'Your account has been deleted successfully')).toBeVisible();
      await signIn(page, PATIENT);
      await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
      await expect(page).toHaveURL('/sign-in');
    });
  });
}
