import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { jsonObject } from '../../http/validation';
import { LEGACY_PATIENT_KEY, patientActions } from './patient-actions';

/**
 * Kits §7's legacy relative calls (`/api/patients…`, at the page's origin rather than under the base path),
 * answering what the portalApi calls answer. `PUT /api/patients/me/consents` and `DELETE /api/patients/me`
 * belong to the patient portal.
 */

/** More than any list query needs; a larger body is refused before it is read whole. */
export const LEGACY_BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = `The request body must be at most ${LEGACY_BODY_LIMIT_BYTES} bytes`;

export function legacyPatientRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { requireProvider } = deps;
  const patients = patientActions(deps);
  const one = `/api/patients/:id{${LEGACY_PATIENT_KEY}}`;

  routes.get('/api/patients', requireProvider, async (c) => patients.list(c, { ...c.req.query(), ...listParams(await getBody(c)) }));
  routes.get(one, requireProvider, (c) => patients.get(c, c.req.param('id')));
  routes.post('/api/patients', requireProvider, (c) => patients.create(c));
  routes.put(one, requireProvider, (c) => patients.update(c, c.req.param('id')));
  routes.put(`${one}/consents`, requireProvider, (c) => patients.consents(c, c.req.param('id')));

  return routes;
}

/**
 * The JSON body of a GET, which kits §7 documents for GET /api/patients. Fetch's Request cannot carry one, so it
 * is read from Node's own request (`c.env.incoming`, as @hono/node-server passes it) when a client sent one.
 */
async function getBody(c: Context): Promise<Record<string, unknown> | null> {
  const env: unknown = c.env;
  const incoming = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : undefined;
  if (!(incoming instanceof Readable)) return null;
  const length = Number(c.req.header('content-length') ?? 0);
  if (!c.req.header('transfer-encoding') && !(length > 0)) return null;
  if (length > LEGACY_BODY_LIMIT_BYTES) throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > LEGACY_BODY_LIMIT_BYTES) throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
    chunks.push(bytes);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return null;
  return jsonObject(text);
}

/**
 * A JSON body's list query as query parameters: numbers as their digits and `filters` as its JSON text, so one
 * reader checks both. Anything else is passed as it is, for the reader to refuse with the parameter's name.
 */
function listParams(body: Record<string, unknown> | null): Record<string, unknown> {
  if (!body) return {};
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => {
        if (typeof value === 'number' || typeof value === 'boolean') return [key, String(value)];
        if (key === 'filters' && Array.isArray(value)) return [key, JSON.stringify(value)];
        return [key, value];
      }),
  );
}
