import { describe, expect, it } from 'vitest';
import { KitStatus, ProcessingResult } from '../../src/model/kits/kit-status';
import {
  formatTrackerDate,
  kitTracker,
  kitTrackerAmong,
  ORDERED_SLOT_NUMBER,
  replacementOf,
  trackerSummary,
  type TrackerKit,
  type TrackerStep,
} from '../../src/model/patient-portal/patient-tracker';
import { PatientTrackerText } from '../../src/model/patient-portal/patient-tracker-texts';

const kit = (overrides: Partial<TrackerKit> = {}): TrackerKit => ({
  barcode: 'KIT-1',
  status: null,
  statusHistory: [],
  samples: [],
  source: null,
  createdAt: '2026-01-02T08:00:00Z',
  product: null,
  ...overrides,
});

const at = (status: number, date: string) => ({ status, date });

/** Today for these kits: before every ETA they are given, unless a test says otherwise. */
const NOW = new Date('2026-01-25T00:00:00Z');

/** One line per step: number, title, state, label, date, ETA, failure. */
const lines = (steps: readonly TrackerStep[]) =>
  steps.map((step) =>
    [step.number, step.title, step.state, step.label ?? '', step.date ?? '', step.eta ?? '', step.failure ?? ''].join(' | '),
  );

const PROCESSING = kit({
  status: at(KitStatus.DnaQuantification, '2026-01-22T09:00:00Z'),
  statusHistory: [
    at(KitStatus.HealthAssessmentCompleted, '2026-01-03T09:00:00Z'),
    at(KitStatus.SampleReceived, '2026-01-10T09:00:00Z'),
    at(KitStatus.SampleReceived, '2026-01-12T09:00:00Z'),
    at(KitStatus.ExtractDna, '2026-01-20T09:00:00Z'),
    at(KitStatus.DnaQuantification, '2026-01-22T09:00:00Z'),
  ],
});

