-- The kit and order lists sorted by a column of another table, and the kit search box and patient filter, at a
-- million kits (issue 43 point 4; measured by `npm run bench:scale`, plans in docs/performance/scale-plans.md).
-- An index can give a page in order only when the sort key lives on the sorted table: each key below is a copy of
-- what the list sorted by through its joins (server/store/kits/list.ts, server/store/orders/list.ts), the same
-- value, collation and NULLs, kept exact by the triggers at the end of this file whenever what it copies changes.

-- A kit status code's place in the display names' order: lower(name) byte by byte ("C"), as the list sorted by the
-- joined name; a code the model does not name is Unknown. Equal to src/model/kits/kit-status.ts, which
-- tests/server/list-sort-keys.test.ts checks code by code, so that a name changed in one place alone fails there.
CREATE FUNCTION kit_status_rank(code integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN code IN (23) THEN 1 -- abs data uploaded
    WHEN code IN (22) THEN 2 -- approved
    WHEN code IN (1) THEN 3 -- awaiting registration
    WHEN code IN (26) THEN 4 -- disposed
    WHEN code IN (21) THEN 5 -- not received
    WHEN code IN (0) THEN 6 -- not registered
    WHEN code IN (2) THEN 7 -- registered
    WHEN code IN (24) THEN 8 -- replacement requested
    WHEN code IN (19) THEN 9 -- report in process
    WHEN code IN (25, 53) THEN 10 -- reprocessing in lab
    WHEN code IN (17) THEN 11 -- result ready
    WHEN code IN (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 30, 40, 41, 42, 43, 44, 51) THEN 12 -- sample processing
    WHEN code IN (3, 50, 52) THEN 13 -- sample received
    ELSE 14 -- unknown
  END;

-- An order status code's place in its group names' order (src/model/orders/order.ts orderStatusGroup); null, sorted
-- last as the missing joined name was, for a code the model does not know. The names begin with different letters
-- but Canceled and Completed, so every collation orders them alike.
CREATE FUNCTION order_status_rank(code integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN code IN (5) THEN 1 -- Canceled
    WHEN code IN (7, 12) THEN 2 -- Completed
    WHEN code IN (0) THEN 3 -- Draft
    WHEN code IN (9, 30) THEN 4 -- Pending Payment
    WHEN code IN (1, 2, 27, 28, 29) THEN 5 -- Received
    WHEN code IN (4, 6) THEN 6 -- Shipped
  END;

-- The kit's copies of its order's number, its registrant's names and its product's name (each lower case where the
-- list sorted without regard to case, byte by byte where it sorted byte by byte), null where the join found nothing
-- (an order or registrant of another practice counts as none, as in KIT_FROM). patient_name is the name the patient
-- filter matches (concat_ws: '' without a registrant); search_text holds every text the search box matches.
ALTER TABLE kits
  ADD COLUMN order_number_key text COLLATE "C",
  ADD COLUMN patient_last_key text COLLATE "C",
  ADD COLUMN patient_first_key text COLLATE "C",
  ADD COLUMN patient_name text NOT NULL DEFAULT '',
  ADD COLUMN product_key text COLLATE "C",
  ADD COLUMN search_text text NOT NULL DEFAULT '';

-- The order's product names, sorted and joined, lower case: what the products sort compared. Null without items.
ALTER TABLE orders ADD COLUMN products_key text;

CREATE FUNCTION order_products_key(order_id integer) RETURNS text
LANGUAGE sql STABLE
RETURN (SELECT lower(string_agg(p.name, ', ' ORDER BY p.name))
          FROM order_items i JOIN products p ON p.id = i.product_id
         WHERE i.order_id = order_products_key.order_id);

-- Every key of one kit, from the rows it points at now.
CREATE FUNCTION kit_sort_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  order_number text;
  first_name text;
  last_name text;
  product_name text;
BEGIN
  SELECT o.number INTO order_number FROM orders o WHERE o.id = NEW.order_id AND o.practice_id = NEW.practice_id;
  SELECT pt.first_name, pt.last_name INTO first_name, last_name
    FROM patients pt WHERE pt.id = NEW.patient_id AND pt.practice_id = NEW.practice_id;
  SELECT p.name INTO product_name FROM products p WHERE p.id = NEW.product_id;
  NEW.order_number_key := order_number;
  NEW.patient_last_key := lower(last_name);
  NEW.patient_first_key := lower(first_name);
  NEW.patient_name := concat_ws(' ', first_name, last_name);
  NEW.product_key := lower(product_name);
  -- The full name holds the first and the last name, so this holds every text the search box matches: a kit it
  -- matches always holds the search text here too (the store keeps its own condition beside it, so exactness
  -- never rests on this text alone).
  NEW.search_text := concat_ws(E'\n', NEW.barcode, NEW.external_barcode, product_name, NEW.patient_name, order_number);
  RETURN NEW;
END
$$;

-- Backfilled before the triggers exist, in one pass.
UPDATE kits k SET
  order_number_key = o.number,
  patient_last_key = lower(pt.last_name),
  patient_first_key = lower(pt.first_name),
  patient_name = concat_ws(' ', pt.first_name, pt.last_name),
  product_key = lower(p.name),
  search_text = concat_ws(E'\n', k.barcode, k.external_barcode, p.name, concat_ws(' ', pt.first_name, pt.last_name), o.number)
FROM kits k2
  JOIN products p ON p.id = k2.product_id
  LEFT JOIN orders o ON o.id = k2.order_id AND o.practice_id = k2.practice_id
  LEFT JOIN patients pt ON pt.id = k2.patient_id AND pt.practice_id = k2.practice_id
WHERE k2.id = k.id;

UPDATE orders o SET products_key = pn.names
FROM (SELECT i.order_id, lower(string_agg(p.name, ', ' ORDER BY p.name)) AS names
        FROM order_items i JOIN products p ON p.id = i.product_id GROUP BY i.order_id) pn
WHERE pn.order_id = o.id;

-- The backfill wrote a new version of every kit and order, and every index of theirs took an entry for each: rebuilt
-- here they are the size they were (the barcode's trigram index measured 59 MB after the backfill, 22 MB rebuilt, and
-- a kit ID filter read it in 51 ms instead of about 10: bench:scale). The new indexes below are built once, after.
REINDEX TABLE kits;
REINDEX TABLE orders;

-- Any write of a kit works its keys out again: a handful of index reads, and no column of it can go stale.
CREATE TRIGGER kits_sort_keys BEFORE INSERT OR UPDATE ON kits FOR EACH ROW EXECUTE FUNCTION kit_sort_keys();

-- A renamed patient, renumbered order or renamed product: its kits work their keys out again (the no-op update
-- fires kit_sort_keys). An order deleted or a registrant removed sets the kit's column null, which fires it too.
CREATE FUNCTION refresh_kits_of_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kits SET order_id = order_id WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_kit_sort_keys AFTER UPDATE OF number, practice_id ON orders FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number OR OLD.practice_id IS DISTINCT FROM NEW.practice_id)
  EXECUTE FUNCTION refresh_kits_of_order();

CREATE FUNCTION refresh_kits_of_patient() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kits SET patient_id = patient_id WHERE patient_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER patients_kit_sort_keys AFTER UPDATE OF first_name, last_name, practice_id ON patients FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.practice_id IS DISTINCT FROM NEW.practice_id)
  EXECUTE FUNCTION refresh_kits_of_patient();

