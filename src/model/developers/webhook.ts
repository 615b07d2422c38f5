import * as v from 'valibot';
import { IdSchema } from '../id';
import { limited, TextLimit } from '../limits';
import { formFieldErrors, optionalText, request, requiredText } from '../schema';
import { isWebhookUrl } from './webhook-rules';
import { WebhookFormText as Label, WebhookValidationText as T } from './webhook-texts';

/**
 * Kits §3 "Webhook", "Webhook event", "Webhook secret" and "Token schema" as the portal reads them (leniently,
 * as the contract decisions say), and the body of POST /Webhooks and PUT /Webhooks/{uid} as it writes it
 * (exactly, kits §5 and §7).
 */

/** An event a webhook listens to. Its name is what a request sends, so a webhook's event without one is no event. */
export const WebhookEventRefSchema = v.object({
  id: v.nullish(IdSchema, null),
  name: v.string(),
});

/** The list needs the uid (edit and delete address it) and the endpoint it shows. */
export const WebhookSchema = v.object({
  uid: v.string(),
  endpoint: v.string(),
  events: v.nullish(v.array(WebhookEventRefSchema), []),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;

/** GET /Webhooks answers a plain array (contract decisions). */
export const WebhooksSchema = v.array(WebhookSchema);

/**
 * An event a webhook may listen to: the form's checkbox (by name) and the events table (full name,
 * description). The documents do not say what `type` holds, so it is kept as sent, text or number.
 */
export const WebhookEventSchema = v.object({
  id: IdSchema,
  name: v.string(),
  type: v.nullish(v.union([v.string(), v.number()]), null),
  fullName: optionalText,
  description: optionalText,
});
export type WebhookEvent = v.InferOutput<typeof WebhookEventSchema>;

/** GET /Webhooks/Events answers a plain array (contract decisions). */
export const WebhookEventsSchema = v.array(WebhookEventSchema);

/** GET /Webhooks/Secret. */
export const WebhookSecretSchema = v.object({
  secret: optionalText,
  maskedSecret: optionalText,
  /** This project's extension (issue 44): until when a rotated-out secret still signs beside this one. */
  previousSecretExpiresAt: optionalText,
});
export type WebhookSecret = v.InferOutput<typeof WebhookSecretSchema>;

/** GET /Webhooks/TokenSchema: the API key and the schema name, both shown masked (kits §9). */
export const TokenSchemaSchema = v.object({
  apiKey: optionalText,
  name: optionalText,
});
export type TokenSchema = v.InferOutput<typeof TokenSchemaSchema>;

// An event's name is an identifier (GET /Webhooks/Events); its limit names the form's field, under which it shows.
const EventNameSchema = limited(
  v.pipe(v.string(T.eventsNotNames), v.trim(), v.nonEmpty(T.eventsNotNames)),
  Label.events,
  TextLimit.identifier,
);

/**
 * POST /Webhooks and PUT /Webhooks/{uid}: `{ endpoint, events }`, the events as their names (kits §7). Kits §5:
 * the endpoint is required and a valid URL (see isWebhookUrl), and at least one event is selected. The endpoint
 * is sent trimmed and each event name once.
 */
export const WebhookRequestSchema = request({
  // A blank endpoint breaks "required" only: valibot would run the URL check on it too and add its message.
  endpoint: limited(
    v.pipe(
      requiredText(T.endpointRequired),
      v.check((text) => text === '' || isWebhookUrl(text), T.endpointInvalid),
    ),
    Label.endpoint,
    TextLimit.url,
  ),
  events: v.pipe(
    v.array(EventNameSchema, (issue) => (issue.received === 'undefined' ? T.eventsRequired : T.eventsNotNames)),
    v.transform((names) => [...new Set(names)]),
    v.minLength(1, T.eventsRequired),
  ),
});
export type WebhookRequest = v.InferInput<typeof WebhookRequestSchema>;
export type WebhookFields = v.InferOutput<typeof WebhookRequestSchema>;

/** The form's two fields, each with the first message that applies to it. */
export type WebhookField = keyof WebhookRequest;
export type WebhookFieldErrors = Partial<Record<WebhookField, string>>;
const WEBHOOK_FIELDS: readonly WebhookField[] = ['endpoint', 'events'];

/** Kits §5 for the form: the message under each field that breaks a rule; empty when the request may be sent. */
export function webhookFieldErrors(input: WebhookRequest): WebhookFieldErrors {
  const result = v.safeParse(WebhookRequestSchema, input);
  // An event name's own issue (events.0) belongs under the events field.
  return result.success ? {} : formFieldErrors(result.issues, WEBHOOK_FIELDS);
}

/** A webhook as its edit form opens: its endpoint and the names of its events (kits §4). */
export function webhookFormValues(webhook: Pick<Webhook, 'endpoint' | 'events'>): { endpoint: string; events: string[] } {
  return { endpoint: webhook.endpoint, events: webhook.events.map((event) => event.name) };
}

// ---------------------------------------------------------------------------------------------------------------
// What the reference server answers: exact shapes (the client reads them through the lenient schemas above).

/** An event as a webhook names it (kits §3 "Webhook.events": each with id and name). */
export const WebhookEventRefRecordSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.description('The event’s id (GET /Webhooks/Events)')),
  name: v.pipe(v.string(), v.description('The event’s name, as POST and PUT /Webhooks send it')),
});

