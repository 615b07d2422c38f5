import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadEnv } from 'vite';
import { DEFAULTED_SETTINGS } from './deployment-settings.mjs';

/**
 * Checks the production build: the JavaScript a first visit to /sign-in and to each signed-in route in ROUTES downloads, in
 * KB gzip (the entry chunk, the route's chunks and everything they import statically, from the build's
 * manifest), against each budget, and that the sign-in route carries no ordering or card-provider code;
 * that antd's CSS ships as files rather than as style code; that no two chunks import each other; that no development aid (the Stately inspector) shipped; and that every deployment
 * setting with a default (the committed .env, or the deployment's own value) is in the build, so that
 * each element the documents name is shown.
 */

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks a first visit downloads: the entry, the route's lazy chunks, and everything they import statically. */
function routeChunks(sources) {
  const needed = new Set();
  const visit = (key) => {
    if (needed.has(key) || !manifest[key]) return;
    needed.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const source of sources) {
    const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source));
    if (!key) throw new Error(`The manifest has no chunk for ${source}`);
    visit(key);
  }
  return [...needed].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

/**
 * Each route's budget in KB gzip (issue 13 item 7: 200 for sign-in, 300 for every other route), and text that only
 * code it must not download contains: the ordering texts stand for the catalogue and checkout, `js.stripe.com` for
 * the card provider's loader, `SheetJS` for the spreadsheet parser that only the manifest upload's worker loads;
 * on sign-in also TanStack Query (`No mutationFn found`), antd's form validator (`Cannot configure a schema with no
 * rules`) and antd's notifications (`notification-holder`), which only signed-in pages and the first toast load.
 */
/** A signed-in route: the portal's routes and shells (one chunk) with the route's pages, at issue 13's 300 KB. */
function portalRoute(name, pages, mustNotContain) {
  return { name, sources: ['portal-routes.tsx', ...pages], budgetKb: 300, mustNotContain: [...mustNotContain, TUS_CLIENT] };
}

/** tus-js-client's own words: the resumable upload's client loads on /analysis only (issue 42). */
const TUS_CLIENT = 'tus: unexpected response';

const ROUTES = [
  {
    name: 'sign-in route',
    sources: ['views/auth/sign-in.view.tsx'],
    budgetKb: Number(process.env.SIGN_IN_BUDGET_KB ?? 200),
    mustNotContain: [
      'Something went wrong while fetching products.',
      'Placing Order...',
      'cart-storage',
      'js.stripe.com',
      'SheetJS',
      'No mutationFn found',
      'Cannot configure a schema with no rules',
      'notification-holder',
      TUS_CLIENT,
    ],
  },
  {
    name: '/orders/new',
    sources: ['portal-routes.tsx', 'views/orders/catalogue.view.tsx'],
    // Issue 13's budget for every route but sign-in; the not-found and access-denied pages' illustrations load
    // only with those pages.
    budgetKb: Number(process.env.NEW_ORDER_BUDGET_KB ?? 300),
    mustNotContain: ['js.stripe.com', 'SheetJS', TUS_CLIENT],
  },
  // The big lists load the filter builder, and with it antd's Select (`--select-input-width`), when it is first used.
  portalRoute('/kits', ['views/kits/list/kits.view.tsx'], ['js.stripe.com', 'SheetJS', '--select-input-width']),
  portalRoute('/orders', ['views/orders/list/orders.view.tsx'], ['js.stripe.com', 'SheetJS', '--select-input-width']),
  // The small tables are plain tables (views/parts/data-table.tsx): antd's Table (`headerSortActiveBg`, with the
  // Select its pagination imports) is 70 KB that these pages would download for a few rows; the webhook form, with
  // antd's form engine (`Cannot configure a schema with no rules`), loads when it is about to open.
  // A kit's page loads its dialog and panel (antd's Modal, `modalRender`) when first opened; the team page has no
  // address, so it goes without the country names (`Afghanistan`).
  ...[
    ['/patients', ['views/patients/patients.view.tsx'], []],
    ['/reports', ['views/patient-portal/reports/reports.view.tsx'], []],
    ['/integrations', ['views/developers/integrations.view.tsx'], ['Cannot configure a schema with no rules']],
    ['/kits/{barcode}', ['views/kits/detail/kit-detail.view.tsx'], ['modalRender']],
    ['/patients/{id}', ['views/patients/patient-detail.view.tsx'], []],
    ['/orders/{number}', ['views/orders/detail/order-detail.view.tsx'], []],
    ['/settings/team', ['views/practice/settings-layout.tsx', 'views/team/team.view.tsx'], ['Afghanistan', 'modalRender']],
  ].map(([name, pages, more]) =>
    portalRoute(name, pages, ['js.stripe.com', 'SheetJS', 'headerSortActiveBg', '--select-input-width', ...more]),
  ),
  // The bulk upload loads antd's Table with its instructions dialog and the check's preview.
  portalRoute('/orders/bulk', ['views/orders/bulk/bulk-order.view.tsx'], ['js.stripe.com', 'SheetJS', 'headerSortActiveBg']),
  // The form pages. Checkout loads antd's Select only with the other address's fields (forms/choice-select*.tsx);
  // the account and settings pages draw their tabs without antd's Tabs (`tabPaneMotion`), parts/tabs.tsx.
  portalRoute('/orders/checkout', ['views/orders/checkout/checkout.view.tsx'], ['SheetJS', 'headerSortActiveBg', '--select-input-width']),
  ...[
    ['/settings/account', ['views/practice/settings-layout.tsx', 'views/account/account-tab.tsx']],
    ['/settings/organization', ['views/practice/settings-layout.tsx', 'views/practice/organization-tab.tsx']],
    ['/account (provider)', ['views/account/profile/profile.view.tsx']],
    ['/account (patient)', ['views/account/patient/account.view.tsx']],
  ].map(([name, pages]) => portalRoute(name, pages, ['js.stripe.com', 'SheetJS', 'headerSortActiveBg', 'tabPaneMotion'])),
  // Issue 42: the analysis upload, the one page that loads the tus client.
  {
    name: '/analysis',
    sources: ['portal-routes.tsx', 'views/orders/analysis/analysis-upload.view.tsx'],
    budgetKb: 300,
    mustNotContain: ['js.stripe.com', 'SheetJS', 'headerSortActiveBg'],
  },
];

