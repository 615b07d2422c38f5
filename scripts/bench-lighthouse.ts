/**
 * `npm run bench:lighthouse`: Lighthouse's performance score (its default mobile preset: a mid-range phone, slow 4G
 * and a 4× slower CPU, simulated), each the median of 5 runs, with first and largest contentful paint and total
 * blocking time (TBT), for /sign-in, the kit list, checkout (one product in the cart), the orders list, one order's
 * page (the first the orders list links to, as a user would open it), every settings page (account, organization,
 * billing, team, add member, white-label reports, activity) and the patient portal's kit status (issue 13, item 7;
 * issue 45). The production build is served by the reference server with its brotli copies, twice: over plain
 * HTTP/1.1, as `npm start` serves it, and over HTTPS with HTTP/2, as a deployment with a certificate (TLS_CERT_FILE)
 * serves it, here with a throwaway certificate that only this Chromium trusts.
 *
 * Sessions: /sign-in is measured before anyone signs in (Lighthouse's storage reset did not stop a remembered session
 * from taking /sign-in on to the kit list); then the provider hcp.checkout (who sees every settings tab) signs in with
 * "Remember me", which Lighthouse is told to keep; then the provider's session is cleared and the demo patient signs in.
 * Every run starts with an empty HTTP cache. A run that ends on another page than it asked for is an error.
 *
 * Beside each page's TBT, its ratio to /sign-in's in the same run: a change is judged on one machine in one run, as
 * Lighthouse scales the CPU work it measures by how fast the machine is (its benchmark index, printed). Then, per page,
 * where the main thread's time goes, from each run's report: the longest tasks (the n-th longest's median over the
 * runs, the part past 50 ms that blocks input, and the script Lighthouse attributes it to), each script's blocking
 * time and evaluation and parse time, and the work by kind. Scripts are named by their chunk without the hash
 * (`checkout.view-AbC123.js` is `checkout.view`) and, from the build's manifest, the module the chunk was built from.
 * Last, per page, how much of its main thread's task time the thread really ran on a CPU: Lighthouse scales wall-clock
 * time, so on a crowded machine the page's waiting for a core counts four times as if it were work.
 *
 * Exits 1 unless issue 45's goals are met over HTTP/2 in this run: every measured page ≥ 0.95 at a benchmark index
 * ≥ 2,400 (on a slower machine a page under 0.95 cannot be judged, which counts as not met), and checkout's TBT ≤ 2×
 * /sign-in's.
 *
 * Options: --runs N (default 5), --protocol http1|http2 (default both), --page NAME[,NAME...] to measure some pages
 * (`kit-list`, `checkout`, `orders`, `order`, `settings-account`, `settings-organization`, `settings-billing`,
 * `settings-team`, `settings-add-member`, `settings-reports`, `settings-activity`, `kit-status`; /sign-in always, for
 * the ratio), --keep-build to reuse the previous build, --build NAME to build into another temporary folder than
 * `portal-bench-lighthouse` (two runs at once), --reports DIR to keep every run's whole Lighthouse report there as
 * JSON (what the largest paint was, each request's timing, the main thread's work), --functions to also record V8's
 * CPU profile and name the functions that ran longest by their place in the sources (a build with hidden source maps;
 * the sampling slows the page a little, so its scores are not the ones to judge the goals by).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { BENCH_CHROMIUM, BENCH_CHROMIUM_FLAGS } from './lib/bench-chromium';
import { buildApp } from './lib/build-app';
import { pathOption, textOption } from './lib/cli';
import { attribute, scriptNamer, type ScriptNamer } from './lib/lighthouse-attribution';
import { mainThreadTime } from './lib/lighthouse-cpu-share';
import { buildWithSourceMaps, CPU_PROFILE_CATEGORY, functionTimes, sourceLocator } from './lib/lighthouse-functions';
import { pathOf, prepareProvider, preparePatient, SIGN_IN, slug, TARGETS, type Found, type Target } from './lib/lighthouse-pages';
import { printAttribution, printCpuShare, printGoals, printTable, type Row, type Run } from './lib/lighthouse-report';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';
import { localCertificate } from './lib/self-signed';

const PROTOCOLS = {
  http1: 'HTTP/1.1 (npm start)',
  http2: 'HTTP/2 over TLS (TLS_CERT_FILE)',
} as const;
type Protocol = keyof typeof PROTOCOLS;

/** Where --reports keeps each run's report, if asked. */
const reportsDir = textOption('reports') === undefined ? undefined : pathOption('reports', '');
/** --functions: record the CPU profile and name the heaviest functions (the sampling costs the page some time). */
const profiled = process.argv.includes('--functions');