describe('the patient tracker (kits §4)', () => {
  it('has four steps: completed ones dated with their latest date, the current one in progress, the rest upcoming', () => {
    const tracker = kitTracker(PROCESSING, { now: NOW });
    expect(lines(tracker.steps)).toEqual([
      '1 | Registered | completed |  | 2026-01-03T09:00:00Z |  | ',
      // The latest of the step's two dates.
      '2 | Sample Received | completed |  | 2026-01-12T09:00:00Z |  | ',
      // Entered on Jan 20, Sample Processing's upper bound is 4 weeks: Feb 17; Result Ready follows it.
      '3 | Sample Processing | current | In Progress |  | ETA Feb 17, 2026 | ',
      '4 | Result Ready | upcoming | Upcoming |  | ETA Feb 17, 2026 | ',
    ]);
    expect([tracker.stepNumber, tracker.stepCount, tracker.ready, tracker.failed, tracker.eta]).toEqual([
      3,
      4,
      false,
      false,
      'ETA Feb 17, 2026',
    ]);
    expect(tracker.steps.map((step) => step.duration)).toEqual(['3-5 weeks', '3-4 weeks', '2-4 weeks', null]);
  });

  it('counts each step still to come at the upper bound of its typical duration after the one before', () => {
    const tracker = kitTracker(kit({ status: at(KitStatus.HealthAssessmentCompleted, '2026-01-01T00:00:00Z') }), { now: NOW });
    expect(tracker.steps.map((step) => [step.state, step.label, step.eta])).toEqual([
      ['current', 'In Progress', 'ETA Feb 5, 2026'], // + 5 weeks
      ['upcoming', 'Upcoming', 'ETA Mar 5, 2026'], // + 4 weeks
      ['upcoming', 'Upcoming', 'ETA Apr 2, 2026'], // + 4 weeks
      ['upcoming', 'Upcoming', 'ETA Apr 2, 2026'],
    ]);
    expect(tracker.stepNumber).toBe(1);
  });

  it('an unknown status falls back to Registered', () => {
    for (const code of [999, null, KitStatus.NotRegistered]) {
      const tracker = kitTracker(kit({ status: code === null ? null : at(code, '2026-01-01T00:00:00Z') }), { now: NOW });
      expect(tracker.stepNumber, String(code)).toBe(1);
      expect(tracker.steps[0]?.state).toBe('current');
      // Not in progress: no ETA is promised.
      expect(tracker.eta, String(code)).toBeNull();
    }
  });

  it('a ready kit has every step completed, the last one reads "Ready", and it has no ETA', () => {
    const ready = kitTracker(
      kit({
        status: at(KitStatus.ResultReady, '2026-02-10T09:00:00Z'),
        statusHistory: [...PROCESSING.statusHistory, at(KitStatus.ResultReady, '2026-02-10T09:00:00Z')],
      }),
      { now: NOW },
    );
    expect(ready.steps.map((step) => [step.state, step.label, step.date])).toEqual([
      ['completed', null, '2026-01-03T09:00:00Z'],
      ['completed', null, '2026-01-12T09:00:00Z'],
      ['completed', null, '2026-01-22T09:00:00Z'],
      ['completed', 'Ready', '2026-02-10T09:00:00Z'],
    ]);
    expect([ready.ready, ready.eta, ready.stepNumber]).toEqual([true, null, 4]);
  });

  it('a failed sample puts the error and "Sample Failed:" with the latest failure’s reason on the current step', () => {
    const qc = kitTracker(
      {
        ...PROCESSING,
        samples: [
          { status: ProcessingResult.Failed, processingDate: '2026-01-18T00:00:00Z' },
          { status: ProcessingResult.QcFailed, processingDate: '2026-01-21T00:00:00Z' },
        ],
      },
      { now: NOW },
    );
    expect(qc.failed).toBe(true);
    expect(qc.steps.map((step) => step.failure)).toEqual([
      null,
      null,
      'Sample Failed: The sample failed quality control and is being rerun, which adds 2 weeks.',
      null,
    ]);
    // The rerun adds its 2 weeks to Sample Processing: Feb 17 + 2 weeks.
    expect(qc.eta).toBe('ETA Mar 3, 2026');

    const failed = kitTracker(
      {
        ...PROCESSING,
        samples: [
          { status: ProcessingResult.QcFailed, processingDate: '2026-01-18T00:00:00Z' },
          { status: ProcessingResult.Failed, processingDate: '2026-01-21T00:00:00Z' },
        ],
      },
      { now: NOW },
    );
    expect(failed.steps[2]?.failure).toBe('Sample Failed: There was not enough specimen. A new kit will be sent to recollect the sample.');
    // Not enough specimen: this kit will not finish, so no ETA is promised.
    expect([failed.eta, failed.steps[2]?.eta]).toEqual([null, null]);
  });

  it('a replacement kit says which kit it replaces', () => {
    const tracker = kitTracker(kit({ barcode: 'KIT-2', source: { uid: 'u1', barcode: 'KIT-1' } }), { now: NOW });
    expect(tracker.replaces).toBe('KIT-1');
    expect(PatientTrackerText.replaces(tracker.replaces ?? '')).toBe('This kit replaces KIT-1 (failed during processing)');
    expect(kitTracker(PROCESSING, { now: NOW }).replaces).toBeNull();
  });

  it('a replaced original: its current step reads "Failed", no ETA, and its history ends with "Ordered" in slot 5 from the replacement’s creation', () => {
    const original = kit({
      ...PROCESSING,
      samples: [{ status: ProcessingResult.Failed, processingDate: '2026-01-21T00:00:00Z' }],
    });
    const replacement = kit({ barcode: 'KIT-2', source: { uid: 'u1', barcode: 'KIT-1' }, createdAt: '2026-01-25T10:00:00Z' });
    expect(replacementOf(original, [original, replacement])).toBe(replacement);
    expect(replacementOf(replacement, [original, replacement])).toBeNull();

    const tracker = kitTracker(original, { now: NOW, replacement });
    expect(tracker.replaced).toBe(true);
    expect(tracker.eta).toBeNull();
    expect(tracker.steps[2]?.label).toBe('Failed');
    expect(lines(tracker.history)).toEqual([
      '1 | Registered | completed |  | 2026-01-03T09:00:00Z |  | ',
      '2 | Sample Received | completed |  | 2026-01-12T09:00:00Z |  | ',
      '3 | Sample Processing | current | Failed |  |  | Sample Failed: There was not enough specimen. A new kit will be sent to recollect the sample.',
      `${ORDERED_SLOT_NUMBER} | Ordered | completed |  | 2026-01-25T10:00:00Z |  | `,
    ]);
    // A kit nobody replaces has no such history.
    expect(kitTracker(PROCESSING, { now: NOW }).history).toEqual([]);
  });

  it('a kit whose replacement is requested counts as replaced even before the new kit is among the patient’s kits', () => {
    const tracker = kitTracker(kit({ status: at(KitStatus.ReplacementRequested, '2026-01-25T10:00:00Z') }), { now: NOW });
    expect(tracker.replaced).toBe(true);
    expect(tracker.steps[0]?.label).toBe('Failed');
    expect(tracker.history.at(-1)?.title).toBe('Ordered');
    expect(tracker.history.at(-1)?.date).toBeNull();
  });

  it('passes over history dates it cannot read, and writes "Invalid Date" for a date it is given that cannot be read', () => {
    const tracker = kitTracker(
      kit({
        status: at(KitStatus.SampleReceived, 'not a date'),
        statusHistory: [at(KitStatus.HealthAssessmentCompleted, 'not a date')],
      }),
      { now: NOW },
    );
    expect(tracker.steps[0]?.date).toBeNull();
    expect(tracker.eta).toBeNull();
    expect(formatTrackerDate('not a date')).toBe('Invalid Date');
    expect(formatTrackerDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
  });

  it('finds a kit’s replacement among the patient’s kits: the original reads as replaced, the replacement says what it replaces', () => {
    const original = { ...PROCESSING, samples: [{ status: ProcessingResult.Failed, processingDate: '2026-01-21T00:00:00Z' }] };
    const replacement = kit({ barcode: 'KIT-2', source: { uid: 'u1', barcode: 'KIT-1' }, createdAt: '2026-01-25T10:00:00Z' });
    const other = kit({ barcode: 'KIT-3' });
    const kits = [original, replacement, other];
    expect(kitTrackerAmong(original, kits, NOW).replaced).toBe(true);
    expect(kitTrackerAmong(original, kits, NOW).history.at(-1)?.date).toBe('2026-01-25T10:00:00Z');
    expect([kitTrackerAmong(replacement, kits, NOW).replaced, kitTrackerAmong(replacement, kits, NOW).replaces]).toEqual([false, 'KIT-1']);
    expect(kitTrackerAmong(other, kits, NOW).replaced).toBe(false);
    // Alone, nothing says the original was replaced.
    expect(kitTrackerAmong(original, [original], NOW).replaced).toBe(false);
  });
});

describe('the kit story on the tracker (issue 41)', () => {
  it('an ETA already past says "Delayed — taking longer than usual", on the kit and on its steps, never a past date as a promise', () => {
    // Sample Processing entered Jan 20 with 4 weeks: Feb 17. On Feb 17 itself it is still a promise; a day later a delay.
    expect(kitTracker(PROCESSING, { now: new Date('2026-02-17T20:00:00Z') }).eta).toBe('ETA Feb 17, 2026');
    const late = kitTracker(PROCESSING, { now: new Date('2026-02-19T09:00:00Z') });
    expect([late.eta, late.delayed]).toEqual(['Delayed — taking longer than usual', true]);
    expect(late.steps.map((step) => step.eta)).toEqual([
      null,
      null,
      'Delayed — taking longer than usual',
      'Delayed — taking longer than usual',
    ]);
    expect(trackerSummary(late).progress).toBe('Delayed — taking longer than usual');
    expect(JSON.stringify(late)).not.toContain('Feb 17');
  });

  it('a kit late in its step is delayed though its results’ date is still ahead', () => {
    // Registered on Jan 1: 5 weeks, so late from Feb 6; its results are expected on Apr 2.
    const registered = kit({ status: at(KitStatus.HealthAssessmentCompleted, '2026-01-01T00:00:00Z') });
    expect(kitTracker(registered, { now: new Date('2026-02-10T00:00:00Z') }).eta).toBe('Delayed — expected by Apr 2, 2026');
  });

  it('an earlier QC failure rerun since is history: no Error badge, the rerun line on Sample Processing, 2 weeks more', () => {
    const rerun = kitTracker(
      {
        ...PROCESSING,
        samples: [
          { status: ProcessingResult.QcFailed, processingDate: '2026-01-21T00:00:00Z' },
          { status: ProcessingResult.InProgress, processingDate: '2026-01-22T00:00:00Z' },
        ],
      },
      { now: NOW },
    );
    expect([rerun.failed, rerun.eta]).toEqual([false, 'ETA Mar 3, 2026']);
    expect(rerun.steps.map((step) => [step.failure, step.note])).toEqual([
      [null, null],
      [null, null],
      [null, 'Rerun after a failed quality check'],
      [null, null],
    ]);
  });

  it('a failure followed by Result Ready never counts, even when no later result is recorded', () => {
    const ready = kitTracker(
      kit({
        status: at(KitStatus.ResultReady, '2026-02-10T09:00:00Z'),
        statusHistory: [...PROCESSING.statusHistory, at(KitStatus.ResultReady, '2026-02-10T09:00:00Z')],
        samples: [{ status: ProcessingResult.QcFailed, processingDate: '2026-01-21T00:00:00Z' }],
      }),
      { now: NOW },
    );
    expect([ready.failed, ready.ready, ready.eta]).toEqual([false, true, null]);
    expect(ready.steps.map((step) => step.failure)).toEqual([null, null, null, null]);
    expect(ready.steps[2]?.note).toBe('Rerun after a failed quality check');
  });

  it('names the product when the answer does, and nothing when it does not', () => {
    const named = kit({ product: { id: 1, name: 'Biological Age Test', description: null } });
    expect(kitTracker(named, { now: NOW }).product).toBe('Biological Age Test');
    expect(kitTracker(kit({ product: { id: 1, name: ' ', description: null } }), { now: NOW }).product).toBeNull();
    expect(kitTracker(kit(), { now: NOW }).product).toBeNull();
  });

  it('a replaced original names the patient’s kit that replaced it; without it among her kits, none', () => {
    const original = { ...PROCESSING, samples: [{ status: ProcessingResult.Failed, processingDate: '2026-01-21T00:00:00Z' }] };
    const replacement = kit({ barcode: 'KIT-2', source: { uid: 'u1', barcode: 'KIT-1' } });
    expect(kitTrackerAmong(original, [original, replacement], NOW).replacedBy).toBe('KIT-2');
    expect(kitTrackerAmong(original, [original], NOW).replacedBy).toBeNull();
    expect(kitTrackerAmong(replacement, [original, replacement], NOW).replacedBy).toBeNull();
  });
});

describe('a card’s summary (kits §2 "Several kits")', () => {
  it('"Step x of n", the ETA while in progress, and "View Details"', () => {
    expect(trackerSummary(kitTracker(PROCESSING, { now: NOW }))).toEqual({
      step: 'Step 3 of 4',
      progress: 'ETA Feb 17, 2026',
      action: 'View Details',
    });
  });

  it('"Done" and "View Results" for a ready kit', () => {
    const ready = kitTracker(kit({ status: at(KitStatus.ResultReady, '2026-02-10T09:00:00Z') }), { now: NOW });
    expect(trackerSummary(ready)).toEqual({ step: 'Step 4 of 4', progress: 'Done', action: 'View Results' });
  });

  it('neither "Done" nor an ETA when none is known (a replaced kit, a kit not yet registered)', () => {
    expect(trackerSummary(kitTracker(kit({ status: at(KitStatus.ReplacementRequested, '2026-01-25T10:00:00Z') }), { now: NOW }))).toEqual({
      step: 'Step 1 of 4',
      progress: null,
      action: 'View Details',
    });
    expect(trackerSummary(kitTracker(kit(), { now: NOW })).progress).toBeNull();
  });
});
