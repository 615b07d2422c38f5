import { describe, expect, it } from 'vitest';
import { FulfilmentType } from '../../src/model/enums';
import type { Kit } from '../../src/model/kits/kit';
import { TimelineText } from '../../src/model/kits/kit-detail-texts';
import { KitStatus, ProcessingResult } from '../../src/model/kits/kit-status';
import { fulfilmentOfPractice, kitTimeline, reachedStepOf, type TimelineEntry } from '../../src/model/kits/timeline';

type TimelineKit = Parameters<typeof kitTimeline>[0];

const kit = (overrides: Partial<Kit> = {}): TimelineKit => ({
  status: null,
  statusHistory: [],
  samples: [],
  source: null,
  createdAt: '2026-01-02T08:00:00Z',
  ...overrides,
});

const at = (status: number, date: string) => ({ status, date });

/** The entries as one line each: title, state, date, highlighted and failure. */
const lines = (entries: readonly TimelineEntry[]) =>
  entries.map((entry) => [entry.title, entry.state, entry.date, entry.highlighted ? 'highlighted' : '', entry.failure ?? ''].join(' | '));

const PROCESSING = kit({
  status: at(KitStatus.DnaQuantification, '2026-01-22T09:00:00Z'),
  statusHistory: [
    at(KitStatus.SampleReceived, '2026-01-10T09:00:00Z'),
    at(KitStatus.HealthAssessmentCompleted, '2026-01-03T09:00:00Z'),
    at(KitStatus.ExtractDna, '2026-01-20T09:00:00Z'),
    at(KitStatus.DnaQuantification, '2026-01-22T09:00:00Z'),
  ],
});

