import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_BASE_PATH } from '../../src/model/constants';
import type { Endpoint } from '../../src/model/endpoints';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/**
 * Issue 37 item 1: no body is read past a limit, signed in or not. Without one, a single 60 MB POST /Auth froze the
 * server for seconds and a 100 MB one grew it by a gigabyte. A JSON body of the contract is a few kilobytes at most
 * (a 100-line order, a long consent text), so 1 MB leaves room to spare; uploads keep their own, larger limits
 * (the manifest's and the logo's, in their routes).
 */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export const BodyLimitText = {
  tooLarge: 'The request is too large: a request body may be at most 1 MB.',
} as const;

interface Route {
  readonly method: string;
  readonly path: RegExp;
}

/** The upload calls of the contract as request matchers: their own routes limit what they read. */
export function uploadRoutes(endpoints: readonly Endpoint[]): Route[] {
  return endpoints
    .filter((endpoint) => endpoint.upload || endpoint.stream)
    .map((endpoint) => {
      const base = endpoint.server ?? API_BASE_PATH;
      const pattern = `${base}${endpoint.path}`
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return { method: endpoint.method.toUpperCase(), path: new RegExp(`^${pattern}/?$`) };
    });
}

/**
 * Refuses with 413 any body over JSON_BODY_MAX_BYTES: at once when Content-Length says so, otherwise as soon as the
 * stream passes the limit, without buffering the rest. The upload routes are left to their own limit.
 */
export function requestBodyLimit(uploads: readonly Route[]): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: () => {
      throw new HttpError(413, BodyLimitText.tooLarge);
    },
  });
  return async (c, next) => {
    if (uploads.some((route) => route.method === c.req.method && route.path.test(c.req.path))) return next();
    return limit(c, next);
  };
}
