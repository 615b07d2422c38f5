import { forgetUpload, storedUploads, type UploadOwner } from './analysis-storage';
import { http } from '../http/http';

/**
 * Issue 42: after a reload, or on another day, the page offers to resume what did not finish: each stored upload of
 * the signed-in account, with how much the server holds (a HEAD, as tus resumes). An upload the server no longer has
 * (removed after a while, 404 or 410) is forgotten and not offered.
 */

export interface UnfinishedUpload {
  readonly fileName: string;
  readonly size: number;
  /** Bytes the server holds; null when it could not be asked (offline). */
  readonly sent: number | null;
  /** When the upload started, as an ISO date. */
  readonly startedAt: string;
  readonly uploadUrl: string;
}

/** At most this many are offered: more is a browser that has collected leftovers, not work in progress. */
const OFFERED = 3;

async function heldBytes(uploadUrl: string, signal?: AbortSignal): Promise<number | null | 'gone'> {
  const token = await http.bearer({ live: true });
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(uploadUrl, { method: 'HEAD', headers, signal, cache: 'no-store' });
    if (response.status === 404 || response.status === 410) return 'gone';
    const offset = Number.parseInt(response.headers.get('Upload-Offset') ?? '', 10);
    return response.ok && Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

export async function unfinishedUploads(owner: UploadOwner, options: { signal?: AbortSignal } = {}): Promise<UnfinishedUpload[]> {
  const stored = (await storedUploads(owner)).slice(0, OFFERED);
  const found = await Promise.all(
    stored.map(async (entry): Promise<UnfinishedUpload | null> => {
      const uploadUrl = entry.uploadUrl ?? '';
      const sent = await heldBytes(uploadUrl, options.signal);
      if (sent === 'gone') {
        await forgetUpload(uploadUrl);
        return null;
      }
      const started = new Date(entry.creationTime);
      return {
        fileName: entry.metadata.filename ?? '',
        size: entry.size ?? 0,
        sent,
        startedAt: Number.isNaN(started.getTime()) ? '' : started.toISOString(),
        uploadUrl,
      };
    }),
  );
  return found.filter((upload): upload is UnfinishedUpload => upload !== null);
}
