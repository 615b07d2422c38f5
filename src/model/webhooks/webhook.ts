import * as v from 'valibot';
import { IdSchema } from '../id';
import { fieldErrors, optionalText, request, requiredText } from '../schema';
import { isWebhookUrl } from './webhook-rules';
import { WebhookValidationText as T } from './webhook-texts';

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
export type WebhookEventRef = v.InferOutput<typeof WebhookEventRefSchema>;

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
});
export type WebhookSecret = v.InferOutput<typeof WebhookSecretSchema>;

/** GET /Webhooks/TokenSchema: the API key and the schema name, both shown masked (kits §9). */
export const TokenSchemaSchema = v.object({
  apiKey: optionalText,
  name: optionalText,
});
export type TokenSchema = v.InferOutput<typeof TokenSchemaSchema>;

const EventNameSchema = v.pipe(v.string(T.eventsNotNames), v.trim(), v.nonEmpty(T.eventsNotNames));

/**
 * POST /Webhooks and PUT /Webhooks/{uid}: `{ endpoint, events }`, the events as their names (kits §7). Kits §5:
 * the endpoint is required and a valid URL (see isWebhookUrl), and at least one event is selected. The endpoint
 * is sent trimmed and each event name once.
 */
export const WebhookRequestSchema = request({
  endpoint: v.pipe(requiredText(T.endpointRequired), v.check(isWebhookUrl, T.endpointInvalid)),
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

/** Kits §5 for the form: the message under each field that breaks a rule; empty when the request may be sent. */
export function webhookFieldErrors(input: WebhookRequest): WebhookFieldErrors {
  const result = v.safeParse(WebhookRequestSchema, input);
  if (result.success) return {};
  const errors: WebhookFieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(result.issues))) {
    // An event name's own issue (events.0) belongs under the events field.
    const field = path.split('.')[0];
    if (field === 'endpoint' || field === 'events') errors[field] ??= message;
  }
  return errors;
}

/** A webhook as its edit form opens: its endpoint and the names of its events (kits §4). */
export function webhookFormValues(webhook: Pick<Webhook, 'endpoint' | 'events'>): { endpoint: string; events: string[] } {
  return { endpoint: webhook.endpoint, events: webhook.events.map((event) => event.name) };
}
