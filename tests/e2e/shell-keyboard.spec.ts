import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import * as v from 'valibot';
import { UserRecordSchema } from '../../src/model/team/user-record';
import { openSignedIn, practiceSwitcherButton, resetDatabase, signIn } from './support';

/**
 * The shell used with the keyboard alone, as a new user meets it: the theme and practice menus, the side
 * menu's tab stops, and names too long for their place. Every journey runs in the light and the dark theme.
 */

const LONG_PRACTICE = 'Harbor Medical Group of the Northern Coastal Valleys and Islands';
const LONG_FIRST_NAME = 'Maximiliana Theodora';
const LONG_LAST_NAME = 'Featherstonehaugh-Wolfeschlegelsteinhausen';

const isSwitch = (request: Request) => new URL(request.url()).pathname === '/portalApi/Auth/Account/Switch';

/**
 * How many Tab presses walk once round the busiest page a journey starts on: the kit list, whose ten rows hold
 * links and buttons of their own besides the shell's stops.
 */
const TAB_ROUND = 150;

/** Presses Tab until the target has focus, like a user walking the page; fails when it is never reached. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < TAB_ROUND; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error('Tab never reached the target');
}

/** Whether the text is shown cut: it, or a box around it, holds more than it shows. */
function isCut(text: Locator) {
  return text.evaluate((element) => {
    for (let box: Element | null = element; box && box.tagName !== 'BUTTON' && box.tagName !== 'HEADER'; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth) return true;
    }
    return false;
  });
}

interface TabStop {
  role: string;
  name: string;
  inNavigation: boolean;
  inMenuItem: boolean;
}

/** Every element Tab lands on from where focus is, until focus leaves the page or comes round again. */
async function tabStops(page: Page, limit = TAB_ROUND): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const implicit: Record<string, string> = { A: 'link', BUTTON: 'button', INPUT: 'textbox', UL: 'list', DIV: 'generic' };
      return {
        role: element.getAttribute('role') ?? implicit[element.tagName] ?? element.tagName.toLowerCase(),
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
        inNavigation: element.closest('nav') !== null,
        inMenuItem: element.closest('[role="menuitem"]') !== null,
      };
    });
    if (stop === null || (stops.length > 0 && JSON.stringify(stop) === JSON.stringify(stops[0]))) break;
    stops.push(stop);
  }
  return stops;
}