CREATE FUNCTION refresh_product_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kits SET product_id = product_id WHERE product_id = NEW.id;
  UPDATE orders SET products_key = order_products_key(id)
   WHERE id IN (SELECT i.order_id FROM order_items i WHERE i.product_id = NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER products_sort_keys AFTER UPDATE OF name ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION refresh_product_keys();

-- An order's items added, changed or removed: once per statement, for the orders it touched.
CREATE FUNCTION refresh_order_products_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET products_key = order_products_key(id) WHERE id IN (SELECT order_id FROM added);
  RETURN NULL;
END
$$;
CREATE FUNCTION refresh_order_products_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET products_key = order_products_key(id) WHERE id IN (SELECT order_id FROM removed);
  RETURN NULL;
END
$$;
CREATE FUNCTION refresh_order_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET products_key = order_products_key(id)
   WHERE id IN (SELECT order_id FROM added UNION SELECT order_id FROM removed);
  RETURN NULL;
END
$$;
CREATE TRIGGER order_items_added AFTER INSERT ON order_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_order_products_added();
CREATE TRIGGER order_items_removed AFTER DELETE ON order_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_order_products_removed();
CREATE TRIGGER order_items_changed AFTER UPDATE ON order_items REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_order_products_changed();

-- Each sort's index, in the list's ORDER BY with its tie-breakers (the id last); read backwards for descending.
CREATE INDEX kits_practice_order_number_key_idx ON kits (practice_id, length(order_number_key), order_number_key, id);
CREATE INDEX kits_practice_patient_key_idx ON kits (practice_id, patient_last_key, patient_first_key, id);
CREATE INDEX kits_practice_product_key_idx ON kits (practice_id, product_key, id);
CREATE INDEX kits_practice_status_rank_idx ON kits (practice_id, kit_status_rank(status), status, id);
CREATE INDEX orders_practice_products_key_idx ON orders (practice_id, products_key, id);
CREATE INDEX orders_practice_status_rank_idx ON orders (practice_id, order_status_rank(status), id);

-- The search box and the patient filter: trigrams find the few kits that hold the text.
CREATE INDEX kits_search_text_trgm_idx ON kits USING gin (search_text gin_trgm_ops);
CREATE INDEX kits_patient_name_trgm_idx ON kits USING gin (patient_name gin_trgm_ops);

-- The planner's statistics of the new columns and expressions, so that the first lists after the migration choose
-- these indexes rather than waiting for autovacuum to look (ANALYZE, unlike VACUUM, runs inside the migration's
-- transaction).
ANALYZE kits;
ANALYZE orders;
