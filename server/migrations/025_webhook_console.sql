-- The webhook console (issue 44 item 3): test events, a delivery log per webhook, resending a delivery, and
-- rotating the webhook secret and the API key.

-- A rotated secret keeps signing beside the new one until `previous_secret_expires_at` (24 hours after the
-- rotation), so that a receiver can switch to the new secret without refusing a delivery meanwhile. Both are null
-- when no rotation is in its overlap.
ALTER TABLE practice_developer_settings
  ADD COLUMN previous_webhook_secret text,
  ADD COLUMN previous_secret_expires_at timestamptz;

-- A delivery outlives its webhook: deleting the webhook ends its waiting deliveries (server/store/developers/
-- webhooks.ts) but keeps their rows, so that a resend of one is refused with a reason instead of "not found".
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_webhook_id_fkey;
ALTER TABLE webhook_deliveries ALTER COLUMN webhook_id DROP NOT NULL;
ALTER TABLE webhook_deliveries
  ADD CONSTRAINT webhook_deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE SET NULL;

-- A resend starts a fresh series of attempts: the attempts made before it (`attempts` at the resend) no longer
-- count against WEBHOOK_MAX_ATTEMPTS.
ALTER TABLE webhook_deliveries ADD COLUMN retry_base integer NOT NULL DEFAULT 0;

-- The delivery log reads a webhook's deliveries newest first.
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id);

-- The exact body each attempt sent (null when no request went out: no secret yet, or the endpoint not allowed).
ALTER TABLE webhook_delivery_attempts ADD COLUMN request_body text;
