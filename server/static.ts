import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './http/env';
import { imageRoutes } from './images';
import { exampleReportRoutes } from './routes/orders/example-reports';

/** Vite names every file under /assets by its content hash, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so it is checked again on every load. */
const REVALIDATE = 'no-cache';
/** Other files of the build (icons, robots.txt) keep their names across builds. */
const SHORT = 'public, max-age=3600';

export const NOT_BUILT_HINT = 'The app is not built yet. Run `npm run build`, then start the server again.';

/** Sets Cache-Control on a successful answer that has none; the innermost handler's choice wins. */
function cacheControl(value: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', value);
  });
}

/**
 * Serves the built single-page app beside the API: files as they are, hashed assets with long cache
 * headers, and index.html for every other GET so that client-side routes survive a reload.
 * The server's own pictures (/images: products and volume tiers) come first, with or without a build.
 * Answers whether a build was found; without one, pages answer a hint and the API still works.
 * Call after createApp, so that /portalApi routes (and their 404) come first.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string): boolean {
  app.route('/', imageRoutes());
  app.route('/', exampleReportRoutes());
  const root = resolve(staticDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    app.get('*', (c) => c.text(NOT_BUILT_HINT, 404));
    return false;
  }
  // The build's brotli and gzip copies (vite.config.ts) are sent as they are to a browser that accepts them.
  const page = [cacheControl(REVALIDATE), serveStatic<AppEnv>({ path: index, precompressed: true })] as const;
  app.use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root, precompressed: true }));
  // A missing hashed file is a stale page asking for an old build, not a client-side route.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('/', ...page);
  app.get('/index.html', ...page);
  app.use('*', cacheControl(SHORT), serveStatic({ root, precompressed: true }));
  app.get('*', ...page);
  return true;
}
