import { ERRORS, Metadata, TUS_RESUMABLE } from '@tus/server';
import { activityContext } from '../activity/who';
import { Hono, type Context } from 'hono';
import { hasNoControlCharacters } from '../../../src/model/limits';
import {
  ANALYSIS_METADATA_MAX_LENGTH,
  ANALYSIS_UPLOAD_MAX_BYTES,
  AnalysisFileText,
  AnalysisOutcomeSchema,
} from '../../../src/model/orders/analysis';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { send } from '../../http/validation';
import { isUploadId, UploadRefusal, type AnalysisUploads } from '../../orders/analysis/uploads';
import { deleteUpload, findUpload, readOutcome } from '../../store/orders/analysis-uploads';

/**
 * Issue 42: /Analysis/Uploads, the tus protocol's calls for one practice's uploads, and each upload's outcome. The
 * route decides whose upload an id is before tus reads a byte: another practice's id, an expired one and one never
 * issued are the same 404. tus itself answers the protocol (offsets, 409 on a wrong one, the bytes to disk).
 */

export const AnalysisRouteText = {
  length: 'Say the size of the file in the Upload-Length header: a whole number of bytes.',
  deferred: 'The size of the file must be known when the upload starts (Upload-Length).',
  fileName: 'Say the file’s name in the upload’s metadata (filename), at most 255 characters.',
  finished: 'The archive has arrived and is being checked or was accepted: it can no longer be cancelled.',
} as const;

const TUS_VERSION = '1.0.0';
const FILE_NAME_MAX = 255;

/** The `filename` of tus's Upload-Metadata (`key base64,key base64`), decoded; null when absent or unreadable. */
export function metadataFileName(header: string | undefined): string | null {
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key !== 'filename') continue;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    const name = Buffer.from(value, 'base64').toString('utf8').trim();
    return name && name.length <= FILE_NAME_MAX && hasNoControlCharacters(name) ? name : null;
  }
  return null;
}

/** Upload-Length as a byte count, refused with the reason a caller can act on. */
function declaredLength(c: Context): number {
  if (c.req.header('Upload-Defer-Length') !== undefined) throw new HttpError(400, AnalysisRouteText.deferred);
  const text = c.req.header('Upload-Length') ?? '';
  if (!/^[0-9]{1,16}$/.test(text)) throw new HttpError(400, AnalysisRouteText.length);
  const size = Number(text);
  if (size === 0) throw new HttpError(400, AnalysisFileText.empty);
  if (size > ANALYSIS_UPLOAD_MAX_BYTES) throw new HttpError(413, AnalysisFileText.tooLarge);
  return size;
}

/**
 * Issue 44: what tus refuses of a creation whose length and file name the route accepted, refused here before the
 * reservation (and its activity entry, in the same transaction) is made: a missing or other protocol version, a
 * metadata header tus cannot parse, a concatenation. Tus's own words and statuses.
 */
function refusedByTus(c: Context, metadata: string): void {
  const version = c.req.header('Tus-Resumable');
  if (version === undefined) throw new HttpError(412, 'Tus-Resumable Required');
  if (version !== TUS_RESUMABLE) throw new HttpError(400, 'Invalid tus-resumable');
  if (c.req.header('Upload-Concat') !== undefined) throw new HttpError(501, ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body.trim());
  try {
    Metadata.parse(metadata);
  } catch {
    throw new HttpError(400, ERRORS.INVALID_METADATA.body.trim());
  }
}

/** What tus answers for an upload whose bytes are all in: complete, so that a client resuming it goes on to its outcome. */
function completeHead(size: number): Response {
  return new Response(null, {
    status: 200,
    headers: { 'Tus-Resumable': TUS_VERSION, 'Upload-Offset': String(size), 'Upload-Length': String(size), 'Cache-Control': 'no-store' },
  });
}

function create(deps: Deps, uploads: AnalysisUploads) {
  return async (c: Context<AuthEnv>): Promise<Response> => {
    const size = declaredLength(c);
    const header = c.req.header('Upload-Metadata') ?? '';
    const fileName = header.length <= ANALYSIS_METADATA_MAX_LENGTH ? metadataFileName(header) : null;
    if (!fileName) throw new HttpError(400, AnalysisRouteText.fileName);
    if (!/\.zip$/i.test(fileName)) throw new HttpError(400, AnalysisFileText.notZip);
    refusedByTus(c, header);
    let id: string;
    try {
      id = await uploads.reserve(c.req.raw, { account: c.var.account, fileName, size, activity: activityContext(c, deps) });
    } catch (error) {
      if (error instanceof UploadRefusal) throw new HttpError(error.status, error.message);
      throw error;
    }
    const answer = await uploads.handle(c.req.raw);
    // tus refused it after all (a malformed header): the reservation goes, so it does not count as under way.
    // Its `analysis.uploaded` entry, written with the reservation, stays: the trail is append-only, and refusedByTus
    // has already turned away what tus refuses of a creation, so only a failure of tus itself (its disk) is left.
    if (answer.status !== 201) await deleteUpload(deps.db, id, c.var.account.practiceId);
    return answer;
  };
}

/** HEAD, PATCH and DELETE of one upload: only the practice's own, and only while it is its to change. */
function existing(deps: Deps, uploads: AnalysisUploads) {
  return async (c: Context<AuthEnv>): Promise<Response> => {
    const id = c.req.param('id') ?? '';
    const { practiceId } = c.var.account;
    const upload = isUploadId(id) ? await findUpload(deps.db, id, practiceId, deps.clock()) : null;
    if (!upload) throw new HttpError(404, AnalysisFileText.notFound);
    const method = c.req.raw.method;
    if (upload.state !== 'uploading') {
      if (method === 'HEAD') return completeHead(upload.size);
      if (method === 'DELETE' && upload.state === 'refused')
        return new Response(null, { status: 204, headers: { 'Tus-Resumable': TUS_VERSION } });
      throw new HttpError(409, AnalysisRouteText.finished);
    }
    const answer = await uploads.handle(c.req.raw);
    if (method === 'DELETE' && answer.status === 204) await deleteUpload(deps.db, id, practiceId);
    return answer;
  };
}

function outcome(deps: Deps) {
  return async (c: Context<AuthEnv>): Promise<Response> => {
    const id = c.req.param('id') ?? '';
    const found = isUploadId(id) ? await readOutcome(deps.db, id, c.var.account.practiceId) : null;
    if (!found) throw new HttpError(404, AnalysisFileText.notFound);
    return send(c, AnalysisOutcomeSchema, found);
  };
}

export function analysisRoutes(deps: Deps, uploads: AnalysisUploads): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/Analysis/Uploads/:id/Outcome', deps.requireProvider, outcome(deps));
  routes.post('/Analysis/Uploads', deps.requireProvider, create(deps, uploads));
  // Hono answers HEAD with the GET route (and drops the body); a real GET would be tus's download, which this is not.
  routes.get('/Analysis/Uploads/:id', deps.requireProvider, (c, next) =>
    c.req.raw.method === 'HEAD' ? existing(deps, uploads)(c) : next(),
  );
  routes.on(['PATCH', 'DELETE'], '/Analysis/Uploads/:id', deps.requireProvider, existing(deps, uploads));
  return routes;
}
