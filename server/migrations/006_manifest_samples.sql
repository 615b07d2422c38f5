-- Manifest (bulk) upload (ordering §2, issue 9 item 5): every sample row of an accepted manifest, kept
-- with the order its Product ID was grouped into. The practice is stored too, so that every read can be
-- scoped to it without a join. A Unique ID is unique within its file (checked before storing); the same
-- sample may be registered again in a later file, so no unique index spans files.

CREATE TABLE manifest_samples (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  -- The spreadsheet row the sample came from, as the user sees it (the header is row 1).
  row_number integer NOT NULL CHECK (row_number > 1),
  unique_id text NOT NULL CHECK (unique_id ~ '^[A-Za-z0-9]{6,}$'),
  product_id integer NOT NULL REFERENCES products (id),
  collection_date date NOT NULL,
  dob date NOT NULL CHECK (dob <= collection_date),
  sex text NOT NULL CHECK (sex IN ('F', 'M')),
  clinic_id text NOT NULL CHECK (clinic_id <> ''),
  -- The optional research columns (Type, Concentration (ug/mL), Volume (uL), Patient External ID).
  sample_type text,
  concentration numeric CHECK (concentration > 0),
  volume numeric CHECK (volume > 0),
  patient_external_id text
);

CREATE INDEX manifest_samples_order_idx ON manifest_samples (order_id, row_number);
CREATE INDEX manifest_samples_practice_idx ON manifest_samples (practice_id, unique_id);
