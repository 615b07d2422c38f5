import { FulfilmentType } from '../enums';
import { fulfilmentOf } from '../practice/practice';
import type { Kit } from './kit';
import { TimelineText } from './kit-detail-texts';
import { KitDisplayStatus, kitDisplayStatus, ProcessingResult } from './kit-status';
import { currentFailure, rerunNote } from './kit-story';
import {
  dateTime,
  KIT_STEP_NAMES,
  KIT_STEPS,
  KitStep,
  kitStepOf,
  latestDateOf,
  REPROCESSING_WEEKS,
  stepEnteredAt,
  typicalDuration,
  type KitFailure,
} from './kit-steps';

/**
 * Kits §4 "Provider-side timeline": the four steps (Registered, Sample Received, Sample Processing, Result Ready),
 * each completed, current or upcoming with its own message and typical duration, dated where the kit's history
 * says when it got there. Entries are sorted by date ascending and the last one is highlighted; a failure that still
 * counts (kit-story.ts) puts "Sample Failed" and its reason on that entry, while an earlier one that was rerun is a
 * line of Sample Processing's history. A replacement kit (one with a source) starts with "Ordered", dated from the
 * kit's creation, instead of Registered. Result Ready has no typical duration (kit-steps.ts).
 */

export type StepState = 'completed' | 'current' | 'upcoming';

export interface TimelineEntry {
  readonly step: KitStep;
  /** The step's name, or "Ordered" for a replacement kit's first step. */
  readonly title: string;
  readonly state: StepState;
  /** When the kit got to this step; null for an upcoming step or one the history does not date. */
  readonly date: string | null;
  /** Kits §4 typical duration: "3-5 weeks", …; none for Result Ready. */
  readonly duration: string | null;
  readonly message: string;
  /** Sample Processing's history of a failure rerun since: "Rerun after a failed quality check". */
  readonly note: string | null;
  readonly highlighted: boolean;
  /** On the highlighted entry of a kit whose sample failed: why, as the latest failure decides. */
  readonly failure: string | null;
}

export interface KitTimeline {
  readonly entries: readonly TimelineEntry[];
  /** The failure that still counts (kit-story.ts), or null. */
  readonly failure: KitFailure | null;
}

/** Kits §4: the timeline's two wordings of the result step, chosen as the checkout reads the practice (fulfilmentOf). */
export type Fulfilment = 'digital' | 'physical';

export function fulfilmentOfPractice(practice: { fulfilmentType: number | null } | null | undefined): Fulfilment {
  return fulfilmentOf(practice) === FulfilmentType.Digital ? 'digital' : 'physical';
}

/**
 * The step a status code shows the kit has reached, or null for one that reaches none: not (yet) registered,
 * not received, disposed, replaced, or a code nobody knows. kitStepOf() sends all of those to Registered, as the
 * patient tracker's fallback does; the provider timeline does not call such a kit registered.
 */
export function reachedStepOf(code: number | null | undefined): KitStep | null {
  const step = kitStepOf(code);
  if (step !== KitStep.Registered) return step;
  return kitDisplayStatus(code) === KitDisplayStatus.Registered ? step : null;
}

/** Kits §4: QC failed, the sample is rerun (2 weeks more); Failed, not enough specimen and a new kit is sent. */
export function failureMessage(failure: KitFailure): string {
  return failure.result === ProcessingResult.QcFailed ? TimelineText.qcFailed(REPROCESSING_WEEKS) : TimelineText.failed;
}

const MESSAGES = TimelineText.messages;

function messageOf(step: KitStep, state: StepState, replacement: boolean, fulfilment: Fulfilment): string {
  switch (step) {
    case KitStep.Registered:
      return (replacement ? MESSAGES.ordered : MESSAGES.registered)[state];
    case KitStep.SampleReceived:
      return MESSAGES.sampleReceived[state];
    case KitStep.SampleProcessing:
      return MESSAGES.sampleProcessing[state];
    default:
      return state === 'upcoming' ? MESSAGES.resultReady.upcoming : MESSAGES.resultReady[fulfilment];
  }
}

/** The furthest step the history shows, for a kit whose current code reaches none (e.g. disposed after processing). */
function furthestInHistory(kit: Pick<Kit, 'statusHistory'>): KitStep | null {
  let furthest: KitStep | null = null;
  for (const entry of kit.statusHistory) {
    const step = reachedStepOf(entry.status);
    if (step !== null && (furthest === null || step > furthest)) furthest = step;
  }
  return furthest;
}

function stateOf(step: KitStep, current: KitStep | null, furthest: KitStep | null): StepState {
  if (current === null) return furthest !== null && step <= furthest ? 'completed' : 'upcoming';
  // Completed is every step before the current one, or all of them when the current step is the last.
  if (step < current || current === KitStep.ResultReady) return 'completed';
  return step === current ? 'current' : 'upcoming';
}

type TimelineKit = Pick<Kit, 'status' | 'statusHistory' | 'samples' | 'source' | 'createdAt'>;

/** Kits §4: the provider-side timeline of a kit. */
export function kitTimeline(kit: TimelineKit, fulfilment: Fulfilment): KitTimeline {
  const replacement = kit.source !== null;
  const reached = reachedStepOf(kit.status?.status);
  // A replacement kit exists from its creation: its first step, Ordered, is at least where it stands.
  const current = reached ?? (replacement ? KitStep.Registered : null);
  const furthest = current === null ? furthestInHistory(kit) : null;

  const rerun = rerunNote(kit);
  const steps = KIT_STEPS.map((step) => {
    const state = stateOf(step, current, furthest);
    const ordered = replacement && step === KitStep.Registered;
    let date: string | null = null;
    if (ordered) date = kit.createdAt;
    else if (step === current) date = reached === null ? null : stepEnteredAt(kit);
    else if (state !== 'upcoming') date = latestDateOf(kit, reachedStepOf, step);
    return {
      step,
      title: ordered ? TimelineText.ordered : KIT_STEP_NAMES[step],
      state,
      date,
      duration: typicalDuration(step),
      message: messageOf(step, state, replacement, fulfilment),
      note: step === KitStep.SampleProcessing && state !== 'upcoming' ? rerun : null,
    };
  });

  const sorted = sortByDate(steps);
  const failure = currentFailure(kit);
  const highlight = highlightedIndex(sorted);
  return {
    failure,
    entries: sorted.map((entry, index) => ({
      ...entry,
      highlighted: index === highlight,
      failure: index === highlight && failure ? failureMessage(failure) : null,
    })),
  };
}

type Unsorted = Omit<TimelineEntry, 'highlighted' | 'failure'>;

/**
 * Dated entries by date ascending. An entry without a date keeps its place after the entry before it in step
 * order (a completed step the history does not date stays between its neighbours), and upcoming steps come last.
 */
function sortByDate(steps: readonly Unsorted[]): Unsorted[] {
  let previous = Number.NEGATIVE_INFINITY;
  const keyed = steps.map((entry, order) => {
    const at = dateTime(entry.date);
    if (entry.state === 'upcoming') return { entry, order, key: Number.POSITIVE_INFINITY };
    if (!Number.isNaN(at)) previous = at;
    return { entry, order, key: Number.isNaN(at) ? previous : at };
  });
  return keyed.sort((a, b) => a.key - b.key || a.order - b.order).map(({ entry }) => entry);
}

/** The last entry, by date, of the steps the kit has got to (upcoming ones sort last); none when it reached none. */
function highlightedIndex(entries: readonly Unsorted[]): number {
  return entries.findLastIndex((entry) => entry.state !== 'upcoming');
}
