import dayjs from 'dayjs';
import type { Kit } from '../kits/kit';
import { KitDisplayStatus, kitDisplayStatus, hasResultsReady, isInProgress, ProcessingResult } from '../kits/kit-status';
import {
  KIT_STEP_COUNT,
  KIT_STEP_NAMES,
  KIT_STEP_WEEKS,
  KIT_STEPS,
  KitStep,
  kitStepOf,
  latestDateOf,
  latestFailure,
  REPROCESSING_WEEKS,
  stepEnteredAt,
  typicalDuration,
} from '../kits/kit-steps';
import { failureMessage } from '../kits/timeline';
import { PatientKitStatusText, PatientTrackerText as T } from './patient-tracker-texts';

/**
 * Kits §4 "Patient tracker": the four steps of a patient's kit, each completed, current or upcoming.
 *
 * - An unknown status falls back to Registered (kitStepOf does so for every code that reaches no step).
 * - Completed is every step before the current one, or all of them when the current step is the last; a
 *   completed step is dated with the latest date the history gives for it.
 * - The current step reads "In Progress", or "Failed" for a replaced original kit; an upcoming one "Upcoming";
 *   the last step of a ready kit "Ready".
 * - A failed sample puts the Error badge and "Sample Failed: {reason}" on the current step, the reason as the
 *   latest failure by processingDate decides (the provider timeline's rule).
 * - A replacement kit says which kit it replaces; a replaced original says so, and its history shows the
 *   result-ready slot as "Ordered", numbered 5, dated from the replacement's creation.
 *
 * The documents give each step "an ETA and typical duration text" without values. The typical duration is the
 * provider timeline's (3-5, 3-4, 2-4 weeks, Done). The ETA is decided here from the same figures: a step in
 * progress or to come is expected done at the upper bound of its duration after the one before it, counted from
 * when the kit entered its current step; a QC failure's rerun adds its 2 weeks to Sample Processing; Result Ready
 * is expected when Sample Processing is done. A kit not in progress (not registered, not received, disposed,
 * replaced), one whose sample failed for good, or one with no readable step date has no ETA.
 *
 * A card of the several-kit grid says "Done" for a ready kit and "ETA {x}" when an ETA is known; a kit with neither
 * (see above) shows no such line rather than a made-up one. A kit's replacement is looked for among the patient's
 * own kits, by the source it names (kitTrackerAmong).
 */

export type TrackerStepState = 'completed' | 'current' | 'upcoming';

/** The fixed number the replaced original's "Ordered" entry shows in its history (kits §4). */
export const ORDERED_SLOT_NUMBER = 5;

export interface TrackerStep {
  readonly step: KitStep;
  /** The number the step shows: 1 to 4, or 5 for a replaced original's "Ordered". */
  readonly number: number;
  readonly title: string;
  readonly state: TrackerStepState;
  /** "In Progress", "Failed", "Upcoming" or "Ready"; null for a completed step, which shows its date. */
  readonly label: string | null;
  /** A completed step's latest date in the history (or the replacement's creation for "Ordered"). */
  readonly date: string | null;
  /** When a step in progress or to come is expected done; null when there is none (see above). */
  readonly eta: string | null;
  /** Kits §4's typical duration: "3-5 weeks", …, "Done". */
  readonly duration: string;
  /** The current step of a kit whose sample failed: the Error badge and the "Sample Failed:" message. */
  readonly failure: string | null;
}

export interface KitTracker {
  readonly steps: readonly TrackerStep[];
  /** "Step x of n": x. */
  readonly stepNumber: number;
  readonly stepCount: number;
  readonly ready: boolean;
  /** A sample failed: the card's "Error" badge. */
  readonly failed: boolean;
  /** When the results are expected ("ETA {x}"), null when ready or unknown. */
  readonly eta: string | null;
  /** "This kit replaces {barcode} (failed during processing)", or null for a kit that replaces none. */
  readonly replaces: string | null;
  /** The kit was replaced after a processing failure: "Original Kit (Replaced)" with its history. */
  readonly replaced: boolean;
  /** A replaced original's expandable history; empty for any other kit. */
  readonly history: readonly TrackerStep[];
}

export type TrackerKit = Pick<Kit, 'barcode' | 'status' | 'statusHistory' | 'samples' | 'source' | 'createdAt'>;

/** The kit that replaces this one among the patient's kits, by the source it names. */
export function replacementOf<TKit extends Pick<Kit, 'barcode' | 'source'>>(kit: Pick<Kit, 'barcode'>, kits: readonly TKit[]): TKit | null {
  return kits.find((other) => other.source?.barcode === kit.barcode && other.barcode !== kit.barcode) ?? null;
}

