-- An Idempotency-Key claim is a lease (issue 13 item 5): the request placing the order renews claimed_until while
-- it works, so a claim whose request died with its server lapses within one lease, and a retry with the same key
-- takes it over, instead of waiting out a fixed five minutes. Claims left from before this migration belong to a
-- server that has since stopped: they lapse at once.
ALTER TABLE order_idempotency_keys ADD COLUMN claimed_until timestamptz;
UPDATE order_idempotency_keys SET claimed_until = created_at;
ALTER TABLE order_idempotency_keys ALTER COLUMN claimed_until SET NOT NULL;

-- Each claim's own token: renewing, completing and giving up touch the claim this request made, never one that a
-- retry made after this one's lease had lapsed.
ALTER TABLE order_idempotency_keys ADD COLUMN claim_token text;
UPDATE order_idempotency_keys SET claim_token = '';
ALTER TABLE order_idempotency_keys ALTER COLUMN claim_token SET NOT NULL;
