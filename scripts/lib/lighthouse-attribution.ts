import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Result } from 'lighthouse';

/**
 * Where a Lighthouse run's main-thread work went, from three audits of its report: `long-tasks` (every task of 50 ms
 * or more, with the script Lighthouse attributes it to), `bootup-time` (each script's evaluation and parse time) and
 * `mainthread-work-breakdown` (the work by kind: script, style and layout, paint...). Under the mobile preset all three
 * are simulated at 4× CPU like the total blocking time, so their milliseconds compare with it.
 */
export interface RunAttribution {
  readonly longTasks: readonly { readonly script: string; readonly startTime: number; readonly duration: number }[];
  readonly scripts: readonly { readonly script: string; readonly scripting: number; readonly parse: number }[];
  readonly work: readonly { readonly kind: string; readonly duration: number }[];
}

/** A script's name in the figures: its chunk without the hash, and the module the chunk was built from. */
export type ScriptNamer = (url: string) => string;

/** Tasks Lighthouse cannot pin on a script: the HTML parser, style, layout and paint of the page itself. */
const NO_SCRIPT = '(no script: parsing, style, layout, paint)';

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
}

/** A module's path from the repository, or from node_modules for a library's. */
const modulePath = (src: string) => src.replace(/^.*?node_modules\//, '');

/**
 * Names scripts by the build's chunks. Vite names a chunk after its entry module or its group (`checkout.view-AbC123.js`
 * is `checkout.view`); with the build's manifest (dist/.vite/manifest.json, build.manifest in vite.config.ts) a chunk
 * that is a module's own entry also says which module, e.g. `checkout.view (src/views/orders/checkout/checkout.view.tsx)`.
 */
export function scriptNamer(dist: string, origin: string): ScriptNamer {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const modules = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    for (const chunk of Object.values(manifest))
      if (chunk.src && chunk.file.endsWith('.js')) modules.set(chunk.file, modulePath(chunk.src));
  }
  return (url) => {
    if (!url || url === 'Unattributable') return NO_SCRIPT;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    if (parsed.origin !== origin) return `${parsed.host}${parsed.pathname}`;
    const file = parsed.pathname.replace(/^\//, '');
    // Rolldown's hash is 8 characters of [A-Za-z0-9_-] after the chunk's name and a dash.
    if (file.endsWith('.css')) return `${basename(file).replace(/-[\w-]{8}\.css$/, '')} (stylesheet)`;
    if (!file.endsWith('.js')) return `the page's HTML (${parsed.pathname})`;
    const chunk = basename(file).replace(/-[\w-]{8}\.js$/, '');
    const module = modules.get(file);
    return module ? `${chunk} (${module})` : chunk;
  };
}

type Lhr = Result;

/** A table audit's rows, or none when the audit is missing or failed (the figures then lack that part, not the run). */
function rows(lhr: Lhr, id: string): readonly Record<string, unknown>[] {
  const details = lhr.audits[id]?.details;
  if (!details || details.type !== 'table') return [];
  return details.items;
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function attribute(lhr: Lhr, name: ScriptNamer): RunAttribution {
  return {
    longTasks: rows(lhr, 'long-tasks').map((row) => ({
      script: name(textOf(row.url)),
      startTime: numberOf(row.startTime),
      duration: numberOf(row.duration),
    })),
    scripts: rows(lhr, 'bootup-time').map((row) => ({
      script: name(textOf(row.url)),
      scripting: numberOf(row.scripting),
      parse: numberOf(row.scriptParseCompile),
    })),
    work: rows(lhr, 'mainthread-work-breakdown').map((row) => ({
      kind: textOf(row.groupLabel) || textOf(row.group),
      duration: numberOf(row.duration),
    })),
  };
}

/** A task blocks input for what it lasts past 50 ms: its part of the total blocking time. */
export const blockingPart = (duration: number) => Math.max(0, duration - 50);

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The value met most often; on a tie, the first met. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [value, count] of counts) if (count > bestCount) [best, bestCount] = [value, count];
  return best;
}

/** A page's attribution over its runs, each figure the median of the runs (a run without the item counts 0). */
export interface PageAttribution {
  /** The n-th longest task of each run, n = 1, 2, ...: its median duration and start, and the script it is most often. */
  readonly longTasks: readonly { readonly duration: number; readonly startTime: number; readonly script: string }[];
  /** Each script's long tasks' blocking parts summed, its count of long tasks, and its evaluation and parse time. */
  readonly scripts: readonly {
    readonly script: string;
    readonly blocking: number;
    readonly tasks: number;
    readonly scripting: number;
    readonly parse: number;
  }[];
  readonly work: readonly { readonly kind: string; readonly duration: number }[];
}

export function summarize(runs: readonly RunAttribution[]): PageAttribution {
  const mostTasks = Math.max(0, ...runs.map((run) => run.longTasks.length));
  const longTasks: PageAttribution['longTasks'][number][] = [];
  for (let rank = 0; rank < mostTasks; rank += 1) {
    // The audit lists each run's tasks longest first.
    const nth = runs.map((run) => run.longTasks[rank]);
    const duration = median(nth.map((task) => task?.duration ?? 0));
    if (duration < 50) break;
    const present = nth.filter((task) => task !== undefined);
    longTasks.push({
      duration,
      startTime: median(present.map((task) => task.startTime)),
      script: mostCommon(present.map((task) => task.script)),
    });
  }
  const names = new Set(
    runs.flatMap((run) => [...run.longTasks.map((task) => task.script), ...run.scripts.map((script) => script.script)]),
  );
  const scripts = [...names].map((script) => {
    const of = <T extends { script: string }>(items: readonly T[]) => items.filter((item) => item.script === script);
    return {
      script,
      blocking: median(runs.map((run) => of(run.longTasks).reduce((sum, task) => sum + blockingPart(task.duration), 0))),
      tasks: median(runs.map((run) => of(run.longTasks).length)),
      scripting: median(runs.map((run) => of(run.scripts).reduce((sum, item) => sum + item.scripting, 0))),
      parse: median(runs.map((run) => of(run.scripts).reduce((sum, item) => sum + item.parse, 0))),
    };
  });
  scripts.sort((a, b) => b.blocking - a.blocking || b.scripting - a.scripting);
  const kinds = new Set(runs.flatMap((run) => run.work.map((item) => item.kind)));
  const work = [...kinds].map((kind) => ({
    kind,
    duration: median(runs.map((run) => run.work.find((item) => item.kind === kind)?.duration ?? 0)),
  }));
  work.sort((a, b) => b.duration - a.duration);
  return { longTasks, scripts, work };
}
