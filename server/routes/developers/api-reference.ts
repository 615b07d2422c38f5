import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { API_BASE_PATH } from '../../../src/model/constants';
import { API_REFERENCE_PATH } from '../../../src/model/developers/webhook-rules';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { OPENAPI_TITLE } from '../../openapi';

/**
 * Kits §2 "Link to the API documentation": GET /portalApi/reference, a readable reference of the portalApi drawn
 * by Swagger UI (swagger-ui-dist, the project's kept build of it) from GET /portalApi/openapi.json. The page runs
 * no inline script: its initialiser is a served file, so the strict policy below (and a later app-wide one)
 * holds. Only the files listed here are served; anything else under /reference/assets is a 404.
 */

const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const OWN_DIR = fileURLToPath(new URL('../../api-reference/', import.meta.url));

export const API_REFERENCE_ASSETS = `${API_REFERENCE_PATH}/assets`;

interface Asset {
  file: string;
  type: string;
}

const ASSETS: Readonly<Record<string, Asset>> = {
  'swagger-ui.css': { file: join(SWAGGER_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(SWAGGER_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: join(SWAGGER_DIR, 'favicon-32x32.png'), type: 'image/png' },
  'reference.css': { file: join(OWN_DIR, 'reference.css'), type: 'text/css; charset=utf-8' },
  'init.js': { file: join(OWN_DIR, 'init.js'), type: 'text/javascript; charset=utf-8' },
};

/**
 * Scripts and styles from this server only. Swagger UI sets element styles from script and draws its icons
 * as data: images; "Try it out" calls the API on this same origin.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The files change only with a release (a new renderer version, a new initialiser). */
const ASSET_CACHE = 'public, max-age=3600';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The page: the renderer's style and our contrast corrections to it, its script, the element it draws into
 * (which names the document), the initialiser.
 */
export function apiReferencePage(title: string): string {
  const assets = `${API_BASE_PATH}${API_REFERENCE_ASSETS}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" type="image/png" href="${assets}/favicon-32x32.png" />
    <link rel="stylesheet" href="${assets}/swagger-ui.css" />
    <link rel="stylesheet" href="${assets}/reference.css" />
  </head>
  <body>
    <main id="api-reference" data-openapi-url="${API_BASE_PATH}/openapi.json"></main>
    <script src="${assets}/swagger-ui-bundle.js"></script>
    <script src="${assets}/init.js"></script>
  </body>
</html>
`;
}

export function apiReferenceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const title = `${OPENAPI_TITLE} reference`;
  const page = apiReferencePage(title);
  // Read once on first use: the renderer's bundle is large and never changes while the server runs.
  const loaded = new Map<string, Promise<Buffer>>();

  routes.get(API_REFERENCE_PATH, (c) =>
    c.html(page, 200, { 'Cache-Control': 'no-cache', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' }),
  );

  routes.get(`${API_REFERENCE_ASSETS}/:name`, async (c) => {
    const name = c.req.param('name');
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new HttpError(404, NOT_FOUND_MESSAGE);
    let body = loaded.get(name);
    if (!body) {
      body = readFile(asset.file);
      // A failed read is not kept, so the next request tries again.
      void body.catch(() => loaded.delete(name));
      loaded.set(name, body);
    }
    return c.body(new Uint8Array(await body), 200, {
      'Content-Type': asset.type,
      'Cache-Control': ASSET_CACHE,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}
