import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { WhiteLabelRuleText, WhiteLabelText, WhiteLabelToastText } from '../../src/model/practice/white-label-texts';
import { oversizedPng, pngImage, textBytes } from '../support/fixtures/white-label-images';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * White Label Reports (ordering §2, §4, §5, §8; issue 9 item 8) against the reference server: a logo is
 * checked, saved, shown from its public logoUrl after a reload, and cleared.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

async function openWhiteLabel(page: Page) {
  // Riverside Family Medicine is a healthcare practice.
  await openSignedIn(page, 'hcp.checkout', '/settings/reports');
  await expect(page).toHaveURL('/settings/reports');
}

const toggle = (page: Page) => page.getByRole('switch', { name: WhiteLabelText.toggle });
const saveButton = (page: Page) => page.getByRole('button', { name: WhiteLabelText.save });
const preview = (page: Page) => page.getByRole('img', { name: WhiteLabelText.preview });
const currentLogo = (page: Page) => page.getByRole('img', { name: WhiteLabelText.currentLogo });

/** Chooses a file through the browser's file chooser, as a user does from the button. */
async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = 'image/png') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Choose (Another )?Logo$/ }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

async function save(page: Page) {
  await saveButton(page).click();
  await expect(page.getByText(WhiteLabelText.saved, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: WhiteLabelToastText.success }).last()).toBeVisible();
}

test('a logo is refused when too big or not an image, then saved, shown from its logoUrl after a reload, and cleared', async ({ page }) => {
  await openWhiteLabel(page);
  await expect(page.getByText(WhiteLabelText.futureReportsNote)).toBeVisible();
  await expect(toggle(page)).not.toBeChecked();
  await expectAccessible(page, { label: 'white label reports, off' });

  await toggle(page).click();
  await expect(saveButton(page)).toBeDisabled();

  await chooseFile(page, 'huge.png', oversizedPng());
  await expect(page.getByRole('alert').filter({ hasText: WhiteLabelRuleText.tooLarge })).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();

  // Named .png and declared image/png, but its bytes are text.
  await chooseFile(page, 'logo.png', textBytes());
  await expect(page.getByRole('alert').filter({ hasText: WhiteLabelRuleText.notImage })).toBeVisible();
  await expect(page.getByText(WhiteLabelRuleText.tooLarge)).toHaveCount(0);
  await expect(saveButton(page)).toBeDisabled();
  await expectAccessible(page, { label: 'white label reports, a file refused' });

  await chooseFile(page, 'riverside-logo.png', pngImage(300, 120));
  await expect(preview(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(saveButton(page)).toBeEnabled();
  await expectAccessible(page, { label: 'white label reports, a logo chosen' });
  await save(page);

  await page.reload();
  await expect(toggle(page)).toBeChecked();
  await expect(currentLogo(page)).toHaveAttribute('src', /\/portalApi\/Practices\/WhiteLabel\/Logos\/[\w-]+$/);
  await expect.poll(() => currentLogo(page).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
  // On with the current logo and no new file: nothing to save.
  await expect(saveButton(page)).toBeDisabled();

  await toggle(page).click();
  await expect(currentLogo(page)).toHaveCount(0);
  await save(page);
  await page.reload();
  await expect(toggle(page)).not.toBeChecked();
  await toggle(page).click();
  await expect(currentLogo(page)).toHaveCount(0);
});

test('dark theme: an image over 1382 × 1132 shows the warning and is still saved', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  await openWhiteLabel(page);
  await expectAccessible(page, { label: 'white label reports, off (dark)' });
  await toggle(page).click();

  await chooseFile(page, 'logo.png', textBytes());
  await expect(page.getByRole('alert').filter({ hasText: WhiteLabelRuleText.notImage })).toBeVisible();
  await expectAccessible(page, { label: 'white label reports, a file refused (dark)' });

  await chooseFile(page, 'wide-logo.png', pngImage(2000, 1500));
  await expect(page.getByText(WhiteLabelRuleText.dimensionsWarning)).toBeVisible();
  await expect(preview(page)).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
  await expectAccessible(page, { label: 'white label reports, the size warning (dark)' });
  await save(page);
  await expectAccessible(page, { label: 'white label reports, saved (dark)' });

  await page.reload();
  await expect.poll(() => currentLogo(page).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2000);
});
