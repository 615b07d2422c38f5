import {
  TokenSchemaRecordSchema,
  WebhookDeletedSchema,
  WebhookEventRecordsSchema,
  WebhookPathSchema,
  WebhookRecordSchema,
  WebhookRecordsSchema,
  WebhookRequestSchema,
  WebhookSecretRecordSchema,
  WebhookServerText,
} from '../developers/webhook';
import {
  DeliveryLogQuerySchema,
  DeliveryLogRecordSchema,
  DeliveryPathSchema,
  DeliveryQueuedRecordSchema,
  ReauthRequestSchema,
} from '../developers/webhook-console';
import { WebhookConsoleServerText } from '../developers/webhook-console-texts';
import { WebhookValidationText } from '../developers/webhook-texts';
import type { Endpoint } from './endpoint';

const notFound = `${WebhookServerText.notFound} (another practice’s webhook is as absent as none)`;

const saveRules = [
  `The body is checked in this order, and nothing is stored when a check fails (400 with its message): the kits §5 rules ("${WebhookValidationText.endpointRequired}", "${WebhookValidationText.endpointInvalid}", "${WebhookValidationText.eventsRequired}");`,
  'then the URL policy: no user name or password in the URL, and in production settings (NODE_ENV or PORTAL_ENV `production`) https only and a host that is and resolves to public addresses only (no loopback, private, link-local, carrier-grade NAT or unique-local address, no `localhost`); in development any http or https URL, `http://localhost` included;',
  'then the event names, which must all be known (GET /Webhooks/Events; the message names the unknown ones).',
  'The endpoint is stored trimmed and each event once; two webhooks may have one endpoint.',
].join(' ');

const wrongPassword = `"${WebhookConsoleServerText.wrongPassword}": the password is not the signed-in person’s (counted as a failed sign-in)`;
const throttled = 'The sign-in throttle refuses this person or address for now (Retry-After); the password was not checked';
const reauth =
  'Needs the signed-in person’s current password in the body (`{ password }`), as a fresh confirmation: a wrong one is refused (400) and counted by the sign-in throttle like a failed sign-in, and once the throttle refuses the person or address this call is refused too (429).';

const badBody = 'A kits §5 rule, the URL policy or an unknown event name (the message says which)';

/**
 * Developer settings and webhooks (kits §2, §3, §7). The documents name no events; the reference server has
 * two, `KitStatusChanged` and `ReportReady`, delivered as the document's `webhooks` describe.
 */
const WEBHOOK_SETTINGS_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listWebhookEvents',
    method: 'get',
    path: '/Webhooks/Events',
    summary: 'The events a webhook may listen to',
    description:
      'A plain array, by id. The reference server has two (decided, the documents name none): 1 `KitStatusChanged` (a kit reached a new status) and 2 `ReportReady` (a kit’s results are ready and its reports can be downloaded).',
    signedIn: true,
    audience: 'provider',
    answer: { status: 200, description: 'Every event, with its name, type, full name and description', schema: WebhookEventRecordsSchema },
  },
  {
    operationId: 'getWebhookSecret',
    method: 'get',
    path: '/Webhooks/Secret',
    summary: 'The practice’s webhook secret, whole and masked',
    description:
      'The HMAC-SHA256 key of the `X-Portal-Signature` header of every delivery. Made with a cryptographic random source (`whsec_` and 32 random bytes, base64url) the first time the practice needs it.',
    signedIn: true,
    audience: 'provider',
    answer: {
      status: 200,
      description: '`{ secret, maskedSecret }`: the masked one shows only the last 4 characters',
      schema: WebhookSecretRecordSchema,
    },
  },
  {
    operationId: 'getTokenSchema',
    method: 'get',
    path: '/Webhooks/TokenSchema',
    summary: 'The practice’s API key and schema name',
    description:
      'Both whole; the portal shows them masked except the last 4 characters. The API key is never stored: it is derived from the server’s signing key and a random salt kept per practice, and only its SHA-256 and last four characters are kept, so a database dump reveals no key. Changing the server’s signing key (TOKEN_SECRET) therefore changes every API key.',
    signedIn: true,
    audience: 'provider',
    answer: { status: 200, description: '`{ apiKey, name }`', schema: TokenSchemaRecordSchema },
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/Webhooks',
    summary: 'The practice’s webhooks',
    description: 'A plain array, in the order they were made; each with its events as `{ id, name }`.',
    signedIn: true,
    audience: 'provider',
    answer: { status: 200, description: 'The practice’s webhooks', schema: WebhookRecordsSchema },
  },
  {
    operationId: 'createWebhook',
    method: 'post',
    path: '/Webhooks',
    summary: 'Add a webhook: an endpoint and the events (by name) it listens to',
    description: saveRules,
    signedIn: true,
    audience: 'provider',
    body: WebhookRequestSchema,
    answer: { status: 201, description: 'The new webhook', schema: WebhookRecordSchema },
    errors: { 400: badBody },
  },
  {
    operationId: 'updateWebhook',
    method: 'put',
    path: '/Webhooks/{uid}',
    summary: 'Replace a webhook’s endpoint and events',
    description: `${saveRules} A delivery waiting for its next attempt goes to the endpoint the webhook has at that attempt.`,
    signedIn: true,
    audience: 'provider',
    pathParams: WebhookPathSchema,
    body: WebhookRequestSchema,
    answer: { status: 200, description: 'The updated webhook', schema: WebhookRecordSchema },
    errors: { 400: badBody, 404: notFound },
  },
  {
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/Webhooks/{uid}',
    summary: 'Remove a webhook',
    description:
      'Its deliveries still waiting end as failed in the same transaction, so the endpoint is not called again; the deliveries’ records stay, and resending one is refused (409).',
    signedIn: true,
    audience: 'provider',
    pathParams: WebhookPathSchema,
    answer: { status: 200, description: 'A bare `true`: the webhook was removed', schema: WebhookDeletedSchema },
    errors: { 404: notFound },
  },
];

