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
import { WebhookValidationText } from '../developers/webhook-texts';
import type { Endpoint } from './endpoint';

const notFound = `${WebhookServerText.notFound} (another practice’s webhook is as absent as none)`;

const saveRules = [
  `The body is checked in this order, and nothing is stored when a check fails (400 with its message): the kits §5 rules ("${WebhookValidationText.endpointRequired}", "${WebhookValidationText.endpointInvalid}", "${WebhookValidationText.eventsRequired}");`,
  'then the URL policy: no user name or password in the URL, and in production settings (NODE_ENV or PORTAL_ENV `production`) https only and a host that is and resolves to public addresses only (no loopback, private, link-local, carrier-grade NAT or unique-local address, no `localhost`); in development any http or https URL, `http://localhost` included;',
  'then the event names, which must all be known (GET /Webhooks/Events; the message names the unknown ones).',
  'The endpoint is stored trimmed and each event once; two webhooks may have one endpoint.',
].join(' ');

const badBody = 'A kits §5 rule, the URL policy or an unknown event name (the message says which)';

/**
 * Developer settings and webhooks (kits §2, §3, §7). The documents name no events; the reference server has
 * two, `KitStatusChanged` and `ReportReady`, delivered as the document's `webhooks` describe.
 */
export const WEBHOOK_ENDPOINTS: readonly Endpoint[] = [
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
    description: 'Its deliveries, waiting or done, go with it: the endpoint is not called again.',
    signedIn: true,
    audience: 'provider',
    pathParams: WebhookPathSchema,
    answer: { status: 200, description: 'A bare `true`: the webhook was removed', schema: WebhookDeletedSchema },
    errors: { 404: notFound },
  },
];
