import * as v from 'valibot';
import { FulfilmentType } from '../../model/enums';
import type { Practice } from '../../model/practice/practice';
import { config } from '../http/config';

/**
 * Ordering §1: a local debug override stored in the browser can replace the practice's billingType and
 * fulfilmentType, so a developer sees the Net 30 or per-order pages, or a digital checkout, without changing
 * the practice. Only development builds honour it: a production (or e2e) build never lets browser storage
 * change what the server says about billing.
 *
 * In the browser console: localStorage.setItem('portal-debug-override', JSON.stringify({ billingType: 1 }))
 */

export const DEBUG_OVERRIDE_STORAGE_KEY = 'portal-debug-override';

const DebugOverrideSchema = v.object({
  billingType: v.optional(v.pipe(v.number(), v.integer())),
  fulfilmentType: v.optional(v.picklist([FulfilmentType.Digital, FulfilmentType.Physical])),
});
export type DebugOverride = v.InferOutput<typeof DebugOverrideSchema>;

export interface DebugOverrideOptions {
  /** Whether this build honours the override: development builds only. */
  enabled: boolean;
  storage: Pick<Storage, 'getItem'> | null;
}

/** The stored override; nothing when the build ignores it, nothing is stored, or what is stored is not one. */
export function readDebugOverride({ enabled, storage }: DebugOverrideOptions): DebugOverride | null {
  if (!enabled || !storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(DEBUG_OVERRIDE_STORAGE_KEY);
  } catch {
    // Storage may be blocked (privacy settings); then there is no override.
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) return null;
  const result = v.safeParse(DebugOverrideSchema, parsed);
  return result.success ? result.output : null;
}

/** The practice as the override would have it: only the two fields it names change. */
export function applyDebugOverride(practice: Practice, override: DebugOverride | null): Practice {
  if (!override) return practice;
  return {
    ...practice,
    ...(override.billingType === undefined ? {} : { billingType: override.billingType }),
    ...(override.fulfilmentType === undefined ? {} : { fulfilmentType: override.fulfilmentType }),
  };
}

function browserStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

/** The override of this build, read at each call so a change in the console shows at the next load of the practice. */
export function currentDebugOverride(): DebugOverride | null {
  return readDebugOverride({ enabled: config.build.development, storage: browserStorage() });
}
