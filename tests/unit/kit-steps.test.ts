import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KitSchema } from '../../src/model/kits/kit';
import { KIT_STATUS_CODES } from '../../src/model/kits/kit-status';
import {
  dateTime,
  KIT_STEP_COUNT,
  KitStep,
  kitStepOf,
  latestDateOf,
  latestFailure,
  stepEnteredAt,
  typicalDuration,
} from '../../src/model/kits/kit-steps';
import { reachedStepOf } from '../../src/model/kits/timeline';
import { kitSchedule } from '../../src/model/kits/kit-story';

const DAY = 86_400_000;
const T0 = '2026-01-05T10:00:00.000Z';
const after = (days: number, extraMs = 0) => new Date(Date.parse(T0) + days * DAY + extraMs);
const iso = (days: number) => after(days).toISOString();

/** A kit as a service answers it, read by the model's lenient schema. */
function kit(
  status: number | null,
  history: readonly (readonly [number, string])[] = [],
  samples: readonly (readonly [number, string | null])[] = [],
  statusDate: string | null = history.at(-1)?.[1] ?? T0,
) {
  return v.parse(KitSchema, {
    uid: 'kit-1',
    barcode: 'KIT-0001',
    status: status === null ? null : { status, date: statusDate },
    statusHistory: history.map(([code, date]) => ({ status: code, date })),
    samples: samples.map(([result, processingDate]) => ({ status: result, processingDate })),
  });
}

const { Registered, SampleReceived, SampleProcessing, ResultReady } = KitStep;

/** Which of the four steps each code stands in (kits §4); the oracle, written out per code. */
const STEP_OF: Readonly<Record<number, KitStep>> = {
  0: Registered, // Not Registered: before any step, falls back to the first
  1: Registered,
  2: Registered,
  3: SampleReceived,
  4: SampleProcessing,
  5: SampleProcessing,
  6: SampleProcessing,
  7: SampleProcessing,
  8: SampleProcessing,
  9: SampleProcessing,
  10: SampleProcessing,
  11: SampleProcessing,
  12: SampleProcessing,
  13: SampleProcessing,
  14: SampleProcessing,
  15: SampleProcessing,
  16: SampleProcessing,
  17: ResultReady,
  18: SampleProcessing,
  19: SampleProcessing, // Report In Process
  21: Registered, // Not Received: the sample has not reached the lab
  22: SampleProcessing, // Approved
  23: SampleProcessing, // Abs Data Uploaded
  24: Registered, // Replacement Requested
  25: SampleProcessing, // Reprocessing In Lab
  26: Registered, // Disposed
  30: SampleProcessing,
  40: SampleProcessing,
  41: SampleProcessing,
  42: SampleProcessing,
  43: SampleProcessing,
  44: SampleProcessing,
  50: SampleReceived,
  51: SampleProcessing,
  52: SampleReceived,
  53: SampleProcessing,
};

describe('the four kit steps (kits §4, §9)', () => {
  it('are four: Registered, Sample Received, Sample Processing, Result Ready', () => {
    expect(KIT_STEP_COUNT).toBe(4);
    expect(Object.keys(STEP_OF).map(Number)).toEqual([...KIT_STATUS_CODES].sort((a, b) => a - b));
  });

  it.each(Object.entries(STEP_OF).map(([code, step]) => [Number(code), step] as const))('code %i stands in step %i', (code, step) => {
    expect(kitStepOf(code)).toBe(step);
  });

  it('an unknown status, or none, falls back to Registered', () => {
    for (const code of [20, 99, -1, null, undefined]) expect(kitStepOf(code)).toBe(Registered);
  });

  it('typical durations: Registered 3-5 weeks, Sample Received 3-4 weeks, Sample Processing 2-4 weeks; Result Ready none (issue 41)', () => {
    expect([Registered, SampleReceived, SampleProcessing, ResultReady].map(typicalDuration)).toEqual([
      '3-5 weeks',
      '3-4 weeks',
      '2-4 weeks',
      null,
    ]);
  });
});

describe('the latest failure decides the failed sample’s message (kits §4)', () => {
  it('none when no sample failed, whatever else they say', () => {
    expect(
      latestFailure(
        kit(
          51,
          [],
          [
            [1, iso(1)],
            [5, iso(2)],
            [100, iso(3)],
            [0, null],
          ],
        ),
      ),
    ).toBeNull();
    expect(latestFailure(kit(51))).toBeNull();
  });

  it('the failure with the latest processingDate, whatever order the samples come in', () => {
    const qcLast = kit(
      51,
      [],
      [
        [15, iso(9)],
        [100, iso(12)],
        [10, iso(3)],
      ],
    );
    expect(latestFailure(qcLast)).toEqual({ result: 15, processingDate: iso(9) });
    const failedLast = kit(
      51,
      [],
      [
        [10, iso(20)],
        [15, iso(9)],
      ],
    );
    expect(latestFailure(failedLast)).toEqual({ result: 10, processingDate: iso(20) });
  });

  it('a failure without a date counts as the earliest', () => {
    expect(
      latestFailure(
        kit(
          51,
          [],
          [
            [10, null],
            [15, iso(1)],
          ],
        ),
      ),
    ).toEqual({ result: 15, processingDate: iso(1) });
    expect(
      latestFailure(
        kit(
          51,
          [],
          [
            [15, iso(1)],
            [10, null],
          ],
        ),
      ),
    ).toEqual({ result: 15, processingDate: iso(1) });
    expect(latestFailure(kit(51, [], [[10, null]]))).toEqual({ result: 10, processingDate: null });
  });
});

