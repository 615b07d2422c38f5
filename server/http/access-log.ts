import { createMiddleware } from 'hono/factory';
import { JWT_SOURCE, type Logger } from '../logger';
import type { AppEnv } from './env';

/** An access or refresh token in an address: a signed token anywhere, or a parameter named after one. */
const SESSION_TOKEN_IN_URL = new RegExp(`${JWT_SOURCE}|[?&](access|refresh)_?token=`, 'i');

export const SESSION_TOKEN_IN_URL_MESSAGE = 'Session token in a URL';

/**
 * One line per request in test mode (method, path with its query, status, correlation id), so that the browser
 * suite's logs show every address the portal asked for. The logger redacts credentials, so an address that carried
 * an access or refresh token is also reported as an error, which the suite's teardown looks for.
 */
export function accessLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const url = new URL(c.req.url);
    const fields = { method: c.req.method, url: `${url.pathname}${url.search}`, status: c.res.status, correlationId: c.var.correlationId };
    if (SESSION_TOKEN_IN_URL.test(fields.url)) logger.error(SESSION_TOKEN_IN_URL_MESSAGE, fields);
    else logger.info('Request', fields);
  });
}
