import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The signed-in user's own account against the reference server (kits §2 "Settings: Account" and "Profile page",
 * §4 "Consents", §5, §8): the account tab and the profile form save with PUT /Users/Me and keep what was saved
 * after a reload, blank fields say kits §5's messages, the consents are kept and a failed one turns back, and the
 * password change is on both pages.
 */

test.beforeEach(async ({ request }) => {
  // Each journey signs in, saves and reloads several times; on a shared two-core machine that outlasts 45 s.
  test.slow();
  await resetDatabase(request);
});

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();
const save = (page: Page) => page.getByRole('button', { name: 'Save Changes' }).click();

async function openProfile(page: Page) {
  await openSignedIn(page, 'hcp.checkout', '/account');
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
}

test('the account tab: blanked fields say their rule, a save toasts and survives a reload; the password form stays', async ({ page }) => {
  await openSignedIn(page, 'hcp.checkout', '/settings/account');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByLabel('First name')).toHaveValue('Ava');
  await expect(account.getByLabel('Email', { exact: true })).toHaveValue('ava.morgan@riverside-family.example');
  await expect(account.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expectAccessible(page, { label: '/settings/account' });

  for (const field of ['First name', 'Last name', 'Phone']) await account.getByLabel(field).fill('');
  await save(page);
  await expect(account.getByText('First name is required')).toBeVisible();
  await expect(account.getByText('Last name is required')).toBeVisible();
  await expect(account.getByText('Phone is required')).toBeVisible();
  await expectAccessible(page, { label: '/settings/account with three refused fields' });

  // Kits §5: an error clears as its field is edited.
  await account.getByLabel('First name').fill('Ava');
  await expect(account.getByText('First name is required')).toHaveCount(0);
  await account.getByLabel('Last name').fill('Morgan-Lee');
  await account.getByLabel('Phone').fill('(916) 555-0199');
  await account.getByRole('switch', { name: 'Email notifications' }).click();
  await save(page);
  await expect(toast(page, 'Changes saved successfully!')).toBeVisible();

  await page.reload();
  await expect(account.getByLabel('Last name')).toHaveValue('Morgan-Lee');
  await expect(account.getByLabel('Phone')).toHaveValue('(916) 555-0199');
  await expect(account.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();

  // A refusal the form could not foresee: the server's message, and what was typed stays.
  await page.route('**/portalApi/Users/Me', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { error: { message: 'The profile store is unavailable' }, correlationId: 'e2e' } })
      : route.fallback(),
  );
  await account.getByLabel('First name').fill('Avery');
  await save(page);
  await expect(errorToast(page, 'The profile store is unavailable')).toBeVisible();
  await expect(account.getByLabel('First name')).toHaveValue('Avery');
});

test('the profile page: an address once begun says what it lacks, then saves and survives a reload; Security has the password form', async ({
  page,
}) => {
  await openProfile(page);
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, { label: '/account, Profile tab' });

  await page.getByLabel('City').fill('Sacramento');
  await page.getByLabel('Phone').fill('');
  await save(page);
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Zip code is required')).toBeVisible();
  await expect(page.getByText('Country is required')).toBeVisible();
  await expect(page.getByText('Phone is required')).toBeVisible();
  await chooseOption(page, 'Country', 'United States of America');
  await save(page);
  await expect(page.getByText('State is required')).toBeVisible();
  await expectAccessible(page, { label: '/account, Profile tab with refused address fields' });

  await page.getByLabel('Phone').fill('(916) 555-0143');
  await page.getByLabel('Address line 1').fill('1200 J Street');
  await page.getByLabel('Zip code').fill('95814');
  await chooseOption(page, 'State', 'California');
  await save(page);
  await expect(toast(page, 'Changes saved successfully!')).toBeVisible();
  await expect(page.getByText('Address is required')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Address line 1')).toHaveValue('1200 J Street');
  await expect(page.getByLabel('City')).toHaveValue('Sacramento');
  await expect(page.getByLabel('Zip code')).toHaveValue('95814');
  await expect(page.getByText('California')).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expectAccessible(page, { label: '/account, Security tab' });
});

test('the consents: both switches are kept after a reload, and a failed save turns the switch back with its message', async ({ page }) => {
  await openProfile(page);
  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  const research = page.getByRole('switch', { name: 'Research consent' });
  const leaderboard = page.getByRole('switch', { name: 'Leaderboard consent' });
  await expect(research).not.toBeChecked();
  await expect(leaderboard).not.toBeChecked();
  await expectAccessible(page, { label: '/account, Data & Privacy tab' });

  // Issue 41: turning a consent on shows its statement first; only "I agree" turns it on.
  await research.click();
  const statement = page.getByRole('dialog', { name: 'Research Consent' });
  await expect(statement).toBeVisible();
  await expectAccessible(page, { label: '/account, the research consent statement' });
  await statement.getByRole('button', { name: 'I agree' }).click();
  await expect(toast(page, 'Your consents updated successfully.')).toBeVisible();
  await expect(leaderboard).toBeEnabled();
  await leaderboard.click();
  await page.getByRole('dialog', { name: 'Rejuvenation Olympics Consent' }).getByRole('button', { name: 'I agree' }).click();
  await expect(leaderboard).toBeChecked();
  await expect(leaderboard).toBeEnabled();

  // Under each switch, its last decision: the statement's version and the day agreed, kept over a reload.
  const agreedOn = /^Agreed on [A-Z][a-z]{2} \d{1,2}, \d{4}, version \d+$/;
  await expect(research).toHaveAccessibleDescription(agreedOn);
  await page.reload();
  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  await expect(research).toBeChecked();
  await expect(leaderboard).toBeChecked();
  await expect(research).toHaveAccessibleDescription(agreedOn);
  await expect(page.getByText(agreedOn)).toHaveCount(2);

  // Turning one off is one click, no statement, and records the withdrawal.
  await leaderboard.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(leaderboard).not.toBeChecked();
  await expect(leaderboard).toHaveAccessibleDescription(/^Withdrawn on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expectAccessible(page, { label: '/account, Data & Privacy with the decisions' });

  await page.route('**/portalApi/Users/Me/Consents', (route) =>
    route.fulfill({ status: 500, json: { error: { message: 'Consent store unavailable' }, correlationId: 'e2e' } }),
  );
  await research.click();
  await expect(errorToast(page, 'Failed to update research consent. Please try again.')).toBeVisible();
  await expect(research).toBeChecked();
  await leaderboard.click();
  await page.getByRole('dialog', { name: 'Rejuvenation Olympics Consent' }).getByRole('button', { name: 'I agree' }).click();
  await expect(errorToast(page, 'Failed to update Olympics consent. Please try again.')).toBeVisible();
  await expect(leaderboard).not.toBeChecked();
});
