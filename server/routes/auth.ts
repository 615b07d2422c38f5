import { Hono } from 'hono';
import {
  MigrateRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SessionUserSchema,
  SignInRequestSchema,
  SwitchAccountRequestSchema,
} from '../../src/model/auth';
import { idNumber } from '../../src/model/id';
import { hashPassword, spendVerificationTime, verifyPassword } from '../auth/passwords';
import { signInThrottle } from '../auth/throttle';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readBody, send } from '../http/validation';
import { ServerText } from '../messages';
import { findAccount, firstAccountOf } from '../store/accounts';
import { credentialsOf, findByLogin, setPassword } from '../store/people';
import { revokePerson } from '../store/refresh-tokens';

/** Sign-in, token refresh, account switching and identity migration (access §7). */
export function authRoutes({ db, config, clock, logger, sessions, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Before anyone's record is read or a password checked, so a refusal costs and reveals nothing.
  routes.post('/Auth', ...signInThrottle({ db, clock, config }, SignInRequestSchema), async (c) => {
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

  routes.post('/Auth/refresh', async (c) => {
    const body = await readBody(c, RefreshRequestSchema);
    // Refusals return rather than throw, so that revoking a reused token's chain is committed.
    const outcome = await db.transaction((tx) => sessions.rotate(tx, body.refreshToken));
    if (!outcome.ok) {
      logger.info('Refresh refused', { correlationId: c.var.correlationId, reason: outcome.reason });
      throw new HttpError(401, ServerText.invalidRefreshToken);
    }
    return send(c, RefreshResponseSchema, outcome.tokens);
  });

  routes.post('/Auth/Account/Switch', requireAuth, async (c) => {
    const body = await readBody(c, SwitchAccountRequestSchema);
    const caller = c.var.account;
    // An id no stored record can have (beyond a safe integer) names nobody, like any foreign id.
    const userId = idNumber(body.userId);
    const practiceId = idNumber(body.practiceId);
    const target = userId === null || practiceId === null ? null : await findAccount(db, userId, practiceId);
    if (!target || target.personId !== caller.personId) throw new HttpError(403, ServerText.cannotSwitch);
    const user = await db.transaction(async (tx) => sessions.userObject(tx, target, await sessions.issue(tx, target, body.rememberMe)));
    return send(c, SessionUserSchema, user);
  });

  routes.post('/Auth/Migrate', requireAuth, async (c) => {
    const body = await readBody(c, MigrateRequestSchema);
    const account = c.var.account;
    // Migration sets a password without the current one, so it is open only to accounts that must migrate.
    if (!account.forceIdentityMigration) throw new HttpError(403, ServerText.migrationNotRequired);
    // The form cannot know the current password, so only the server can say the new one is the same.
    const credentials = await credentialsOf(db, account.personId);
    if (credentials && (await verifyPassword(body.newPassword, credentials.passwordHash))) {
      throw new HttpError(400, ServerText.newPasswordSameAsCurrent);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const user = await db.transaction(async (tx) => {
      await setPassword(tx, account.personId, passwordHash, { clearMigration: true });
      await revokePerson(tx, account.personId, clock());
      const tokens = await sessions.issue(tx, account, body.rememberMe);
      return sessions.userObject(tx, await sessions.reload(tx, account), tokens);
    });
    return send(c, SessionUserSchema, user);
  });

  return routes;
}
