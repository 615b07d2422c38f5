import { expect, test, type Page, type Request } from '@playwright/test';
import { SESSION_STORAGE_KEY, THEME_STORAGE_KEY } from '../../src/model/constants';
import { DEMO_PASSWORD, openPracticeSwitcher, practiceSwitcherButton, resetDatabase, restoreLink, signIn } from './support';

/**
 * What a new user met on the access screens, each journey in the light and the dark theme: toasts that
 * outlived their session, the password rules of migration, password change and restore, and a switched
 * session that moved from the tab's storage into the remembered one.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

const isApi = (request: Request, path: string) => new URL(request.url()).pathname === `/portalApi${path}`;

function recordApiCalls(page: Page, path: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (isApi(request, path)) calls.push(request);
  });
  return calls;
}

const successToast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

function requirements(page: Page) {
  return page.getByRole('list', { name: 'Password requirements' });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), { key: THEME_STORAGE_KEY, value: theme });
    });

    async function open(page: Page, path: string) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    }

    test('a user of neither portal sees "Access denied." and no "Signed in successfully"', async ({ page }) => {
      await open(page, '/sign-in');
      await signIn(page, 'lab.user');
      await expect(page).toHaveURL('/unauthorized');
      await expect(page.getByText('Access denied.')).toBeVisible();
      await expect(page.getByText('Contact your system administrator to request access.')).toBeVisible();
      // Counted once, well inside the 3 s a toast would live: a retrying assertion would wait it out.
      await page.waitForTimeout(500);
      expect(await page.getByText('Signed in successfully').count()).toBe(0);
      expect(await page.evaluate((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
    });

    test('signing out takes the success toast along: a wrong password afterwards stands alone', async ({ page }) => {
      await open(page, '/sign-in');
      await signIn(page, 'hcp.checkout');
      const welcome = successToast(page, 'Signed in successfully');
      // Resting the pointer on the toast holds it past its 3 s, so only the sign-out can take it away.
      await welcome.hover();
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).press('Enter');
      await expect(page).toHaveURL('/sign-in');
      // Sooner than the toast would leave by itself.
      await expect(welcome).toHaveCount(0, { timeout: 1_500 });

      await page.getByLabel('Username or email').fill('hcp.checkout');
      await page.getByLabel('Password').fill('Not-The-Password-1');
      await page.getByLabel('Password').press('Enter');
      await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
      expect(await page.getByText('Signed in successfully').count()).toBe(0);
    });

    test('an expired session clears the toasts of the session and says "Session expired. Please sign in again."', async ({ page }) => {
      await open(page, '/sign-in');
      await signIn(page, 'hcp.net30');
      const welcome = successToast(page, 'Signed in successfully');
      await welcome.hover();
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await page.route('**/portalApi/Practices', (route) =>
        route.fulfill({ status: 401, json: { message: 'expired', correlationId: 'e2e' } }),
      );
      await page.route('**/portalApi/Auth/refresh', (route) =>
        route.fulfill({ status: 401, json: { error: { message: 'Refresh token is no longer valid' }, correlationId: 'e2e' } }),
      );
      // Coming back to the tab re-reads the practice: refused, the refresh fails, the session ends. A return while
      // the first read of the practice is still on its way joins that read instead, so the return is repeated.
      const expired = page.getByRole('alert').filter({ hasText: 'Session expired. Please sign in again.' });
      await expect(async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
        await expect(expired).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(welcome).toHaveCount(0, { timeout: 1_500 });
    });

    test('migration: the meter says nothing at first, "Complete Migration" waits for the confirmation, the current password is refused', async ({
      page,
    }) => {
      await open(page, '/sign-in');
      await signIn(page, 'must.migrate');
      await expect(page.getByRole('heading', { name: 'Complete Account Migration' })).toBeVisible();
      await expect(requirements(page).getByRole('listitem')).toHaveCount(5);
      await expect(page.getByText(/^Password strength:/)).toHaveCount(0);
      await expect(requirements(page).getByRole('img')).toHaveCount(0);

      const complete = page.getByRole('button', { name: 'Complete Migration' });
      await page.getByLabel('New password').fill(DEMO_PASSWORD);
      await expect(page.getByText('Password strength: Strong')).toBeVisible();
      await expect(complete).toBeDisabled();
      await page.getByLabel('Confirm password').fill(`${DEMO_PASSWORD}?`);
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expect(complete).toBeDisabled();
      await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
      await expect(complete).toBeEnabled();

      await complete.click();
      await expect(
        page.getByRole('alert').filter({ hasText: /^New password must be different from the current password \(Correlation ID: .+\)$/ }),
      ).toBeVisible();
      await expect(page).toHaveURL('/auth/migrate');
      await expect(page.getByLabel('New password')).toHaveValue(DEMO_PASSWORD);
      await expect(page.getByLabel('Confirm password')).toHaveValue(DEMO_PASSWORD);
    });

    test('password change shows the requirements and refuses a weak new password before sending', async ({ page }) => {
      await open(page, '/sign-in');
      await signIn(page, 'hcp.checkout');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await page.goto('/settings/account');
      await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
      await expect(requirements(page).getByRole('listitem')).toHaveCount(5);
      await expect(page.getByText(/^Password strength:/)).toHaveCount(0);

      const changes = recordApiCalls(page, '/Auth/Password/Reset');
      await page.getByLabel('Current password').fill(DEMO_PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('abcdefgh');
      await page.getByLabel('Repeat new password').fill('abcdefgh');
      await expect(page.getByText('Password strength: Weak')).toBeVisible();
      await expect(requirements(page).getByRole('img', { name: 'Met', exact: true })).toHaveCount(2);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Password does not meet security requirements')).toBeVisible();
      expect(changes).toHaveLength(0);
    });

    test('restore shows the requirements and refuses a weak new password before sending', async ({ page, request }) => {
      expect((await request.post('/portalApi/Auth/Password/Forgot', { data: { username: 'cps.user' } })).ok()).toBe(true);
      const { link } = await restoreLink(request, 'cps.user');
      await open(page, link);
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await expect(requirements(page).getByRole('listitem')).toHaveCount(5);

      const restores = recordApiCalls(page, '/Auth/Password/Restore');
      await page.getByLabel('New password').fill('abcdefgh');
      await page.getByLabel('Confirm password').fill('abcdefgh');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Password does not meet security requirements')).toBeVisible();
      expect(restores).toHaveLength(0);
    });

    test('a switch after signing in without Remember me stays in this tab: sessionStorage holds it, localStorage does not', async ({
      page,
      context,
    }) => {
      await open(page, '/sign-in');
      await signIn(page, 'multi.practice');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();

      const switched = page.waitForRequest((request) => isApi(request, '/Auth/Account/Switch'));
      const list = await openPracticeSwitcher(page, 'Harbor Medical Group');
      await list.getByRole('menuitem', { name: /Summit Wellness Clinic/ }).click();
      expect((await switched).postDataJSON()).toMatchObject({ rememberMe: true });
      await expect(practiceSwitcherButton(page, 'Summit Wellness Clinic')).toBeVisible();
      await expect(successToast(page, 'Account switched successfully')).toBeVisible();

      const stored = await page.evaluate(
        (key) => ({ local: localStorage.getItem(key), tab: sessionStorage.getItem(key) }),
        SESSION_STORAGE_KEY,
      );
      expect(stored.local).toBeNull();
      expect(stored.tab).toContain('Summit Wellness Clinic');

      await page.reload();
      await expect(practiceSwitcherButton(page, 'Summit Wellness Clinic')).toBeVisible();
      // Another tab (or the same computer after the tab is closed) has no session to pick up.
      const other = await context.newPage();
      await other.goto('/kits');
      await expect(other).toHaveURL('/sign-in?redirect=%2Fkits');
    });
  });
}
