-- White-label report logos (ordering §2 "Settings: white label reports", §4, §5). One logo per practice;
-- the bytes stay here and the practice's white_label says where the logo is served.
-- `token` is the unguessable part of the public logo URL: an <img> cannot send the bearer token, so
-- the URL itself is the secret, and a new upload gets a new token (old URLs stop answering, and
-- caches can keep a served logo forever).
CREATE TABLE practice_logos (
  practice_id integer PRIMARY KEY REFERENCES practices (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  token text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL
);
