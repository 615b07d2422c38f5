import { Hono } from 'hono';
import { PracticeSchema, PracticeSummarySchema } from '../../../src/model/practice/practice';
import { isUserTypeAllowed, PROVIDER_PORTAL_USER_TYPES } from '../../../src/model/auth/roles';
import type { Deps } from '../../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { send } from '../../http/validation';
import { practiceRecord } from '../../store/practice/practice-record';

/**
 * The signed-in account's own practice (its own user record is with the Users calls, routes/team/): whole for the
 * provider portal's accounts, its summary for anyone else.
 */
export function readPracticeRoutes({ db, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Practices', requireAuth, async (c) => {
    const practice = await practiceRecord(db, c.var.account.practiceId);
    if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
    // A patient or an account of neither portal reads only what the patient portal shows (issue 37 item 11).
    if (!isUserTypeAllowed(c.var.account.userType, PROVIDER_PORTAL_USER_TYPES)) return send(c, PracticeSummarySchema, practice);
    return send(c, PracticeSchema, practice);
  });

  return routes;
}
