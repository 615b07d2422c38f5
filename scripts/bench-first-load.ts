/**
 * `npm run bench:first-load`: the JavaScript Chromium downloads on a first visit to each route of both portals (issue
 * 13, item 7; a patient's and an order's page found by their lists' first links), measured in the browser. The
 * production build is served by the reference server, which sends the build's brotli copies; each route is opened in
 * a fresh browser context (empty cache), signed out for the signed-out pages and with a remembered session for the
 * others. For every script it counts the bytes on the wire and the same files' gzip size, and checks the budgets:
 * /sign-in at most 200 KB gzip, every other route 300 KB.
 *
 * Options: --keep-build to reuse the previous build; --files to list each route's scripts, largest first.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { DEMO_PASSWORD } from '../server/seed/seed';
import { buildApp } from './lib/build-app';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';

const SIGN_IN_BUDGET_KB = 200;
const ROUTE_BUDGET_KB = 300;

interface Route {
  /** The path, or the list whose first link leads to it, for a page of one record (a patient, an order). */
  readonly path: string | { readonly firstLinkOn: string; readonly linkPrefix: string };
  /** How the table names it, when two portals share the path. */
  readonly name?: string;
  /** The demo user signed in for it; none for a signed-out page. */
  readonly user?: 'hcp.checkout' | 'patient';
}

const ROUTES: readonly Route[] = [
  { path: '/sign-in' },
  { path: '/forgot-password' },
  { path: '/restore-password' },
  { path: '/kits', user: 'hcp.checkout' },
  { path: '/kits/KT-11-0001', user: 'hcp.checkout' },
  { path: '/orders', user: 'hcp.checkout' },
  { path: '/orders/new', user: 'hcp.checkout' },
  { path: '/orders/quiz', user: 'hcp.checkout' },
  { path: '/orders/checkout', user: 'hcp.checkout' },
  { path: '/orders/bulk', user: 'hcp.checkout' },
  { path: '/patients', user: 'hcp.checkout' },
  { path: { firstLinkOn: '/patients', linkPrefix: '/patients/' }, name: '/patients/{id}', user: 'hcp.checkout' },
  { path: { firstLinkOn: '/orders', linkPrefix: '/orders/' }, name: '/orders/{number}', user: 'hcp.checkout' },
  { path: '/integrations', user: 'hcp.checkout' },
  { path: '/account', name: '/account (provider)', user: 'hcp.checkout' },
  { path: '/settings/account', user: 'hcp.checkout' },
  { path: '/settings/organization', user: 'hcp.checkout' },
  { path: '/settings/billing', user: 'hcp.checkout' },
  { path: '/settings/reports', user: 'hcp.checkout' },
  { path: '/settings/team', user: 'hcp.checkout' },
  { path: '/settings/team/add', user: 'hcp.checkout' },
  { path: '/kit-status', user: 'patient' },
  { path: '/reports', user: 'patient' },
  { path: '/account', name: '/account (patient)', user: 'patient' },
  { path: '/help-center', user: 'patient' },
];

const nameOf = (route: Route) => route.name ?? (typeof route.path === 'string' ? route.path : route.path.linkPrefix);

interface Measured {
  readonly route: Route;
  readonly files: number;
  readonly wireKb: number;
  readonly gzipKb: number;
  readonly budgetKb: number;
  /** Each script's file name and gzip size, largest first. */
  readonly scripts: readonly { name: string; gzipKb: number }[];
}

/** The storage of a session signed in through the form with "Remember me", so that a new context starts signed in. */
async function rememberedSession(browser: Browser, origin: string, username: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  await page.getByRole('main').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A record page's path: the first link to one on its list, as a user would follow it. */
async function pathOf(
  browser: Browser,
  origin: string,
  route: Route,
  storageState: BrowserContextOptions['storageState'],
): Promise<string> {
  if (typeof route.path === 'string') return route.path;
  const { firstLinkOn, linkPrefix } = route.path;
  const context = await browser.newContext({ baseURL: origin, storageState });
  const page = await context.newPage();
  await page.goto(firstLinkOn);
  const link = page.locator(`main a[href^="${linkPrefix}"]`).first();
  await link.waitFor();
  const href = await link.getAttribute('href');
  await context.close();
  if (!href) throw new Error(`No link to ${linkPrefix}… on ${firstLinkOn}`);
  return href;
}

async function measure(
  browser: Browser,
  origin: string,
  route: Route,
  path: string,
  storageState: BrowserContextOptions['storageState'],
): Promise<Measured> {
  const context = await browser.newContext({ baseURL: origin, storageState, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const scripts: Promise<{ name: string; wire: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || new URL(response.url()).origin !== origin) return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { name: new URL(response.url()).pathname.split('/').pop() ?? '', wire: sizes.responseBodySize, gzip: gzipSync(body).length };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const measured = await Promise.all(scripts);
  await context.close();
  const kb = (bytes: number) => bytes / 1024;
  return {
    route,
    files: measured.length,
    wireKb: kb(measured.reduce((sum, file) => sum + file.wire, 0)),
    gzipKb: kb(measured.reduce((sum, file) => sum + file.gzip, 0)),
    budgetKb: path === '/sign-in' ? SIGN_IN_BUDGET_KB : ROUTE_BUDGET_KB,
    scripts: measured.map((file) => ({ name: file.name, gzipKb: kb(file.gzip) })).sort((a, b) => b.gzipKb - a.gzipKb),
  };
}

runMain(async () => {
  const dist = await buildApp('first-load');
  const server = await startReferenceServer({ env: { STATIC_DIR: dist } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const sessions = new Map<string, BrowserContextOptions['storageState']>();
    const rows: Measured[] = [];
    for (const route of ROUTES) {
      let state: BrowserContextOptions['storageState'];
      if (route.user) {
        state = sessions.get(route.user) ?? (await rememberedSession(browser, server.origin, route.user));
        sessions.set(route.user, state);
      }
      rows.push(await measure(browser, server.origin, route, await pathOf(browser, server.origin, route, state), state));
    }
    console.log('\nJavaScript of a first visit (fresh cache), as Chromium downloads it:');
    console.log('route                         scripts   on the wire (br)   gzip      budget (gzip)');
    for (const row of rows) {
      const verdict = row.gzipKb <= row.budgetKb ? 'within' : 'OVER';
      console.log(
        `${nameOf(row.route).padEnd(30)}${String(row.files).padStart(7)}   ${row.wireKb.toFixed(1).padStart(10)} KB   ${row.gzipKb
          .toFixed(1)
          .padStart(7)} KB   ${row.budgetKb} KB ${verdict}`,
      );
    }
    if (process.argv.includes('--files')) {
      for (const row of rows) {
        console.log(`\n${nameOf(row.route)}`);
        for (const script of row.scripts) console.log(`  ${script.gzipKb.toFixed(1).padStart(6)} KB  ${script.name}`);
      }
    }
    const over = rows.filter((row) => row.gzipKb > row.budgetKb);
    if (over.length) console.error(`\nOver budget: ${over.map((row) => nameOf(row.route)).join(', ')}`);
    return over.length ? 1 : 0;
  } finally {
    await browser.close();
    server.child.kill();
  }
});
