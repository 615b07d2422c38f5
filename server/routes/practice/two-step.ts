import { Hono } from 'hono';
import { PracticeTwoStepSchema } from '../../../src/model/auth/two-step';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { practiceRequiresTwoStep } from '../../store/auth/two-step';
import { setPracticeRequiresTwoStep } from '../../store/practice/two-step';

/** Issue 44: whether the signed-in practice asks every member to sign in with two steps; only its own row. */
export function practiceTwoStepRoutes({ db, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Practices/TwoStep', requireProvider, async (c) =>
    send(c, PracticeTwoStepSchema, { required: await practiceRequiresTwoStep(db, c.var.account.practiceId) }),
  );

  routes.put('/Practices/TwoStep', requireProvider, async (c) => {
    const body = await readBody(c, PracticeTwoStepSchema);
    if (!(await setPracticeRequiresTwoStep(db, c.var.account.practiceId, body.required))) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, PracticeTwoStepSchema, { required: body.required });
  });

  return routes;
}
