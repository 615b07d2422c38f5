import { expect, type Page } from '@playwright/test';
import type { PortalApiFake } from './contract/portal-api-fake';
import { contractTest, signInToPortal } from './contract/contract-test';
import { expectAccessible } from './support';

/**
 * The team page and the team member form against the in-test fake written from the documents (kits §2, §3, §7,
 * README decisions), not the reference server: the infinite list asked page by page, the search as `searchQuery`,
 * and every write's body exactly as the contract writes it. The fake adds unknown fields, leaves the phone out
 * where it has none, and words its refusals its own way.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const table = (page: Page) => page.getByRole('table', { name: 'Team members' });
const rows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row');
const names = (page: Page) => rows(page).locator('[role="cell"]:first-child').allTextContents();
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const listQueries = (api: PortalApiFake) => api.callsTo('GET', '/Users').map((call) => call.query);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

const FIRST = { sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10' };
const HARBOR_TEAM = [
  'Aaron Moss',
  'Beatrix Quint',
  'Carmen Vale',
  'Dario Wren',
  'Esther Moss',
  'Felix Quint',
  'Grace Hall',
  'Gwen Vale',
  'Hugo Wren',
  'Iris Moss',
  'Jasper Quint',
  'Kiri Vale',
];

test('the team lists, searches, toggles notifications, edits, adds and deletes exactly as the contract says', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/settings/team');
  // Page 1 does not fill the table's area, so page 2 is asked for at once; the practice's team only.
  await expect.poll(() => names(page)).toEqual(HARBOR_TEAM);
  expect(listQueries(api)).toStrictEqual([FIRST, { ...FIRST, page: '2' }]);
  // The fake leaves Beatrix's phone out and adds fields of its own: the row reads as usual.
  await expect(row(page, 'Beatrix Quint').getByRole('cell').nth(2)).toHaveText('beatrix.quint');
  await expect(row(page, 'Beatrix Quint').getByRole('cell').nth(3)).toHaveText('beatrix.quint@harbor.example');
  // Each account's role in words, from its userType (README decisions).
  for (const [name, role] of [
    ['Grace Hall', 'Provider'],
    ['Aaron Moss', 'Nurse'],
    ['Beatrix Quint', 'Office Manager'],
    ['Dario Wren', 'Physician Assistant'],
  ] as const) {
    await expect(row(page, name).getByRole('cell').nth(1)).toHaveText(role);
  }
  await expectAccessible(page, { label: 'team page against the contract fake' });

  // The search goes out as searchQuery once the typing stops, from page 1.
  await page.getByRole('textbox', { name: 'Search team members by name' }).fill('carmen');
  await expect.poll(() => names(page)).toEqual(['Carmen Vale']);
  expect(listQueries(api).at(-1)).toStrictEqual({ ...FIRST, searchQuery: 'carmen' });
  await page.getByRole('textbox', { name: 'Search team members by name' }).fill('');
  await expect.poll(() => names(page)).toEqual(HARBOR_TEAM);

  // The Email Notifications switch: the PATCH body exact, the toast, the switch as the server keeps it.
  const aaron = page.getByRole('switch', { name: 'Email notifications for Aaron Moss' });
  await expect(aaron).toBeChecked();
  await aaron.click();
  await expect(page.getByText('Notification preferences updated successfully')).toBeVisible();
  expect(api.lastCallTo('PATCH', '/Users/usr_h01/notifications').body).toStrictEqual({
    receiveNotifications: false,
    notificationPreferences: [],
    userType: 9,
  });
  await expect(aaron).not.toBeChecked();

  // Edit: prefilled, the email read-only, §5's message for the missing phone, then PUT's body exact.
  await page.getByRole('button', { name: 'Edit Beatrix Quint' }).click();
  await expect(page).toHaveURL(/\/settings\/team\/add\?edit=usr_h02$/);
  await expect(page.getByRole('heading', { name: 'Edit Team Member' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Beatrix');
  await expect(field(page, 'Email')).toHaveValue('beatrix.quint@harbor.example');
  await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Phone')).toHaveValue('');
  await expectAccessible(page, { label: 'edit team member against the contract fake' });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Phone is required')).toBeVisible();
  await field(page, 'Phone').fill('(207) 555-0300');
  await expect(page.getByText('Phone is required')).toHaveCount(0);
  await field(page, 'Last Name').fill('Quinn ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/team$/);
  expect(api.lastCallTo('PUT', '/Users/usr_h02').body).toStrictEqual({
    firstName: 'Beatrix',
    lastName: 'Quinn',
    phone: '(207) 555-0300',
    receiveNotifications: false,
    notificationPreferences: [],
    userType: 5,
  });
  await expect(row(page, 'Beatrix Quinn')).toBeVisible();

  // Add: a taken email keeps the form with the service's own words; then POST's body exact.
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page).toHaveURL(/\/settings\/team\/add$/);
  await expect(page.getByText('The new team member receives an email with a link to set a password before signing in.')).toBeVisible();
  await field(page, 'First Name').fill('Nadia');
  await field(page, 'Last Name').fill('Okoro');
  await field(page, 'Email').fill('kiri.vale@harbor.example');
  await field(page, 'Phone').fill('(207) 555-0400');
  await page.getByRole('combobox', { name: 'Discipline' }).click();
  await page.locator('.ant-select-dropdown').getByText('Nurse', { exact: true }).click();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByText('That email address is already registered').first()).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Nadia');
  await field(page, 'Email').fill('nadia.okoro@harbor.example');
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/team$/);
  expect(api.lastCallTo('POST', '/Users').body).toStrictEqual({
    firstName: 'Nadia',
    lastName: 'Okoro',
    email: 'nadia.okoro@harbor.example',
    phone: '(207) 555-0400',
    receiveNotifications: true,
    notificationPreferences: [],
    userType: 9,
  });
  await expect(row(page, 'Nadia Okoro')).toBeVisible();

  // Delete: the question, then DELETE; the row goes.
  await page.getByRole('button', { name: 'Delete Carmen Vale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, { label: 'delete team member question against the contract fake' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  expect(api.callsTo('DELETE', '/Users/usr_h03')).toHaveLength(1);
  await expect(row(page, 'Carmen Vale')).toHaveCount(0);

  // Yourself (GET /Users/Me's uid): refused before any call, the question never opens.
  await page.getByRole('button', { name: 'Delete Grace Hall' }).click();
  await expect(page.getByText('Cannot delete yourself')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(api.callsTo('DELETE', '/Users/usr_7f3a9c')).toHaveLength(0);
});
