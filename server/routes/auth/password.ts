import { Hono } from 'hono';
import { ActivityKind } from '../../../src/model/activity/activity';
import {
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  ForgotPasswordRequestSchema,
  RestorePasswordRequestSchema,
  SessionUserSchema,
} from '../../../src/model/auth/auth';
import { Paths } from '../../../src/model/shell/navigation';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { digest, newId, newOpaqueToken } from '../../auth/secrets';
import { forgotPasswordThrottle } from '../../auth/throttle';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { readBody, send } from '../../http/validation';
import { queuePasswordRestore, queueSecurityNotice } from '../../mail/notices';
import { ServerText } from '../../messages';
import { firstAccountOf } from '../../store/auth/accounts';
import { credentialsOf, findByLogin, setPassword } from '../../store/auth/people';
import { revokePerson } from '../../store/auth/refresh-tokens';
import { claimRestoreToken, insertRestoreToken, retireRestoreTokens } from '../../store/auth/restore-tokens';

import { recordAccountEvent } from './account-activity';

/** A restore or set-password link: PUBLIC_URL's page with the token, never an origin the request names. */
export function restoreLinkOf(publicUrl: string, token: string): string {
  return `${publicUrl}${Paths.restorePassword}?token=${encodeURIComponent(token)}`;
}

/** Forgot, restore and change password (access §7). */
export function passwordRoutes({ db, config, clock, logger, sessions, restoreLinks, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const trail = { clock, config };

  // Every request counts, known username or not, so a refusal says nothing about who has an account.
  routes.post('/Auth/Password/Forgot', ...forgotPasswordThrottle({ db, clock, config }, ForgotPasswordRequestSchema), async (c) => {
    const body = await readBody(c, ForgotPasswordRequestSchema);
    const person = await findByLogin(db, body.username);
    // Known or not, the answer is the same, so the form cannot be used to find out who has an account.
    if (person) {
      const token = newOpaqueToken();
      const link = restoreLinkOf(config.publicUrl, token);
      await db.transaction(async (tx) => {
        const now = clock();
        await insertRestoreToken(tx, {
          id: newId(),
          tokenHash: digest(token),
          personId: person.personId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + config.restoreTokenTtlSeconds * 1000),
        });
        // The message and the token it carries exist together or not at all.
        await queuePasswordRestore(tx, config, person.personId, link, now);
      });
      logger.info('Password restore message queued', { correlationId: c.var.correlationId, personId: person.personId });
      restoreLinks.record(person.personId, { link, token });
    }
    return send(c, EmptyResponseSchema, {});
  });

  routes.post('/Auth/Password/Restore', async (c) => {
    const body = await readBody(c, RestorePasswordRequestSchema);
    const passwordHash = await hashPassword(body.newPassword);
    const restored = await db.transaction(async (tx) => {
      const now = clock();
      const personId = await claimRestoreToken(tx, digest(body.restorePasswordToken), now);
      if (!personId) return false;
      await setPassword(tx, personId, passwordHash);
      await retireRestoreTokens(tx, personId, now);
      await revokePerson(tx, personId, now);
      await queueSecurityNotice(tx, config, personId, 'passwordRestored', now);
      // Issue 44: nobody is signed in; the entry goes to the account sign-in opens, as the person's own act.
      const account = await firstAccountOf(tx, personId);
      if (account) await recordAccountEvent(tx, c, trail, account, ActivityKind.passwordRestored);
      return true;
    });
    if (!restored) throw new HttpError(400, ServerText.invalidRestoreToken);
    return send(c, EmptyResponseSchema, {});
  });

  routes.post('/Auth/Password/Reset', requireAuth, async (c) => {
    const body = await readBody(c, ChangePasswordRequestSchema);
    const account = c.var.account;
    const credentials = await credentialsOf(db, account.personId);
    if (!credentials || !(await verifyPassword(body.currentPassword, credentials.passwordHash))) {
      throw new HttpError(400, ServerText.currentPasswordIncorrect);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const user = await db.transaction(async (tx) => {
      // Every earlier token of the person ends, this session's own included (setPassword raises the token version);
      // this session continues with the fresh pair issued below, under the new version.
      await setPassword(tx, account.personId, passwordHash);
      await revokePerson(tx, account.personId, clock());
      await queueSecurityNotice(tx, config, account.personId, 'passwordChanged', clock());
      await recordAccountEvent(tx, c, trail, account, ActivityKind.passwordChanged);
      return sessions.userObject(tx, account, await sessions.issue(tx, account, c.var.rememberMe));
    });
    return send(c, SessionUserSchema, user);
  });

  return routes;
}