describe('the provider-side timeline (kits §4)', () => {
  it('has the four steps in order, completed before the current one and upcoming after, the current one highlighted', () => {
    const { entries, failure } = kitTimeline(PROCESSING, 'physical');
    expect(failure).toBeNull();
    expect(lines(entries)).toEqual([
      'Registered | completed | 2026-01-03T09:00:00Z |  | ',
      'Sample Received | completed | 2026-01-10T09:00:00Z |  | ',
      // The current step is dated from when the kit entered it, not from its latest lab step.
      'Sample Processing | current | 2026-01-20T09:00:00Z | highlighted | ',
      'Result Ready | upcoming |  |  | ',
    ]);
  });

  it('gives each step its message for its state and its typical duration', () => {
    const { entries } = kitTimeline(PROCESSING, 'physical');
    expect(entries.map((entry) => [entry.message, entry.duration])).toEqual([
      ['The kit was registered.', '3-5 weeks'],
      ['The lab received the sample.', '3-4 weeks'],
      ['The lab is processing the sample.', '2-4 weeks'],
      ['The results are not ready yet.', null],
    ]);
    const registered = kitTimeline(kit({ status: at(KitStatus.HealthAssessmentCompleted, '2026-01-03T09:00:00Z') }), 'physical');
    expect(registered.entries.map((entry) => [entry.state, entry.message])).toEqual([
      ['current', 'The kit is registered.'],
      ['upcoming', 'The lab has not received the sample yet.'],
      ['upcoming', 'The lab has not processed the sample yet.'],
      ['upcoming', 'The results are not ready yet.'],
    ]);
  });

  it('Result Ready completes every step; its message is the documents’ own for digital and for physical practices', () => {
    const ready = kit({
      status: at(KitStatus.ResultReady, '2026-02-20T09:00:00Z'),
      statusHistory: [...PROCESSING.statusHistory, at(KitStatus.ResultReady, '2026-02-20T09:00:00Z')],
    });
    const physical = kitTimeline(ready, 'physical').entries;
    expect(physical.map((entry) => entry.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(physical.at(-1)).toMatchObject({
      title: 'Result Ready',
      date: '2026-02-20T09:00:00Z',
      highlighted: true,
      // Issue 41: the end is no stretch of time, so no "Typical duration: Done" beside it.
      duration: null,
      message: 'Final reports are being generated',
    });
    // A completed step shows the latest date in history for that step.
    expect(physical[2]?.date).toBe('2026-01-22T09:00:00Z');
    expect(kitTimeline(ready, 'digital').entries.at(-1)?.message).toBe(
      'Contact your account rep to get further details on deliverable timelines',
    );
  });

  it('a failure that is the latest result puts "Sample Failed" on the last entry, with its reason', () => {
    const qcLast = kit({
      ...PROCESSING,
      samples: [
        { status: ProcessingResult.Failed, processingDate: '2026-01-21T09:00:00Z' },
        { status: ProcessingResult.QcFailed, processingDate: '2026-01-23T09:00:00Z' },
      ],
    });
    const rerun = kitTimeline(qcLast, 'physical');
    expect(rerun.failure).toEqual({ result: ProcessingResult.QcFailed, processingDate: '2026-01-23T09:00:00Z' });
    expect(lines(rerun.entries)[2]).toBe(
      'Sample Processing | current | 2026-01-20T09:00:00Z | highlighted | The sample failed quality control and is being rerun, which adds 2 weeks.',
    );
    expect(rerun.entries.filter((entry) => entry.failure)).toHaveLength(1);
    expect(rerun.entries.filter((entry) => entry.note)).toHaveLength(0);

    const failedLast = kit({
      ...PROCESSING,
      samples: [
        { status: ProcessingResult.QcFailed, processingDate: '2026-01-21T09:00:00Z' },
        { status: ProcessingResult.Failed, processingDate: '2026-01-23T09:00:00Z' },
      ],
    });
    expect(kitTimeline(failedLast, 'physical').entries[2]?.failure).toBe(
      'There was not enough specimen. A new kit will be sent to recollect the sample.',
    );
  });

  it('an earlier failure rerun since is Sample Processing’s history line, not "Sample Failed" (issue 41)', () => {
    const rerunning = kit({
      ...PROCESSING,
      samples: [
        { status: ProcessingResult.QcFailed, processingDate: '2026-01-23T09:00:00Z' },
        { status: ProcessingResult.Completed, processingDate: '2026-01-25T09:00:00Z' },
      ],
    });
    const timeline = kitTimeline(rerunning, 'physical');
    expect(timeline.failure).toBeNull();
    expect(timeline.entries.map((entry) => [entry.title, entry.failure, entry.note])).toEqual([
      ['Registered', null, null],
      ['Sample Received', null, null],
      ['Sample Processing', null, 'Rerun after a failed quality check'],
      ['Result Ready', null, null],
    ]);
    // Ready since the failure: neither "Done" nor "adds 2 weeks" anywhere, the rerun a line of history.
    const ready = kit({
      ...rerunning,
      status: at(KitStatus.ResultReady, '2026-02-20T09:00:00Z'),
      statusHistory: [...PROCESSING.statusHistory, at(KitStatus.ResultReady, '2026-02-20T09:00:00Z')],
    });
    const done = kitTimeline(ready, 'physical').entries;
    expect(done.map((entry) => [entry.duration, entry.failure])).toEqual([
      ['3-5 weeks', null],
      ['3-4 weeks', null],
      ['2-4 weeks', null],
      [null, null],
    ]);
    expect(done[2]?.note).toBe('Rerun after a failed quality check');
  });

  it('a replacement kit starts with Ordered, dated from its creation, in place of Registered', () => {
    const replacement = kit({ source: { uid: 'k-old', barcode: 'TRU-0001' }, createdAt: '2026-03-01T10:00:00Z' });
    const fresh = kitTimeline({ ...replacement, status: at(KitStatus.NotRegistered, '2026-03-01T10:00:00Z') }, 'physical');
    expect(lines(fresh.entries)).toEqual([
      'Ordered | current | 2026-03-01T10:00:00Z | highlighted | ',
      'Sample Received | upcoming |  |  | ',
      'Sample Processing | upcoming |  |  | ',
      'Result Ready | upcoming |  |  | ',
    ]);
    expect(fresh.entries[0]?.message).toBe('The replacement kit has been ordered.');
    const received = kitTimeline(
      { ...replacement, status: at(KitStatus.SampleReceived, '2026-03-09T10:00:00Z'), statusHistory: [at(3, '2026-03-09T10:00:00Z')] },
      'physical',
    );
    expect(lines(received.entries).slice(0, 2)).toEqual([
      'Ordered | completed | 2026-03-01T10:00:00Z |  | ',
      'Sample Received | current | 2026-03-09T10:00:00Z | highlighted | ',
    ]);
    expect(received.entries[0]?.message).toBe('The replacement kit was ordered.');
  });

  it('sorts the entries by date ascending and highlights the last one the kit got to', () => {
    // Received again after processing began: its latest date is after the processing step's start.
    const back = kit({
      status: at(KitStatus.ExtractDna, '2026-01-10T09:00:00Z'),
      statusHistory: [at(2, '2026-01-01T09:00:00Z'), at(4, '2026-01-10T09:00:00Z'), at(3, '2026-01-12T09:00:00Z')],
    });
    expect(lines(kitTimeline(back, 'physical').entries)).toEqual([
      'Registered | completed | 2026-01-01T09:00:00Z |  | ',
      'Sample Processing | current | 2026-01-10T09:00:00Z |  | ',
      'Sample Received | completed | 2026-01-12T09:00:00Z | highlighted | ',
      'Result Ready | upcoming |  |  | ',
    ]);
  });

  it('a completed step the history does not date stays between its neighbours', () => {
    const sparse = kit({
      status: at(KitStatus.ExtractDna, '2026-01-20T09:00:00Z'),
      statusHistory: [at(2, '2026-01-03T09:00:00Z'), at(4, '2026-01-20T09:00:00Z')],
    });
    expect(lines(kitTimeline(sparse, 'physical').entries)).toEqual([
      'Registered | completed | 2026-01-03T09:00:00Z |  | ',
      'Sample Received | completed |  |  | ',
      'Sample Processing | current | 2026-01-20T09:00:00Z | highlighted | ',
      'Result Ready | upcoming |  |  | ',
    ]);
  });

  it('a kit not registered yet has reached no step: all four upcoming, none highlighted', () => {
    for (const code of [KitStatus.NotRegistered, KitStatus.AwaitingHealthAssessment, 999]) {
      const { entries } = kitTimeline(kit({ status: at(code, '2026-01-01T09:00:00Z') }), 'physical');
      expect(entries.map((entry) => entry.state)).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
      expect(entries.some((entry) => entry.highlighted)).toBe(false);
    }
  });

  it('a kit whose status reaches no step (disposed) shows the steps its history reached as completed', () => {
    const disposed = kit({ status: at(KitStatus.Disposed, '2026-02-01T09:00:00Z'), statusHistory: PROCESSING.statusHistory });
    expect(lines(kitTimeline(disposed, 'physical').entries)).toEqual([
      'Registered | completed | 2026-01-03T09:00:00Z |  | ',
      'Sample Received | completed | 2026-01-10T09:00:00Z |  | ',
      'Sample Processing | completed | 2026-01-22T09:00:00Z | highlighted | ',
      'Result Ready | upcoming |  |  | ',
    ]);
  });

  it('the step a status reaches: Registered only when the kit is registered', () => {
    expect(reachedStepOf(KitStatus.HealthAssessmentCompleted)).toBe(0);
    expect(reachedStepOf(KitStatus.SampleAssigned)).toBe(1);
    expect(reachedStepOf(KitStatus.ReportingProcess)).toBe(2);
    expect(reachedStepOf(KitStatus.ResultReady)).toBe(3);
    for (const code of [KitStatus.NotRegistered, KitStatus.AwaitingHealthAssessment, KitStatus.Disposed, KitStatus.NotReceived, null, 77]) {
      expect(reachedStepOf(code)).toBeNull();
    }
  });

  it('a practice fulfils digitally only when it says so; otherwise it ships kits', () => {
    expect(fulfilmentOfPractice({ fulfilmentType: FulfilmentType.Digital })).toBe('digital');
    expect(fulfilmentOfPractice({ fulfilmentType: FulfilmentType.Physical })).toBe('physical');
    expect(fulfilmentOfPractice({ fulfilmentType: null })).toBe('physical');
    expect(fulfilmentOfPractice(undefined)).toBe('physical');
    expect(fulfilmentOfPractice({ fulfilmentType: 7 })).toBe('physical');
  });

  it('keeps the documents’ texts exactly', () => {
    expect(TimelineText.title).toBe('Processing Status');
    expect(TimelineText.sampleFailed).toBe('Sample Failed');
    expect(TimelineText.ordered).toBe('Ordered');
  });
});
