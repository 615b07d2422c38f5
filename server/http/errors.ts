import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { ErrorBodySchema, type ErrorBody } from '../../src/model/auth/auth';
import { databaseUnavailable, isDatabaseOutage } from '../db/pg';
import type { Logger } from '../logger';
import { ServerText } from '../messages';
import type { AppEnv } from './env';

/** The only text a client ever reads about a failure the server did not foresee. */
export const INTERNAL_ERROR_MESSAGE = 'An internal server error occurred.';
export const NOT_FOUND_MESSAGE = 'The requested resource was not found.';
/** How soon a caller refused for a database outage is told to try again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A failure the server means to report: its status and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(message: string, correlationId: string): ErrorBody {
  return v.parse(ErrorBodySchema, { error: { message }, correlationId });
}

export function errorResponse(c: Context<AppEnv>, status: ContentfulStatusCode, message: string): Response {
  return c.json(errorBody(message, c.var.correlationId), status);
}

/** Known failures answer their own status and text; anything else is logged whole and answered generically. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof HttpError) return errorResponse(c, error.status, error.message);
    if (isDatabaseOutage(error)) {
      // Not the server's fault nor the caller's: the database is away (a restart, a failover). No stack: the reason is
      // the whole story, and one line per refused request is enough to see when the outage began and ended.
      logger.error('The database does not answer', { method: c.req.method, path: c.req.path, reason: databaseUnavailable(error) });
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorResponse(c, 503, ServerText.databaseUnavailable);
    }
    logger.error('Unhandled error', {
      correlationId: c.var.correlationId,
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    });
    return errorResponse(c, 500, INTERNAL_ERROR_MESSAGE);
  };
}
