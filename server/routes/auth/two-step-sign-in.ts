import { Hono } from 'hono';
import { ActivityKind } from '../../../src/model/activity/activity';
import { SessionUserSchema, type SessionUser } from '../../../src/model/auth/auth';
import { TwoStepSignInRequestSchema, TwoStepText } from '../../../src/model/auth/two-step';
import { digest, newOpaqueToken } from '../../auth/secrets';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { firstAccountOf } from '../../store/auth/accounts';
import { clearChallenge, lockChallenge, setChallenge, twoStepOf } from '../../store/auth/two-step';
import type { Queryable } from '../../db/database';
import { recordAccountEvent, recordRefusedSignIn } from './account-activity';
import { throttledCodeCheck, spendCode } from './two-step/code-check';
import { twoStepKeyOf } from './two-step/codes';

/** How long the code may take after the password: long enough to open an app, short enough to be worthless stolen. */
export const TWO_STEP_CHALLENGE_TTL_SECONDS = 300;

/** After the right password of a person with two-step sign-in on: the challenge the code is sent back with. */
export async function issueChallenge(q: Queryable, personId: string, rememberMe: boolean, now: Date) {
  const challenge = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + TWO_STEP_CHALLENGE_TTL_SECONDS * 1000);
  await setChallenge(q, personId, { digest: digest(challenge), expiresAt, rememberMe });
  return { twoStepRequired: true as const, challenge, expiresAt: expiresAt.toISOString() };
}

/** POST /Auth/TwoStep: the second step of sign-in (issue 44 item 2), answering the documented sign-in answer. */
export function twoStepSignInRoutes({ db, config, clock, logger, sleep, sessions }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const trail = { clock, config };
  const refusals = { db, clock, config, logger };

  routes.post('/Auth/TwoStep', async (c) => {
    const body = await readBody(c, TwoStepSignInRequestSchema);
    const challengeDigest = digest(body.challenge);
    // Read outside the check's transaction only to know whose counters the attempt goes to.
    const known = await lockChallenge(db, challengeDigest, clock());
    if (!known || known.expired) throw new HttpError(400, TwoStepText.challengeExpired);
    const key = await twoStepKeyOf(db, config.twoStepKey);
    let user: SessionUser | null = null;
    const outcome = await throttledCodeCheck({ db, clock, config, sleep }, c, known.personId, () =>
      db.transaction(async (tx) => {
        const challenge = await lockChallenge(tx, challengeDigest, clock());
        if (!challenge || challenge.expired) throw new HttpError(400, TwoStepText.challengeExpired);
        const record = await twoStepOf(tx, challenge.personId, { lock: true });
        if (!record || !(await spendCode(tx, key, record, body.code, clock()))) return false;
        // Single use: the challenge ends with the session it opened.
        await clearChallenge(tx, challenge.personId);
        const account = await firstAccountOf(tx, challenge.personId);
        if (!account) throw new HttpError(400, TwoStepText.challengeExpired);
        await recordAccountEvent(tx, c, trail, account, ActivityKind.signedIn);
        user = await sessions.userObject(tx, account, await sessions.issue(tx, account, challenge.rememberMe));
        return true;
      }),
    );
    // Issue 44: a refused code goes into the person's trail in a transaction of its own, as a wrong password does.
    if (outcome instanceof Response) {
      await recordRefusedSignIn(refusals, c, known.personId, ActivityKind.signInThrottled);
      return outcome;
    }
    if (!outcome || !user) {
      await recordRefusedSignIn(refusals, c, known.personId, ActivityKind.signInFailed);
      throw new HttpError(400, TwoStepText.wrongCode);
    }
    return send(c, SessionUserSchema, user);
  });

  return routes;
}
