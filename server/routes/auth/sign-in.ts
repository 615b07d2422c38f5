import { Hono } from 'hono';
import { SessionUserSchema, SignInRequestSchema } from '../../../src/model/auth/auth';
import { spendVerificationTime, verifyPassword } from '../../auth/passwords';
import { signInThrottle } from '../../auth/sign-in-throttle';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { readBody, send } from '../../http/validation';
import { ServerText } from '../../messages';
import { firstAccountOf } from '../../store/auth/accounts';
import { findByLogin } from '../../store/auth/people';

/** Sign-in (access §7), with its throttle. */
export function signInRoutes({ db, config, clock, sessions, sleep }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Before anyone's record is read or a password checked, so a refusal costs and reveals nothing.
  routes.post('/Auth', ...signInThrottle({ db, clock, config, sleep }, SignInRequestSchema), async (c) => {
    const body = await readBody(c, SignInRequestSchema);
    const person = await findByLogin(db, body.username);
    if (!person) {
      await spendVerificationTime(body.password);
      throw new HttpError(401, ServerText.invalidCredentials);
    }
    if (!(await verifyPassword(body.password, person.passwordHash))) throw new HttpError(401, ServerText.invalidCredentials);
    const user = await db.transaction(async (tx) => {
      const account = await firstAccountOf(tx, person.personId);
      // A person without any account has nowhere to sign in to; saying so would confirm the password.
      if (!account) throw new HttpError(401, ServerText.invalidCredentials);
      return sessions.userObject(tx, account, await sessions.issue(tx, account, body.rememberMe));
    });
    return send(c, SessionUserSchema, user);
  });

  return routes;
}
