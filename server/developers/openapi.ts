import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { DEFAULT_CONFIG } from '../config';
import { DeliveryEventName, DeliveryPayloadSchema, PING_EVENT, PingPayloadSchema } from './payload';
import { retryDelayMs } from '../outbox/poller';
import { DeliveryHeader } from './sender';

/**
 * The OpenAPI 3.1 `webhooks` of the document: the POST the reference server sends to a subscribed endpoint, one
 * entry per event, with the headers, the signature rule and the retry schedule a receiver needs.
 */

export interface WebhookOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly {
    readonly name: string;
    readonly in: 'header';
    readonly required: true;
    readonly description: string;
    readonly schema: JsonSchema;
  }[];
  readonly requestBody: { readonly required: true; readonly content: { readonly 'application/json': { readonly schema: JsonSchema } } };
  readonly responses: Record<string, { readonly description: string }>;
}

export type WebhookPathItem = { readonly post: WebhookOperation };

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The default waits between attempts, as the README states them. */
export function defaultRetrySchedule(): string {
  const { webhookRetryBaseMs, webhookMaxAttempts } = DEFAULT_CONFIG;
  return Array.from({ length: webhookMaxAttempts - 1 }, (_, i) => seconds(retryDelayMs(webhookRetryBaseMs, i + 1))).join(', ');
}

const DELIVERY_RULES = [
  'Sent as `POST` with a JSON body to every webhook of the practice subscribed to this event, from the server’s outbox: the change that causes the event and the delivery are written in one transaction, and the request that caused it never waits for the delivery.',
  '',
  '**Signature.** `X-Portal-Signature: t=<unix seconds>,v1=<hex>` where `<hex>` is HMAC-SHA256, keyed with the practice’s webhook secret (`GET /Webhooks/Secret`), of the text `<t>.<raw body>`. Verify it over the raw bytes received (before any JSON parsing), compare in constant time, and refuse a `t` more than a few minutes from your clock so that an old delivery cannot be replayed. For 24 hours after the secret is rotated (`POST /Webhooks/Secret/Rotate`) the header carries two `v1` values, the new secret’s first and the old one’s second (`t=<t>,v1=<new>,v1=<old>`): accept the delivery when any `v1` matches the secret you hold.',
  '',
  `**Retries.** Any 2xx answer is success. Any other answer, a refused or dropped connection, or no answer within the timeout (\`WEBHOOK_TIMEOUT_MS\`, by default ${seconds(DEFAULT_CONFIG.webhookTimeoutMs)}) is retried with exponential backoff: the n-th retry waits \`WEBHOOK_RETRY_BASE_MS × 2^(n-1)\` (by default ${defaultRetrySchedule()}) until \`WEBHOOK_MAX_ATTEMPTS\` attempts (by default ${DEFAULT_CONFIG.webhookMaxAttempts}, at least 5) are used, after which the delivery is recorded as failed. Every attempt is recorded with its status or error and duration. A retry carries the same body, the same \`X-Portal-Delivery\` id and a new timestamp and signature, so a receiver drops a delivery id it has already handled.`,
  '',
  '**Endpoints.** In production settings an endpoint must be https and resolve to public addresses only (checked again at every connection); loopback, private and link-local addresses are refused and the delivery is recorded as failed without a connection.',
  '',
  '**Trying it.** A reference server in test mode (`PORTAL_TEST_MODE=1`) moves a kit with `POST /portalApi/__test/kits/{barcode}/status` and the body `{ "status": 17 }`; `npm run kit:status -- --barcode <barcode> --status <code>` does the same on the server’s database.',
].join('\n');

const HEADERS: WebhookOperation['parameters'] = [
  {
    name: DeliveryHeader.delivery,
    in: 'header',
    required: true,
    description: 'The delivery id (the body’s `id`): the same on every retry of this delivery.',
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: DeliveryHeader.event,
    in: 'header',
    required: true,
    description: 'The event (the body’s `type`).',
    schema: { type: 'string', enum: [...Object.values(DeliveryEventName), PING_EVENT] },
  },
  {
    name: DeliveryHeader.timestamp,
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in Unix seconds (the `t` of the signature).',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: DeliveryHeader.signature,
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(webhook secret, "<t>.<raw body>")>`; during the 24 hours after a rotation a second `v1` follows, signed with the old secret.',
    schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64}){1,2}$' },
  },
];

type WebhookEvent = DeliveryEventName | typeof PING_EVENT;

const SUMMARIES: Readonly<Record<WebhookEvent, string>> = {
  KitStatusChanged: 'A kit’s status changed',
  ReportReady: 'A kit’s results are ready (its status became ResultReady, 17): the body lists its reports',
  Ping: 'A test event, sent to one webhook when asked for (`POST /Webhooks/{uid}/Test`), whatever events it listens to',
};

/** `output` converts a body's schema as the document converts every answer. */
export function webhookPathItems(output: (schema: v.GenericSchema) => JsonSchema): Record<WebhookEvent, WebhookPathItem> {
  const bodyOf = (schema: v.GenericSchema) => ({ required: true, content: { 'application/json': { schema: output(schema) } } }) as const;
  const eventBody = bodyOf(DeliveryPayloadSchema);
  const item = (event: WebhookEvent, body = eventBody): WebhookPathItem => ({
    post: {
      operationId: `webhook${event}`,
      summary: SUMMARIES[event],
      description: DELIVERY_RULES,
      parameters: HEADERS,
      requestBody: body,
      responses: {
        '2XX': { description: 'Received: the delivery is recorded as delivered and not sent again' },
        default: { description: 'Any other answer, or none within the timeout: the delivery is retried with backoff' },
      },
    },
  });
  return {
    KitStatusChanged: item(DeliveryEventName.KitStatusChanged),
    ReportReady: item(DeliveryEventName.ReportReady),
    Ping: item(PING_EVENT, bodyOf(PingPayloadSchema)),
  };
}
