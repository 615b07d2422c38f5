import dayjs from 'dayjs';
import type { Kit } from './kit';
import { hasResultsReady, isFailedResult, isInProgress, ProcessingResult } from './kit-status';
import {
  dateTime,
  KIT_STEP_WEEKS,
  KIT_STEPS,
  KitStep,
  kitStepOf,
  latestFailure,
  REPROCESSING_WEEKS,
  stepEnteredAt,
  type KitFailure,
} from './kit-steps';
import { KitStoryText as T } from './kit-story-texts';

/**
 * Issue 41 point 1, "one truthful kit story": the rules the patient tracker, the patient's cards, the provider
 * timeline, the kit page's badges and the kit list all read, so that they never tell one kit two ways.
 *
 * - A failure counts only while it is the kit's latest processing result and the kit has not since reached Result
 *   Ready. An earlier failure that was rerun is history ("Rerun after a failed quality check"), never an error.
 * - When the results are expected: each step from the current one on is expected done at the upper bound of its
 *   typical duration (kits §4) after the one before it, counted from when the kit entered its current step; a QC
 *   rerun adds its 2 weeks (kits §9) to Sample Processing; Result Ready is expected when Sample Processing is done.
 *   A kit not in progress (not registered, not received, disposed, replaced, ready), one whose sample failed for
 *   good, or one whose step date nobody can read has no ETA.
 * - A kit is delayed once it has stayed in its step whole days past the step's upper bound, or its expected date is
 *   whole days past. While its expected date is still to come it says "Delayed — expected by {date}"; once that
 *   date has passed, "Delayed — taking longer than usual": a date already gone is never shown as a promise.
 * - Dates are compared with `now`, which the caller takes from the app's clock adapter.
 */

export type StoryKit = Pick<Kit, 'status' | 'statusHistory' | 'samples'>;

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

/**
 * A sample without a processing date has not been processed yet (a rerun waiting its turn), so it is the kit's
 * current one: it counts as later than any dated result.
 */
const processedAt = (date: string | null | undefined): number => dateTime(date, Number.POSITIVE_INFINITY);

/**
 * The kit's latest processing result (kits §3 "Processing result codes") by processingDate; of two on the same date
 * (or both undated), the later in the list.
 */
export function latestSample(kit: Pick<Kit, 'samples'>): Kit['samples'][number] | null {
  let latest: { sample: Kit['samples'][number]; time: number } | null = null;
  for (const sample of kit.samples) {
    const time = processedAt(sample.processingDate);
    if (latest === null || time >= latest.time) latest = { sample, time };
  }
  return latest?.sample ?? null;
}

/** The kit reached Result Ready at or after this date (or is there now). */
function readySince(kit: Pick<Kit, 'status' | 'statusHistory'>, date: string | null): boolean {
  if (hasResultsReady(kit.status?.status)) return true;
  const from = dateTime(date, Number.NEGATIVE_INFINITY);
  return kit.statusHistory.some((entry) => hasResultsReady(entry.status) && dateTime(entry.date) >= from);
}

/** The failure that counts now: the latest processing result, failed, and no Result Ready since; else null. */
export function currentFailure(kit: StoryKit): KitFailure | null {
  const latest = latestSample(kit);
  if (!latest || !isFailedResult(latest.status) || readySince(kit, latest.processingDate)) return null;
  return {
    result: latest.status === ProcessingResult.QcFailed ? ProcessingResult.QcFailed : ProcessingResult.Failed,
    processingDate: latest.processingDate,
  };
}

/** An earlier failure that no longer counts (the sample was rerun since): the kit's history line, or null. */
export function rerunNote(kit: StoryKit): string | null {
  if (currentFailure(kit)) return null;
  const earlier = latestFailure(kit);
  if (!earlier) return null;
  return earlier.result === ProcessingResult.QcFailed ? T.rerunAfterQc : T.rerunAfterFailure;
}

