import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, forgetSession, openSignedIn, resetDatabase, restoreLink, signIn } from './support';

/**
 * The team page and the team member form against the reference server (kits §2, §5, §7, §8), signed in as the
 * HCP demo user (Ava Morgan of Riverside Family Medicine, whose team is herself and Jack Kim): a new member gets a
 * real account and signs in through the set-password link; another member is edited, has his notifications
 * toggled and is deleted; deleting yourself is refused. Axe checks the team page, the add and edit pages and the
 * delete question.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

const NEW_PASSWORD = 'Team-Start-2027!';
const SET_PASSWORD_NOTE = 'The new team member receives an email with a link to set a password before signing in.';
/** The roles that sign in to the provider portal, in words (README decisions). */
const DISCIPLINES = [
  'Practice',
  'Provider',
  'Office Manager',
  'Physician Assistant',
  'Receptionist',
  'Concierge',
  'Nurse',
  'Nurse Practitioner',
  'Pharmacy Tech',
  'Pharmacist',
  'Standard User',
];

const rows = (page: Page) => page.getByRole('table', { name: 'Team members' }).getByRole('rowgroup').nth(1).getByRole('row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openTeam(page: Page) {
  await openSignedIn(page, 'hcp.checkout', '/settings/team');
  await expect(row(page, 'Ava Morgan')).toBeVisible();
}

test('the team: yourself cannot be deleted; a member’s notifications are toggled and kept; he is edited and deleted', async ({ page }) => {
  await openTeam(page);
  await expect(row(page, 'Jack Kim')).toContainText('lab.user');
  await expect(row(page, 'Jack Kim')).toContainText('jack.kim@riverside-family.example');
  // Each account's role, in words.
  await expect(row(page, 'Jack Kim')).toContainText('Lab User');
  await expect(row(page, 'Ava Morgan')).toContainText('Provider');
  await expectAccessible(page, { label: 'team page' });

  // Yourself: refused on the client, the question never opens.
  await page.getByRole('button', { name: 'Delete Ava Morgan' }).click();
  await expect(page.getByText('Cannot delete yourself')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The search by name, debounced.
  await page.getByRole('textbox', { name: 'Search team members by name' }).fill('jack');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Jack Kim')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search team members by name' }).fill('');
  await expect(rows(page)).toHaveCount(2);

  // Notifications: the toast, and the server's value after a reload.
  const jackNotifications = page.getByRole('switch', { name: 'Email notifications for Jack Kim' });
  const before = await jackNotifications.isChecked();
  await jackNotifications.click();
  await expect(page.getByText('Notification preferences updated successfully')).toBeVisible();
  await expect(jackNotifications).toBeChecked({ checked: !before });
  await page.reload();
  await expect(jackNotifications).toBeChecked({ checked: !before });

  // Edit: prefilled, the email read-only; saved with PUT and back to the team.
  await page.getByRole('button', { name: 'Edit Jack Kim' }).click();
  await expect(page).toHaveURL(/\/settings\/team\/add\?edit=/);
  await expect(page.getByRole('heading', { name: 'Edit Team Member' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Jack');
  await expect(field(page, 'Email')).toHaveValue('jack.kim@riverside-family.example');
  await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
  await expectAccessible(page, { label: 'edit team member' });
  await field(page, 'Last Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  // Jack's role (Lab User) cannot sign in to the portal and is not offered: a discipline must be chosen.
  await expect(page.getByText('User type is required')).toBeVisible();
  await field(page, 'Last Name').fill('Kimura');
  await expect(page.getByText('Last name is required')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Discipline' }).click();
  await page.locator('.ant-select-dropdown').getByText('Physician Assistant', { exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(row(page, 'Jack Kimura')).toContainText('Physician Assistant');

  // Delete: the question (Cancel keeps him), then Delete.
  await page.getByRole('button', { name: 'Delete Jack Kimura' }).click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
  await expect(question).toBeVisible();
  await expectAccessible(page, { label: 'delete team member question' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(row(page, 'Jack Kimura')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Jack Kimura' }).click();
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(row(page, 'Jack Kimura')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
});

test('a new member: every §5 message on the empty form, then created, sets a password through the link and signs in', async ({
  page,
  request,
}) => {
  await openTeam(page);
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page).toHaveURL(/\/settings\/team\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Team Member' })).toBeVisible();
  await expect(page.getByText(SET_PASSWORD_NOTE)).toBeVisible();
  await expectAccessible(page, { label: 'add team member' });
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone is required',
    'Discipline is required',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expectAccessible(page, { label: 'add team member with every message' });

  await field(page, 'First Name').fill('Nora');
  await field(page, 'Last Name').fill('Lindqvist');
  await field(page, 'Email').fill('nora@');
  await field(page, 'Phone').fill('(916) 555-0150');
  await page.getByRole('combobox', { name: 'Discipline' }).click();
  await page.locator('.ant-select-dropdown').getByText('Nurse', { exact: true }).click();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  // A taken email: the server's 409, the form kept as typed.
  await field(page, 'Email').fill('ava.morgan@riverside-family.example');
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByText('A user with this email already exists').first()).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Nora');
  await field(page, 'Email').fill('nora.lindqvist@riverside-family.example');
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(row(page, 'Nora Lindqvist')).toContainText('nora.lindqvist');

  // The back link returns to the team list.
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await page.getByRole('link', { name: 'Back to Team' }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);

  // The new member, signed out of Ava's session, sets a password through the link and signs in.
  await forgetSession(page);
  const { link } = await restoreLink(request, 'nora.lindqvist');
  await page.goto(link);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL('/sign-in', { timeout: 10_000 });
  await signIn(page, 'nora.lindqvist', { password: NEW_PASSWORD });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

/**
 * Grace Hall holds Harbor Medical Group twice, as Provider and as Office Manager: the team lists her two accounts,
 * told apart by their roles in words; her own row refuses to be deleted; the add form offers only the provider
 * portal's roles, in words, and says what the new member receives. On a desktop and a phone, light and dark.
 */
for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'light' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'dark' },
  { device: 'desktop', viewport: { width: 1400, height: 900 }, theme: 'dark' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'light' },
] as const) {
  test.describe(`on a ${device}, in the ${theme} theme`, () => {
    test.use({ viewport });

    test('each account shows its role in words; deleting your own row says "Cannot delete yourself"; the disciplines are the portal\'s roles in words', async ({
      page,
    }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await openSignedIn(page, 'multi.practice', '/settings/team');
      const grace = row(page, 'Grace Hall');
      await expect(grace).toHaveCount(2);
      await expect(grace.filter({ hasText: 'Office Manager' })).toHaveCount(1);
      const own = grace.filter({ hasText: 'Provider' });
      await expect(own).toHaveCount(1);
      await expectAccessible(page, { label: `team with two accounts of one person (${device}, ${theme})` });

      // Each row's buttons name the account's role, so that the two rows' buttons are told apart.
      await expect(page.getByRole('button', { name: 'Delete Grace Hall, Office Manager', exact: true })).toHaveCount(1);
      await own.getByRole('button', { name: 'Delete Grace Hall, Provider', exact: true }).click();
      await expect(page.getByText('Cannot delete yourself')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'Add Team Member' }).click();
      await expect(page.getByText(SET_PASSWORD_NOTE)).toBeVisible();
      await page.getByRole('combobox', { name: 'Discipline' }).click();
      const list = page.locator('.ant-select-dropdown');
      await expect(list.locator('.ant-select-item-option')).toHaveText(DISCIPLINES);
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expectAccessible(page, { label: `add team member with its set-password note (${device}, ${theme})` });
    });
  });
}
