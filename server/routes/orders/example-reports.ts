import { Hono } from 'hono';
import { EXAMPLE_REPORT_COUNTS, EXAMPLE_REPORTS_PATH, hasExampleReport } from '../../../src/model/orders/product-details';
import { exampleReportPage } from '../../orders/example-reports';
import type { AppEnv } from '../../http/env';
import { SEED_PRODUCTS } from '../../seed/seed-data';

/** The page is inert: no script, nothing loaded from elsewhere, only its own inline style. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** Demo content that changes only with a release. */
const CACHE = 'public, max-age=3600';
const WHOLE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * GET /examples/reports/{productId}/{n}: the example reports of the five catalogue products (ordering §3), beside
 * the app and outside /portalApi, because a link opened in a new tab carries no bearer token. Anything else
 * under the path is a plain 404, not the app's page.
 */
export function exampleReportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(`${EXAMPLE_REPORTS_PATH}/:productId/:report`, (c) => {
    const productId = c.req.param('productId');
    const report = c.req.param('report');
    const id = WHOLE_NUMBER.test(productId) ? Number(productId) : NaN;
    const n = WHOLE_NUMBER.test(report) ? Number(report) : NaN;
    const product = SEED_PRODUCTS.find((candidate) => candidate.id === id);
    if (!product || !hasExampleReport(id, n)) return c.text('Not found', 404);
    return c.html(exampleReportPage(product, n, EXAMPLE_REPORT_COUNTS[id] ?? 1), 200, {
      'Cache-Control': CACHE,
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
    });
  });
  routes.get(`${EXAMPLE_REPORTS_PATH}/*`, (c) => c.text('Not found', 404));
  return routes;
}
