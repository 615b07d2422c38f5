import {
  TokenSchemaSchema,
  WebhookEventsSchema,
  WebhookSecretSchema,
  WebhooksSchema,
  type TokenSchema,
  type Webhook,
  type WebhookEvent,
  type WebhookFields,
  type WebhookSecret,
} from '../../model/developers/webhook';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

const one = (uid: string) => `/Webhooks/${encodeURIComponent(uid)}`;

/** Kits §7 "Webhooks": the practice's webhooks, the events they may listen to, the secret and the API key. */
export function createWebhooksApi(client: HttpClient) {
  return {
    list(options: Call = {}): Promise<Webhook[]> {
      return client.read(WebhooksSchema, '/Webhooks', { signal: options.signal });
    },
    events(options: Call = {}): Promise<WebhookEvent[]> {
      return client.read(WebhookEventsSchema, '/Webhooks/Events', { signal: options.signal });
    },
    secret(options: Call = {}): Promise<WebhookSecret> {
      return client.read(WebhookSecretSchema, '/Webhooks/Secret', { signal: options.signal });
    },
    tokenSchema(options: Call = {}): Promise<TokenSchema> {
      return client.read(TokenSchemaSchema, '/Webhooks/TokenSchema', { signal: options.signal });
    },
    /**
     * The documents do not say what a save answers, and nothing needs it: the list is read again afterwards.
     * So only its success counts, and a service answering the webhook, `true` or nothing all work.
     */
    async create(webhook: WebhookFields, options: Call = {}): Promise<void> {
      await client.request('/Webhooks', { method: 'POST', body: webhook, signal: options.signal });
    },
    async update(uid: string, webhook: WebhookFields, options: Call = {}): Promise<void> {
      await client.request(one(uid), { method: 'PUT', body: webhook, signal: options.signal });
    },
    async remove(uid: string, options: Call = {}): Promise<void> {
      await client.request(one(uid), { method: 'DELETE', signal: options.signal });
    },
  };
}

export const webhooksApi = createWebhooksApi(http);
