import { checkManifest } from '../../model/orders/manifest';
import { MANIFEST_MAX_BYTES, readManifestSheet } from '../../model/orders/manifest-sheet';
import { MANIFEST_PREVIEW_ROWS } from '../../model/orders/manifest-upload';
import type { ManifestCheckRequest, ManifestOutcome, ManifestWorkerReply } from './manifest-check';

/**
 * The manifest check's worker (issue 9 item 5): reads the file with the model's sheet reader and checks every
 * row with the same model code the server runs. Only this module imports the reader, so SheetJS is bundled
 * into the worker alone.
 */

/** Reads and checks one manifest. Exported so that unit tests, which have no Worker, run it directly. */
export async function handleManifestRequest(request: ManifestCheckRequest): Promise<ManifestOutcome> {
  // One byte past the limit is enough for the reader to refuse a file as too large, without reading all of it.
  const bytes = new Uint8Array(await request.file.slice(0, MANIFEST_MAX_BYTES + 1).arrayBuffer());
  const read = readManifestSheet(bytes, request.file.name);
  if (!read.ok) return { kind: 'unreadable', reason: read.reason };
  const check = checkManifest(read.sheet, { unitType: request.unitType });
  if (!check.ok) return { kind: 'invalid', errors: check.errors };
  return { kind: 'ready', count: check.samples.length, preview: check.samples.slice(0, MANIFEST_PREVIEW_ROWS) };
}

/** The reply posted back: the outcome, or why the check itself failed (never a crash of the worker). */
export async function replyTo(data: unknown): Promise<ManifestWorkerReply> {
  try {
    if (!isRequest(data)) return { ok: false, message: 'The manifest check received no file' };
    return { ok: true, outcome: await handleManifestRequest(data) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function isRequest(data: unknown): data is ManifestCheckRequest {
  return (
    typeof data === 'object' &&
    data !== null &&
    'file' in data &&
    data.file instanceof File &&
    'unitType' in data &&
    typeof data.unitType === 'number'
  );
}

// Listens only inside a worker: a page or a test that imports the handler has a window.
if (typeof window === 'undefined' && typeof self !== 'undefined') {
  self.addEventListener('message', (event: MessageEvent<unknown>) => {
    void replyTo(event.data).then((reply) => self.postMessage(reply));
  });
}
