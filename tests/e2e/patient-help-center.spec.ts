import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { expect, test } from '@playwright/test';
import { helpPages } from '../../server/help/help-content';
import { hrefOf } from '../../server/help/help-pages';
import { supportAddresses } from '../../server/help/support-addresses';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Kits §2 /help-center and issue 41 item 4: on a default build the Help Center frames the portal's own help pages
 * (the reference server's /help/), with a link that opens them in a new tab. Every help page passes axe on its
 * own, in the light and the dark colour scheme, since axe does not look into the frame from the portal's page.
 */

const HELP_CENTER_URL = parseEnv(readFileSync(new URL('../../.env', import.meta.url), 'utf8')).VITE_HELP_CENTER_URL ?? '';
const PAGES = helpPages(supportAddresses());

test.beforeEach(async ({ request }) => resetDatabase(request));

for (const { device, viewport, theme } of [
  { device: 'desktop', viewport: { width: 1280, height: 800 }, theme: 'light' },
  { device: 'phone', viewport: { width: 375, height: 812 }, theme: 'dark' },
] as const) {
  test.describe(`on a ${device}, ${theme}`, () => {
    test.use({ viewport, colorScheme: theme });

    test('the Help Center opens the built-in help in its frame, whose topics lead from page to page', async ({ page }) => {
      expect(HELP_CENTER_URL).toBe('/help/');
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      if (device === 'desktop') {
        await openSignedIn(page, 'patient', '/kit-status');
        await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help Center' }).click();
        await expect(page).toHaveURL(/\/help-center$/);
      } else {
        await openSignedIn(page, 'patient', '/help-center');
      }
      await expect(page.getByRole('heading', { name: 'Help Center', level: 2 })).toBeVisible();
      const frame = page.frameLocator('iframe[title="Help Center"]');
      await expect(frame.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
      await frame.getByRole('main').getByRole('link', { name: 'Your kit’s steps' }).click();
      await expect(frame.getByRole('heading', { name: 'Your kit’s steps', level: 1 })).toBeVisible();
      await expect(frame.getByRole('table', { name: 'The four steps of a kit' })).toBeVisible();
      const box = await page.locator('iframe[title="Help Center"]').boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      await expectAccessible(page, { label: `the help centre, ${device}, ${theme}` });

      const link = page.getByRole('link', { name: 'Open Help Center in a new tab' });
      await expect(link).toHaveAttribute('href', HELP_CENTER_URL);
      await expect(link).toHaveAttribute('rel', /noopener/);
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await expect(tab.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    });
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`every help page on its own, ${theme}`, () => {
    test.use({ colorScheme: theme });
    test('each page has its heading and the topics, and passes axe', async ({ page }) => {
      for (const help of PAGES) {
        await page.goto(hrefOf(help));
        await expect(page.getByRole('heading', { name: help.title, level: 1 })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Help topics' }).getByRole('link')).toHaveCount(PAGES.length);
        await expectAccessible(page, { label: `${hrefOf(help)}, ${theme}` });
      }
      await page.goto('/help/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
      await expectAccessible(page, { label: `the help's missing page, ${theme}` });
    });
  });
}
