/**
 * `npm run bench:lighthouse`: Lighthouse's performance score (its default mobile preset: a mid-range phone, slow 4G
 * and a 4× slower CPU, simulated) for /sign-in, the kit list and checkout, each the median of 5 runs (issue 13, item
 * 7; goal ≥ 0.95), with first and largest contentful paint and total blocking time. The production build is served by
 * the reference server with its brotli copies, twice: over plain HTTP/1.1, as `npm start` serves it, and over HTTPS
 * with HTTP/2, as a deployment with a certificate (TLS_CERT_FILE) serves it, here with a throwaway certificate that
 * only this Chromium trusts. The kit list and checkout are measured signed in (a remembered session, which Lighthouse
 * is told to keep) with an empty HTTP cache before every run, and checkout with one product in the cart. /sign-in is
 * measured before anyone signs in: Lighthouse's storage reset did not stop a remembered session from taking /sign-in
 * on to the kit list. A run that ends on another page than it asked for is an error. Lighthouse's benchmark index
 * says how fast the machine was (its CPU work is scaled from what it measures here).
 *
 * Options: --runs N (default 5), --protocol http1|http2 (default both), --page NAME to measure one page of the three
 * (`sign-in`, `kit-list` or `checkout`), --keep-build to reuse the previous build,
 * --reports DIR to keep every run's whole Lighthouse report there as JSON (what the largest paint was, each request's
 * timing, the main thread's work), to see why a score is what it is.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../server/seed/seed';
import { buildApp } from './lib/build-app';
import { pathOption, textOption } from './lib/cli';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';
import { localCertificate } from './lib/self-signed';

const GOAL = 0.95;

interface Target {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
}

const TARGETS: readonly Target[] = [
  { name: '/sign-in', path: '/sign-in', signedIn: false },
  { name: 'kit list', path: '/kits', signedIn: true },
  { name: 'checkout', path: '/orders/checkout', signedIn: true },
];

interface Run {
  readonly score: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly benchmarkIndex: number;
}

const PROTOCOLS = {
  http1: 'HTTP/1.1 (npm start)',
  http2: 'HTTP/2 over TLS (TLS_CERT_FILE)',
} as const;
type Protocol = keyof typeof PROTOCOLS;

interface Row {
  readonly protocol: Protocol;
  readonly target: Target;
  readonly runs: readonly Run[];
}

/** A page's name for --page and the reports' file names: `kit list` is `kit-list`. */
const slug = (name: string) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '');

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Signs hcp.checkout in with "Remember me" and puts the first product of the catalogue in the cart. */
async function prepareSession(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.locator('input[autocomplete="username"]').fill('hcp.checkout');
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('input[type="checkbox"]').click();
  await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
  await page.goto(`${origin}/orders/new`);
  await page.locator('::-p-text(Add to Cart)').click();
  await page.waitForFunction(() => (localStorage.getItem('cart-storage') ?? '').includes('"items":[{'));
}

/** Where --reports keeps each run's report, if asked. */
const reportsDir = textOption('reports') === undefined ? undefined : pathOption('reports', '');

async function audit(port: number, url: string, keepStorage: boolean, reportName: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
    // The session lives in localStorage; the HTTP cache is emptied by hand before each run instead.
    disableStorageReset: keepStorage,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  if (reportsDir) {
    await mkdir(reportsDir, { recursive: true });
    await writeFile(join(reportsDir, `${reportName}.json`), JSON.stringify(lhr));
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse asked for ${url} and measured ${landed} instead`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Every target, `runs` runs each, against one server in one Chromium. */
async function measure(protocol: Protocol, dist: string, runs: number, targets: readonly Target[]): Promise<Row[]> {
  const tls = protocol === 'http2' ? await localCertificate() : undefined;
  const server = await startReferenceServer({ env: { STATIC_DIR: dist }, tls });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spkiHash}`] : []),
    ],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const rows: Row[] = [];
    // The signed-out pages first, then the session the others are measured in.
    const ordered = [...targets.filter((target) => !target.signedIn), ...targets.filter((target) => target.signedIn)];
    for (const target of ordered) {
      if (target.signedIn && !rows.some((row) => row.target.signedIn)) await prepareSession(page, server.origin);
      const measured: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const once = async () => {
          await cdp.send('Network.clearBrowserCache');
          const reportName = `${protocol}-${slug(target.name)}-${i + 1}`;
          return audit(chrome.port, `${server.origin}${target.path}`, target.signedIn, reportName);
        };
        // Lighthouse now and then loses the trace's navigation start (NO_NAVSTART) and asks to be run again: the run
        // is repeated once; any other error, or the same twice, stops the bench.
        measured.push(
          await once().catch((error: unknown) => {
            if (String(error).includes('NO_NAVSTART')) return once();
            throw error;
          }),
        );
        console.log(`  ${protocol} ${target.name} run ${i + 1}: ${measured.at(-1)?.score.toFixed(2)}`);
      }
      rows.push({ protocol, target, runs: measured });
    }
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
    server.child.kill();
  }
}

runMain(async () => {
  const runs = Number(textOption('runs') ?? 5);
  const chosen = textOption('protocol');
  if (chosen !== undefined && !(chosen in PROTOCOLS)) throw new Error(`--protocol is http1 or http2, got "${chosen}"`);
  const protocols = chosen ? [chosen as Protocol] : (Object.keys(PROTOCOLS) as Protocol[]);
  const page = textOption('page');
  const targets = page === undefined ? TARGETS : TARGETS.filter((target) => slug(target.name) === page);
  if (targets.length === 0) throw new Error(`--page is one of ${TARGETS.map((target) => slug(target.name)).join(', ')}, got "${page}"`);
  const dist = await buildApp('lighthouse');
  const rows: Row[] = [];
  for (const protocol of protocols) rows.push(...(await measure(protocol, dist, runs, targets)));

  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  let missed = 0;
  for (const protocol of protocols) {
    const ofProtocol = rows.filter((row) => row.protocol === protocol);
    const index = median(ofProtocol.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));
    console.log(`\nLighthouse performance over ${PROTOCOLS[protocol]}, mobile preset, median of ${runs} runs (goal ≥ ${GOAL}),`);
    console.log(`benchmark index ${Math.round(index)}:`);
    console.log('page        score   scores                        FCP       LCP       TBT');
    for (const { target, runs: measured } of ofProtocol) {
      const score = median(measured.map((run) => run.score));
      if (score < GOAL) missed += 1;
      console.log(
        `${target.name.padEnd(12)}${score.toFixed(2)}    ${measured
          .map((run) => run.score.toFixed(2))
          .join(' ')
          .padEnd(28)}  ${ms(median(measured.map((run) => run.fcp)))}  ${ms(median(measured.map((run) => run.lcp)))}  ${ms(
          median(measured.map((run) => run.tbt)),
        )}   ${score >= GOAL ? 'goal met' : 'goal missed'}`,
      );
    }
  }
  return missed ? 1 : 0;
});
