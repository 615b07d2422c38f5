import { AnalysisOutcomeSchema, ANALYSIS_UPLOADS_PATH, type AnalysisOutcome } from '../../model/orders/analysis';
import { AnalysisPageText } from '../../model/orders/analysis-texts';
import { ApiError, UserFacingError } from '../http/api-error';
import { http } from '../http/http';

/**
 * Issue 42: after the last byte the server checks the archive; GET /Analysis/Uploads/{id}/Outcome says where that
 * stands. The page asks every 2 s until the archive is accepted (the new order's number) or refused (what is wrong).
 */

export const OUTCOME_POLL_MS = 2_000;
/** Reading a 5 GB archive takes a minute or two; past 15 minutes the page stops asking and says what happens next. */
export const OUTCOME_LIMIT_MS = 15 * 60_000;

export type SettledOutcome = AnalysisOutcome & { state: 'accepted' | 'refused' };

/** The upload's id: the last part of its address (the server may answer a path or an absolute URL). */
export function uploadIdOf(uploadUrl: string): string {
  const path = new URL(uploadUrl, 'http://upload.invalid').pathname;
  return decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '');
}

export function readOutcome(uploadUrl: string, options: { signal?: AbortSignal } = {}): Promise<AnalysisOutcome> {
  return http.read(AnalysisOutcomeSchema, `${ANALYSIS_UPLOADS_PATH}/${encodeURIComponent(uploadIdOf(uploadUrl))}/Outcome`, options);
}

const abortReason = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The outcome was no longer awaited', 'AbortError');

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    });
  });
}

/** A failed ask is asked again (a lost connection, a busy server); a refusal of the call itself is not. */
const passing = (error: unknown) => error instanceof ApiError && (error.status === null || error.status >= 500);

/** Asks until the archive is accepted or refused; fails with a clear message past OUTCOME_LIMIT_MS. */
export async function settledOutcome(
  uploadUrl: string,
  options: { signal?: AbortSignal; read?: typeof readOutcome; now?: () => number } = {},
): Promise<SettledOutcome> {
  const read = options.read ?? readOutcome;
  const now = options.now ?? Date.now;
  const deadline = now() + OUTCOME_LIMIT_MS;
  for (;;) {
    try {
      const outcome = await read(uploadUrl, { signal: options.signal });
      if (outcome.state === 'accepted' || outcome.state === 'refused') return { ...outcome, state: outcome.state };
    } catch (error) {
      if (options.signal?.aborted || !passing(error)) throw error;
    }
    if (now() + OUTCOME_POLL_MS > deadline) throw new UserFacingError(AnalysisPageText.checkTooLong);
    await wait(OUTCOME_POLL_MS, options.signal);
  }
}
