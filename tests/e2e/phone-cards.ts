import { expect, type Page } from '@playwright/test';

/** What the journeys of lists shown as cards on a phone share. */

/** The phone every list journey uses (the 375 × 812). */
export const PHONE = { width: 375, height: 812 } as const;
const PHONE_WIDTH = PHONE.width;

/** Every card lies inside the phone's width, its Status cell included. */
export async function expectCardsFit(page: Page, table: string) {
  const cards = page.getByRole('table', { name: table }).getByRole('rowgroup').nth(1).getByRole('row');
  await expect(cards.first()).toBeVisible();
  const card = cards.first();
  const box = await card.boundingBox();
  expect(box, 'the first card is laid out').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
  // Each cell names its column in the card, the status among them, and shows inside the screen.
  const status = card.getByRole('cell').filter({ hasText: /^Status/ });
  await expect(status).toBeVisible();
  const statusBox = await status.boundingBox();
  expect((statusBox?.x ?? 0) + (statusBox?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
  return cards;
}

/**
 * Scrolls the list's region to its end, again and again, until the pages asked for (by `pages`, read afresh each
 * time) are `expected`: a list loads its next page only once the one before has come.
 */
export async function scrollUntilPages(
  page: Page,
  region: string,
  pages: () => readonly (string | undefined)[],
  expected: readonly string[],
) {
  const scroller = page.getByRole('region', { name: region });
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return [...new Set(pages())].sort();
    })
    .toEqual([...expected].sort());
}
