import type { Kit } from './kit';
import { isFailedResult, KitStatus } from './kit-status';
import { dateTime } from './kit-steps';

/**
 * Kits §3 and §4, for the kit list: a kit whose sample failed or that needs action shows it beside its status.
 * Its display status alone does not say so: DnaFail, ImageBeadchipFail and the failed metrics and quality checks
 * all read "Sample Processing" (the lab reruns them), and ActionNeeded too. The mark is words, not a colour only.
 */

export const KitAttention = { SampleFailed: 'sampleFailed', ActionNeeded: 'actionNeeded' } as const;
export type KitAttention = (typeof KitAttention)[keyof typeof KitAttention];

/** The status codes that name a failed lab step (kits §3). */
const FAILURE_CODES: readonly number[] = [
  KitStatus.DnaFail,
  KitStatus.ImageBeadchipFail,
  KitStatus.MetricsQuantificationFailed,
  KitStatus.QualityControlFailed,
];

/**
 * A sample without a processing date has not been processed yet (a rerun waiting its turn), so it is the kit's
 * current one: it counts as later than any dated result.
 */
const timeOf = (date: string | null | undefined): number => dateTime(date, Number.POSITIVE_INFINITY);

/**
 * The kit's latest processing result (kits §3 "Processing result codes") by processingDate; of two on the same date
 * (or both undated), the later in the list. A rerun that completed after a failure, or is waiting to be processed,
 * is therefore no longer trouble.
 */
export function latestProcessingResult(kit: Pick<Kit, 'samples'>): number | null {
  let latest: { status: number | null; time: number } | null = null;
  for (const sample of kit.samples) {
    const time = timeOf(sample.processingDate);
    if (latest === null || time >= latest.time) latest = { status: sample.status, time };
  }
  return latest?.status ?? null;
}

/**
 * What the list marks beside a kit's status: ActionNeeded asks for action; a failure code, or a latest processing
 * result of Failed or QcFailed (kits §4 "failure states"), is a failed sample; anything else is no trouble.
 */
export function kitAttention(kit: Pick<Kit, 'status' | 'samples'>): KitAttention | null {
  const code = kit.status?.status;
  if (code === KitStatus.ActionNeeded) return KitAttention.ActionNeeded;
  if ((code !== null && code !== undefined && FAILURE_CODES.includes(code)) || isFailedResult(latestProcessingResult(kit)))
    return KitAttention.SampleFailed;
  return null;
}
