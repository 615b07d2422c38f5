import { Hono } from 'hono';
import { PracticeTwoStepSchema } from '../../../src/model/auth/two-step';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { practiceRequiresTwoStep } from '../../store/auth/two-step';
import { setPracticeRequiresTwoStep } from '../../store/practice/two-step';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordPracticeChange } from './practice-activity';

/** Issue 44: whether the signed-in practice asks every member to sign in with two steps; only its own row. */
export function practiceTwoStepRoutes(deps: Deps): Hono<AppEnv> {
  const { db, requireProvider } = deps;
  const routes = new Hono<AppEnv>();

  routes.get('/Practices/TwoStep', requireProvider, async (c) =>
    send(c, PracticeTwoStepSchema, { required: await practiceRequiresTwoStep(db, c.var.account.practiceId) }),
  );

  routes.put('/Practices/TwoStep', requireProvider, async (c) => {
    const body = await readBody(c, PracticeTwoStepSchema);
    const saved = await db.transaction(async (tx) => {
      const previous = await setPracticeRequiresTwoStep(tx, c.var.account.practiceId, body.required);
      // Saving what was already asked changes nothing, and "stopped requiring" something never required would mislead.
      if (previous && previous.before !== body.required) {
        const detail = body.required ? 'required' : 'stopped requiring';
        await recordPracticeChange(tx, c, deps, ActivityKind.twoStepRequirementChanged, detail);
      }
      return previous !== null;
    });
    if (!saved) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, PracticeTwoStepSchema, { required: body.required });
  });

  return routes;
}
