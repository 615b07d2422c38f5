import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { isoDateTime, optionalText, request, requiredSecret } from '../schema';
import { KeyRotationText } from './webhook-console-texts';

/**
 * The webhook console's calls (issue 44 item 3), this project's own extension of the contract: a test event, a
 * webhook's delivery log, resending a delivery, rotating the webhook secret and regenerating the API key. The
 * portal reads the answers leniently (first part) and the reference server answers the exact shapes (second part).
 */

/** What a log entry says happened: a request still to be sent, a 2xx answer, or anything else. */
export const DeliveryOutcome = { waiting: 'waiting', delivered: 'delivered', failed: 'failed' } as const;
export type DeliveryOutcome = (typeof DeliveryOutcome)[keyof typeof DeliveryOutcome];

/** The delivery log's page size, and the most one request may ask for. */
export const DELIVERY_LOG_PAGE_SIZE = 10;
export const DELIVERY_LOG_MAX_PAGE_SIZE = 50;

/** How long a rotated webhook secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Requests: what the portal sends and the server reads (exactly).

/** A rotation or regeneration: the signed-in person's current password, as a fresh confirmation that it is them. */
export const ReauthRequestSchema = request({
  password: limited(requiredSecret(KeyRotationText.passwordRequired), 'password', TextLimit.password),
});
export type ReauthRequest = v.InferOutput<typeof ReauthRequestSchema>;

export const DeliveryPathSchema = v.object({
  deliveryId: limited(
    v.pipe(v.string(), v.description('The delivery id: the body’s `id` and the `X-Portal-Delivery` header')),
    'deliveryId',
    TextLimit.identifier,
  ),
});

const PAGE = /^[1-9]\d{0,8}$/;
const PAGE_SIZE = /^(?:[1-9]|[1-4]\d|50)$/;

export const DeliveryLogQuerySchema = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(PAGE, 'page must be a whole number of at least 1'), v.description('The page, from 1.'), v.transform(Number)),
    '1',
  ),
  pageSize: v.optional(
    v.pipe(
      v.string(),
      // At most "50": a longer text is refused before the pattern reads it, and the contract states the limit.
      v.maxLength(2, `pageSize must be a whole number from 1 to ${DELIVERY_LOG_MAX_PAGE_SIZE}`),
      v.regex(PAGE_SIZE, `pageSize must be a whole number from 1 to ${DELIVERY_LOG_MAX_PAGE_SIZE}`),
      v.description('Entries per page.'),
      v.transform(Number),
    ),
    String(DELIVERY_LOG_PAGE_SIZE),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers as the portal reads them (leniently).

export const DeliveryLogEntrySchema = v.object({
  deliveryId: v.string(),
  event: v.string(),
  attempt: v.nullish(v.number(), null),
  at: v.string(),
  outcome: v.nullish(v.string(), null),
  statusCode: v.nullish(v.number(), null),
  error: optionalText,
  durationMs: v.nullish(v.number(), null),
  requestBody: optionalText,
});
export type DeliveryLogEntry = v.InferOutput<typeof DeliveryLogEntrySchema>;

export const DeliveryLogSchema = v.object({
  items: v.array(DeliveryLogEntrySchema),
  page: v.number(),
  hasMore: v.boolean(),
});
export type DeliveryLog = v.InferOutput<typeof DeliveryLogSchema>;

export const DeliveryQueuedSchema = v.object({ deliveryId: v.string() });
export type DeliveryQueued = v.InferOutput<typeof DeliveryQueuedSchema>;

// ---------------------------------------------------------------------------------------------------------------
// What the reference server answers (exact shapes).

export const DeliveryLogEntryRecordSchema = v.object({
  deliveryId: v.pipe(v.string(), v.description('The delivery id; every attempt of one delivery, resends included, shares it')),
  event: v.pipe(v.string(), v.description('The event: `KitStatusChanged`, `ReportReady`, or `Ping` (a test event)')),
  attempt: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.description('The attempt’s number within its delivery; null for an attempt still to be made'),
  ),
  at: v.pipe(isoDateTime, v.description('When the attempt was made; for one still to be made, when it is due')),
  outcome: v.pipe(
    v.picklist(Object.values(DeliveryOutcome)),
    v.description('`waiting` (still to be sent), `delivered` (a 2xx answer) or `failed` (any other answer, or none)'),
  ),
  statusCode: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description('The receiver’s HTTP status; null when no answer came'),
  ),
  error: v.pipe(v.nullable(v.string()), v.description('Why no answer came (refused, timed out, address not allowed)')),
  durationMs: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description('How long the attempt took, in milliseconds'),
  ),
  requestBody: v.pipe(v.nullable(v.string()), v.description('The exact JSON body sent (or to be sent); null when no request went out')),
});

export const DeliveryLogRecordSchema = v.object({
  items: v.pipe(v.array(DeliveryLogEntryRecordSchema), v.description('Newest first')),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hasMore: v.boolean(),
});

export const DeliveryQueuedRecordSchema = v.object({
  deliveryId: v.pipe(v.string(), v.description('The delivery id the attempt will carry as `X-Portal-Delivery`')),
});
