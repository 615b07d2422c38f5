-- The kit and order lists at a million kits in one practice (issue 43 point 4; measured by `npm run bench:scale`,
-- plans in docs/performance/scale-plans.md). A page is ten rows: with an index in the list's sort order (the
-- practice first, the id as tie-break last) PostgreSQL reads those rows and stops, either way round, where it would
-- otherwise sort every kit of the practice. A `contains` or `endsWith` filter (ILIKE '%…%') cannot use a b-tree:
-- a trigram index finds the few rows that hold the text instead of reading them all.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Kits sorted by kit ID: the barcode without regard to case, byte by byte, as the list sorts it.
CREATE INDEX kits_practice_lower_barcode_idx ON kits (practice_id, (lower(barcode) COLLATE "C"), id);

-- The kit ID filter and the search box: the barcode or the sample's Unique ID holds the text.
CREATE INDEX kits_barcode_trgm_idx ON kits USING gin (barcode gin_trgm_ops);
CREATE INDEX kits_external_barcode_trgm_idx ON kits USING gin (external_barcode gin_trgm_ops);

-- The order number filter, of both lists: the kit list reaches the order's kits through kits_order_idx.
CREATE INDEX orders_number_trgm_idx ON orders USING gin (number gin_trgm_ops);
CREATE INDEX kits_order_idx ON kits (order_id);

-- The order list's sorts that had no index yet: shipping type, and fulfilment by its code (see server/store/orders/list.ts).
CREATE INDEX orders_practice_shipping_type_idx ON orders (practice_id, lower(shipping_type), id);
CREATE INDEX orders_practice_fulfillment_idx ON orders (practice_id, fulfillment, id);

-- The kit status filter names the matching codes (server/store/kits/list.ts): a rare status under the default
-- newest-first order is read from here in order, instead of walking every kit to find a page of it.
CREATE INDEX kits_practice_status_created_idx ON kits (practice_id, status, created_at DESC, id DESC);
