import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { htmlPage } from '../http/html-page';
import { helpPages, type SupportAddresses } from './help-content';
import { HELP_BASE, renderHelpPage } from './help-pages';

/**
 * The help pages' own policy: no script, nothing fetched but the page's inline styles, and framed only by the
 * portal itself (the Help Center's frame), never by another site.
 */
export const HELP_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const HEADERS = { 'Content-Security-Policy': HELP_CSP, 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'no-cache' };

export const HelpText = {
  notFoundTitle: 'Page not found',
  notFound: 'There is no help page at this address.',
  backToHelp: 'All help topics',
} as const;

/**
 * Issue 41 item 4: GET /help/ (the topics) and GET /help/{page}, the Help Center's default site. Rendered once,
 * when the routes are built: the pages change only with the server.
 */
export function helpRoutes(support: SupportAddresses): Hono<AppEnv> {
  const pages = helpPages(support);
  const rendered = new Map(pages.map((page) => [page.slug, renderHelpPage(page, pages)]));
  const notFound = htmlPage({
    title: HelpText.notFoundTitle,
    body: `<main><h1>${HelpText.notFoundTitle}</h1><p>${HelpText.notFound}</p><p><a href="${HELP_BASE}">${HelpText.backToHelp}</a></p></main>`,
  });
  const routes = new Hono<AppEnv>();
  routes.get('/help', (c) => c.redirect(HELP_BASE, 301));
  routes.get('/help/:page{[a-z-]*}', (c) => {
    const html = rendered.get(c.req.param('page'));
    return html === undefined ? c.html(notFound, 404, HEADERS) : c.html(html, 200, HEADERS);
  });
  routes.get('/help/*', (c) => c.html(notFound, 404, HEADERS));
  return routes;
}
