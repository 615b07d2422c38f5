import { Hono } from 'hono';
import {
  MigrateRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SessionUserSchema,
  SwitchAccountRequestSchema,
} from '../../src/model/auth';
import { idNumber } from '../../src/model/id';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readBody, send } from '../http/validation';
import { ServerText } from '../messages';
import { findAccount } from '../store/accounts';
import { credentialsOf, setPassword } from '../store/people';
import { revokePerson } from '../store/refresh-tokens';

/** Token refresh, account switching and identity migration (access §7); sign-in itself is ./sign-in.ts. */
export function authRoutes({ db, clock, logger, sessions, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

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
