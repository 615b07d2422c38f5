import { expect, test, type Locator, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { CatalogueText } from '../../src/model/orders/texts';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Surfaces that must follow the theme and hide what lies under them (issue 41 item 5), in both themes: the kit
 * table's header, which stays in view while the rows scroll under it, is opaque; the discount-tiers drawing is
 * painted for the page's theme, so that a dark dialog shows no white picture. Read as a user's eyes would: the
 * colour the browser computes for the header, and the pixels of the drawing as the browser draws it.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

const THEMES = ['light', 'dark'] as const;

/** The alpha of a computed CSS colour: `rgb()` is opaque, `rgba()` and `color()` say theirs. */
function alphaOf(colour: string): number {
  const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(colour);
  if (rgba) return Number(rgba[1]);
  return /^rgb\(/.test(colour) ? 1 : 0;
}

/** The background colour of the nearest ancestor that stays in place while its table scrolls. */
function stickyBackground(header: Locator): Promise<string> {
  return header.evaluate((cell) => {
    for (let node: Element | null = cell; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.position === 'sticky') return style.backgroundColor;
    }
    return 'no sticky header';
  });
}

/** The mean brightness (0-255) of the drawing's top left corner, its background, as the browser paints it. */
function cornerBrightness(image: Locator): Promise<number> {
  return image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(element, 0, 0);
    const [red = 0, green = 0, blue = 0] = context.getImageData(2, 2, 1, 1).data;
    return (red + green + blue) / 3;
  });
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

for (const theme of THEMES) {
  test(`the kit table's header stays opaque over the rows that scroll under it (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await openSignedIn(page, 'hcp.checkout', '/kits');
    const table = page.getByRole('table', { name: 'Kit Status' });
    const header = table.getByRole('columnheader').first();
    await expect(header).toBeVisible();
    await expect(table.getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
    // Checked before the scroll: a row half under the header is a passing moment, its link cut to a sliver.
    await expectAccessible(page, { label: `kit list (${theme})` });
    // Rows under the header: the list scrolled down by a few rows.
    await table.getByRole('rowgroup').nth(1).getByRole('row').first().hover();
    await page.mouse.wheel(0, 200);
    const background = await stickyBackground(header);
    expect(background, `the sticky header's background is ${background}`).not.toBe('no sticky header');
    expect(alphaOf(background)).toBe(1);
  });

  test(`the discount tiers are drawn in the page's theme (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await openSignedIn(page, 'hcp.checkout', '/orders/catalog');
    await page.getByRole('button', { name: CatalogueText.viewTiers }).click();
    const dialog = page.getByRole('dialog', { name: CatalogueText.tiersTitle });
    const drawing = dialog.getByRole('img', { name: CatalogueText.tiersImageAlt });
    await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const brightness = await cornerBrightness(drawing);
    if (theme === 'dark') expect(brightness).toBeLessThan(64);
    else expect(brightness).toBeGreaterThan(240);
    await expectAccessible(page, { label: `discount tiers (${theme})` });
  });
}
