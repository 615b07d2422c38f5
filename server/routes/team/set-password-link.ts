import { digest, newId, newOpaqueToken } from '../../auth/secrets';
import type { Deps } from '../../deps';
import type { Queryable } from '../../db/database';
import { queueInvitation } from '../../mail/notices';
import { insertRestoreToken } from '../../store/auth/restore-tokens';
import { restoreLinkOf } from '../auth/password';

/**
 * A new team member's way in: a restore link like forgot password's (access §7), which POST
 * /Auth/Password/Restore redeems, so the member sets a password and signs in. It reaches the member in the
 * invitation, queued in the same transaction as the member and the token.
 */

export const SET_PASSWORD_LINK_LOG = 'Team member invitation queued';

/** Stores the link's digest inside the caller's transaction; call `announce` once it has committed. */
export async function issueSetPasswordLink(
  q: Queryable,
  { config, clock }: Pick<Deps, 'config' | 'clock'>,
  personId: string,
  practiceId: number,
): Promise<{ link: string; token: string }> {
  const token = newOpaqueToken();
  const now = clock();
  await insertRestoreToken(q, {
    id: newId(),
    tokenHash: digest(token),
    personId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + config.restoreTokenTtlSeconds * 1000),
  });
  const link = restoreLinkOf(config.publicUrl, token);
  await queueInvitation(q, config, personId, practiceId, link, now);
  return { link, token };
}

export function announceSetPasswordLink(
  { logger, restoreLinks }: Pick<Deps, 'logger' | 'restoreLinks'>,
  correlationId: string,
  personId: string,
  issued: { link: string; token: string },
): void {
  logger.info(SET_PASSWORD_LINK_LOG, { correlationId, personId });
  restoreLinks.record(personId, issued);
}
