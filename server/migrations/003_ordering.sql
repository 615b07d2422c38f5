-- Ordering (ordering-commerce.md): the catalogue, the volume tiers and the shippable countries, which
-- the seed keeps equal to the server's data, and the practices' orders with their items, status
-- history and the Idempotency-Key of the request that placed each. Money is numeric(12,2): exact
-- cents, read back as JavaScript numbers through a ::float8 cast.

CREATE TABLE products (
  -- The specification's own numbers (79, 1, 78, 74, 47, ...), not generated.
  id integer PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  name text NOT NULL,
  description text,
  sku text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0)
);

-- A product's image is named by its lowercase sku (ordering §3), so two skus may not differ by case only.
CREATE UNIQUE INDEX products_sku_lower_key ON products (lower(sku));

-- Volume tiers above the standard one (1 to 9 units, ordering §9); a cart line reaches the tier of its quantity.
CREATE TABLE pricing_tiers (
  name text PRIMARY KEY,
  min_quantity integer NOT NULL UNIQUE CHECK (min_quantity > 1),
  discount_per_kit numeric(12, 2) NOT NULL CHECK (discount_per_kit > 0)
);

-- Countries kits are shipped to; any other is refused. Direct-to-consumer units ship only where dtc_allowed.
CREATE TABLE shippable_countries (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  dtc_allowed boolean NOT NULL DEFAULT false
);

-- Order numbers are digits from this sequence: unique, increasing and easy to read out on the phone.
CREATE SEQUENCE order_number_seq START WITH 100001;

CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  number text NOT NULL UNIQUE,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  order_date timestamptz NOT NULL,
  customer text NOT NULL,
  shipping_type text NOT NULL,
  fulfillment integer NOT NULL CHECK (fulfillment IN (0, 1)),
  ship_to text NOT NULL CHECK (ship_to IN ('Clinic', 'Patient')),
  customer_information jsonb,
  shipping_information jsonb,
  -- The card charged (the provider's pm_ id); null for invoice (Net 30) payers.
  payment_method text,
  -- Before the discount: the order's status panel shows total - discount + shipping_price (ordering §3).
  total numeric(12, 2) NOT NULL CHECK (total >= 0),
  discount numeric(12, 2) NOT NULL CHECK (discount >= 0),
  shipping_price numeric(12, 2) NOT NULL CHECK (shipping_price >= 0),
  -- The latest status code (ordering §4); its history is in order_status_history.
  status integer NOT NULL
);

CREATE INDEX orders_practice_idx ON orders (practice_id, order_date DESC);

CREATE TABLE order_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  -- Per kit: the product's price when ordered and the tier's discount on it.
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  discount numeric(12, 2) NOT NULL CHECK (discount >= 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  -- (price - discount) * quantity: the order detail's total is the sum of these (ordering §3).
  total_price numeric(12, 2) NOT NULL CHECK (total_price >= 0)
);

CREATE INDEX order_items_order_idx ON order_items (order_id, id);

CREATE TABLE order_status_history (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status integer NOT NULL,
  status_group text NOT NULL,
  date timestamptz NOT NULL,
  description text
);

CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, id);

-- A request that placed an order under an Idempotency-Key, per practice: the same key and body answer
-- that order again. order_id stays null while the first request is still placing it.
CREATE TABLE order_idempotency_keys (
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  order_id integer REFERENCES orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (practice_id, key)
);
