import { expect, test, type Locator, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { mainMenu, openSignedIn, resetDatabase, signIn, signInThroughApi } from './support';

/**
 * What a new user sees on every screen, in light and in dark: the theme's font, readable toasts,
 * illustrations and menus that follow the theme, a title per page, a favicon and a skip link.
 */

const PRODUCT = 'Diagnostics Portal';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

test.beforeEach(async ({ request }) => resetDatabase(request));

type Rgba = [number, number, number, number];

function parseColor(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** Relative luminance (WCAG) of an opaque colour, 0 for black to 1 for white. */
function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** A translucent text colour as the eye sees it over its background. */
function over([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

function contrast(text: Rgba, background: Rgba): number {
  const [a, b] = [luminance(over(text, background)), luminance(background)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The mean luminance of what the user sees of an element: its screenshot, decoded by the browser. */
async function seenLuminance(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4)
      sum += (0.2126 * (pixels[i] ?? 0) + 0.7152 * (pixels[i + 1] ?? 0) + 0.0722 * (pixels[i + 2] ?? 0)) / 255;
    return sum / (pixels.length / 4);
  }, png);
}

/** The font family antd's theme token gives its components, in the browser's own spelling. */
async function tokenFontFamily(page: Page): Promise<string> {
  return page.evaluate(() => {
    const styled = document.querySelector('.ant-btn');
    if (!styled) throw new Error('no antd component on the page');
    const token = getComputedStyle(styled).getPropertyValue('--ant-font-family').trim();
    if (!token) throw new Error('the theme gives no font family token');
    const probe = document.createElement('span');
    probe.style.fontFamily = token;
    document.body.append(probe);
    const spelled = probe.style.fontFamily;
    probe.remove();
    return spelled;
  });
}

const fontOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).fontFamily);

async function expectThemeFont(page: Page, elements: Locator[]) {
  for (const element of elements) await expect(element).toBeVisible();
  const expected = await tokenFontFamily(page);
  expect(expected).not.toMatch(/^"?Times/);
  for (const element of elements) expect(await fontOf(element)).toBe(expected);
}

async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

/**
 * Waits until `seen` holds while the paused page clock moves on by a few frames between looks (50 ms, well within the
 * toast's 3 s however many looks a slow machine needs), for the page's own frames and short timers.
 */
async function inFrames(page: Page, seen: () => Promise<boolean>) {
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return seen();
    })
    .toBe(true);
}

/** Whether the element is there and has the focus; it does not wait for it, so that a poll can move the clock meanwhile. */
async function focused(element: Locator): Promise<boolean> {
  return (await element.count()) === 1 && element.evaluate((node) => node === document.activeElement);
}

/**
 * The theme menu worked from the keyboard (Light, Dark, System). The page's clock stands still, and moves on a frame at
 * a time while the test waits for what each key brings.
 */
async function switchThemeByKeyboard(page: Page, from: Theme, to: Theme) {
  await page.getByRole('button', { name: `Theme: ${from === 'light' ? 'Light' : 'Dark'}` }).focus();
  await page.keyboard.press('ArrowDown');
  await inFrames(page, () => focused(page.getByRole('menuitem', { name: 'Light' })));
  if (to === 'dark') {
    await page.keyboard.press('ArrowDown');
    // The menu moves focus a frame after the key: an Enter at once chose Light again (2 runs in 20).
    await inFrames(page, () => focused(page.getByRole('menuitem', { name: 'Dark' })));
  }
  await page.keyboard.press('Enter');
  const html = page.locator('html');
  await inFrames(page, async () => new RegExp(`\\b${to}\\b`).test((await html.getAttribute('class')) ?? ''));
  // antd's components take the new theme in a background render, and the browser's colour scheme with them.
  await inFrames(page, async () => (await html.evaluate((node) => getComputedStyle(node).colorScheme)) === to);
}

/** A toast's background and title colour, and the contrast between them. */
async function toastColours(toast: Locator) {
  const [background, text] = await toast.evaluate((node) => {
    const notice = node.closest('.ant-notification-notice') ?? node;
    const title = notice.querySelector('.ant-notification-notice-title') ?? notice;
    return [getComputedStyle(notice).backgroundColor, getComputedStyle(title).color];
  });
  const bg = parseColor(background);
  const fg = parseColor(text);
  return { background: luminance(bg), text: luminance(over(fg, bg)), contrast: contrast(fg, bg) };
}

