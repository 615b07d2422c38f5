import { expect, test } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { contractTest, signInToPortal } from './contract/contract-test';
import { PATIENT_CREDENTIALS } from './contract/portal-api-accounts';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Issue 44, against the reference server: the patient's Account → Security shows two-step sign-in as the provider's
 * account tab has it, and their own recent activity: a consent changed on the Data & Privacy tab reads "You changed
 * your consents". Against the contract fake, which has neither call (404), the tab says so in both sections and works
 * on. On a desktop in the light theme and a phone in the dark one, axe on the tab and its entries.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

contractTest.use({ serviceWorkers: 'block' });

const variants = [
  { name: 'desktop, light theme', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { name: 'phone, dark theme', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const;

for (const variant of variants) {
  test(`the security tab shows two-step sign-in and the patient's own activity (${variant.name})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(variant.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
    const label = (what: string) => `${what} (${variant.name})`;

    await openSignedIn(page, 'patient', '/account');
    // The seed's patient gave the research consent; taking it back is one click and writes an entry of their trail.
    await page.getByRole('tab', { name: 'Data & Privacy' }).click();
    const research = page.getByRole('switch', { name: 'Research Consent' });
    await expect(research).toBeChecked();
    await research.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your consents updated successfully.' }).last()).toBeVisible();

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Data & Privacy']);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByRole('listitem').filter({ hasText: 'You changed your consents' }).first()).toBeVisible();
    await expectAccessible(page, { label: label('/account, Security with two-step sign-in and recent activity') });

    // Turning two-step sign-in on starts as on the provider's account tab: the key and its QR code.
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page, { label: label('/account, Security, the new key of two-step sign-in') });
  });
}

for (const variant of variants) {
  contractTest(
    `against a portalApi without the extension, the security tab says so and works on (${variant.name})`,
    async ({ page, api }) => {
      await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, variant.theme] as const);
      // Signed in on a desktop: the sign-in helper waits for the side menu, which a phone keeps in its drawer.
      await signInToPortal(page, PATIENT_CREDENTIALS);
      await page.setViewportSize(variant.viewport);
      await page.goto('/account');
      await page.getByRole('tab', { name: 'Security' }).click();
      await expect(page.getByText('Activity is not available here.')).toBeVisible();
      await expect(page.getByText('Two-step sign-in is not available on this server.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Deactivate Account' })).toBeVisible();
      await expectAccessible(page, { label: `/account, Security without the extension (${variant.name})` });
      expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
    },
  );
}
