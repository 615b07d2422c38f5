import type { Trace } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { mainThreadTime } from '../../scripts/lib/lighthouse-cpu-share';

const thread = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur?: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});
const trace = (traceEvents: readonly object[]) => ({ traceEvents }) as unknown as Trace;

describe('the main thread time bench:lighthouse reports', () => {
  it('sums the busiest renderer main thread’s top-level tasks, wall clock and on a CPU, in ms', () => {
    const time = mainThreadTime(
      trace([
        thread(1, 10, 'CrRendererMain'),
        thread(2, 20, 'CrRendererMain'),
        thread(1, 11, 'Compositor'),
        // The page's thread: 40 ms of tasks that ran 20 ms, one task nested in another.
        task(1, 10, 0, 30_000, 12_000),
        task(1, 10, 5_000, 10_000, 4_000),
        task(1, 10, 50_000, 10_000, 8_000),
        // An idle tab's thread and a busier thread that is not a renderer's main thread.
        task(2, 20, 0, 2_000, 2_000),
        task(1, 11, 0, 90_000, 90_000),
      ]),
    );
    expect(time).toEqual({ wall: 40, cpu: 20 });
  });

  it('says nothing when the trace has no thread times or no renderer', () => {
    expect(mainThreadTime(trace([thread(1, 10, 'CrRendererMain'), task(1, 10, 0, 30_000)]))).toBeUndefined();
    expect(mainThreadTime(trace([task(1, 10, 0, 30_000, 1_000)]))).toBeUndefined();
  });
});
