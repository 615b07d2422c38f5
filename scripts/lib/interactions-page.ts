import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Page } from 'puppeteer-core';
import { repoRoot } from './records';

/**
 * The page side of `npm run bench:interactions`: the web-vitals attribution build injected before the app's own
 * scripts, each INP report kept on `window` with its attribution, and the waits between a reload and an interaction.
 */

/** One script of a long animation frame, as the Long Animation Frame API names it. */
export interface FrameScript {
  readonly invoker: string;
  readonly invokerType: string;
  readonly sourceURL: string;
  readonly sourceFunctionName: string;
  readonly sourceCharPosition: number;
  readonly duration: number;
  readonly forcedStyleAndLayoutDuration: number;
}

/** What one INP report of web-vitals said, reduced to what can leave the page as JSON. */
export interface InpReport {
  readonly value: number;
  readonly interactionTarget: string;
  readonly interactionType: string;
  readonly interactionTime: number | null;
  readonly inputDelay: number;
  readonly processingDuration: number;
  readonly presentationDelay: number;
  readonly loadState: string;
  /** web-vitals' longest script intersecting the interaction, when the Long Animation Frame API gave one. */
  readonly longestScript: (FrameScript & { readonly subpart: string; readonly intersectingDuration: number }) | null;
  readonly totalScriptDuration: number | null;
  readonly totalStyleAndLayoutDuration: number | null;
  /** The long animation frames around the interaction, each with its scripts. */
  readonly frames: readonly { readonly duration: number; readonly blockingDuration: number; readonly scripts: readonly FrameScript[] }[];
}

/** One interaction as Event Timing saw it: its longest event entry (web-vitals counts an interaction so). */
export interface TimedInteraction {
  readonly interactionId: number;
  readonly event: string;
  readonly startTime: number;
  readonly duration: number;
  /** The step of the gesture it belongs to, as the benchmark named it before doing it. */
  readonly step: string;
}

/** Where the injected code keeps the reports: globals of the page, read back with `page.evaluate`. */
const REPORTS_GLOBAL = '__benchInpReports';
const EVENTS_GLOBAL = '__benchInteractions';
const STEPS_GLOBAL = '__benchSteps';
type BenchWindow = Partial<Record<string, unknown[]>>;

/**
 * The script run in every new document before the app's: web-vitals' attribution IIFE (which defines `webVitals` on
 * window) and the INP listener. `reportAllChanges` reports each time the page's INP grows, so the last report is the
 * INP of everything done so far; the 16 ms threshold (Event Timing's smallest) lets short interactions report too.
 */
export async function inpRecorder(): Promise<string> {
  const webVitals = await readFile(join(repoRoot, 'node_modules/web-vitals/dist/web-vitals.attribution.iife.js'), 'utf8');
  const listener = `
;(() => {
  const reports = [];
  window.${REPORTS_GLOBAL} = reports;
  const script = (s) => ({
    invoker: s.invoker, invokerType: s.invokerType, sourceURL: s.sourceURL, sourceFunctionName: s.sourceFunctionName,
    sourceCharPosition: s.sourceCharPosition, duration: s.duration, forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
  });
  webVitals.onINP((metric) => {
    const a = metric.attribution;
    const longest = a.longestScript;
    reports.push({
      value: metric.value,
      interactionTarget: a.interactionTarget ?? '',
      interactionType: a.interactionType ?? '',
      interactionTime: a.interactionTime ?? null,
      inputDelay: a.inputDelay,
      processingDuration: a.processingDuration,
      presentationDelay: a.presentationDelay,
      loadState: a.loadState,
      longestScript: longest ? { ...script(longest.entry), subpart: longest.subpart, intersectingDuration: longest.intersectingDuration } : null,
      totalScriptDuration: a.totalScriptDuration ?? null,
      totalStyleAndLayoutDuration: a.totalStyleAndLayoutDuration ?? null,
      frames: (a.longAnimationFrameEntries ?? []).map((frame) => ({
        duration: frame.duration,
        blockingDuration: frame.blockingDuration,
        scripts: frame.scripts.map(script),
      })),
    });
  }, { reportAllChanges: true, durationThreshold: 16 });
  // Every interaction's own latency, with the step it belongs to: web-vitals reports only when the page's INP grows,
  // and nothing under 16 ms, where the first input's entry still gives the one interaction's latency.
  const interactions = new Map();
  const steps = [];
  window.${STEPS_GLOBAL} = steps;
  const list = [];
  window.${EVENTS_GLOBAL} = list;
  const keep = (entries) => {
    for (const entry of entries) {
      const id = entry.interactionId || (entry.entryType === 'first-input' ? -1 : 0);
      if (!id) continue;
      const step = steps.filter((s) => s.at <= entry.startTime + 1).at(-1);
      const known = interactions.get(id);
      if (known && known.duration >= entry.duration) continue;
      const timed = { interactionId: id, event: entry.name, startTime: entry.startTime, duration: entry.duration, step: step ? step.name : '' };
      if (known) list.splice(list.indexOf(known), 1, timed); else list.push(timed);
      interactions.set(id, timed);
    }
  };
  new PerformanceObserver((entries) => keep(entries.getEntries())).observe({ type: 'event', durationThreshold: 16 });
  new PerformanceObserver((entries) => keep(entries.getEntries())).observe({ type: 'first-input', buffered: true });
})();`;
  return `${webVitals}\n${listener}`;
}

