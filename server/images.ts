import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { PRODUCT_IMAGE_PATH } from '../src/model/orders/product';
import type { AppEnv } from './http/env';
import { PRICING_TIERS } from './orders/pricing/tiers';
import { DISCOUNT_TIERS_IMAGE, TIERS_THEME_PARAM } from '../src/model/orders/cart';
import { tiersImage, tiersTheme } from './orders/pricing/tiers-image';

/**
 * The catalogue's pictures, beside the app and outside /portalApi: one drawing per product under
 * /images/products/{lowercase sku}.svg (ordering §3), and the "View tiers" table drawn from the pricing
 * data. Both are answered with an ETag, so a browser revalidates cheaply and sees a change at once.
 */

export const PRODUCT_IMAGES_DIR = fileURLToPath(new URL('./assets/products/', import.meta.url));
export const TIERS_IMAGE_PATH = DISCOUNT_TIERS_IMAGE;

/** Product drawings change only with a release; an hour, then a revalidation by ETag. */
const PRODUCT_CACHE = 'public, max-age=3600';
/** The tiers follow the pricing data, so a browser checks again after five minutes. */
const TIERS_CACHE = 'public, max-age=300';
/** An SVG is a document that could carry script; as an image it needs none of that. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/** A lowercase sku's file name: nothing that could leave the folder. */
const FILE_NAME = /^[a-z0-9][a-z0-9._-]*\.svg$/;

function svg(c: Context<AppEnv>, body: string, cacheControl: string): Response {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Content-Security-Policy': SVG_CSP,
    'X-Content-Type-Options': 'nosniff',
  };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
  return c.body(body, 200, headers);
}

async function readProductImage(file: string): Promise<string | null> {
  if (!FILE_NAME.test(file)) return null;
  try {
    return await readFile(`${PRODUCT_IMAGES_DIR}${file}`, 'utf8');
  } catch {
    return null;
  }
}

export function imageRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(`${PRODUCT_IMAGE_PATH}:file`, async (c) => {
    const body = await readProductImage(c.req.param('file'));
    return body === null ? c.text('Not found', 404) : svg(c, body, PRODUCT_CACHE);
  });
  routes.get(TIERS_IMAGE_PATH, (c) => svg(c, tiersImage(PRICING_TIERS, tiersTheme(c.req.query(TIERS_THEME_PARAM))), TIERS_CACHE));
  // A missing picture is a 404, not the app's page.
  routes.get('/images/*', (c) => c.text('Not found', 404));
  return routes;
}
