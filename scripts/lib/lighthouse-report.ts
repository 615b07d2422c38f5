import { blockingPart, median, summarize, type RunAttribution } from './lighthouse-attribution';
import type { MainThreadTime } from './lighthouse-cpu-share';
import type { FunctionTime } from './lighthouse-functions';
import { CHECKOUT, SIGN_IN } from './lighthouse-pages';

/** What `npm run bench:lighthouse` prints from its runs: the table, where the blocking time comes from, and the goals. */

export interface Run {
  readonly score: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly benchmarkIndex: number;
  readonly attribution: RunAttribution;
  /** The page's main thread's task time, wall clock and on a CPU (unthrottled); absent if the trace had no thread times. */
  readonly mainThread: MainThreadTime | undefined;
  /** With --functions: the JavaScript functions' own time, from the trace's CPU profile. */
  readonly functions?: readonly FunctionTime[];
}

export interface Row {
  readonly name: string;
  readonly runs: readonly Run[];
}

/** Issue 45's goals: every page this score over HTTP/2 on a machine at least this fast; checkout this many times /sign-in's TBT. */
export const GOAL = 0.95;
const MIN_INDEX = 2400;
const CHECKOUT_TBT_RATIO = 2;

const ms = (value: number) => `${Math.round(value)} ms`;
const scoreOf = (row: Row) => median(row.runs.map((run) => run.score));
const tbtOf = (row: Row) => median(row.runs.map((run) => run.tbt));
export const indexOf = (rows: readonly Row[]) => median(rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));

/** The score table, with each page's TBT as a multiple of /sign-in's in the same run. */
export function printTable(title: string, rows: readonly Row[], runs: number): void {
  const signIn = rows.find((row) => row.name === SIGN_IN);
  console.log(`\nLighthouse performance over ${title}, mobile preset, median of ${runs} runs (goal ≥ ${GOAL}),`);
  console.log(`benchmark index ${Math.round(indexOf(rows))}:`);
  console.log(`${'page'.padEnd(22)}score  ${'scores'.padEnd(16)}      FCP       LCP       TBT  TBT ÷ /sign-in's`);
  for (const row of rows) {
    const score = scoreOf(row);
    const scores = row.runs.map((run) => run.score.toFixed(2)).join(' ');
    const figures = [row.runs.map((run) => run.fcp), row.runs.map((run) => run.lcp), row.runs.map((run) => run.tbt)].map((values) =>
      ms(median(values)).padStart(10),
    );
    const ratio = signIn && row !== signIn ? ratioText(tbtOf(row), tbtOf(signIn)).padStart(8) : ''.padStart(8);
    console.log(
      `${row.name.padEnd(22)}${score.toFixed(2)}   ${scores.padEnd(16)}${figures.join('')}  ${ratio}   ${score >= GOAL ? 'goal met' : 'goal missed'}`,
    );
  }
}

function ratioText(tbt: number, signInTbt: number): string {
  if (signInTbt > 0) return `${(tbt / signInTbt).toFixed(1)}×`;
  return tbt > 0 ? '∞×' : '1.0×';
}

const TASKS_SHOWN = 5;
const SCRIPTS_SHOWN = 6;
const FUNCTIONS_SHOWN = 8;

/** Per page: its longest tasks, the scripts whose tasks block, the main thread's work by kind, the heaviest functions. */
export function printAttribution(title: string, rows: readonly Row[]): void {
  console.log(`\nWhere the main thread's time goes over ${title} (Lighthouse's simulated 4× CPU, medians of the runs):`);
  console.log('a long task blocks for its duration − 50 ms; TBT counts those between first paint and interactive. A task');
  console.log('is counted to the script (or stylesheet) it began with: the rendering of all components falls to the chunk');
  console.log("with React's renderer (`framework`); --functions names the functions.");
  for (const row of rows) {
    const summary = summarize(row.runs.map((run) => run.attribution));
    console.log(`\n${row.name}: TBT ${ms(tbtOf(row))}, FCP ${ms(median(row.runs.map((run) => run.fcp)))}`);
    if (summary.longTasks.length === 0) console.log('  no long task');
    summary.longTasks.slice(0, TASKS_SHOWN).forEach((task, index) => {
      const blocking = `blocks ${ms(blockingPart(task.duration))}`;
      console.log(
        `  task ${index + 1}: ${ms(task.duration).padStart(7)}, ${blocking.padEnd(14)} at ${ms(task.startTime).padStart(7)}  ${task.script}`,
      );
    });
    if (summary.longTasks.length > TASKS_SHOWN)
      console.log(`  ... ${summary.longTasks.length - TASKS_SHOWN} more long tasks (Lighthouse lists the 20 longest)`);
    console.log('  by script: blocking of its long tasks (how many), scripting + parse');
    for (const script of summary.scripts.slice(0, SCRIPTS_SHOWN)) {
      const blocking = `${ms(script.blocking)} (${script.tasks})`;
      console.log(
        `    ${blocking.padStart(13)}  ${`${Math.round(script.scripting)} + ${Math.round(script.parse)} ms`.padStart(14)}  ${script.script}`,
      );
    }
    const work = summary.work.slice(0, 5).map((item) => `${item.kind} ${ms(item.duration)}`);
    console.log(`  main thread: ${work.join(', ')}`);
    const functions = heaviestFunctions(row.runs);
    if (functions.length > 0) {
      console.log('  heaviest functions (own time in the CPU profile, unthrottled, median):');
      for (const fn of functions) console.log(`    ${ms(fn.selfTime).padStart(8)}  ${fn.name}  ${fn.script}`);
    }
  }
}

