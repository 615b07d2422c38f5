-- Developer settings and webhooks (kits-reports-people.md §2 "Developer settings", §3, §7): the events a
-- webhook may listen to, each practice's API key, schema name and webhook secret, its webhooks, and the
-- outbox of deliveries with every attempt's outcome.

CREATE TABLE webhook_events (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  type text NOT NULL,
  full_name text NOT NULL,
  description text NOT NULL
);

-- One row per practice. The API key itself is never stored: it is derived from the server's secret and
-- `api_key_salt`, and only its SHA-256 (to check a key presented) and its last four characters are kept,
-- so a dump of this table reveals no key. The webhook secret must sign every delivery, so it is kept.
CREATE TABLE practice_developer_settings (
  practice_id integer PRIMARY KEY REFERENCES practices (id) ON DELETE CASCADE,
  schema_name text NOT NULL UNIQUE,
  api_key_salt text NOT NULL,
  api_key_hash text NOT NULL UNIQUE,
  api_key_last_four text NOT NULL,
  webhook_secret text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX webhooks_practice_idx ON webhooks (practice_id, id);

CREATE TABLE webhook_subscriptions (
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES webhook_events (id),
  PRIMARY KEY (webhook_id, event_id)
);

-- The outbox: written in the same transaction as the change that causes the event, so an event is
-- never lost nor sent for a change that rolled back. A sender claims due rows with FOR UPDATE SKIP
-- LOCKED and holds them until `locked_until`, so several server instances never send one twice.
CREATE TABLE webhook_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The delivery id the receiver sees; the same on every retry, so a receiver can drop repeats.
  uid text NOT NULL UNIQUE,
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  event_name text NOT NULL,
  -- The JSON body sent, fixed when the event happens.
  payload jsonb NOT NULL,
  -- pending (waiting for its next attempt), delivered, or failed (attempts used up).
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);

CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';

CREATE TABLE webhook_delivery_attempts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  -- The receiver's HTTP status, or null when no answer came (refused, timed out, address not allowed).
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  UNIQUE (delivery_id, attempt)
);
