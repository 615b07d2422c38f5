-- Issue 42: the analysis uploads (tus, /portalApi/Analysis/Uploads). The bytes live in the upload folder; this row
-- says whose upload it is (another practice's id answers 404), where it stands, and what it became. A row in
-- 'checking' is held by the server checking it until check_lease_until; a server that dies leaves the lease to lapse,
-- and another server (or the same one restarted) checks the archive again. Finished rows are kept until expires_at
-- so that the page can read the outcome, then removed with the bytes of unfinished ones.
CREATE TABLE analysis_uploads (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  practice_id integer NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  account_id integer NOT NULL,
  file_name text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  state text NOT NULL CHECK (state IN ('uploading', 'checking', 'accepted', 'refused')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  check_lease_until timestamptz,
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  due_at timestamptz,
  message text,
  problems jsonb
);

CREATE INDEX analysis_uploads_practice_idx ON analysis_uploads (practice_id, state);
CREATE INDEX analysis_uploads_sweep_idx ON analysis_uploads (state, expires_at);
