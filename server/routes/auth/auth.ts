import { Hono } from 'hono';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import {
  EmptyResponseSchema,
  MigrateRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SessionUserSchema,
  SwitchAccountRequestSchema,
} from '../../../src/model/auth/auth';
import { idNumber } from '../../../src/model/id';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { requireAuth as authenticate } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { readBody, send } from '../../http/validation';
import { queueSecurityNotice } from '../../mail/notices';
import { ServerText } from '../../messages';
import { findAccount } from '../../store/auth/accounts';
import { credentialsOf, setPassword } from '../../store/auth/people';
import { revokePerson } from '../../store/auth/refresh-tokens';
import { recordAccountEvent } from './account-activity';
import { withTwoStepRequirement } from '../../auth/two-step-requirement';

/** Token refresh, sign-out, account switching and identity migration (access §7); sign-in itself is ./sign-in.ts. */
export function sessionRoutes({ db, config, clock, logger, sessions, accessTokens, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // The one call an account that must migrate may make with its access token; requireAuth refuses it every other.
  const requireAuthDuringMigration = authenticate(db, accessTokens, { duringMigration: true });

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

  /**
   * The Sign out button (issue 37 item 9). The refresh token is the authority, not the access token, which may have
   * expired; whoever holds it could already end its chain by presenting it twice, so the call gives no new power. The
   * answer is the same for a known and an unknown token, so it tells nobody which tokens exist.
   */
  routes.post('/Auth/SignOut', async (c) => {
    const body = await readBody(c, RefreshRequestSchema);
    const known = await db.transaction((tx) => sessions.end(tx, body.refreshToken));
    logger.info('Sign-out', { correlationId: c.var.correlationId, known });
    return send(c, EmptyResponseSchema, {});
  });

  routes.post('/Auth/Account/Switch', requireAuth, async (c) => {
    const body = await readBody(c, SwitchAccountRequestSchema);
    const caller = c.var.account;
    // An id no stored record can have (beyond a safe integer) names nobody, like any foreign id.
    const userId = idNumber(body.userId);
    const practiceId = idNumber(body.practiceId);
    const target = userId === null || practiceId === null ? null : await findAccount(db, userId, practiceId);
    if (!target || target.personId !== caller.personId) throw new HttpError(403, ServerText.cannotSwitch);
    const user = await db.transaction(async (tx) => {
      // Issue 44: into the trail of the practice switched to, by the account there, naming that practice.
      const practice = { type: ActivityObjectType.practice, id: String(target.practiceId), label: target.practiceName };
      await recordAccountEvent(tx, c, { clock, config }, target, ActivityKind.accountSwitched, practice);
      // The practice switched to may require two-step sign-in: the answer says so, as sign-in's does.
      return withTwoStepRequirement(tx, target, await sessions.userObject(tx, target, await sessions.issue(tx, target, body.rememberMe)));
    });
    return send(c, SessionUserSchema, user);
  });

  routes.post('/Auth/Migrate', requireAuthDuringMigration, async (c) => {
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
      // The new password ends every earlier session, the must-migrate one included; this one goes on with the new pair.
      await setPassword(tx, account.personId, passwordHash, { clearMigration: true });
      await revokePerson(tx, account.personId, clock());
      await queueSecurityNotice(tx, config, account.personId, 'accountMigrated', clock());
      await recordAccountEvent(tx, c, { clock, config }, account, ActivityKind.migrated);
      const tokens = await sessions.issue(tx, account, body.rememberMe);
      return withTwoStepRequirement(tx, account, await sessions.userObject(tx, await sessions.reload(tx, account), tokens));
    });
    return send(c, SessionUserSchema, user);
  });

  return routes;
}