/**
 * The webhook console (issue 44 item 3): this project's extension of the contract, which the documents do not name.
 * The portal works without these calls (it says the console is not available).
 */
const WEBHOOK_CONSOLE_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'sendWebhookTestEvent',
    method: 'post',
    path: '/Webhooks/{uid}/Test',
    summary: 'Send a test event (`Ping`) to one webhook',
    description:
      'Queues a `Ping` delivery to the webhook, whatever events it listens to, through the same outbox, signature and retries as every event (see the document’s `webhooks`). The answer comes at once; the attempt shows in the delivery log once the sender has made it.',
    signedIn: true,
    audience: 'provider',
    pathParams: WebhookPathSchema,
    answer: { status: 201, description: 'The delivery id the test event carries', schema: DeliveryQueuedRecordSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/Webhooks/{uid}/Deliveries',
    summary: 'A webhook’s delivery log',
    description:
      'Every attempt to deliver to this webhook, newest first: when, which event, the HTTP status or the error, how long it took and the exact body sent; and for a delivery still waiting, the attempt it waits for (`outcome` `waiting`, at the time it is due). Paged `{ items, page, hasMore }`.',
    signedIn: true,
    audience: 'provider',
    pathParams: WebhookPathSchema,
    query: DeliveryLogQuerySchema,
    answer: { status: 200, description: 'A page of the log', schema: DeliveryLogRecordSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'resendWebhookDelivery',
    method: 'post',
    path: '/Webhooks/Deliveries/{deliveryId}/Resend',
    summary: 'Send a delivery again',
    description:
      'Queues a new attempt of the delivery, due now, with the same delivery id and body (a receiver that already handled it can drop it by its id); it gets the whole retry schedule again. Refused (409) when the delivery’s webhook has been deleted, or while an attempt of it is under way.',
    signedIn: true,
    audience: 'provider',
    pathParams: DeliveryPathSchema,
    answer: { status: 200, description: 'The delivery id, queued again', schema: DeliveryQueuedRecordSchema },
    errors: {
      404: `${WebhookConsoleServerText.deliveryNotFound} (another practice’s delivery is as absent as none)`,
      409: `"${WebhookConsoleServerText.webhookDeleted}", or "${WebhookConsoleServerText.inFlight}"`,
    },
  },
  {
    operationId: 'rotateWebhookSecret',
    method: 'post',
    path: '/Webhooks/Secret/Rotate',
    summary: 'Replace the practice’s webhook secret',
    description: [
      'Makes a new secret (`whsec_` and 32 random bytes from a cryptographic source). For 24 hours the old secret keeps signing beside the new one, as Stripe does: every delivery’s `X-Portal-Signature` is then `t=<unix seconds>,v1=<hex HMAC-SHA256(new secret, "<t>.<raw body>")>,v1=<hex HMAC-SHA256(old secret, "<t>.<raw body>")>`, the new secret’s signature first. A receiver accepts a delivery when any `v1` matches the secret it holds, so it can switch to the new secret at any time within the overlap. After 24 hours only the new secret signs (one `v1`). A second rotation within the overlap replaces the older secret: only the two newest sign.',
      reauth,
    ].join(' '),
    signedIn: true,
    audience: 'provider',
    body: ReauthRequestSchema,
    answer: {
      status: 200,
      description: 'The new secret, whole and masked, and until when the old one also signs',
      schema: WebhookSecretRecordSchema,
    },
    errors: { 400: wrongPassword, 429: throttled },
  },
  {
    operationId: 'regenerateApiKey',
    method: 'post',
    path: '/Webhooks/TokenSchema/Regenerate',
    summary: 'Replace the practice’s API key',
    description: [
      'Makes a new API key (a new random salt, so a new derived key); the old key is refused from this moment on. The schema name stays.',
      reauth,
    ].join(' '),
    signedIn: true,
    audience: 'provider',
    body: ReauthRequestSchema,
    answer: { status: 200, description: '`{ apiKey, name }`: the new key, and the schema name', schema: TokenSchemaRecordSchema },
    errors: { 400: wrongPassword, 429: throttled },
  },
];

export const WEBHOOK_ENDPOINTS: readonly Endpoint[] = [...WEBHOOK_SETTINGS_ENDPOINTS, ...WEBHOOK_CONSOLE_ENDPOINTS];
