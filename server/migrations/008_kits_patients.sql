-- Kits, their lab history, samples, reports and diagnostics files, and the practices' patients
-- (kits-reports-people.md §3). A kit is addressed by its barcode; `source_kit_id` names the kit it
-- replaced. A kit's registrant is the practice's patient who registered it. Every row belongs to one
-- practice, and every query is filtered by it.

CREATE TABLE patients (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  -- The patient portal's own user, when the patient signs in (user type Patient).
  account_id integer UNIQUE REFERENCES accounts (id) ON DELETE SET NULL,
  first_name text,
  last_name text,
  email text,
  phone text,
  date_of_birth date,
  -- The registrant's identifier in the practice's own records (kits §3 registrant.externalId).
  external_id text,
  -- { street, city, state, postalCode, country } (kits §3 Patient.address); null when not given.
  address jsonb,
  research_consent boolean NOT NULL DEFAULT false,
  rejuvenation_olympics_consent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);

CREATE INDEX patients_practice_idx ON patients (practice_id, id);

CREATE TABLE kits (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  barcode text NOT NULL UNIQUE,
  external_barcode text,
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  patient_id integer REFERENCES patients (id) ON DELETE SET NULL,
  product_id integer NOT NULL REFERENCES products (id),
  -- The latest status code (kits §3) and when it was reached; the walk is in kit_status_history.
  status integer NOT NULL,
  status_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  registered_at timestamptz,
  source_kit_id integer REFERENCES kits (id) ON DELETE SET NULL
);

-- The list's default sort (newest first) and its other sorts, each with the id as tie-break.
CREATE INDEX kits_practice_created_idx ON kits (practice_id, created_at DESC, id DESC);
CREATE INDEX kits_practice_registered_idx ON kits (practice_id, registered_at, id);
CREATE INDEX kits_practice_barcode_idx ON kits (practice_id, barcode, id);
CREATE INDEX kits_patient_idx ON kits (patient_id);

CREATE TABLE kit_status_history (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kit_id integer NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  status integer NOT NULL,
  date timestamptz NOT NULL
);

CREATE INDEX kit_status_history_kit_idx ON kit_status_history (kit_id, date, id);

-- Kits §3 "samples (failure info)": each processing of the kit's sample, with its result code.
CREATE TABLE kit_samples (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kit_id integer NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  status integer NOT NULL,
  processing_date timestamptz NOT NULL
);

CREATE INDEX kit_samples_kit_idx ON kit_samples (kit_id, processing_date, id);

-- The reports a kit has (kits §3 Report: type, name); the documents are rendered when asked for.
CREATE TABLE kit_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kit_id integer NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  type integer NOT NULL,
  name text NOT NULL,
  UNIQUE (kit_id, type)
);

-- Diagnostics files (kits §3: id, fileName, fileUrl): the bytes stay here and are served at a signed link.
CREATE TABLE kit_diagnostics (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kit_id integer NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL
);

CREATE INDEX kit_diagnostics_kit_idx ON kit_diagnostics (kit_id, id);