describe('when the kit entered its current step', () => {
  it('the first entry of the current step after any entry of another step', () => {
    const history = [
      [2, iso(0)],
      [3, iso(10)],
      [4, iso(20)],
      [6, iso(22)],
      [51, iso(25)],
    ] as const;
    expect(stepEnteredAt(kit(51, history))).toBe(iso(20));
  });

  it('sorts the history by date first, and starts again when the kit came back to the step', () => {
    const history = [
      [51, iso(30)],
      [3, iso(10)],
      [4, iso(5)],
      [3, iso(1)],
    ] as const;
    // In date order: 3 (day 1), 4 (day 5), 3 (day 10), 51 (day 30): processing again since day 30.
    expect(stepEnteredAt(kit(51, history))).toBe(iso(30));
  });

  it('the status date when the history holds nothing of the current step, or nothing at all', () => {
    expect(stepEnteredAt(kit(51, [[3, iso(1)]], [], iso(7)))).toBe(iso(7));
    expect(stepEnteredAt(kit(3, [], [], iso(4)))).toBe(iso(4));
    expect(stepEnteredAt(kit(null, []))).toBeNull();
  });
});

/** The kit story's lateness (kit-story.ts), as the step and whole days past the step's upper bound. */
function overdue(kit: Parameters<typeof kitSchedule>[0], now: Date): { step: number; daysOver: number } | null {
  const { daysLate } = kitSchedule(kit, now);
  return daysLate > 0 ? { step: kitStepOf(kit.status?.status), daysOver: daysLate } : null;
}

describe('kits late in their step (the kit story, beyond the documents)', () => {
  const registered = kit(2, [[2, T0]]);
  const received = kit(3, [
    [2, iso(-10)],
    [3, T0],
  ]);
  const processing = kit(51, [
    [3, iso(-10)],
    [51, T0],
  ]);

  it('exactly at the upper bound of the step is not overdue; one day past is 1 day over', () => {
    // Registered 3-5 weeks: 35 days.
    expect(overdue(registered, after(35))).toBeNull();
    expect(overdue(registered, after(36, -1))).toBeNull();
    expect(overdue(registered, after(36))).toEqual({ step: Registered, daysOver: 1 });
    expect(overdue(registered, after(47))).toEqual({ step: Registered, daysOver: 12 });
    // Sample Received 3-4 weeks, Sample Processing 2-4 weeks: 28 days each.
    expect(overdue(received, after(28))).toBeNull();
    expect(overdue(received, after(29))).toEqual({ step: SampleReceived, daysOver: 1 });
    expect(overdue(processing, after(28))).toBeNull();
    expect(overdue(processing, after(29))).toEqual({ step: SampleProcessing, daysOver: 1 });
  });

  it('a QC failure rerun adds 2 weeks to Sample Processing; a sample failed for good is never late (a new kit is sent)', () => {
    const rerun = kit(51, [[51, T0]], [[15, iso(3)]]);
    expect(overdue(rerun, after(29))).toBeNull();
    expect(overdue(rerun, after(42))).toBeNull();
    expect(overdue(rerun, after(43))).toEqual({ step: SampleProcessing, daysOver: 1 });
    const failed = kit(
      51,
      [[51, T0]],
      [
        [15, iso(1)],
        [10, iso(3)],
      ],
    );
    expect(overdue(failed, after(29))).toBeNull();
  });

  it('the rerun counts only in Sample Processing', () => {
    const receivedAfterQc = kit(3, [[3, T0]], [[15, iso(-3)]]);
    expect(overdue(receivedAfterQc, after(29))).toEqual({ step: SampleReceived, daysOver: 1 });
  });

  it('counts from when the kit entered its step, not from its first status', () => {
    const walked = kit(51, [
      [2, iso(-100)],
      [3, iso(-50)],
      [4, T0],
      [6, iso(5)],
    ]);
    expect(overdue(walked, after(28))).toBeNull();
    expect(overdue(walked, after(30))).toEqual({ step: SampleProcessing, daysOver: 2 });
  });

  it('never for a kit whose results are ready, that is not in progress, or whose step start cannot be read', () => {
    const years = after(3650);
    expect(overdue(kit(17, [[17, T0]]), years)).toBeNull();
    for (const code of [0, 19, 21, 22, 23, 24, 26, 99]) expect(overdue(kit(code, [[code, T0]]), years)).toBeNull();
    expect(overdue(kit(null), years)).toBeNull();
    expect(overdue(kit(51, [], [], 'not a date'), years)).toBeNull();
    expect(overdue(kit(51, [], [], null), years)).toBeNull();
  });

  it('a kit still inside its typical duration is not overdue', () => {
    expect(overdue(processing, after(1))).toBeNull();
    expect(overdue(processing, after(-1))).toBeNull();
  });
});

describe('reading the dates of a kit', () => {
  it('a readable date is its time; none, or one that cannot be read, is NaN unless another value is asked for', () => {
    expect(dateTime(T0)).toBe(after(0).getTime());
    for (const date of [null, undefined, '', 'not a date']) {
      expect(dateTime(date)).toBeNaN();
      expect(dateTime(date, Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    }
  });

  it('the latest readable date of a step, as the mapping given reads each code, whatever the order of the history', () => {
    const history = kit(4, [
      [2, iso(0)],
      [2, iso(6)],
      [2, iso(3)],
      [2, 'not a date'],
      [0, iso(9)],
      [4, iso(12)],
    ]);
    expect(latestDateOf(history, kitStepOf, Registered)).toBe(iso(9));
    // The provider timeline's mapping: Not Registered (0) reaches no step; Registered (2) does.
    expect(latestDateOf(history, reachedStepOf, Registered)).toBe(iso(6));
    expect(latestDateOf(history, kitStepOf, SampleReceived)).toBeNull();
    expect(latestDateOf(kit(2, [[2, 'not a date']]), kitStepOf, Registered)).toBeNull();
  });
});
