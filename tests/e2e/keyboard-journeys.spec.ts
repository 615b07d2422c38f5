import { expect, test, type Locator, type Page } from '@playwright/test';
import { KitReportsText } from '../../src/model/kits/kit-detail-texts';
import { DEMO_PASSWORD, expectAccessible, resetDatabase } from './support';

/**
 * Issue 13, item 8: four journeys made with the keyboard alone, as someone who cannot use a mouse makes them: signing
 * in, placing an order, opening a kit's report and changing a consent. Nothing is clicked; a page is only ever
 * reached by its address or by the keyboard. Each control is reached with Tab (or Shift+Tab), as a user moves to it.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

const MAX_TABS = 120;

/** Presses Tab until the control has focus, as a keyboard user moves to it; fails when it is never reached. */
async function tabTo(page: Page, control: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await control.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(control, `reached with ${key}`).toBeFocused();
}

async function signInByKeyboard(page: Page, username: string) {
  await page.goto('/sign-in');
  const name = page.getByLabel('Username or email');
  // The page puts the cursor in the first field.
  await expect(name).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Signed in successfully' })).toBeVisible();
}

test('signing in with the keyboard alone: type, Tab, type, Enter', async ({ page }) => {
  await signInByKeyboard(page, 'hcp.checkout');
  await expect(page).toHaveURL('/kits');
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
});

test('placing an order with the keyboard alone, from the catalogue to the confirmation', async ({ page }) => {
  test.slow();
  await signInByKeyboard(page, 'hcp.net30');
  await page.goto('/orders/new');
  const firstProduct = page.getByRole('article').first();
  const name = await firstProduct.getByRole('heading').first().innerText();
  expect(name).not.toBe('');
  const add = firstProduct.getByRole('button', { name: 'Add to Cart' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Cart items' }).getByText(name)).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
  await tabTo(page, proceed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/orders/checkout');
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeEnabled();
  await tabTo(page, place);
  await expectAccessible(page, { label: '/orders/checkout reached by keyboard' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expect(page.getByRole('cell', { name })).toBeVisible();
});

test('opening a kit’s report with the keyboard alone: the report opens in a new tab', async ({ page }) => {
  await signInByKeyboard(page, 'hcp.checkout');
  await page.goto('/kits/KT-11-0001');
  await expect(page.getByRole('heading', { name: /Kit Details: KT-11-0001/ })).toBeVisible();
  // One report's own button ("Download {report}"), not "Download (n)" for the ticked ones.
  const download = page.getByRole('button', { name: new RegExp(`^${KitReportsText.downloadReport('')}(?!\\()`) }).first();
  await tabTo(page, download);
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const tab = await popup;
  await tab.waitForURL(/\/portalApi\/Reports\/Documents\//);
  await expect(tab.locator('body')).toContainText('KT-11-0001');
  await expect(page.getByText(KitReportsText.generated)).toBeVisible();
});

test('changing a consent with the keyboard alone: "Learn more", then "I agree"', async ({ page }) => {
  await signInByKeyboard(page, 'patient');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
  // The tab list is one stop; the arrow keys move between its tabs and Enter opens one.
  await tabTo(page, page.getByRole('tab', { name: 'Profile' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Data & Privacy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Data & Privacy', selected: true })).toBeVisible();
  const olympics = page.getByRole('switch', { name: 'Rejuvenation Olympics Consent' });
  await expect(olympics).not.toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Learn more', description: 'Rejuvenation Olympics Consent' }));
  await page.keyboard.press('Enter');
  const statement = page.getByRole('dialog');
  await expect(statement).toBeVisible();
  await tabTo(page, statement.getByRole('button', { name: 'I agree' }));
  await page.keyboard.press('Enter');
  await expect(statement).toBeHidden();
  await expect(olympics).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Your consents updated successfully.' })).toBeVisible();
});
