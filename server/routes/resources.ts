import { Hono } from 'hono';
import { PracticeSchema } from '../../src/model/practice';
import type { Deps } from '../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../http/errors';
import type { AppEnv } from '../http/env';
import { send } from '../http/validation';
import { practiceRecord } from '../store/records';

/** The signed-in account's own practice (its own user record is with the Users calls, routes/users/). */
export function resourceRoutes({ db, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Practices', requireAuth, async (c) => {
    const practice = await practiceRecord(db, c.var.account.practiceId);
    if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, PracticeSchema, practice);
  });

  return routes;
}