/** Expected done dates of the steps from the current one on, as ISO strings; empty when the kit has no ETA. */
function etas(kit: TrackerKit, current: KitStep, rerun: boolean): Map<KitStep, string> {
  const found = new Map<KitStep, string>();
  const entered = stepEnteredAt(kit);
  if (!isInProgress(kit.status?.status) || !entered || !dayjs(entered).isValid()) return found;
  let at = dayjs(entered);
  for (const step of KIT_STEPS) {
    if (step < current) continue;
    if (step === KitStep.ResultReady) {
      found.set(step, at.toISOString());
      continue;
    }
    const weeks = KIT_STEP_WEEKS[step][1] + (rerun && step === KitStep.SampleProcessing ? REPROCESSING_WEEKS : 0);
    at = at.add(weeks, 'week');
    found.set(step, at.toISOString());
  }
  return found;
}

interface TrackerOptions {
  /** The kit that replaced this one, when the patient's kits hold it. */
  replacement?: Pick<Kit, 'createdAt'> | null;
}

export function kitTracker(kit: TrackerKit, { replacement = null }: TrackerOptions = {}): KitTracker {
  const code = kit.status?.status;
  const current = kitStepOf(code);
  const ready = hasResultsReady(code);
  const replaced = replacement !== null || kitDisplayStatus(code) === KitDisplayStatus.ReplacementRequested;
  const failure = latestFailure(kit);
  const failedForGood = failure?.result === ProcessingResult.Failed;
  const due = replaced || failedForGood ? new Map<KitStep, string>() : etas(kit, current, failure?.result === ProcessingResult.QcFailed);

  const steps = KIT_STEPS.map((step): TrackerStep => {
    const state: TrackerStepState =
      step < current || current === KitStep.ResultReady ? 'completed' : step === current ? 'current' : 'upcoming';
    let label: string | null = null;
    if (ready && step === KitStep.ResultReady) label = T.ready;
    else if (state === 'current') label = replaced ? T.failed : T.inProgress;
    else if (state === 'upcoming') label = T.upcoming;
    return {
      step,
      number: step + 1,
      title: KIT_STEP_NAMES[step],
      state,
      label,
      date: state === 'completed' ? latestDateOf(kit, kitStepOf, step) : null,
      eta: state === 'completed' ? null : (due.get(step) ?? null),
      duration: typicalDuration(step),
      failure: state === 'current' && failure ? T.sampleFailed(failureMessage(failure)) : null,
    };
  });

  return {
    steps,
    stepNumber: current + 1,
    stepCount: KIT_STEP_COUNT,
    ready,
    failed: failure !== null,
    eta: ready ? null : (due.get(KitStep.ResultReady) ?? null),
    replaces: kit.source?.barcode ?? null,
    replaced,
    history: replaced ? originalHistory(steps, replacement) : [],
  };
}

/** A replaced original's history: its own steps, with the result-ready slot taken by the replacement's "Ordered". */
function originalHistory(steps: readonly TrackerStep[], replacement: Pick<Kit, 'createdAt'> | null): TrackerStep[] {
  return steps.map((entry) =>
    entry.step === KitStep.ResultReady
      ? {
          ...entry,
          number: ORDERED_SLOT_NUMBER,
          title: T.ordered,
          state: 'completed',
          label: null,
          date: replacement?.createdAt ?? null,
          eta: null,
          duration: '',
          failure: null,
        }
      : entry,
  );
}

/** Kits §8: a date the tracker cannot read shows "Invalid Date"; a readable one as "Jan 5, 2026". */
export function formatTrackerDate(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? day.format(T.dateFormat) : T.invalidDate;
}

/** A kit's tracker among the patient's kits, which may hold the kit that replaced it. */
export function kitTrackerAmong<TKit extends TrackerKit>(kit: TKit, kits: readonly TKit[]): KitTracker {
  return kitTracker(kit, { replacement: replacementOf(kit, kits) });
}

/** Kits §2, a card of the several-kit grid: "Step x of n", "Done" or "ETA {x}", and its button. */
export interface TrackerSummary {
  readonly step: string;
  /** "Done" for a ready kit, "ETA {date}" when one is known, else nothing. */
  readonly progress: string | null;
  /** "View Results" if ready, else "View Details". */
  readonly action: string;
}

export function trackerSummary(tracker: KitTracker): TrackerSummary {
  let progress: string | null = null;
  if (tracker.ready) progress = T.done;
  else if (tracker.eta) progress = T.eta(formatTrackerDate(tracker.eta));
  return {
    step: T.stepOf(tracker.stepNumber, tracker.stepCount),
    progress,
    action: tracker.ready ? PatientKitStatusText.viewResults : PatientKitStatusText.viewDetails,
  };
}
