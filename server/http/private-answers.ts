import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';

/**
 * Issue 37 item 8: an API answer may carry tokens or health information, so no browser, proxy or shared cache keeps
 * it unless its route chose otherwise on purpose (the contract document, product drawings, a logo by its
 * content-addressed link). Set after the route ran, on failures too.
 */
export const PRIVATE_CACHE_CONTROL = 'no-store';

export const privateAnswers = createMiddleware<AppEnv>(async (c, next) => {
  // Set before the route answers, so that its answer is built with it (a route's own value replaces it) rather than
  // copied afterwards to add it; only an answer a route built by hand without one is given it then.
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
});