/** The reports of the current document so far, oldest first. */
export function inpReports(page: Page): Promise<InpReport[]> {
  return page.evaluate((name) => ((window as unknown as BenchWindow)[name] ?? []) as InpReport[], REPORTS_GLOBAL);
}

/** Each interaction of the current document with its latency and step. */
export function timedInteractions(page: Page): Promise<TimedInteraction[]> {
  return page.evaluate((name) => ((window as unknown as BenchWindow)[name] ?? []) as TimedInteraction[], EVENTS_GLOBAL);
}

/** Names the gesture's next step, so that its interactions can be told apart in the output; then does it. */
export async function step(page: Page, name: string, action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(
    (global, stepName) => (window as unknown as BenchWindow)[global]?.push({ name: stepName, at: performance.now() }),
    STEPS_GLOBAL,
    name,
  );
  await action();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The page's INP once the interaction has been reported: web-vitals reports from an idle callback after the next
 * paint, so this waits for the first report (up to `timeoutMs`), then until no new one has come for `quietMs` (a
 * gesture of several steps may report again). Null when nothing was reported at all.
 */
export async function settledInp(page: Page, timeoutMs = 5_000, quietMs = 600): Promise<InpReport | null> {
  const deadline = Date.now() + timeoutMs;
  let count = 0;
  let changedAt = Date.now();
  for (;;) {
    const reports = await inpReports(page);
    const seen = reports.length + (await timedInteractions(page)).length;
    if (seen !== count) {
      count = seen;
      changedAt = Date.now();
    }
    if (count > 0 && Date.now() - changedAt >= quietMs) return reports.at(-1) ?? null;
    if (count === 0 && Date.now() > deadline) return null;
    await sleep(100);
  }
}

/**
 * Waits until the page is quiet after a load: no request for half a second, then two idle callbacks in a row (the
 * app schedules work after its first paint; an interaction during it would measure that work, not the interaction).
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 }).catch(() => {
    // A page that keeps polling never goes network-idle; the idle callbacks below still say the main thread is free.
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 3_000 }), { timeout: 3_000 }),
      ),
  );
}

/**
 * Lighthouse's benchmark index of this machine: its own `computeBenchmarkIndex` (core/lib/page-functions.js), run
 * in the page as Lighthouse runs it, before any CPU throttling.
 */
export async function benchmarkIndex(page: Page): Promise<number> {
  const source = pageFunctions.computeBenchmarkIndex.toString();
  return page.evaluate(`(${source})()`) as Promise<number>;
}

/** A script's place in words: the chunk's file name, the function's name and, for a nameless one, its offset. */
export function scriptPlace(script: FrameScript | null): string {
  if (!script) return 'unknown';
  const file = script.sourceURL.split('/').pop() || script.invoker;
  const name = script.sourceFunctionName || `@${script.sourceCharPosition}`;
  return `${file}:${name}`;
}

/**
 * The minified text at a script's position in the served chunk, for the reports: the build has no source maps,
 * and the strings near a function usually say which module it came from.
 */
export async function scriptExcerpt(dist: string, script: FrameScript | null, length = 200): Promise<string | null> {
  if (!script?.sourceURL || script.sourceCharPosition < 0) return null;
  const path = new URL(script.sourceURL).pathname;
  const text = await readFile(join(dist, path), 'utf8').catch(() => null);
  return text === null ? null : text.slice(script.sourceCharPosition, script.sourceCharPosition + length);
}
