import type { CDPSession, Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { Paths } from '../../src/model/shell/navigation';

/**
 * The pages `npm run bench:lighthouse` measures and the sessions it measures them in: signed out, as a provider
 * (hcp.checkout, who sees every settings tab) and as a patient (the patient portal).
 */

export type Session = 'signed out' | 'provider' | 'patient';

/** What the provider's session found while it was prepared, like a user would: the first order's page. */
export interface Found {
  readonly orderPath: string;
}

export interface Target {
  readonly name: string;
  readonly session: Session;
  /** A page's address, or how to get it from what the session found. */
  readonly path: string | ((found: Found) => string);
}

/** The page every other's blocking time is compared with, measured in the same run. */
export const SIGN_IN = '/sign-in';
export const CHECKOUT = 'checkout';

const settings = (tab: string, name = tab) => ({ name: `settings ${name}`, session: 'provider', path: `/settings/${tab}` }) as const;

/** In the order they are measured: the sessions one after the other, so each signs in once. */
export const TARGETS: readonly Target[] = [
  { name: SIGN_IN, session: 'signed out', path: '/sign-in' },
  { name: 'kit list', session: 'provider', path: '/kits' },
  { name: CHECKOUT, session: 'provider', path: '/orders/checkout' },
  { name: 'orders', session: 'provider', path: '/orders' },
  { name: 'order', session: 'provider', path: (found) => found.orderPath },
  // Every settings page of src/portal-routes.tsx (SettingsPaths of src/model/shell/navigation.ts).
  settings('account'),
  settings('organization'),
  settings('billing'),
  settings('team'),
  settings('team/add', 'add member'),
  settings('reports'),
  settings('activity'),
  { name: 'kit status', session: 'patient', path: '/kit-status' },
];

/** A page's name for --page and the reports' file names: `kit list` is `kit-list`. */
export const slug = (name: string) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '');

export const pathOf = (target: Target, found: Found) => (typeof target.path === 'string' ? target.path : target.path(found));

/** Signs in with "Remember me", so that the session outlives Lighthouse's new tab. */
async function signIn(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('input[type="checkbox"]').click();
  await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
}

/**
 * Signs hcp.checkout in, puts the first product of the catalogue in the cart (for checkout) and takes the first
 * order's link from the orders list (for the order page): whatever the server has, not an id of our seed.
 */
export async function prepareProvider(page: Page, origin: string): Promise<Found> {
  await signIn(page, origin, 'hcp.checkout');
  await page.goto(`${origin}/orders/new`);
  await page.locator('::-p-text(Add to Cart)').click();
  await page.waitForFunction(() => (localStorage.getItem('cart-storage') ?? '').includes('"items":[{'));
  await page.goto(`${origin}/orders`);
  // The list's first link to an order (a narrow screen shows cards, a wide one a table), not the menu's order pages.
  const notOrders = Object.values(Paths).filter((path) => path.startsWith('/orders/') && !path.includes(':'));
  const href = await page
    .waitForFunction(
      (others: readonly string[]) =>
        [...document.querySelectorAll('main a[href^="/orders/"]')]
          .map((anchor) => anchor.getAttribute('href') ?? '')
          .find((candidate) => !others.includes(candidate)),
      { timeout: 30_000 },
      notOrders,
    )
    .then((handle) => handle.jsonValue())
    .catch(() => undefined);
  if (typeof href !== 'string')
    throw new Error('The orders list shows no order to open (no link to an order in its table): the order page cannot be measured');
  return { orderPath: new URL(href, origin).pathname };
}

/** Forgets the provider (its remembered session and cookies) and signs the patient in. */
export async function preparePatient(page: Page, cdp: CDPSession, origin: string): Promise<void> {
  // Off the app first, so that it cannot write its session back while it is cleared.
  await page.goto('about:blank');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await signIn(page, origin, 'patient');
}
