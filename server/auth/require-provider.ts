import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isUserTypeAllowed, PROVIDER_PORTAL_USER_TYPES } from '../../src/model/auth/roles';
import { HttpError } from '../http/errors';
import type { AuthEnv } from './require-auth';

/** The server's own refusal; the documents give none for a call of the other portal. */
export const PROVIDER_ONLY_MESSAGE = 'This is available to provider portal accounts only.';

/**
 * requireAuth, then the provider portal's user types only (access §6), or 403. The practice-wide calls (kits,
 * patients, orders, team, settings) read and change every record of the practice; a patient of that practice
 * holds a valid token for it too, and must reach only their own through the /My and /Me calls.
 */
export function requireProvider(requireAuth: MiddlewareHandler<AuthEnv>): MiddlewareHandler<AuthEnv> {
  return createMiddleware<AuthEnv>((c, next) =>
    requireAuth(c, async () => {
      if (!isUserTypeAllowed(c.var.account.userType, PROVIDER_PORTAL_USER_TYPES)) throw new HttpError(403, PROVIDER_ONLY_MESSAGE);
      await next();
    }),
  );
}
