import {
  DELIVERY_LOG_PAGE_SIZE,
  DeliveryLogSchema,
  DeliveryQueuedSchema,
  type DeliveryLog,
  type DeliveryQueued,
  type ReauthRequest,
} from '../../model/developers/webhook-console';
import { WebhookConsoleServerText } from '../../model/developers/webhook-console-texts';
import {
  TokenSchemaSchema,
  WebhookSecretSchema,
  WebhookServerText,
  type TokenSchema,
  type WebhookSecret,
} from '../../model/developers/webhook';
import { ApiError } from '../http/api-error';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

const OWN_NOT_FOUND: readonly string[] = [WebhookServerText.notFound, WebhookConsoleServerText.deliveryNotFound];

const one = (uid: string) => `/Webhooks/${encodeURIComponent(uid)}`;

/**
 * A call this service does not have: the documents do not name the console's calls (issue 44 extends the contract),
 * and a portalApi without them answers 404 (or 405/501) to each. The console then says it is not available there.
 */
export function isMissingCall(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http') return false;
  if (error.status === 405 || error.status === 501) return true;
  // The reference server's own 404s (a webhook or delivery deleted meanwhile) say what is missing: those are no missing call.
  return error.status === 404 && !OWN_NOT_FOUND.some((text) => error.message.startsWith(text));
}

/** The webhook console's calls (issue 44 item 3): test events, delivery logs, resends and key rotation. */
export function createWebhookConsoleApi(client: HttpClient) {
  return {
    sendTest(uid: string, options: Call = {}): Promise<DeliveryQueued> {
      return client.read(DeliveryQueuedSchema, `${one(uid)}/Test`, { method: 'POST', signal: options.signal });
    },
    deliveries(uid: string, page: number, options: Call = {}): Promise<DeliveryLog> {
      return client.read(DeliveryLogSchema, `${one(uid)}/Deliveries`, {
        query: { page, pageSize: DELIVERY_LOG_PAGE_SIZE },
        signal: options.signal,
      });
    },
    resend(deliveryId: string, options: Call = {}): Promise<DeliveryQueued> {
      return client.read(DeliveryQueuedSchema, `/Webhooks/Deliveries/${encodeURIComponent(deliveryId)}/Resend`, {
        method: 'POST',
        signal: options.signal,
      });
    },
    rotateSecret(body: ReauthRequest, options: Call = {}): Promise<WebhookSecret> {
      return client.read(WebhookSecretSchema, '/Webhooks/Secret/Rotate', { method: 'POST', body, signal: options.signal });
    },
    regenerateApiKey(body: ReauthRequest, options: Call = {}): Promise<TokenSchema> {
      return client.read(TokenSchemaSchema, '/Webhooks/TokenSchema/Regenerate', { method: 'POST', body, signal: options.signal });
    },
  };
}

export const webhookConsoleApi = createWebhookConsoleApi(http);
