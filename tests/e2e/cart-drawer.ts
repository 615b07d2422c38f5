import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The cart as a journey reaches it: beside the catalogue on a desktop, behind the "View Cart" button's drawer on a
 * phone (issue 40 point 7). Shared by the journeys against the reference server and the contract fake.
 */
export async function openCart(page: Page, phone: boolean): Promise<{ region: Locator; lines: Locator }> {
  if (!phone) return { region: page.locator('.orders-cart-column'), lines: page.getByRole('list', { name: 'Cart items' }) };
  await page.getByRole('button', { name: /^View Cart/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return { region: drawer, lines: drawer.getByRole('list', { name: 'Cart items' }) };
}

export async function closeCart(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByRole('dialog').getByRole('button', { name: 'Close cart' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}
