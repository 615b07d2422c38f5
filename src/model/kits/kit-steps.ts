import type { Kit } from './kit';
import { isFailedResult, KitDisplayStatus, kitDisplayStatus, ProcessingResult } from './kit-status';

/**
 * Kits §4 and §9: the four steps a kit goes through (Registered, Sample Received, Sample Processing, Result
 * Ready), the typical duration of each and the kit's latest failure. Which failure counts, when a kit is expected
 * and when it is delayed are the kit story's rules (kit-story.ts).
 */

export const KitStep = { Registered: 0, SampleReceived: 1, SampleProcessing: 2, ResultReady: 3 } as const;
export type KitStep = (typeof KitStep)[keyof typeof KitStep];
export const KIT_STEPS: readonly KitStep[] = Object.values(KitStep);
/** Kits §9: four kit steps. */
export const KIT_STEP_COUNT = KIT_STEPS.length;

export const KIT_STEP_NAMES: Readonly<Record<KitStep, string>> = {
  [KitStep.Registered]: 'Registered',
  [KitStep.SampleReceived]: 'Sample Received',
  [KitStep.SampleProcessing]: 'Sample Processing',
  [KitStep.ResultReady]: 'Result Ready',
};

/** Kits §4 typical durations in weeks, lower and upper; Result Ready is "Done". */
export const KIT_STEP_WEEKS: Readonly<Record<Exclude<KitStep, 3>, readonly [number, number]>> = {
  [KitStep.Registered]: [3, 5],
  [KitStep.SampleReceived]: [3, 4],
  [KitStep.SampleProcessing]: [2, 4],
};

/** Kits §9: "Kit reprocessing adds 2 weeks." */
export const REPROCESSING_WEEKS = 2;

/**
 * The typical duration as the timeline writes it: "3-5 weeks". Result Ready is the end, not a stretch of time:
 * kits §4 gives it "Done", which beside a kit's own state (ready, or being rerun) promised what was not so
 * (issue 41), so it shows none.
 */
export function typicalDuration(step: KitStep): string | null {
  if (step === KitStep.ResultReady) return null;
  const [from, to] = KIT_STEP_WEEKS[step];
  return `${from}-${to} weeks`;
}

/**
 * The step a display status stands in. Lab work after receipt up to the report (processing, reprocessing, the
 * report being made, data uploaded, approval) is Sample Processing; anything else falls back to Registered, as
 * the patient tracker's rule says of an unknown status.
 */
export function kitStepOf(code: number | null | undefined): KitStep {
  switch (kitDisplayStatus(code)) {
    case KitDisplayStatus.SampleReceived:
      return KitStep.SampleReceived;
    case KitDisplayStatus.SampleProcessing:
    case KitDisplayStatus.ReprocessingInLab:
    case KitDisplayStatus.ReportInProcess:
    case KitDisplayStatus.AbsDataUploaded:
    case KitDisplayStatus.Approved:
      return KitStep.SampleProcessing;
    case KitDisplayStatus.ResultReady:
      return KitStep.ResultReady;
    default:
      return KitStep.Registered;
  }
}

export interface KitFailure {
  /** QcFailed: the sample is rerun (2 weeks more); Failed: not enough specimen, a new kit is sent to recollect. */
  readonly result: typeof ProcessingResult.Failed | typeof ProcessingResult.QcFailed;
  readonly processingDate: string | null;
}

/**
 * A date's time in milliseconds, or `unreadable` when there is no date or Date.parse cannot read it: NaN unless
 * told otherwise, so that every comparison with it is false. Where dates are ordered, Number.NEGATIVE_INFINITY
 * puts an unreadable date before every readable one and level with another unreadable one (Date.parse never
 * answers an infinity, so neither value can be a real date's).
 */
export function dateTime(date: string | null | undefined, unreadable: number = Number.NaN): number {
  const value = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(value) ? unreadable : value;
}

/** A date's time for sorting and comparing: an unreadable date comes before every readable one. */
const sortTime = (date: string | null | undefined): number => dateTime(date, Number.NEGATIVE_INFINITY);

/**
 * The latest readable date in the history at which the kit was in this step, as `stepOf` maps a status code to a
 * step (the provider timeline and the patient tracker map some codes differently); a date nobody can read is
 * passed over, and null means the history dates the step nowhere.
 */
export function latestDateOf(
  kit: Pick<Kit, 'statusHistory'>,
  stepOf: (code: number | null | undefined) => KitStep | null,
  step: KitStep,
): string | null {
  let latest: string | null = null;
  for (const entry of kit.statusHistory) {
    if (stepOf(entry.status) !== step || Number.isNaN(dateTime(entry.date))) continue;
    if (latest === null || dateTime(entry.date) > dateTime(latest)) latest = entry.date;
  }
  return latest;
}

/** Kits §4: the kit's latest failed processing by processingDate, or null when no sample failed (whether it still counts: kit-story.ts). */
export function latestFailure(kit: Pick<Kit, 'samples'>): KitFailure | null {
  let latest: KitFailure | null = null;
  for (const sample of kit.samples) {
    if (!isFailedResult(sample.status)) continue;
    if (latest && sortTime(sample.processingDate) < sortTime(latest.processingDate)) continue;
    latest = {
      result: sample.status === ProcessingResult.QcFailed ? ProcessingResult.QcFailed : ProcessingResult.Failed,
      processingDate: sample.processingDate,
    };
  }
  return latest;
}

/** When the kit entered its current step: the first history entry of that step after any of a later step, else the status date. */
export function stepEnteredAt(kit: Pick<Kit, 'status' | 'statusHistory'>): string | null {
  const step = kitStepOf(kit.status?.status);
  const history = [...kit.statusHistory].sort((a, b) => sortTime(a.date) - sortTime(b.date));
  let entered: string | null = null;
  for (const entry of history) {
    if (kitStepOf(entry.status) === step) entered ??= entry.date;
    else entered = null;
  }
  return entered ?? kit.status?.date ?? null;
}
