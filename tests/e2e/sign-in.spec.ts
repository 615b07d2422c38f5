import { expect, test } from '@playwright/test';
import { expectAccessible, mainMenu, resetDatabase, signIn } from './support';

test.beforeEach(async ({ request }) => resetDatabase(request));

const HCP_MENU = ['Kit Status', 'Patients', 'Register a Kit', 'Orders', 'Create Order', 'Integrations/API', 'Settings'];

const accounts = [
  { username: 'hcp.checkout', lands: '/kits', title: 'Kit Status', menu: HCP_MENU },
  { username: 'hcp.net30', lands: '/kits', title: 'Kit Status', menu: HCP_MENU },
  {
    username: 'cps.user',
    lands: '/kits',
    title: 'Samples',
    menu: ['Samples', 'Orders', 'Manifest Upload', 'Integrations/API', 'Settings'],
  },
  {
    username: 'irc.user',
    lands: '/kits',
    title: 'Samples',
    menu: ['Orders', 'Register a Kit', 'Samples', 'Create Order', 'Integrations/API', 'Settings'],
  },
  // A menu without a kit list: / is its first item (issue 40, no dead ends).
  { username: 'dtc.user', lands: '/integrations', title: 'Developer Settings', menu: ['Integrations/API', 'Settings'] },
  { username: 'unknown.unit', lands: '/kits', title: 'Kit Status', menu: HCP_MENU },
  { username: 'multi.practice', lands: '/kits', title: 'Kit Status', menu: HCP_MENU },
  {
    username: 'patient',
    lands: '/kit-status',
    title: 'Kit Status',
    menu: ['Kit Status', 'Account', 'Reports', 'Help Center', 'Register a Kit'],
  },
];

for (const account of accounts) {
  test(`${account.username} signs in and sees its side menu`, async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await signIn(page, account.username);
    await expect(page).toHaveURL(account.lands);
    await expect(page.getByRole('heading', { level: 2, name: account.title })).toBeVisible();
    await expect(mainMenu(page)).toHaveText(account.menu);
  });
}

test('the username or the email both sign in, whatever their case', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'AVA.MORGAN@riverside-family.example');
  await expect(page).toHaveURL('/kits');
});

test('a wrong password says so, keeps the username and stays on sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout', { password: 'not-the-password' });
  await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByLabel('Username or email')).toHaveValue('hcp.checkout');
});

test('empty fields are refused on the page with the required-field messages', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('an account that must migrate goes to Complete Account Migration', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'must.migrate');
  await expect(page).toHaveURL('/auth/migrate');
  await expect(page.getByRole('heading', { name: 'Complete Account Migration' })).toBeVisible();
});

test('a user type outside both portals is refused with "Access denied." and signed out', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'lab.user');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Access denied.')).toBeVisible();
  await expect(page.getByText('Contact your system administrator to request access.')).toBeVisible();
  await page.goto('/kits');
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
});

test('the sign-in page shows the build identifier', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByText(/^Version \d+\.\d+\.\d+ \(([0-9a-f]{7,}|unknown)\)$/)).toBeVisible();
});

test('before its JavaScript has arrived, the page already says it is loading; the app then takes its place', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's scripts wait, as on a slow phone; the HTML is already there.
  await page.route('**/*.{js,tsx,ts}', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/sign-in', { waitUntil: 'commit' });
  const loading = page.getByRole('status', { name: 'Loading' });
  await expect(loading).toBeVisible();
  await expectAccessible(page, { label: 'the first paint, before the scripts' });
  release();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