let failed = false;
for (const route of ROUTES) {
  const rows = routeChunks(route.sources)
    .map((file) => ({ file, kb: gzipKb(file) }))
    .sort((a, b) => b.kb - a.kb);
  const total = rows.reduce((sum, row) => sum + row.kb, 0);
  console.log(`\n${route.name}:`);
  for (const row of rows) console.log(`${row.kb.toFixed(2).padStart(8)} KB  ${row.file}`);
  console.log(`${total.toFixed(2).padStart(8)} KB  ${route.name}, initial JavaScript (gzip); budget ${route.budgetKb} KB`);
  if (total > route.budgetKb) {
    console.error(`${route.name} grew past its budget of ${route.budgetKb} KB gzip.`);
    failed = true;
  }
  const code = rows.map((row) => readFileSync(join(dist, row.file), 'utf8')).join('\n');
  const leaked = route.mustNotContain.filter((marker) => code.includes(marker));
  if (leaked.length) {
    console.error(`${route.name} downloads code it does not need (found ${leaked.map((marker) => JSON.stringify(marker)).join(', ')}).`);
    failed = true;
  } else console.log(`${route.name} downloads none of: ${route.mustNotContain.join(' · ')}`);
}

const shipped = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const withInspector = shipped.filter((file) => /stately\.ai\/inspect/.test(readFileSync(join(dist, 'assets', file), 'utf8')));
if (withInspector.length > 0) {
  console.error(`The Stately inspector is in the production bundle: ${withInspector.join(', ')}`);
  failed = true;
} else {
  console.log(`No development inspector in the ${shipped.length} production chunks.`);
}
// antd's CSS ships as files (scripts/build/antd-static-styles.ts): no chunk carries its style functions (Button's
// `&${…}-variant-solid` stands for them), and index.html only preloads its stylesheets, so the loading status paints
// without waiting for them.
const withStyleFunctions = shipped.filter((file) => /&\$\{\w+\}-variant-solid/.test(readFileSync(join(dist, 'assets', file), 'utf8')));
// Nor the writer of each component's CSS variables (cssinjs's useCSSVarRegister, whose cache prefix is `cssVar`):
// the build writes them for each theme (scripts/build/antd-static-vars.ts).
const withVarWriter = shipped.filter((file) => readFileSync(join(dist, 'assets', file), 'utf8').includes('`cssVar`'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
if (withStyleFunctions.length > 0) {
  console.error(`antd's style functions are in the build (${withStyleFunctions.join(', ')}): its CSS is written at runtime.`);
  failed = true;
} else if (withVarWriter.length > 0) {
  console.error(
    `antd's CSS variable writer is in the build (${withVarWriter.join(', ')}): each component's variables are written at runtime.`,
  );
  failed = true;
} else if (!/<link rel="preload" as="style"[^>]* href="[^"]+\.css">/.test(html) || /rel="stylesheet"/.test(html)) {
  console.error("index.html should preload antd's stylesheet, and hold the first paint for none.");
  failed = true;
} else {
  console.log("antd's CSS and its components' variables ship as files, preloaded by index.html; no chunk writes them at runtime.");
}
// The chunk groups of vite.config.ts take modules out of the bundler's own split; a group that two chunks reached
// through each other would run a module before what it imports. No chunk may import itself through others.
const cycle = chunkCycle();
if (cycle) {
  console.error(`Chunks import each other: ${cycle.join(' -> ')}`);
  failed = true;
} else {
  console.log(`No cycle among the ${Object.keys(manifest).length} chunks' static imports.`);
}

/** The first chain of static imports that comes back to where it started, if any. */
function chunkCycle() {
  const done = new Set();
  const open = [];
  const visit = (key) => {
    if (done.has(key)) return null;
    const at = open.indexOf(key);
    if (at >= 0) return [...open.slice(at), key].map((entry) => manifest[entry]?.file ?? entry);
    open.push(key);
    for (const imported of manifest[key]?.imports ?? []) {
      const found = visit(imported);
      if (found) return found;
    }
    open.pop();
    done.add(key);
    return null;
  };
  for (const key of Object.keys(manifest)) {
    const found = visit(key);
    if (found) return found;
  }
  return null;
}

const settings = loadEnv('production', process.cwd(), 'VITE_');
const code = shipped.map((file) => readFileSync(join(dist, 'assets', file), 'utf8')).join('\n');
for (const name of DEFAULTED_SETTINGS) {
  const value = settings[name]?.trim();
  if (!value) console.log(`${name} is empty: the deployment hides what it stands for.`);
  else if (!code.includes(value)) {
    console.error(`${name} (${value}) is not in the production build.`);
    failed = true;
  } else console.log(`${name} ships as ${value}.`);
}

process.exit(failed ? 1 : 0);
