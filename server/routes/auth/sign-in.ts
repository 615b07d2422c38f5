import { Hono, type Context } from 'hono';
import { ActivityKind } from '../../../src/model/activity/activity';
import { SignInRequestSchema } from '../../../src/model/auth/auth';
import { portalFor } from '../../../src/model/auth/roles';
import { SignInAnswerSchema } from '../../../src/model/auth/two-step';
import { spendVerificationTime, verifyPassword } from '../../auth/passwords';
import { signInThrottle } from '../../auth/sign-in-throttle';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { readBody, send } from '../../http/validation';
import { ServerText } from '../../messages';
import { firstAccountOf } from '../../store/auth/accounts';
import { findByLogin } from '../../store/auth/people';
import { practiceRequiresTwoStep, twoStepOf } from '../../store/auth/two-step';
import { recordAccountEvent, recordRefusedLogin, recordRefusedSignIn } from './account-activity';
import { issueChallenge } from './two-step-sign-in';

/** Sign-in (access §7), with its throttle; for a person with two-step sign-in on, its first step (issue 44). */
export function signInRoutes({ db, config, clock, logger, sessions, sleep }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const trail = { clock, config };
  const refusals = { db, clock, config, logger };
  // Issue 44: a refusal of a known person's attempt goes into their practice's trail; an unknown login's goes nowhere.
  const throttled = (c: Context<AppEnv>, login: string) => recordRefusedLogin(refusals, c, login, ActivityKind.signInThrottled);

  // Before anyone's record is read or a password checked, so a refusal costs and reveals nothing.
  routes.post('/Auth', ...signInThrottle({ db, clock, config, sleep }, SignInRequestSchema, throttled), async (c) => {
    const body = await readBody(c, SignInRequestSchema);
    const person = await findByLogin(db, body.username);
    if (!person) {
      await spendVerificationTime(body.password);
      throw new HttpError(401, ServerText.invalidCredentials);
    }
    if (!(await verifyPassword(body.password, person.passwordHash))) {
      await recordRefusedSignIn(refusals, c, person.personId, ActivityKind.signInFailed);
      throw new HttpError(401, ServerText.invalidCredentials);
    }
    const user = await db.transaction(async (tx) => {
      const account = await firstAccountOf(tx, person.personId);
      // A person without any account has nowhere to sign in to; saying so would confirm the password.
      if (!account) throw new HttpError(401, ServerText.invalidCredentials);
      // Issue 44: with two-step sign-in on, the right password earns only a challenge; the code opens the session.
      const twoStep = await twoStepOf(tx, person.personId);
      // The sign-in is recorded only once the code has opened the session (./two-step-sign-in.ts).
      if (twoStep?.enabled) return issueChallenge(tx, person.personId, body.rememberMe, clock());
      await recordAccountEvent(tx, c, trail, account, ActivityKind.signedIn);
      const session = await sessions.userObject(tx, account, await sessions.issue(tx, account, body.rememberMe));
      // The practice asks it of its members (the provider portal's accounts, not its patients) and this person has none
      // yet: the app leads to setting it up first.
      const member = portalFor(account.userType) === 'provider';
      return member && (await practiceRequiresTwoStep(tx, account.practiceId)) ? { ...session, twoStepSetupRequired: true } : session;
    });
    return send(c, SignInAnswerSchema, user);
  });

  return routes;
}
