import type { Json } from './portal-api-fake';
import type { Answer } from './portal-api-ordering';

/**
 * The analysis upload part of the contract fake, from the tus 1.0.0 protocol (core, creation and termination) and
 * issue 42's contract only: `POST /Analysis/Uploads` creates an upload of `Upload-Length` bytes with `filename` and
 * `filetype` in `Upload-Metadata` and answers `201` with the upload's Location, an absolute URL as a service behind
 * another host may give it; `HEAD` answers `Upload-Offset` and `Upload-Length`; `PATCH` appends at `Upload-Offset`,
 * `409` when the offset is not the upload's; `DELETE` terminates (`204`). `GET /Analysis/Uploads/{id}/Outcome` says
 * `uploading`, then `checking` for a while, then `accepted` with a new order's number or `refused` with a message and
 * its problems. Every call needs the bearer token; another practice's upload is a 404, as if it did not exist. The
 * fake reads what it received its own way (the local headers of a zip) and words its own refusals.
 */

type JsonObject = { [key: string]: Json };

/** A tus answer: the protocol's facts are headers; a refusal also has the usual failure body. */
export interface TusAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly json?: Json;
}

interface FakeUpload {
  readonly id: string;
  readonly practiceId: number;
  readonly length: number;
  readonly metadata: Record<string, string>;
  readonly chunks: Buffer[];
  offset: number;
  /** Outcome asks answered so far since the last byte. */
  asks: number;
  verdict: JsonObject | null;
}

const TUS = { 'Tus-Resumable': '1.0.0' };
const MAX_BYTES = 5 * 1024 ** 3;
const UPLOADS = /^\/analysis\/uploads\/?$/i;
const ONE_UPLOAD = /^\/analysis\/uploads\/([^/]+)$/i;
const OUTCOME = /^\/analysis\/uploads\/([^/]+)\/outcome$/i;
const IDAT = /^(\d{8,14})_(R\d{2}C\d{2})_(Grn|Red)\.idat$/i;

const refusal = (status: number, message: string): TusAnswer => ({ status, headers: TUS, json: { error: { message } } });

function metadataOf(header: string | undefined): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (!key) return null;
    metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

/** The names and first bytes of a zip's entries, read from their local headers; null when it is no zip. */
function zipEntries(archive: Buffer): { name: string; start: Buffer; size: number }[] | null {
  const entries: { name: string; start: Buffer; size: number }[] = [];
  let at = 0;
  while (at + 30 <= archive.length && archive.readUInt32LE(at) === 0x04034b50) {
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extraLength = archive.readUInt16LE(at + 28);
    const name = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const data = at + 30 + nameLength + extraLength;
    entries.push({ name, start: archive.subarray(data, data + 4), size });
    at = data + size;
  }
  return entries.length > 0 && archive.readUInt32LE(at) === 0x02014b50 ? entries : null;
}

export class AnalysisFake {
  private readonly uploads = new Map<string, FakeUpload>();
  private created = 0;
  private orders = 0;
  /** While set, PATCH answers wait: a journey sees the page mid-upload. */
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  /** How many Outcome asks after the last byte answer `checking` before the verdict. */
  checkingAsks = 1;
  /** Access tokens the upload service no longer takes, as when they expire in the middle of an upload. */
  private readonly expired = new Set<string>();

  /** From now on the upload calls refuse this token with 401, a held PATCH included. */
  expireToken(token: string): void {
    this.expired.add(token);
  }