/** Kits §3 "Webhook": POST answers 201 with it, PUT 200, and GET /Webhooks a plain array of them. */
export const WebhookRecordSchema = v.object({
  uid: v.pipe(v.string(), v.description('The webhook’s uid, which PUT and DELETE /Webhooks/{uid} name')),
  endpoint: v.pipe(v.string(), v.description('The URL every subscribed event is POSTed to')),
  events: v.pipe(v.array(WebhookEventRefRecordSchema), v.description('The events the webhook listens to, by event id')),
});
export type WebhookRecord = v.InferOutput<typeof WebhookRecordSchema>;

export const WebhookRecordsSchema = v.array(WebhookRecordSchema);

/** Kits §3 "Webhook event", every field present (the server's reference data). */
export const WebhookEventRecordSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.pipe(v.string(), v.description('What a webhook request names the event by')),
  type: v.pipe(v.string(), v.description('The kind of record the event concerns: "Kit" or "Report"')),
  fullName: v.string(),
  description: v.string(),
});
export type WebhookEventRecord = v.InferOutput<typeof WebhookEventRecordSchema>;

export const WebhookEventRecordsSchema = v.array(WebhookEventRecordSchema);

/** GET /Webhooks/Secret as the server answers it: the full secret, and it masked like the API key. */
export const WebhookSecretRecordSchema = v.object({
  secret: v.pipe(v.string(), v.description('The practice’s webhook secret: the HMAC-SHA256 key that signs every delivery')),
  maskedSecret: v.pipe(v.string(), v.description('The secret with every character but the last 4 masked')),
  previousSecretExpiresAt: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    v.description(
      'Until when the secret the last rotation replaced still signs every delivery beside this one (POST /Webhooks/Secret/Rotate); null when none does',
    ),
  ),
});

/** GET /Webhooks/TokenSchema as the server answers it: the full API key and the schema name (the client masks both). */
export const TokenSchemaRecordSchema = v.object({
  apiKey: v.pipe(v.string(), v.description('The practice’s API key, whole')),
  name: v.pipe(v.string(), v.description('The practice’s schema name')),
});

/** DELETE /Webhooks/{uid} answers a bare `true` (decided: the documents name no answer). */
export const WebhookDeletedSchema = v.pipe(v.literal(true), v.description('Always true: the webhook was deleted'));

export const WebhookPathSchema = v.object({
  uid: limited(v.pipe(v.string(), v.description('The webhook’s uid')), 'uid', TextLimit.identifier),
});

/** The reference server's own messages about webhooks (not quoted by the documents). */
export const WebhookServerText = {
  notFound: 'The practice has no webhook with this uid',
  unknownEvents: (names: readonly string[]) =>
    names.length === 1 ? `Unknown webhook event: ${names.join('')}` : `Unknown webhook events: ${names.join(', ')}`,
} as const;