interface Audited {
  readonly port: number;
  readonly origin: string;
  readonly name: ScriptNamer;
  readonly locate: ReturnType<typeof sourceLocator>;
}

async function audit({ port, origin, name, locate }: Audited, path: string, keepStorage: boolean, reportName: string): Promise<Run> {
  const url = `${origin}${path}`;
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
    // The session lives in localStorage; the HTTP cache is emptied by hand before each run instead.
    disableStorageReset: keepStorage,
    ...(profiled ? { additionalTraceCategories: CPU_PROFILE_CATEGORY } : {}),
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
    attribution: attribute(lhr, name),
    mainThread: mainThreadTime(result.artifacts.Trace),
    ...(profiled ? { functions: functionTimes(result.artifacts.Trace, origin, name, locate) } : {}),
  };
}

/** Every target, `runs` runs each, against one server in one Chromium, the sessions one after the other. */
async function measure(protocol: Protocol, dist: string, runs: number, targets: readonly Target[]): Promise<Row[]> {
  const tls = protocol === 'http2' ? await localCertificate() : undefined;
  // The server stands in for a remote API: at the lowest priority, it waits for the cores rather than the page.
  const server = await startReferenceServer({ env: { STATIC_DIR: dist }, tls, background: true });
  const chrome = await chromeLauncher.launch({
    chromePath: BENCH_CHROMIUM,
    chromeFlags: [...BENCH_CHROMIUM_FLAGS, ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spkiHash}`] : [])],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const audited: Audited = {
      port: chrome.port,
      origin: server.origin,
      name: scriptNamer(dist, server.origin),
      locate: sourceLocator(dist, server.origin),
    };
    const rows: Row[] = [];
    let session: Target['session'] = 'signed out';
    let found: Found = { orderPath: '' };
    for (const target of targets) {
      // TARGETS lists the signed-out pages first, then the provider's, then the patient's: each session starts once.
      // /sign-in is measured before anyone signs in: Lighthouse's storage reset did not stop a remembered session
      // from taking /sign-in on to the kit list.
      if (target.session !== session) {
        if (target.session === 'provider') found = await prepareProvider(page, server.origin);
        if (target.session === 'patient') await preparePatient(page, cdp, server.origin);
        session = target.session;
      }
      const path = pathOf(target, found);
      const measured: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const once = async () => {
          await cdp.send('Network.clearBrowserCache');
          const reportName = `${protocol}-${slug(target.name)}-${i + 1}`;
          return audit(audited, path, target.session !== 'signed out', reportName);
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
      rows.push({ name: target.name, runs: measured });
    }
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
    server.child.kill();
  }
}

/** The pages --page names (comma-separated slugs), always with /sign-in, which the others are compared with. */
function chosenTargets(): readonly Target[] {
  const option = textOption('page');
  if (option === undefined) return TARGETS;
  const wanted = option.split(',');
  const unknown = wanted.filter((want) => !TARGETS.some((target) => slug(target.name) === want));
  if (unknown.length > 0)
    throw new Error(`--page takes ${TARGETS.map((target) => slug(target.name)).join(', ')}; not "${unknown.join(', ')}"`);
  return TARGETS.filter((target) => target.name === SIGN_IN || wanted.includes(slug(target.name)));
}

runMain(async () => {
  const runs = Number(textOption('runs') ?? 5);
  const chosen = textOption('protocol');
  if (chosen !== undefined && !(chosen in PROTOCOLS)) throw new Error(`--protocol is http1 or http2, got "${chosen}"`);
  const protocols = chosen ? [chosen as Protocol] : (Object.keys(PROTOCOLS) as Protocol[]);
  const targets = chosenTargets();
  const buildName = textOption('build') ?? 'lighthouse';
  const dist = profiled ? await buildWithSourceMaps(buildName) : await buildApp(buildName);
  const rows = new Map<Protocol, Row[]>();
  for (const protocol of protocols) rows.set(protocol, await measure(protocol, dist, runs, targets));
  for (const [protocol, measured] of rows) printTable(PROTOCOLS[protocol], measured, runs);
  for (const [protocol, measured] of rows) printAttribution(PROTOCOLS[protocol], measured);
  for (const [protocol, measured] of rows) printCpuShare(PROTOCOLS[protocol], measured);
  return printGoals(rows.get('http2') ?? []) > 0 ? 1 : 0;
});
