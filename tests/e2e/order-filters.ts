import { expect, type Page } from '@playwright/test';

// The orders list's filter builder as a journey drives it, against the reference server and the contract fake alike.

export async function pickColumn(page: Page, column: string) {
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill(column);
  await page.getByRole('dialog', { name: 'Add a filter' }).getByRole('button', { name: column, exact: true }).click();
}

/** The status filter: a choice of the status groups, applied. */
export async function filterByStatus(page: Page, group: string) {
  await pickColumn(page, 'Status');
  await page.getByRole('combobox', { name: 'Value' }).click();
  await page.getByTitle(group, { exact: true }).click();
  await page.getByRole('dialog', { name: 'Add a filter' }).getByRole('button', { name: 'Apply' }).click();
}

/** Types the first and the last day into the order date's range picker, as a keyboard user does. */
export async function chooseDays(page: Page, first: string, last: string) {
  await pickColumn(page, 'Order Date');
  const start = page.getByPlaceholder('Start date');
  await start.click();
  await start.fill(first);
  await start.press('Enter');
  const end = page.getByPlaceholder('End date');
  await expect(end).toBeFocused();
  await end.fill(last);
  await end.press('Enter');
}
