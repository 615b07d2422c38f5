import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { withLogContext } from '../logger';
import type { AppEnv } from './env';

export const CORRELATION_HEADER = 'X-Correlation-Id';

/** A caller's own id is kept when it is short and plain, so one id can follow a call across systems. */
const ACCEPTED_ID = /^[\w.-]{8,64}$/;

/**
 * Gives every request an id, answers it in X-Correlation-Id and puts it on every log line written while the request
 * is served, by the routes and by anything they call, so that the lines of one request are found together.
 */
export const correlationId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header(CORRELATION_HEADER);
  const id = incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
  c.set('correlationId', id);
  await withLogContext({ correlationId: id }, next);
  c.header(CORRELATION_HEADER, id);
});
