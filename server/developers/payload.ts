import * as v from 'valibot';

/**
 * The JSON body of a webhook delivery (the OpenAPI document's `webhooks` describe it from this schema). It is
 * built when the event happens and stored in the outbox, so every retry sends the same body with the same id.
 */

/** The events a webhook may subscribe to, by the name `webhook_events` keeps and the `X-Portal-Event` header sends. */
export const DeliveryEventName = {
  KitStatusChanged: 'KitStatusChanged',
  ReportReady: 'ReportReady',
} as const;
export type DeliveryEventName = (typeof DeliveryEventName)[keyof typeof DeliveryEventName];

const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

const KitStatusStampSchema = v.object({
  status: v.pipe(v.number(), v.integer(), v.description('The kit status code (kits §3 "Kit status codes").')),
  date: v.pipe(isoDateTime, v.description('When the kit reached this status.')),
});

export const DeliveryReportSchema = v.object({
  type: v.pipe(v.number(), v.integer(), v.description('The report type (kits §3 "Report types").')),
  name: v.string(),
});

export const DeliveryPayloadSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid(), v.description('The delivery id, also sent as X-Portal-Delivery: the same on every retry.')),
    type: v.pipe(v.picklist(Object.values(DeliveryEventName)), v.description('The event, also sent as X-Portal-Event.')),
    createdAt: v.pipe(isoDateTime, v.description('When the event happened (not when this attempt was sent).')),
    data: v.object({
      kit: v.object({
        uid: v.string(),
        barcode: v.string(),
        status: v.pipe(KitStatusStampSchema, v.description('The status the kit has now.')),
        previousStatus: v.pipe(v.nullable(KitStatusStampSchema), v.description('The status it had before the change.')),
      }),
      reports: v.optional(
        v.pipe(
          v.array(DeliveryReportSchema),
          v.description('ReportReady only: the reports the kit has; POST /Reports/ with the barcode and a type answers a link to one.'),
        ),
      ),
    }),
  }),
  v.description('A webhook event: KitStatusChanged when a kit’s status changes, ReportReady when it becomes ResultReady (17).'),
);
export type DeliveryPayload = v.InferOutput<typeof DeliveryPayloadSchema>;

/**
 * The test event ("Send test event", issue 44): sent to one webhook whatever it listens to, signed and retried like
 * any other delivery, so that an integrator can check the endpoint and the signature before a real event happens.
 * It is no `webhook_events` row: a webhook cannot subscribe to it, and the events list does not offer it.
 */
export const PING_EVENT = 'Ping';

export const PingPayloadSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid(), v.description('The delivery id, also sent as X-Portal-Delivery: the same on every retry.')),
    type: v.pipe(v.literal(PING_EVENT), v.description('Always `Ping`, also sent as X-Portal-Event.')),
    createdAt: v.pipe(isoDateTime, v.description('When the test event was asked for.')),
    data: v.object({
      webhook: v.object({
        uid: v.pipe(v.string(), v.description('The webhook the test event was sent to.')),
        endpoint: v.pipe(v.string(), v.description('Its endpoint when the test event was asked for.')),
      }),
    }),
  }),
  v.description('The test event: sent on request to one webhook, to check its endpoint and signature.'),
);
export type PingPayload = v.InferOutput<typeof PingPayloadSchema>;

/** Every body the outbox sends. */
export const AnyDeliveryPayloadSchema = v.union([DeliveryPayloadSchema, PingPayloadSchema]);

/**
 * The body as the event was built: the outbox keeps it as jsonb, which orders keys its own way, so it is read
 * back through its schema (whose output follows the schema's order) before being sent or shown in the log.
 */
export function deliveryBody(payload: unknown): string {
  const parsed = v.safeParse(AnyDeliveryPayloadSchema, payload);
  return JSON.stringify(parsed.success ? parsed.output : payload);
}
