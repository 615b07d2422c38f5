import { expect, test, type Page } from '@playwright/test';
import { MailText } from '../../server/mail/templates/messages';
import { linkIn, nextMessage, seenMessages } from './inbox';
import { DEMO_PASSWORD, hasStoredSession, resetDatabase, restoreLink, signIn } from './support';

test.beforeEach(async ({ request }) => resetDatabase(request));

const NEW_PASSWORD = 'Fresh-Start-2027!';
const isApi = (url: string, path: string) => new URL(url).pathname === `/portalApi${path}`;

async function requestResetLink(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
}

/**
 * Stops the page's clock a second ahead of its own now (never in its past, however slow the call); from then on
 * only `runFor` moves it.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

async function chooseNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
}

test.describe('forgot and restore password (access §2, §4, §5)', () => {
  test('the reset message arrives in the inbox, its link sets a new password, and only the new password signs in', async ({
    page,
    request,
  }) => {
    const seen = await seenMessages(request);
    await page.clock.install();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL('/forgot-password');

    // The page's time stands still from here, so that only the test moves it: on a busy machine the real seconds
    // spent checking the success state would otherwise count towards the 3 s return as well.
    await pauseClock(page);
    await requestResetLink(page, 'hcp.checkout');
    await expect(page.getByText('Reset link sent! Redirecting to sign in...')).toBeVisible();
    await expect(page.getByText('Password reset instructions have been sent to your email')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL('/forgot-password');
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL('/sign-in');
    await page.clock.resume();

    // The message the test SMTP server received, and the link in it, as the person would click it.
    const message = await nextMessage(request, 'ava.morgan@riverside-family.example', MailText.restoreSubject, seen);
    await page.goto(linkIn(message, `${new URL(page.url()).origin}/restore-password?token=`));
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await chooseNewPassword(page, NEW_PASSWORD);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! Redirecting to sign in...')).toBeVisible();
    await expect(page.getByText('Password has been reset successfully')).toBeVisible();
    await expect(page.getByLabel('New password')).toBeDisabled();
    await expect(page).toHaveURL(/\/restore-password\?token=/);
    await page.clock.runFor(2_900);
    await expect(page).toHaveURL(/\/restore-password\?token=/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL('/sign-in');
    await page.clock.resume();

    await signIn(page, 'hcp.checkout', { password: DEMO_PASSWORD });
    await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
    await signIn(page, 'hcp.checkout', { password: NEW_PASSWORD });
    await expect(page).toHaveURL('/kits');
    await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  });

  test('an unknown username gets the same answer and the same message as a known one', async ({ page }) => {
    const answers: { status: number; body: string }[] = [];
    for (const username of ['hcp.checkout', 'nobody.at.all']) {
      await page.goto('/forgot-password');
      const answer = page.waitForResponse((response) => isApi(response.url(), '/Auth/Password/Forgot'));
      await requestResetLink(page, username);
      const response = await answer;
      answers.push({ status: response.status(), body: await response.text() });
      await expect(page.getByText('Reset link sent! Redirecting to sign in...')).toBeVisible();
      await expect(page.getByText('Password reset instructions have been sent to your email').first()).toBeVisible();
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  test('a restore link without a token says "Invalid or missing token" and cannot be submitted', async ({ page }) => {
    await page.goto('/restore-password');
    await expect(page.getByText('Invalid or missing token')).toBeVisible();
    await expect(page.getByLabel('New password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });

  test('passwords that differ are refused on the page with "Passwords do not match"', async ({ page }) => {
    const restores: string[] = [];
    page.on('request', (sent) => {
      if (isApi(sent.url(), '/Auth/Password/Restore')) restores.push(sent.url());
    });
    await page.goto('/restore-password?token=any-token');
    await chooseNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}?`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveValue(`${NEW_PASSWORD}?`);
    expect(restores).toHaveLength(0);
  });

  test("a used restore link is refused the second time with the server's message", async ({ page, request }) => {
    expect((await request.post('/portalApi/Auth/Password/Forgot', { data: { username: 'cps.user' } })).ok()).toBe(true);
    const { link } = await restoreLink(request, 'cps.user');
    await page.goto(link);
    await chooseNewPassword(page, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! Redirecting to sign in...')).toBeVisible();

    await page.goto(link);
    await chooseNewPassword(page, 'Another-Start-2028!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/^Invalid or missing token \(Correlation ID: .+\)$/)).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveValue('Another-Start-2028!');
  });

  test('"Back to Sign In" returns to sign-in from the forgot and the restore page', async ({ page }) => {
    for (const path of ['/forgot-password', '/restore-password?token=any-token', '/restore-password']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Back to Sign In' }).click();
      await expect(page).toHaveURL('/sign-in');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    }
  });
});

test.describe('account migration (access §2, §5)', () => {
  async function openMigration(page: Page) {
    await signIn(page, 'must.migrate');
    await expect(page).toHaveURL('/auth/migrate');
    await expect(page.getByRole('heading', { name: 'Complete Account Migration' })).toBeVisible();
  }

  function requirement(page: Page, message: string) {
    return page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem').filter({ hasText: message });
  }

  test('the strength meter and the requirements react, and "Complete Migration" is disabled below a score of 3 and until confirmed', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await openMigration(page);
    await expect(page.getByText(/moving to a new authentication system/)).toBeVisible();
    const complete = page.getByRole('button', { name: 'Complete Migration' });
    await expect(complete).toBeDisabled();
    // Nothing typed, nothing said: no strength, no requirement marked.
    await expect(page.getByText(/^Password strength:/)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Password requirements' }).getByRole('img')).toHaveCount(0);

    const password = page.getByLabel('New password');
    await password.fill('abc');
    await expect(page.getByText('Password strength: Weak')).toBeVisible();
    await expect(page.getByText('Password does not meet security requirements')).toBeVisible();
    await expect(requirement(page, 'Password must be at least 8 characters long').getByRole('img', { name: 'Not met' })).toBeVisible();
    await expect(requirement(page, 'Password must contain at least one lowercase letter').getByRole('img', { name: 'Met' })).toBeVisible();
    await expect(complete).toBeDisabled();

    await password.fill('abcdefgH');
    await expect(page.getByText('Password strength: Fair')).toBeVisible();
    await expect(page.getByText('Password does not meet security requirements')).toBeHidden();
    await expect(requirement(page, 'Password must be at least 8 characters long').getByRole('img', { name: 'Met' })).toBeVisible();
    await expect(complete).toBeDisabled();
    await password.fill('abcdefgH1');
    await expect(page.getByText('Password strength: Good')).toBeVisible();
    await password.fill('abcdefgH1!');
    await expect(page.getByText('Password strength: Strong')).toBeVisible();

    await page.getByLabel('Confirm password').fill('abcdefgH1');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(complete).toBeDisabled();
    await page.getByLabel('Confirm password').fill('abcdefgH1!');
    await expect(page.getByText('Passwords match')).toBeVisible();
    await expect(complete).toBeEnabled();
  });

  test('a good password migrates: the portal opens with "Account migrated successfully", and later sign-ins skip migration', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await openMigration(page);
    await chooseNewPassword(page, NEW_PASSWORD);
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Complete Migration' }).click();
    await expect(page).toHaveURL('/kits');
    await expect(page.getByText('Account migrated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();

    await page.goto('/auth/migrate');
    await expect(page).toHaveURL('/kits');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/sign-in');
    await signIn(page, 'must.migrate', { password: NEW_PASSWORD });
    await expect(page).toHaveURL('/kits');
    await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  });

  test('going back from the migration page signs out softly: no call, no tokens, the portal needs sign-in again', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await openMigration(page);
    const calls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/portalApi/')) calls.push(sent.url());
    });

    // Signed out, the migration page's guard sends the user to sign-in, which takes the place of the step back.
    await page.goBack();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await hasStoredSession(page)).toBe(false);
    expect(calls).toEqual([]);
    await page.goto('/kits');
    await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
  });

  test('reloading the migration page signs out softly and lands on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    await openMigration(page);
    await page.reload();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await hasStoredSession(page)).toBe(false);
  });

  test('closing the migration page signs out softly, even a remembered session', async ({ context }) => {
    const page = await context.newPage();
    await page.goto('/sign-in');
    await signIn(page, 'must.migrate', { remember: true });
    await expect(page.getByRole('heading', { name: 'Complete Account Migration' })).toBeVisible();
    await page.close();

    const next = await context.newPage();
    await next.goto('/kits');
    await expect(next).toHaveURL('/sign-in?redirect=%2Fkits');
    expect(await hasStoredSession(next)).toBe(false);
  });

  test('the migration page without a signed-in user goes to /sign-in', async ({ page }) => {
    await page.goto('/auth/migrate');
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });
});