function expectToastFollows(colours: { background: number; text: number; contrast: number }, theme: Theme) {
  if (theme === 'dark') {
    expect(colours.background).toBeLessThan(0.1);
    expect(colours.text).toBeGreaterThan(0.5);
  } else {
    expect(colours.background).toBeGreaterThan(0.8);
    expect(colours.text).toBeLessThan(0.1);
  }
  expect(colours.contrast).toBeGreaterThanOrEqual(4.5);
}

/** Whether the element shows wholly inside the window, where a sighted user sees it. */
async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.width < 1 || box.height < 1) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

const opposite = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

for (const theme of THEMES) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('the signed-out pages set their headings and the version line in the theme font, not serif', async ({ page }) => {
      await page.goto('/sign-in');
      const welcome = page.getByRole('heading', { name: 'Welcome Back' });
      await expect(welcome).toBeVisible();
      await expectThemeFont(page, [welcome, page.getByText(/^Version /)]);

      await page.goto('/forgot-password');
      await expectThemeFont(page, [page.getByRole('heading', { name: 'Forgot Password' })]);

      await page.goto('/restore-password?token=abc');
      await expectThemeFont(page, [page.getByRole('heading', { name: 'Reset Password' })]);

      await page.goto('/sign-in');
      await signIn(page, 'must.migrate');
      const migration = page.getByRole('heading', { name: 'Complete Account Migration' });
      await expect(migration).toBeVisible();
      await expectThemeFont(page, [migration, page.getByText(/moving to a new authentication system/)]);
    });

    test('a toast is readable in the theme, and an open toast follows a change of theme', async ({ page }) => {
      // The toast closes after its 3 s of the page's time. That time stands still once the form is ready and moves only
      // in the steps the test gives it, so that no real second a busy machine spends on the checks can close the toast.
      await page.clock.install();
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await signIn(page, 'hcp.checkout');
      const toast = page.getByRole('status').filter({ hasText: 'Signed in successfully' });
      await inFrames(page, () => toast.isVisible());
      await inFrames(page, () => page.getByRole('button', { name: /^Theme: / }).isVisible());
      expectToastFollows(await toastColours(toast), theme);
      await switchThemeByKeyboard(page, theme, opposite(theme));
      await expect(toast).toBeVisible();
      expectToastFollows(await toastColours(toast), opposite(theme));
      await page.clock.resume();
    });

    test('the not-found and access-denied illustrations follow the theme', async ({ page }) => {
      const expectFollows = (seen: number) => (theme === 'dark' ? expect(seen).toBeLessThan(0.3) : expect(seen).toBeGreaterThan(0.7));
      await openSignedIn(page, 'hcp.checkout', '/no-such-page');
      await expect(page.getByText('The requested resource was not found.')).toBeVisible();
      expectFollows(await seenLuminance(page, page.locator('.ant-result-image')));

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, 'lab.user');
      await expect(page.getByText('Access denied.')).toBeVisible();
      expectFollows(await seenLuminance(page, page.locator('.ant-result-image')));
    });

    test('on a phone the drawer menu sits on the theme background', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await openSignedIn(page, 'hcp.checkout', '/kits');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(mainMenu(page).first()).toBeVisible();
      const { menu, panel } = await page.getByRole('navigation', { name: 'Main navigation' }).evaluate((nav) => {
        const colour = (element: Element | null) => (element ? getComputedStyle(element).backgroundColor : '');
        return { menu: colour(nav.querySelector('.ant-menu')), panel: colour(nav.closest('.ant-drawer-section')) };
      });
      const seen = luminance(parseColor(menu === 'rgba(0, 0, 0, 0)' ? panel : menu));
      if (theme === 'dark') expect(seen).toBeLessThan(0.05);
      else expect(seen).toBeGreaterThan(0.9);
      // No box of another shade behind the items: the menu shares the panel's background.
      if (menu !== 'rgba(0, 0, 0, 0)') expect(menu).toBe(panel);
    });

    test('a menu button looks pressed while its menu is open, also under the pointer, and plain again once it closes', async ({ page }) => {
      await openSignedIn(page, 'hcp.checkout', '/kits');
      const button = page.getByRole('button', { name: `Theme: ${theme === 'light' ? 'Light' : 'Dark'}` });
      const menu = page.getByRole('menu', { name: 'Theme' });
      // The background's opacity: antd's text button has none at rest, a faint one under the pointer.
      const shade = async () => parseColor(await button.evaluate((node) => getComputedStyle(node).backgroundColor))[3];
      // The pointer is put on the button again until it shows: a header still settling after the page opened can
      // move the button from under a pointer that landed once (seen once in CI).
      await expect
        .poll(async () => {
          await button.hover();
          return shade();
        })
        .toBeGreaterThan(0);
      const hovered = await shade();
      await button.click();
      await expect(menu).toBeVisible();
      // The click's own frame has to show something: pressed is clearly darker than hovered (antd's motion eases it).
      await expect.poll(shade).toBeGreaterThan(hovered + 0.05);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await page.mouse.move(0, 0);
      await expect.poll(shade).toBe(0);
    });

    test('every page has its own title and the app its favicon; not found leads back home', async ({ page, request }) => {
      await page.goto('/sign-in');
      await expect(page).toHaveTitle(`Welcome Back · ${PRODUCT}`);
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      const favicon = await request.get(icon ?? '/no-icon');
      expect(favicon.ok()).toBe(true);
      expect(favicon.headers()['content-type']).toContain('image/svg+xml');
      await page.goto('/forgot-password');
      await expect(page).toHaveTitle(`Forgot Password · ${PRODUCT}`);
      await page.goto('/restore-password?token=abc');
      await expect(page).toHaveTitle(`Reset Password · ${PRODUCT}`);

      await page.goto('/sign-in');
      await signIn(page, 'hcp.checkout');
      await expect(page).toHaveTitle(`Kit Status · ${PRODUCT}`);
      await page.goto('/no-such-page');
      await expect(page).toHaveTitle(`The requested resource was not found. · ${PRODUCT}`);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL('/kits');
      await expect(page).toHaveTitle(`Kit Status · ${PRODUCT}`);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, 'must.migrate');
      await expect(page).toHaveTitle(`Complete Account Migration · ${PRODUCT}`);

      await page.goto('/sign-in');
      await signIn(page, 'lab.user');
      await expect(page.getByText('Access denied.')).toBeVisible();
      await expect(page).toHaveTitle(`Access denied. · ${PRODUCT}`);
    });

    const portals = [
      {
        username: 'hcp.checkout',
        pages: [
          ['/kits', 'Kit Status'],
          ['/orders', 'Orders'],
          ['/orders/new', 'Create New Order'],
          ['/integrations', 'Developer Settings'],
          ['/settings/account', 'Settings'],
          ['/account', 'Profile'],
          ['/patients', 'Patients'],
          ['/no-such-page', 'The requested resource was not found.'],
        ],
      },
      {
        username: 'patient',
        pages: [
          ['/kit-status', 'Kit Status'],
          ['/account', 'Account'],
          ['/reports', 'Reports'],
          ['/help-center', 'Help Center'],
        ],
      },
    ] as const;

    for (const { username, pages } of portals) {
      test(`on every page of ${username}'s portal the first tab stop skips to the main content, under the page's title`, async ({
        page,
      }) => {
        await signInThroughApi(page, username);
        for (const [path, heading] of pages) {
          await page.goto(path);
          await expect(page).toHaveTitle(`${heading} · ${PRODUCT}`);
          const skip = page.getByRole('link', { name: 'Skip to main content' });
          await expect.poll(() => onScreen(page, skip)).toBe(false);
          await page.keyboard.press('Tab');
          await expect(skip).toBeFocused();
          await expect.poll(() => onScreen(page, skip)).toBe(true);
          await page.keyboard.press('Enter');
          await expect(page.getByRole('main')).toBeFocused();
          // Once used, the link hides again and the address stays the page's own.
          await expect.poll(() => onScreen(page, skip)).toBe(false);
          await expect(page).toHaveURL(path);
        }
      });
    }
  });
}
