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
