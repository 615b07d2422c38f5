import dayjs from 'dayjs';
import type { Kit } from '../kits/kit';
import { KitDisplayStatus, kitDisplayStatus, hasResultsReady } from '../kits/kit-status';
import { KIT_STEP_COUNT, KIT_STEP_NAMES, KIT_STEPS, KitStep, kitStepOf, latestDateOf, typicalDuration } from '../kits/kit-steps';
import { currentFailure, etaText, kitSchedule, kitEta, productNameOf, replacementOf, rerunNote, stepEtaText } from '../kits/kit-story';
import { failureMessage } from '../kits/timeline';
import { PatientKitStatusText, PatientTrackerText as T } from './patient-tracker-texts';

export { replacementOf } from '../kits/kit-story';

/**
 * Kits §4 "Patient tracker": the four steps of a patient's kit, each completed, current or upcoming, told as the kit
 * story (src/model/kits/kit-story.ts) tells it everywhere.
 *
 * - An unknown status falls back to Registered (kitStepOf does so for every code that reaches no step).
 * - Completed is every step before the current one, or all of them when the current step is the last; a
 *   completed step is dated with the latest date the history gives for it.
 * - The current step reads "In Progress", or "Failed" for a replaced original kit; an upcoming one "Upcoming";
 *   the last step of a ready kit "Ready".
 * - A failure that still counts puts the Error badge and "Sample Failed: {reason}" on the current step; an earlier
 *   one that was rerun is a line of Sample Processing's history ("Rerun after a failed quality check").
 * - Each step in progress or to come says when it is expected ("ETA {date}", or "Delayed — taking longer than usual"
 *   once past), the kit as a whole when its results are (kitEta). A replaced original has none.
 * - A replacement kit says which kit it replaces; a replaced original says so, names its replacement when the
 *   patient owns it ("Replaced by {barcode}"), and its history shows the result-ready slot as "Ordered", numbered 5,
 *   dated from the replacement's creation.
 * - The kit names its product when the answer does.
 *
 * A card of the several-kit grid says "Done" for a ready kit and its ETA words when it has an ETA; a kit with
 * neither shows no such line rather than a made-up one.
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
  /** When a step in progress or to come is expected done, in words; null when there is none (see above). */
  readonly eta: string | null;
  /** Kits §4's typical duration: "3-5 weeks", …; none for Result Ready and "Ordered". */
  readonly duration: string | null;
  /** Sample Processing's history of a failure rerun since: "Rerun after a failed quality check". */
  readonly note: string | null;
  /** The current step of a kit whose sample failed: the Error badge and the "Sample Failed:" message. */
  readonly failure: string | null;
}

export interface KitTracker {
  readonly steps: readonly TrackerStep[];
  /** "Step x of n": x. */
  readonly stepNumber: number;
  readonly stepCount: number;
  readonly ready: boolean;
  /** A failure that still counts: the card's "Error" badge. */
  readonly failed: boolean;
  /** When the results are expected ("ETA {x}", or a delay in kit-story.ts's words), null when ready or unknown. */
  readonly eta: string | null;
  /** The kit is delayed (kit-story.ts). */
  readonly delayed: boolean;
  /** The product's name, or null when the answer gives none. */
  readonly product: string | null;
  /** The barcode of the patient's own kit that replaced this one, or null. */
  readonly replacedBy: string | null;
  /** "This kit replaces {barcode} (failed during processing)", or null for a kit that replaces none. */
  readonly replaces: string | null;
  /** The kit was replaced after a processing failure: "Original Kit (Replaced)" with its history. */
  readonly replaced: boolean;
  /** A replaced original's expandable history; empty for any other kit. */
  readonly history: readonly TrackerStep[];
}

export type TrackerKit = Pick<Kit, 'barcode' | 'status' | 'statusHistory' | 'samples' | 'source' | 'createdAt' | 'product'>;

interface TrackerOptions {
  /** Today, from the app's clock: an expected date before it is a delay, not a promise. */
  now: Date;
  /** The kit that replaced this one, when the patient's kits hold it. */
  replacement?: Pick<Kit, 'createdAt' | 'barcode'> | null;
}

export function kitTracker(kit: TrackerKit, { now, replacement = null }: TrackerOptions): KitTracker {
  const code = kit.status?.status;
  const current = kitStepOf(code);
  const ready = hasResultsReady(code);
  const replaced = replacement !== null || kitDisplayStatus(code) === KitDisplayStatus.ReplacementRequested;
  const failure = currentFailure(kit);
  const rerun = rerunNote(kit);
  const due = replaced ? new Map<KitStep, string>() : kitSchedule(kit, now).due;
  const eta = replaced ? null : kitEta(kit, now);

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
      eta: state === 'completed' ? null : etaOf(due.get(step), now),
      duration: typicalDuration(step),
      note: step === KitStep.SampleProcessing && state !== 'upcoming' ? rerun : null,
      failure: state === 'current' && failure ? T.sampleFailed(failureMessage(failure)) : null,
    };
  });

  return {
    steps,
    stepNumber: current + 1,
    stepCount: KIT_STEP_COUNT,
    ready,
    failed: failure !== null,
    eta: ready || !eta ? null : etaText(eta),
    delayed: !ready && eta !== null && eta.delayed,
    product: productNameOf(kit),
    replacedBy: replacement?.barcode ?? null,
    replaces: kit.source?.barcode ?? null,
    replaced,
    history: replaced ? originalHistory(steps, replacement) : [],
  };
}

const etaOf = (date: string | undefined, now: Date): string | null => (date ? stepEtaText(date, now) : null);

/** A replaced original's history: its own steps, with the result-ready slot taken by the replacement's "Ordered". */
function originalHistory(steps: readonly TrackerStep[], replacement: Pick<Kit, 'createdAt' | 'barcode'> | null): TrackerStep[] {
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
          duration: null,
          note: null,
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
export function kitTrackerAmong<TKit extends TrackerKit>(kit: TKit, kits: readonly TKit[], now: Date): KitTracker {
  return kitTracker(kit, { now, replacement: replacementOf(kit, kits) });
}

/** Kits §2, a card of the several-kit grid: "Step x of n", "Done" or its ETA words, and its button. */
export interface TrackerSummary {
  readonly step: string;
  /** "Done" for a ready kit, its ETA words when it has an ETA, else nothing. */
  readonly progress: string | null;
  /** "View Results" if ready, else "View Details". */
  readonly action: string;
}

export function trackerSummary(tracker: KitTracker): TrackerSummary {
  let progress: string | null = null;
  if (tracker.ready) progress = T.done;
  else if (tracker.eta) progress = tracker.eta;
  return {
    step: T.stepOf(tracker.stepNumber, tracker.stepCount),
    progress,
    action: tracker.ready ? PatientKitStatusText.viewResults : PatientKitStatusText.viewDetails,
  };
}