/**
 * Per page, how much of its main thread's task time the thread really ran: Lighthouse scales the tasks' wall-clock
 * time by 4, so time spent waiting for one of the machine's cores (held mostly by Chromium's own other threads, and
 * by Lighthouse; the server runs at the lowest priority) weighs on the blocking time like the page's own work. The
 * lower the share, the more a run measures the machine's crowding rather than the page: compare runs only at a like
 * share.
 */
export function printCpuShare(title: string, rows: readonly Row[]): void {
  console.log(`\nThe pages' main thread over ${title}: its tasks' time (unthrottled, median of the runs), and the part it ran on a CPU:`);
  for (const row of rows) {
    const timed = row.runs.flatMap((run) => (run.mainThread ? [run.mainThread] : []));
    if (timed.length === 0) {
      console.log(`  ${row.name.padEnd(22)} the trace gave no thread times`);
      continue;
    }
    const wall = median(timed.map((time) => time.wall));
    const cpu = median(timed.map((time) => time.cpu));
    const share = median(timed.map((time) => time.cpu / time.wall));
    console.log(
      `  ${row.name.padEnd(22)} ${ms(wall).padStart(8)} of tasks, ${ms(cpu).padStart(8)} on a CPU (${Math.round(share * 100)} %)`,
    );
  }
}

function heaviestFunctions(runs: readonly Run[]): FunctionTime[] {
  const profiled = runs.flatMap((run) => (run.functions ? [run.functions] : []));
  if (profiled.length === 0) return [];
  const keys = new Map<string, FunctionTime>();
  for (const list of profiled) for (const fn of list) keys.set(`${fn.name}\n${fn.script}`, fn);
  const medians = [...keys.entries()].map(([key, fn]) => ({
    ...fn,
    selfTime: median(profiled.map((list) => list.find((other) => `${other.name}\n${other.script}` === key)?.selfTime ?? 0)),
  }));
  return medians.sort((a, b) => b.selfTime - a.selfTime).slice(0, FUNCTIONS_SHOWN);
}

/**
 * Issue 45's "done when", judged on the HTTP/2 rows of this run: every measured page ≥ 0.95 when the benchmark index
 * is ≥ 2,400, and checkout's TBT ≤ 2× /sign-in's. Returns how many goals were not shown met: a goal that this run
 * could not judge (no HTTP/2 rows, a slower machine with a page under the goal, no checkout) counts as not met.
 */
export function printGoals(http2: readonly Row[]): number {
  console.log('\nDone when (issue 45), over HTTP/2:');
  if (http2.length === 0) {
    console.log('  not judged: HTTP/2 was not measured (--protocol http2, or no --protocol for both)');
    return 2;
  }
  let missed = 0;
  const index = indexOf(http2);
  const under = http2.filter((row) => scoreOf(row) < GOAL);
  const scores = `every measured page ≥ ${GOAL} at a benchmark index ≥ ${MIN_INDEX.toLocaleString('en-US')} (this run: ${Math.round(index)})`;
  const unders = under.map((row) => `${row.name} ${scoreOf(row).toFixed(2)}`).join(', ');
  if (under.length === 0) console.log(`  met:    ${scores}`);
  else if (index < MIN_INDEX) console.log(`  not judged: ${scores}: the machine is slower than the goal's, and ${unders}`);
  else console.log(`  missed: ${scores}: ${unders}`);
  if (under.length > 0) missed += 1;

  const signIn = http2.find((row) => row.name === SIGN_IN);
  const checkout = http2.find((row) => row.name === CHECKOUT);
  const tbtGoal = `checkout's TBT ≤ ${CHECKOUT_TBT_RATIO}× /sign-in's`;
  if (!signIn || !checkout) {
    console.log(`  not judged: ${tbtGoal}: checkout was not measured`);
    return missed + 1;
  }
  const [mine, theirs] = [tbtOf(checkout), tbtOf(signIn)];
  const figures = `${ms(mine)} against ${CHECKOUT_TBT_RATIO} × ${ms(theirs)} (${ratioText(mine, theirs)})`;
  const met = mine <= CHECKOUT_TBT_RATIO * theirs;
  console.log(`  ${met ? 'met:   ' : 'missed:'} ${tbtGoal}: ${figures}`);
  return missed + (met ? 0 : 1);
}
