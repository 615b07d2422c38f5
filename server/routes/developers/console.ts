import { Hono } from 'hono';
import {
  DeliveryLogQuerySchema,
  DeliveryLogRecordSchema,
  DeliveryQueuedRecordSchema,
  ReauthRequestSchema,
  SECRET_OVERLAP_MS,
} from '../../../src/model/developers/webhook-console';
import { WebhookConsoleServerText as T } from '../../../src/model/developers/webhook-console-texts';
import { TokenSchemaRecordSchema, WebhookSecretRecordSchema, WebhookServerText } from '../../../src/model/developers/webhook';
import { loadSigningKey } from '../../auth/access-tokens';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, readQuery, send } from '../../http/validation';
import { ensureDeveloperSettings, regenerateApiKey, rotateWebhookSecret, secretAnswer } from '../../developers/api-keys';
import { requireCurrentPassword } from '../../developers/reauth';
import { deliveryLog, queuePing, resendDelivery } from '../../store/developers/deliveries';
import { findWebhook } from '../../store/developers/webhooks';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordKeyEvent, recordWebhookEvent } from './developer-activity';

/**
 * The webhook console (issue 44 item 3), this project's extension of kits §7: a test event, a webhook's delivery log,
 * resending a delivery, rotating the webhook secret and regenerating the API key. All are signed in and about the
 * signed-in practice only: another practice's webhook or delivery is not found (404), whatever its id. Deliveries
 * leave through the webhook outbox only; rotation and regeneration need the person's current password
 * (../../developers/reauth.ts).
 */
export function webhookConsoleRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, requireProvider, config, clock } = deps;
  // Read before any transaction: PGlite runs nothing else while one is open (see createApp).
  const signingKey = () => loadSigningKey(db, config.tokenSecret);

  routes.post('/Webhooks/:uid/Test', requireProvider, async (c) => {
    const practiceId = c.var.account.practiceId;
    const uid = c.req.param('uid');
    // Every delivery is signed with the practice's secret: one made now, should the practice have none yet.
    const key = await signingKey();
    const deliveryId = await db.transaction(async (tx) => {
      await ensureDeveloperSettings(tx, key, practiceId, clock());
      const webhook = await findWebhook(tx, practiceId, uid);
      const queued = webhook && (await queuePing(tx, practiceId, uid, clock()));
      if (webhook && queued) await recordWebhookEvent(tx, c, deps, ActivityKind.webhookTestSent, webhook);
      return queued;
    });
    if (!deliveryId) throw new HttpError(404, WebhookServerText.notFound);
    return send(c, DeliveryQueuedRecordSchema, { deliveryId }, 201);
  });

  routes.get('/Webhooks/:uid/Deliveries', requireProvider, async (c) => {
    const { page, pageSize } = readQuery(c, DeliveryLogQuerySchema);
    const log = await deliveryLog(db, c.var.account.practiceId, c.req.param('uid'), page, pageSize);
    if (!log) throw new HttpError(404, WebhookServerText.notFound);
    return send(c, DeliveryLogRecordSchema, log);
  });

  routes.post('/Webhooks/Deliveries/:deliveryId/Resend', requireProvider, async (c) => {
    const practiceId = c.var.account.practiceId;
    const result = await db.transaction(async (tx) => {
      const resent = await resendDelivery(tx, practiceId, c.req.param('deliveryId'), clock());
      if (resent.kind === 'queued') await recordWebhookEvent(tx, c, deps, ActivityKind.webhookDeliveryResent, resent.webhook);
      return resent;
    });
    if (result.kind === 'notFound') throw new HttpError(404, T.deliveryNotFound);
    if (result.kind === 'webhookDeleted') throw new HttpError(409, T.webhookDeleted);
    if (result.kind === 'inFlight') throw new HttpError(409, T.inFlight);
    return send(c, DeliveryQueuedRecordSchema, { deliveryId: result.deliveryId });
  });

  routes.post('/Webhooks/Secret/Rotate', requireProvider, async (c) => {
    const { password } = await readBody(c, ReauthRequestSchema);
    await requireCurrentPassword({ db, clock, config }, c, password);
    const practiceId = c.var.account.practiceId;
    const key = await signingKey();
    const settings = await db.transaction(async (tx) => {
      // A practice that never had a secret gets one first, so that "rotating" it still leaves the old one signing.
      if (!(await ensureDeveloperSettings(tx, key, practiceId, clock()))) return null;
      const rotated = await rotateWebhookSecret(tx, practiceId, clock(), SECRET_OVERLAP_MS);
      if (rotated) await recordKeyEvent(tx, c, deps, ActivityKind.webhookSecretRotated);
      return rotated;
    });
    if (!settings) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, WebhookSecretRecordSchema, secretAnswer(settings, clock()));
  });

  routes.post('/Webhooks/TokenSchema/Regenerate', requireProvider, async (c) => {
    const { password } = await readBody(c, ReauthRequestSchema);
    await requireCurrentPassword({ db, clock, config }, c, password);
    const practiceId = c.var.account.practiceId;
    const key = await signingKey();
    const answer = await db.transaction(async (tx) => {
      const settings = await ensureDeveloperSettings(tx, key, practiceId, clock());
      const apiKey = settings && (await regenerateApiKey(tx, key, practiceId));
      if (!settings || !apiKey) return null;
      await recordKeyEvent(tx, c, deps, ActivityKind.apiKeyRegenerated);
      return { apiKey, name: settings.schema_name };
    });
    if (!answer) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, TokenSchemaRecordSchema, answer);
  });

  return routes;
}
