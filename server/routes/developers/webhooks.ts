import { Hono } from 'hono';
import {
  TokenSchemaRecordSchema,
  WebhookDeletedSchema,
  WebhookEventRecordsSchema,
  WebhookRecordSchema,
  WebhookRecordsSchema,
  WebhookRequestSchema,
  WebhookSecretRecordSchema,
  WebhookServerText,
  type WebhookFields,
} from '../../../src/model/developers/webhook';
import { loadSigningKey } from '../../auth/access-tokens';
import type { Deps } from '../../deps';
import type { Queryable } from '../../db/database';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import {
  deleteWebhook,
  eventIds,
  findWebhook,
  insertWebhook,
  listEvents,
  listWebhooks,
  updateWebhook,
} from '../../store/developers/webhooks';
import { endDeliveriesOf } from '../../store/developers/deliveries';
import { apiKeyOf, ensureDeveloperSettings, secretAnswer, type DeveloperSettingsRow } from '../../developers/api-keys';
import { endpointProblemResolved } from '../../developers/url-policy';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordKeyEvent, recordWebhookEvent } from './developer-activity';

/**
 * Kits §7 "Webhooks": the practice's developer settings and its webhooks. All are signed in and about the
 * signed-in practice only: another practice's webhook is not found (404), whatever its uid.
 *
 * POST and PUT check, in order: the body against the shared schema (kits §5's messages, 400), the endpoint
 * against the URL policy (https and public addresses only in production settings, 400), and the event names
 * against the known events (400 naming the unknown ones). Nothing is stored when any fails. Two webhooks may
 * share an endpoint (decided: the documents forbid nothing, and a receiver may want its events split).
 */

function notFound(): never {
  throw new HttpError(404, WebhookServerText.notFound);
}

/** The signed-in account's practice was removed meanwhile. */
function notFoundPractice(): never {
  throw new HttpError(404, NOT_FOUND_MESSAGE);
}

/** The endpoint rule beyond kits §5: the server's URL policy, which may resolve the host (so before any transaction). */
async function checkEndpoint(fields: WebhookFields, production: boolean): Promise<void> {
  const problem = await endpointProblemResolved(fields.endpoint, production);
  if (problem) throw new HttpError(400, problem);
}

async function knownEventIds(q: Queryable, names: readonly string[]): Promise<number[]> {
  const { ids, unknown } = await eventIds(q, names);
  if (unknown.length) throw new HttpError(400, WebhookServerText.unknownEvents(unknown));
  return ids;
}

export function webhookRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, requireProvider, config, clock } = deps;
  const one = '/Webhooks/:uid';
  // Read before any transaction: PGlite runs nothing else while one is open (see createApp).
  const signingKey = () => loadSigningKey(db, config.tokenSecret);

  /** The practice's developer settings, made the first time it needs them. */
  async function settingsOf(practiceId: number): Promise<{ key: Uint8Array; settings: DeveloperSettingsRow }> {
    const key = await signingKey();
    const settings = await db.transaction((tx) => ensureDeveloperSettings(tx, key, practiceId, clock()));
    if (!settings) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return { key, settings };
  }

  routes.get('/Webhooks/Events', requireProvider, async (c) => send(c, WebhookEventRecordsSchema, await listEvents(db)));

  /*
   * Issue 44: both answers carry the secret or key whole (kits §9: the portal masks it and its show button reveals it
   * without another call), so every answer is a showing, recorded in the transaction that reads it.
   */
  routes.get('/Webhooks/Secret', requireProvider, async (c) => {
    const key = await signingKey();
    const settings = await db.transaction(async (tx) => {
      const row = await ensureDeveloperSettings(tx, key, c.var.account.practiceId, clock());
      if (row) await recordKeyEvent(tx, c, deps, ActivityKind.webhookSecretShown);
      return row;
    });
    if (!settings) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, WebhookSecretRecordSchema, secretAnswer(settings, clock()));
  });

  routes.get('/Webhooks/TokenSchema', requireProvider, async (c) => {
    const key = await signingKey();
    const answer = await db.transaction(async (tx) => {
      const settings = await ensureDeveloperSettings(tx, key, c.var.account.practiceId, clock());
      if (!settings) return null;
      const apiKey = await apiKeyOf(tx, key, settings);
      await recordKeyEvent(tx, c, deps, ActivityKind.apiKeyShown);
      return { apiKey, name: settings.schema_name };
    });
    return send(c, TokenSchemaRecordSchema, answer ?? notFoundPractice());
  });

  routes.get('/Webhooks', requireProvider, async (c) => send(c, WebhookRecordsSchema, await listWebhooks(db, c.var.account.practiceId)));

  routes.post('/Webhooks', requireProvider, async (c) => {
    const fields = await readBody(c, WebhookRequestSchema);
    await checkEndpoint(fields, config.production);
    const practiceId = c.var.account.practiceId;
    // Every delivery is signed with the practice's secret, so a practice with a webhook has one.
    await settingsOf(practiceId);
    const created = await db.transaction(async (tx) => {
      const webhook = await insertWebhook(tx, practiceId, fields, await knownEventIds(tx, fields.events), clock());
      await recordWebhookEvent(tx, c, deps, ActivityKind.webhookAdded, webhook);
      return webhook;
    });
    return send(c, WebhookRecordSchema, created, 201);
  });

  routes.put(one, requireProvider, async (c) => {
    const fields = await readBody(c, WebhookRequestSchema);
    await checkEndpoint(fields, config.production);
    const practiceId = c.var.account.practiceId;
    const uid = c.req.param('uid');
    const updated = await db.transaction(async (tx) => {
      const webhook = await updateWebhook(tx, practiceId, uid, fields, await knownEventIds(tx, fields.events));
      if (webhook) await recordWebhookEvent(tx, c, deps, ActivityKind.webhookEdited, webhook);
      return webhook;
    });
    return send(c, WebhookRecordSchema, updated ?? notFound());
  });

  routes.delete(one, requireProvider, async (c) => {
    const practiceId = c.var.account.practiceId;
    const uid = c.req.param('uid');
    const deleted = await db.transaction(async (tx) => {
      // Named on the trail by the endpoint it had.
      const webhook = await findWebhook(tx, practiceId, uid);
      if (!webhook) return false;
      await endDeliveriesOf(tx, practiceId, uid, clock());
      if (!(await deleteWebhook(tx, practiceId, uid))) return false;
      await recordWebhookEvent(tx, c, deps, ActivityKind.webhookDeleted, webhook);
      return true;
    });
    if (!deleted) notFound();
    return send(c, WebhookDeletedSchema, true);
  });

  return routes;
}
