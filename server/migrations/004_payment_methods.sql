-- Saved cards (ordering §3 PaymentMethod, §4 "a default card cannot be deleted while other cards exist").
-- With a card provider key the cards live at the provider and the server keeps only each practice's
-- customer id there; without one (demo, offline) the server keeps the cards and the charges itself.
-- Every row belongs to a practice and goes with it.

-- One provider customer per practice; the primary key is what makes creating it lazily race-safe.
CREATE TABLE card_provider_customers (
  practice_id integer PRIMARY KEY REFERENCES practices (id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- The demo cards. `seed_key` names a seeded card, so seeding again finds it although its id is random.
CREATE TABLE practice_cards (
  id text PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  seed_key text UNIQUE,
  -- Insertion order, newest listed first like the provider lists them.
  position bigint GENERATED ALWAYS AS IDENTITY
);

CREATE INDEX practice_cards_practice_idx ON practice_cards (practice_id, position);
-- At most one default card per practice, whatever requests run at once.
CREATE UNIQUE INDEX practice_cards_one_default_key ON practice_cards (practice_id) WHERE is_default;

-- The demo charges: one per practice and idempotency key, so charging one order twice records it
-- once. A charge outlives the card it was made with, so the card is named, not referenced.
CREATE TABLE card_charges (
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  payment_method_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (practice_id, idempotency_key)
);
