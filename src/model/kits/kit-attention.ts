import type { Kit } from './kit';
import { KitStatus } from './kit-status';
import { currentFailure, latestSample } from './kit-story';

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

/** The kit's latest processing result (kits §3 "Processing result codes"), as the kit story reads it. */
export function latestProcessingResult(kit: Pick<Kit, 'samples'>): number | null {
  return latestSample(kit)?.status ?? null;
}

/**
 * What the list marks beside a kit's status: ActionNeeded asks for action; a failure code, or a failure that still
 * counts (the kit story's rule: the latest processing result, failed, without Result Ready since), is a failed
 * sample; anything else is no trouble.
 */
export function kitAttention(kit: Pick<Kit, 'status' | 'statusHistory' | 'samples'>): KitAttention | null {
  const code = kit.status?.status;
  if (code === KitStatus.ActionNeeded) return KitAttention.ActionNeeded;
  if ((code !== null && code !== undefined && FAILURE_CODES.includes(code)) || currentFailure(kit) !== null)
    return KitAttention.SampleFailed;
  return null;
}
