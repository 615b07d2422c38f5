import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 13, item 4: the calls the fault matrix covers come from the OpenAPI document of the portalApi
 * (docs/api/openapi.json, kept fresh by `npm run openapi:check`). Each operation is either a call the portal makes
 * through its HTTP client, and so has its row in the matrix, or is named below with the reason it is not one.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Operations of the document that the portal's HTTP client never makes, each with why. */
export const NOT_PORTAL_CALLS: Readonly<Record<string, string>> = {
  'GET /openapi.json': 'the API document itself, for integrators',
  'GET /reference': 'the API reference page, opened by integrators in their own tab',
  'GET /reference/assets/{name}': 'the API reference page’s own assets',
  'GET /patients': 'the legacy integration API, called with an API key by a practice’s own systems',
  'POST /patients': 'the legacy integration API, called with an API key by a practice’s own systems',
  'GET /patients/{id}': 'the legacy integration API, called with an API key by a practice’s own systems',
  'PUT /patients/{id}': 'the legacy integration API, called with an API key by a practice’s own systems',
  'PUT /patients/{id}/consents': 'the legacy integration API, called with an API key by a practice’s own systems',
  'GET /Diagnostics/Files/{practiceId}/{fileId}': 'a signed link the browser follows itself (a download), not a call of the portal',
  'GET /Reports/Documents/{practiceId}/{barcode}/{reportType}/{format}':
    'a signed report address the browser opens in a tab of its own, not a call of the portal',
  'GET /Practices/WhiteLabel/Logos/{token}': 'an image address the browser loads itself',
  'GET /Orders/bulk/Templates/{file}': 'a template download link the browser follows itself',
  'GET /Notifications/Unsubscribe/{accountId}': 'the unsubscribe link of a notification e-mail, a page the server draws itself',
  'POST /Notifications/Unsubscribe/{accountId}': 'that page’s button and a mail client’s one-click unsubscribe, not a call of the portal',
  // Issue 42: tus-js-client sends these itself, retrying lost ones for minutes; analysis-upload.spec.ts and its contract
  // twin cut the connection, the token and the upload in the middle, and the server tests kill the server.
  'POST /Analysis/Uploads': 'the tus protocol’s creation, sent by tus-js-client with its own retries, not the portal’s HTTP client',
  'PATCH /Analysis/Uploads/{id}': 'the tus protocol’s bytes, sent by tus-js-client with its own retries, not the portal’s HTTP client',
  'DELETE /Analysis/Uploads/{id}': 'the tus protocol’s termination, sent by tus-js-client, not the portal’s HTTP client',
  // Issue 44: a patient's own trail; the patient portal has no screen for it yet.
  'GET /Activity/My': 'a patient’s own activity, which no screen of the portal shows yet',
  'GET /Activity/export': 'the trail as CSV for scripts and integrators; the portal writes the same file from GET /Activity’s pages',
};

export interface Operation {
  /** `METHOD /Path/{param}` as the document writes it, e.g. `GET /Kits/{barcode}`. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
}

let operations: Operation[] | undefined;

/** Every operation of the OpenAPI document. */
export function documentedOperations(): Operation[] {
  if (operations) return operations;
  const document = JSON.parse(readFileSync(join(process.cwd(), 'docs/api/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => method in item).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
    })),
  );
  return operations;
}

/** The calls the portal makes: every documented operation but those named in NOT_PORTAL_CALLS. */
export function portalCalls(): Operation[] {
  return documentedOperations().filter((operation) => !(operation.key in NOT_PORTAL_CALLS));
}

const literalSegments = (path: string) => path.split('/').filter((segment) => segment && !segment.startsWith('{')).length;

function pattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The documented operation a request of the page is, by method and path below /portalApi: of the operations whose
 * pattern matches, the one with the most literal segments (so `GET /Kits/My` is not `GET /Kits/{barcode}`).
 */
export function operationOf(method: string, pathBelowBase: string): Operation | undefined {
  const candidates = documentedOperations().filter(
    (operation) => operation.method === method && pattern(operation.path).test(pathBelowBase),
  );
  return candidates.sort((a, b) => literalSegments(b.path) - literalSegments(a.path))[0];
}