export interface KitSchedule {
  /** When each step from the current one on is expected done, as ISO strings; empty when the kit has no ETA. */
  readonly due: ReadonlyMap<KitStep, string>;
  /** Whole days the kit has stayed in its current step past the step's upper bound; 0 when it has not. */
  readonly daysLate: number;
}

const NO_SCHEDULE: KitSchedule = { due: new Map(), daysLate: 0 };

/** Whole days from `date` to `now`: 0 on the day itself, negative before it. */
function daysSince(date: string, now: Date): number {
  return Math.floor((now.getTime() - dayjs(date).valueOf()) / DAY_MS);
}

/** The kit's expected dates and how late it is (see the rules above). */
export function kitSchedule(kit: StoryKit, now: Date): KitSchedule {
  const code = kit.status?.status;
  if (!isInProgress(code)) return NO_SCHEDULE;
  if (currentFailure(kit)?.result === ProcessingResult.Failed) return NO_SCHEDULE;
  const entered = stepEnteredAt(kit);
  if (!entered || !dayjs(entered).isValid()) return NO_SCHEDULE;
  const current = kitStepOf(code);
  const rerun = latestFailure(kit)?.result === ProcessingResult.QcFailed;
  const weeksOf = (step: Exclude<KitStep, 3>) =>
    KIT_STEP_WEEKS[step][1] + (rerun && step === KitStep.SampleProcessing ? REPROCESSING_WEEKS : 0);

  const due = new Map<KitStep, string>();
  let at = dayjs(entered);
  for (const step of KIT_STEPS) {
    if (step < current) continue;
    if (step !== KitStep.ResultReady) at = at.add(weeksOf(step), 'week');
    due.set(step, at.toISOString());
  }
  const bound = current === KitStep.ResultReady ? 0 : weeksOf(current) * WEEK_DAYS;
  return { due, daysLate: Math.max(0, daysSince(entered, now) - bound) };
}

/** When the results are expected and whether the kit is delayed. */
export interface KitEta {
  readonly date: string;
  readonly delayed: boolean;
  /** The expected date itself is whole days past, so it is not shown. */
  readonly past: boolean;
}

/** An expected date whole days past. */
export function isPast(date: string, now: Date): boolean {
  return daysSince(date, now) > 0;
}

/** The kit's ETA (its Result Ready date), or null when it has none. */
export function kitEta(kit: StoryKit, now: Date): KitEta | null {
  const schedule = kitSchedule(kit, now);
  const date = schedule.due.get(KitStep.ResultReady);
  if (!date) return null;
  const past = isPast(date, now);
  return { date, delayed: schedule.daysLate > 0 || past, past };
}

export function formatStoryDate(date: string): string {
  return dayjs(date).format(T.dateFormat);
}

/**
 * "ETA {date}"; "Delayed — expected by {date}" for a delayed kit whose date is still to come; "Delayed — taking
 * longer than usual" once that date has passed: the same words on every screen.
 */
export function etaText(eta: KitEta): string {
  if (eta.past) return T.longerThanUsual;
  return eta.delayed ? T.delayed(formatStoryDate(eta.date)) : T.eta(formatStoryDate(eta.date));
}

/** One step's expected date in words: "Delayed — taking longer than usual" once it has passed. */
export function stepEtaText(date: string, now: Date): string {
  const past = isPast(date, now);
  return etaText({ date, delayed: past, past });
}

/** The kit that replaces this one among these kits (a patient's own), by the source it names; null for none. */
export function replacementOf<TKit extends Pick<Kit, 'barcode' | 'source'>>(kit: Pick<Kit, 'barcode'>, kits: readonly TKit[]): TKit | null {
  return kits.find((other) => other.source?.barcode === kit.barcode && other.barcode !== kit.barcode) ?? null;
}

/** The product the kit is of, as the answer names it; null (show nothing) when it does not. */
export function productNameOf(kit: Pick<Kit, 'product'>): string | null {
  const name = kit.product?.name?.trim();
  return name ? name : null;
}