const KIT_STATUS_STOP: TabStop = { role: 'link', name: 'Kit Status', inNavigation: true, inMenuItem: true };

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page, request }) => {
      await resetDatabase(request);
      // Only the first load: a choice made during the journey must survive its reloads.
      await page.addInitScript((preference) => {
        if (localStorage.getItem('vite-ui-theme') === null) localStorage.setItem('vite-ui-theme', preference);
      }, theme);
    });

    test('the theme menu opens from its button with Enter, Space or ArrowDown, moves with the arrows, and gives focus back', async ({
      page,
    }) => {
      const other = theme === 'light' ? 'Dark' : 'Light';
      const current = theme === 'light' ? 'Light' : 'Dark';
      await openSignedIn(page, 'hcp.checkout', '/kits');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      const button = page.getByRole('button', { name: `Theme: ${current}` });
      await tabTo(page, button);

      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Theme' });
      await expect(menu.getByRole('menuitem', { name: 'Light' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Dark' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'System' })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(menu.getByRole('menuitem', { name: 'Dark' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press('Space');
      await expect(menu.getByRole('menuitem', { name: 'Light' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Light' })).toBeFocused();
      if (other === 'Dark') await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: other })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${other.toLowerCase()}\\b`));
      await expect(page.getByRole('button', { name: `Theme: ${other}` })).toBeFocused();
    });

    test('the practice switcher works from the keyboard: the current entry does nothing, another one switches', async ({ page }) => {
      const switches: Request[] = [];
      page.on('request', (request) => {
        if (isSwitch(request)) switches.push(request);
      });
      await openSignedIn(page, 'multi.practice', '/kits');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      const button = practiceSwitcherButton(page, 'Harbor Medical Group');
      const menu = page.getByRole('menu', { name: 'Switch practice' });
      await tabTo(page, button);

      await page.keyboard.press('Enter');
      const entries = menu.getByRole('menuitem');
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await page.waitForTimeout(300);
      expect(switches).toHaveLength(0);

      await page.keyboard.press('ArrowDown');
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(entries.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(entries.nth(2)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(entries.nth(1)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press('Space');
      await expect(entries.nth(0)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: /Summit Wellness Clinic/ })).toBeFocused();
      const switched = page.waitForRequest(isSwitch);
      await page.keyboard.press('Enter');
      const request = await switched;
      expect(request.postDataJSON()).toMatchObject({ rememberMe: true });
      expect((await request.response())?.status()).toBe(200);
      await expect(practiceSwitcherButton(page, 'Summit Wellness Clinic')).toBeVisible();
      // The toast comes with the page the switch reloads: the test ends on a settled page, not mid-reload.
      await expect(page.getByRole('status').filter({ hasText: 'Account switched successfully' })).toBeVisible();
    });

    for (const [layout, width] of [
      ['the expanded sidebar', 1400],
      ['the collapsed sidebar', 1100],
    ] as const) {
      test(`tabbing through the page with ${layout} lands on one side menu item, never on the menu's container`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await openSignedIn(page, 'hcp.checkout', '/kits');
        await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
        // The list's scroll area is a stop too: on a slow machine the heading came before the rows, and it was missed.
        await expect(page.getByRole('region', { name: 'Kit Status list, scroll to load more' })).toBeVisible();
        // The menu too: until the practice that decides it has loaded, grey lines stand in its place, and once the rows
        // came first and the walk met no menu at all.
        await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Kit Status' })).toBeAttached();
        // From the top of the page, as after a fresh load.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const stops = await tabStops(page);
        expect(
          stops.filter((stop) => stop.inNavigation),
          JSON.stringify(stops),
        ).toEqual([KIT_STATUS_STOP]);
        // Every other stop is a control, the kit list's search box, or its scroll area (focusable so that the keyboard
        // can scroll it), never a container of the shell.
        expect(stops.filter((stop) => !['link', 'button', 'menuitem', 'textbox', 'region'].includes(stop.role))).toEqual([]);
        expect(stops.filter((stop) => stop.role === 'region').map((stop) => stop.name)).toEqual(['Kit Status list, scroll to load more']);

        // The one stop is the current page's item; the arrows walk the others and Enter follows one.
        await tabTo(page, page.getByRole('link', { name: 'Kit Status' }));
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('link', { name: 'Patients' })).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('link', { name: 'Register a Kit' })).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('link', { name: 'Orders' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL('/orders');
        await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
      });
    }

    test('on a phone, tabbing through the menu drawer lands on one side menu item, never on the menu container', async ({ page }) => {
      await page.setViewportSize({ width: 480, height: 860 });
      await openSignedIn(page, 'hcp.checkout', '/kits');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Kit Status' })).toBeVisible();
      const stops = await tabStops(page);
      expect(
        stops.filter((stop) => stop.inNavigation),
        JSON.stringify(stops),
      ).toEqual([KIT_STATUS_STOP]);
    });

    test('names cut with an ellipsis show the whole name on hover and in their accessible name', async ({ page }) => {
      // The demo data with names longer than their place: the sign-in answer's practices and the user record.
      await page.route('**/portalApi/Auth', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replaceAll('Harbor Medical Group', LONG_PRACTICE) });
      });
      await page.route('**/portalApi/Users/Me', async (route) => {
        const response = await route.fetch();
        const me = v.parse(UserRecordSchema, await response.json());
        await route.fulfill({ response, json: { ...me, firstName: LONG_FIRST_NAME, lastName: LONG_LAST_NAME } });
      });
      await page.setViewportSize({ width: 1200, height: 900 });
      await page.goto('/sign-in');
      await signIn(page, 'multi.practice');
      await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();

      const button = practiceSwitcherButton(page, LONG_PRACTICE);
      await expect(button).toBeVisible();
      const shownPractice = button.getByText(LONG_PRACTICE);
      await expect.poll(() => isCut(shownPractice)).toBe(true);
      // The start of the name: the rest lies under the ellipsis.
      await shownPractice.hover({ position: { x: 8, y: 8 } });
      await expect(page.getByRole('tooltip', { name: LONG_PRACTICE })).toBeVisible();
      await button.press('Enter');
      const list = page.getByRole('menu', { name: 'Switch practice' });
      await expect(list.getByRole('menuitem', { name: `${LONG_PRACTICE} [Provider] Current account`, exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();

      const fullName = `${LONG_FIRST_NAME} ${LONG_LAST_NAME}`;
      await page.setViewportSize({ width: 480, height: 860 });
      const shownUser = page.getByRole('banner').getByText(fullName);
      await expect(shownUser).toBeVisible();
      await expect.poll(() => isCut(shownUser)).toBe(true);
      await shownUser.hover({ position: { x: 8, y: 8 } });
      await expect(page.getByRole('tooltip', { name: fullName })).toBeVisible();
      const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
      expect(signOut && signOut.x + signOut.width).toBeLessThanOrEqual(480);
    });
  });
}
