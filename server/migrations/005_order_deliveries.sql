-- Deliveries of shipped orders (ordering §3 "deliveries (last one used) {trackingNumber, provider}",
-- carriers UPS 1, USPS 2, FedEx 3), and the indexes the orders list needs to stay fast when one
-- practice has many thousands of orders (sorted and filtered by the server, ten rows a page).

CREATE TABLE order_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  tracking_number text NOT NULL,
  provider integer NOT NULL CHECK (provider IN (1, 2, 3)),
  created_at timestamptz NOT NULL
);

-- An order's deliveries are read oldest first; the client shows the last one.
CREATE INDEX order_deliveries_order_idx ON order_deliveries (order_id, id);

-- Every sort ends with the id as its tie-break, so a page boundary never repeats or skips an order;
-- with the id in the index the default sort (newest first) reads one page without sorting the rest.
DROP INDEX orders_practice_idx;
CREATE INDEX orders_practice_date_idx ON orders (practice_id, order_date DESC, id DESC);
CREATE INDEX orders_practice_number_idx ON orders (practice_id, length(number), number, id);
CREATE INDEX orders_practice_customer_idx ON orders (practice_id, lower(customer), id);
