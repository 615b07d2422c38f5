import { API_BASE_PATH } from '../../model/constants';
import type { ManifestKind, ManifestRowError, ManifestSample } from '../../model/orders/manifest';
import { manifestTemplatePath, type ManifestTemplateFormat } from '../../model/orders/manifest-templates';
import { config } from '../http/config';

/**
 * Issue 9 item 5: the chosen manifest is read and every row checked in a worker, so that SheetJS loads only
 * there (only on this page) and a large file never freezes the page. One check at a time: a new one, or an
 * abort (another file chosen, the page left), ends the one under way with its worker.
 */

export interface ManifestCheckRequest {
  /** Posted as it is: a File crosses to the worker as a handle, and the worker reads its bytes. */
  file: File;
  /** Decides the columns and the Product IDs the rows may name (the ordering document's, never the catalogue's). */
  unitType: number;
}

/** What the page shows of a checked file: why it cannot be read, its row errors, or how many rows go and the first ones. */
export type ManifestOutcome =
  | { kind: 'unreadable'; reason: string }
  | { kind: 'invalid'; errors: readonly ManifestRowError[] }
  | { kind: 'ready'; count: number; preview: readonly ManifestSample[] };

export type ManifestWorkerReply = { ok: true; outcome: ManifestOutcome } | { ok: false; message: string };

/** The reason an aborted check rejects with: the signal's own when it is an Error. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The manifest check was cancelled', 'AbortError');
}

const KINDS: readonly string[] = ['unreadable', 'invalid', 'ready'];

function isReply(data: unknown): data is ManifestWorkerReply {
  if (typeof data !== 'object' || data === null || !('ok' in data)) return false;
  if (data.ok === false) return 'message' in data && typeof data.message === 'string';
  return (
    'outcome' in data &&
    typeof data.outcome === 'object' &&
    data.outcome !== null &&
    'kind' in data.outcome &&
    typeof data.outcome.kind === 'string' &&
    KINDS.includes(data.outcome.kind)
  );
}

let worker: Worker | null = null;
let cancelCurrent: (() => void) | null = null;

function startWorker(): Worker {
  return new Worker(new URL('./manifest-worker.ts', import.meta.url), { type: 'module', name: 'manifest-check' });
}

function endWorker(ended: Worker) {
  ended.terminate();
  if (worker === ended) worker = null;
}

function ask(request: ManifestCheckRequest, signal: AbortSignal): Promise<ManifestOutcome> {
  cancelCurrent?.();
  const current = (worker ??= startWorker());
  return new Promise<ManifestOutcome>((resolve, reject) => {
    const finish = () => {
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
      cancelCurrent = null;
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      finish();
      if (!isReply(event.data)) reject(new Error('The manifest check answered in an unknown shape'));
      else if (event.data.ok) resolve(event.data.outcome);
      else reject(new Error(event.data.message));
    };
    const onError = (event: ErrorEvent) => {
      finish();
      // A worker that failed to start or crashed is not trusted with the next file.
      endWorker(current);
      reject(new Error(event.message || 'The manifest check stopped'));
    };
    const onAbort = () => {
      finish();
      endWorker(current);
      reject(abortReason(signal));
    };
    cancelCurrent = () => onAbort();
    current.addEventListener('message', onMessage);
    current.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
    current.postMessage(request);
  });
}

/** The adapter the manifest check machine calls; view tests replace `run` with the worker's handler run in place. */
export const manifestChecker = {
  run(request: ManifestCheckRequest, signal: AbortSignal): Promise<ManifestOutcome> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return ask(request, signal);
  },
};

/** Saves a file the page made (the row errors as CSV) through a temporary link, as a download. */
export function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A template's address: the API serves them without sign-in, so a new tab opens them directly. */
export function manifestTemplateUrl(kind: ManifestKind, format: ManifestTemplateFormat): string {
  return `${config.apiBasePath ?? API_BASE_PATH}${manifestTemplatePath(kind, format)}`;
}
