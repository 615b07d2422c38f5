import { expect, test, type Locator, type Page } from '@playwright/test';
import { SEED_PRODUCTS } from '../../server/seed/seed-data';
import { openSignedIn, resetDatabase } from './support';

/**
 * Issue 13, item 7: on a phone, the catalogue, the checkout and the developer settings hold still while their data
 * arrives (Lighthouse counts layout shift for a quarter of its score, and 0.1 is the limit of "good"). The answers
 * each page waits for are held back until the page has drawn its loading state, as on a slow connection; the layout
 * shift the browser then reports for the whole load must stay under 0.1. Before, the catalogue shifted by 0.31, the
 * checkout by 0.65 to 0.70 and the developer settings by 0.11 to 0.17.
 */

// The phone Lighthouse's mobile preset emulates: without the mobile viewport the developer settings' shift measured
// 0.01 where the phone's was 0.11.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
test.beforeEach(({ request }) => resetDatabase(request));

const LIMIT_OF_GOOD = 0.1;
// A product every checkout practice's catalogue lists (checkout.spec.ts orders it too).
const PRODUCT = SEED_PRODUCTS.find((product) => product.id === 79)?.name ?? 'product 79 of the seed';

/** Sums the page's layout shifts from its first paint on, as Lighthouse does (shifts after input excluded). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: number };
    state.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/** Lets the browser draw what it has: two animation frames. */
const drawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Holds back the answers to these calls until released. */
async function holdBack(page: Page, pathnames: readonly string[]): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => pathnames.includes(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

async function signedInWithCart(page: Page) {
  await openSignedIn(page, 'hcp.checkout', '/orders/new', { remember: true });
  await page.getByRole('article', { name: PRODUCT }).getByRole('button', { name: 'Add to Cart' }).click();
  // On a phone the cart sits behind the button at the bottom of the screen (issue 40 item 7), which counts the kit.
  await expect(page.getByRole('button', { name: /^View Cart \(1 item\)/ })).toBeVisible();
}

/**
 * Opens `path` with the answers to `calls` held back until the page has drawn its loading state under `heading`, then
 * lets it through and returns the layout shift of the whole load once the page is `ready`.
 */
async function shiftWhileLoading(
  page: Page,
  { path, calls, heading, ready }: { path: string; calls: readonly string[]; heading: string; ready: (page: Page) => Locator[] },
) {
  await signedInWithCart(page);
  await watchLayoutShift(page);
  const release = await holdBack(page, calls);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await drawn(page);
  release();
  for (const part of ready(page)) await expect(part).toBeVisible();
  await drawn(page);
  return layoutShift(page);
}

test('on a phone, the catalogue holds still while its products arrive', async ({ page }) => {
  const shift = await shiftWhileLoading(page, {
    path: '/orders/new',
    calls: ['/portalApi/Products'],
    heading: 'Create New Order',
    ready: (loaded) => [loaded.getByRole('article', { name: PRODUCT })],
  });
  expect(shift).toBeLessThan(LIMIT_OF_GOOD);
});

test('on a phone, the checkout holds still while the practice arrives', async ({ page }) => {
  const shift = await shiftWhileLoading(page, {
    path: '/orders/checkout',
    calls: ['/portalApi/Practices'],
    heading: 'Checkout',
    ready: (loaded) => [loaded.getByRole('button', { name: 'Place Order' }), loaded.getByRole('list', { name: 'Cart items' })],
  });
  expect(shift).toBeLessThan(LIMIT_OF_GOOD);
});

test('on a phone, the developer settings hold still while their parts arrive', async ({ page }) => {
  // The first two parts' answers held back: the two below them arrived first and were then pushed down.
  const shift = await shiftWhileLoading(page, {
    path: '/integrations',
    calls: ['/portalApi/Webhooks/TokenSchema', '/portalApi/Webhooks/Secret'],
    heading: 'Developer Settings',
    ready: (loaded) => [
      loaded.getByRole('region', { name: 'API Access' }),
      loaded.getByRole('region', { name: 'Webhook events' }).getByRole('table'),
    ],
  });
  expect(shift).toBeLessThan(LIMIT_OF_GOOD);
});
