import type { Trace } from 'lighthouse';

/**
 * How much of its tasks' time the page's main thread really ran on a CPU, from the trace Lighthouse records: each
 * top-level task (`RunTask`) has its wall-clock duration (`dur`) and the time its thread was on a CPU (`tdur`).
 * Lighthouse simulates the 4× slower phone by scaling the wall-clock durations, so when Chromium's other threads and
 * Lighthouse hold this machine's two cores (docs/performance.md measures which), the page's tasks grow by the time it
 * waited for a core, and its blocking time with them: a 20 ms task that waited as long again counts as 160 ms, 110 of
 * them blocking. The share tells a reader whether a run measured the page or the machine's crowding (issue 45).
 */
export interface MainThreadTime {
  /** The top-level tasks' wall-clock time, ms. */
  readonly wall: number;
  /** The part of it the thread ran on a CPU, ms. */
  readonly cpu: number;
}

interface TraceEvent {
  readonly name?: string;
  readonly ph?: string;
  readonly pid?: number;
  readonly tid?: number;
  readonly ts?: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: unknown };
}

const TASK = 'RunTask';

/** The renderer main thread that ran the most task time: the measured page's (another tab's would be idle). */
function pageThread(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  const totals = new Map<string, { pid: number; tid: number; wall: number }>();
  const renderers = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  for (const event of events) {
    if (event.name !== TASK || event.ph !== 'X' || event.pid === undefined || event.tid === undefined) continue;
    const key = `${event.pid}:${event.tid}`;
    if (!renderers.has(key)) continue;
    const total = totals.get(key) ?? { pid: event.pid, tid: event.tid, wall: 0 };
    total.wall += event.dur ?? 0;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.wall - a.wall)[0];
}

/** The page's main thread's task time, wall clock and on a CPU; undefined when the trace has no thread times. */
export function mainThreadTime(trace: Trace): MainThreadTime | undefined {
  const events = trace.traceEvents as readonly TraceEvent[];
  const thread = pageThread(events);
  if (!thread) return undefined;
  const tasks = events
    .filter((event) => event.name === TASK && event.ph === 'X' && event.pid === thread.pid && event.tid === thread.tid)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let wall = 0;
  let cpu = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    const start = task.ts ?? 0;
    // A task run inside another (a nested message loop) is already in its parent's time.
    if (start < end) continue;
    if (task.tdur === undefined) return undefined;
    wall += task.dur ?? 0;
    cpu += task.tdur;
    end = start + (task.dur ?? 0);
  }
  return wall > 0 ? { wall: wall / 1000, cpu: cpu / 1000 } : undefined;
}
