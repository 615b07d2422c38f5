import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase, signIn } from './support';

/**
 * Issue 44 item 2, two-step sign-in, against the reference server: the account tab turns it on (a QR code and the
 * key, confirmed with a code the test computes from the key shown, the ten recovery codes shown once); signing in
 * then asks for a code after the password, refuses a wrong one with its message, takes the right one, and takes a
 * recovery code instead. On a desktop in the light theme and a phone in the dark one, axe on every page and step.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

const variants = [
  { name: 'desktop, light theme', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { name: 'phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The code the authenticator app would show, one step ahead: the step of the confirming code is used up already. */
function codeFor(manualKey: string, offsetSeconds = 30): string {
  const totp = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s/g, '')), period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** Any 6 digits but the ones the app shows in the drift window: a wrong code for sure. */
function wrongCodeFor(manualKey: string): string {
  const near = new Set([-30, 0, 30, 60].map((offset) => codeFor(manualKey, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

for (const variant of variants) {
  test(`turns two-step sign-in on, then signs in with a code and with a recovery code (${variant.name})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(variant.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    const label = (what: string) => `${what} (${variant.name})`;

    await openSignedIn(page, 'hcp.checkout', '/settings/account');
    const section = page.getByRole('heading', { name: 'Two-step sign-in' });
    await expect(section).toBeVisible();
    await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
    await expectAccessible(page, { label: label('the account tab with two-step sign-in off') });

    // Turning it on: the QR code and the key to type by hand.
    await button(page, 'Turn on two-step sign-in').click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const manualKey = (
      await page
        .locator('code')
        .filter({ hasText: /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/ })
        .innerText()
    ).trim();
    await expectAccessible(page, { label: label('the new key and its QR code') });

    // A wrong code is refused with its message, and what was typed stays.
    const code = page.getByLabel('Code from the app');
    await code.fill(wrongCodeFor(manualKey));
    await button(page, 'Confirm').click();
    await expect(page.getByText('That code is not right, or it was used already.', { exact: false })).toBeVisible();
    await expectAccessible(page, { label: label('a wrong confirmation code') });
    await code.fill(codeFor(manualKey, 0));
    await button(page, 'Confirm').click();

    // The ten recovery codes, shown once.
    const codes = page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expectAccessible(page, { label: label('the recovery codes') });
    await button(page, 'I have saved my codes').click();
    await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
    await expect(codes).toHaveCount(0);

    // Signing out and in again: the password, then the code.
    await signOut(page);
    await signIn(page, 'hcp.checkout');
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expectAccessible(page, { label: label('the code step of sign-in') });
    const signInCode = page.getByLabel('Authentication code');
    await signInCode.fill(wrongCodeFor(manualKey));
    await button(page, 'Verify').click();
    await expect(page.getByText('That code is not right, or it was used already.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
    await expectAccessible(page, { label: label('a wrong code at sign-in') });
    await signInCode.fill(codeFor(manualKey));
    await button(page, 'Verify').click();
    await expect(page).toHaveURL('/kits');
    await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();

    // And with a recovery code instead of the app.
    await signOut(page);
    await signIn(page, 'hcp.checkout');
    await button(page, 'Use a recovery code').click();
    await expect(page.getByLabel('Recovery code')).toBeVisible();
    await expectAccessible(page, { label: label('the recovery code step of sign-in') });
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await button(page, 'Verify').click();
    await expect(page).toHaveURL('/kits');

    await page.goto('/settings/account');
    await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
  });
}

test('turning it off asks for the password, and then the password alone signs in', async ({ page }) => {
  await openSignedIn(page, 'hcp.checkout', '/settings/account');
  await button(page, 'Turn on two-step sign-in').click();
  const manualKey = (
    await page
      .locator('code')
      .filter({ hasText: /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/ })
      .innerText()
  ).trim();
  await page.getByLabel('Code from the app').fill(codeFor(manualKey, 0));
  await button(page, 'Confirm').click();
  await button(page, 'I have saved my codes').click();

  await button(page, 'Turn off two-step sign-in').click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-The-Password-1!');
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByText('The password is not right.', { exact: false })).toBeVisible();
  await expectAccessible(page, { label: 'turning two-step sign-in off, wrong password' });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();

  await signOut(page);
  await signIn(page, 'hcp.checkout');
  await expect(page).toHaveURL('/kits');
});

for (const variant of variants) {
  test(`a practice that requires it keeps a member without it on the account tab until they turn it on (${variant.name})`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(variant.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    const label = (what: string) => `${what} (${variant.name})`;
    const warning = page.getByText('Your practice requires two-step sign-in. Turn it on to keep using the portal.');
    const toldWhy = page.getByRole('alert').filter({ hasText: 'Your practice requires two-step sign-in. Turn it on below' });

    await openSignedIn(page, 'hcp.checkout', '/settings/organization');
    const requirement = page.getByRole('switch', { name: 'Require two-step sign-in for all members' });
    await expect(requirement).not.toBeChecked();
    await expectAccessible(page, { label: label('the organization tab') });
    await requirement.click();
    await expect(page.getByText('Two-step sign-in setting saved')).toBeVisible();
    // The admin has not turned it on either: from now on the server holds them back, and the app leads them there.
    await expect(page).toHaveURL('/settings/account');
    await expect(warning).toBeVisible();

    // Signing in again leads there; another page is refused and leads back, with the reason.
    await signOut(page);
    await signIn(page, 'hcp.checkout');
    await expect(page).toHaveURL('/settings/account');
    await expect(warning).toBeVisible();
    await expectAccessible(page, { label: label('the account tab a required two-step sign-in leads to') });
    await page.goto('/kits');
    await expect(page).toHaveURL('/settings/account');
    await expect(toldWhy.first()).toBeVisible();
    await expect(warning).toBeVisible();

    // Turning it on opens the portal again.
    await button(page, 'Turn on two-step sign-in').click();
    const manualKey = (
      await page
        .locator('code')
        .filter({ hasText: /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/ })
        .innerText()
    ).trim();
    await page.getByLabel('Code from the app').fill(codeFor(manualKey, 0));
    await button(page, 'Confirm').click();
    await button(page, 'I have saved my codes').click();
    await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();
    await expect(warning).toBeHidden();
    await page.goto('/kits');
    await expect(page).toHaveURL('/kits');
    await expect(page.getByRole('heading', { level: 2, name: 'Kit Status' })).toBeVisible();
    await expectAccessible(page, { label: label('the kits once two-step sign-in is on') });
  });
}

async function signOut(page: Page) {
  const direct = page.getByRole('button', { name: 'Sign out' });
  if (!(await direct.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
  await direct.click();
  await expect(page).toHaveURL('/sign-in');
}