  /** Holds every PATCH until `releaseChunks`. */
  holdChunks(): void {
    let open: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  releaseChunks(): void {
    this.gate?.open();
    this.gate = null;
  }

  /** Uploads of a practice the fake still holds (unfinished or finished and not deleted). */
  uploadsOf(practiceId: number): number {
    return [...this.uploads.values()].filter((upload) => upload.practiceId === practiceId).length;
  }

  /** The answer for a tus call, or null when the call is not one. */
  async tus(
    method: string,
    url: URL,
    path: string,
    headers: Record<string, string>,
    body: Buffer | null,
    account: { practiceId: number } | undefined,
  ): Promise<TusAnswer | null> {
    const one = ONE_UPLOAD.exec(path)?.[1];
    if (!(UPLOADS.test(path) && method === 'POST') && !(one && ['HEAD', 'PATCH', 'DELETE'].includes(method))) return null;
    const expired = () => this.expired.has((headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account || expired()) return refusal(401, 'Not signed in');
    if (headers['tus-resumable'] !== '1.0.0') return { status: 412, headers: { ...TUS, 'Tus-Version': '1.0.0' } };
    if (!one) return this.create(url, headers, account.practiceId);
    const upload = this.uploads.get(decodeURIComponent(one));
    if (!upload || upload.practiceId !== account.practiceId) return refusal(404, 'Upload not found');
    if (method === 'HEAD') {
      return {
        status: 200,
        headers: { ...TUS, 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length), 'Cache-Control': 'no-store' },
      };
    }
    if (method === 'DELETE') {
      this.uploads.delete(upload.id);
      return { status: 204, headers: TUS };
    }
    if (headers['content-type'] !== 'application/offset+octet-stream')
      return refusal(415, 'A PATCH carries application/offset+octet-stream');
    if (this.gate) await this.gate.promise;
    // What may have changed while the chunk was held: the token expired, the upload was cancelled.
    if (expired()) return refusal(401, 'The access token has expired');
    if (!this.uploads.has(upload.id)) return refusal(404, 'Upload not found');
    if (Number(headers['upload-offset']) !== upload.offset) return refusal(409, `The upload holds ${upload.offset} bytes`);
    const bytes = body ?? Buffer.alloc(0);
    if (upload.offset + bytes.length > upload.length) return refusal(400, 'More bytes than the upload announced');
    upload.chunks.push(bytes);
    upload.offset += bytes.length;
    return { status: 204, headers: { ...TUS, 'Upload-Offset': String(upload.offset) } };
  }

  /** The Outcome call, or null when the call is not it. */
  respond(method: string, path: string, account: { practiceId: number } | undefined): Answer | null {
    const id = OUTCOME.exec(path)?.[1];
    if (!id || method !== 'GET') return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    const upload = this.uploads.get(decodeURIComponent(id));
    if (!upload || upload.practiceId !== account.practiceId) return { status: 404, json: { error: { message: 'Upload not found' } } };
    if (upload.offset < upload.length) return { status: 200, json: { state: 'uploading', received: upload.offset } };
    upload.asks += 1;
    if (upload.asks <= this.checkingAsks) return { status: 200, json: { state: 'checking', orderNumber: null } };
    upload.verdict ??= this.judge(upload);
    return { status: 200, json: upload.verdict };
  }

  private create(url: URL, headers: Record<string, string>, practiceId: number): TusAnswer {
    const length = Number(headers['upload-length']);
    if (!Number.isSafeInteger(length) || length <= 0) return refusal(400, 'Upload-Length must be a positive whole number');
    if (length > MAX_BYTES) return refusal(413, 'Archives are limited to 5 GB; split the IDAT files into several archives.');
    const metadata = metadataOf(headers['upload-metadata']);
    if (!metadata?.filename || !/\.zip$/i.test(metadata.filename)) return refusal(400, 'The metadata must name a .zip file');
    this.created += 1;
    const id = `up${String(this.created).padStart(4, '0')}x`;
    this.uploads.set(id, { id, practiceId, length, metadata, chunks: [], offset: 0, asks: 0, verdict: null });
    return { status: 201, headers: { ...TUS, Location: `${url.origin}/portalApi/Analysis/Uploads/${id}` } };
  }

  private judge(upload: FakeUpload): JsonObject {
    const entries = zipEntries(Buffer.concat(upload.chunks));
    this.uploads.delete(upload.id);
    if (!entries) return { state: 'refused', message: 'We could not read this file as a zip archive.', problems: [] };
    const problems: string[] = [];
    const channels = new Map<string, Set<string>>();
    for (const entry of entries) {
      const name = entry.name.slice(entry.name.lastIndexOf('/') + 1);
      const parts = IDAT.exec(name);
      if (!parts) continue;
      if (entry.start.toString('latin1') !== 'IDAT') problems.push(`${name} does not start like an IDAT file.`);
      const sample = `${parts[1]}_${(parts[2] ?? '').toUpperCase()}`;
      channels.set(sample, (channels.get(sample) ?? new Set()).add((parts[3] ?? '').toLowerCase()));
    }
    for (const [sample, seen] of channels) if (seen.size < 2) problems.push(`${sample} has only one of its two IDAT files.`);
    if (channels.size === 0) problems.push('There are no IDAT files in the archive.');
    if (problems.length > 0) return { state: 'refused', message: 'The archive was refused.', problems };
    this.orders += 1;
    return { state: 'accepted', orderNumber: `AN-${7000 + this.orders}`, samples: [...channels.keys()], message: null };
  }
}
