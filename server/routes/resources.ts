import { Hono } from 'hono';
import { PracticeSchema } from '../../src/model/practice';
import { UserRecordSchema } from '../../src/model/user';
import type { Deps } from '../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../http/errors';
import type { AppEnv } from '../http/env';
import { send } from '../http/validation';
import { practiceRecord, userRecord } from '../store/records';

/** The signed-in account's own practice and user record. */
export function resourceRoutes({ db, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Practices', requireAuth, async (c) => {
    const practice = await practiceRecord(db, c.var.account.practiceId);
    if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, PracticeSchema, practice);
  });

  routes.get('/Users/Me', requireAuth, async (c) => {
    const user = await userRecord(db, c.var.account.accountId);
    if (!user) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, UserRecordSchema, user);
  });

  return routes;
}
