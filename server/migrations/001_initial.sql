-- The portal's people, practices and the accounts that join them, and the server's own tokens.
-- One person signs in with one username and password and may hold several accounts (one per
-- practice and role); the account id is the userId of the API, the person is what "same person" means.

CREATE TABLE practices (
  id text PRIMARY KEY,
  name text NOT NULL,
  unit_type integer NOT NULL,
  billing_type integer NOT NULL,
  fulfilment_type integer NOT NULL,
  phone text,
  contact_person_first_name text,
  contact_person_last_name text,
  address jsonb,
  billing_address jsonb,
  invoice_contact jsonb,
  white_label jsonb,
  show_reports_to_patients boolean NOT NULL DEFAULT false
);

CREATE TABLE people (
  id text PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  force_identity_migration boolean NOT NULL DEFAULT false,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  address jsonb
);

-- Sign-in matches the username or the email without regard to case, so both must be unique that way.
CREATE UNIQUE INDEX people_username_lower_key ON people (lower(username));
CREATE UNIQUE INDEX people_email_lower_key ON people (lower(email));

CREATE TABLE accounts (
  id text PRIMARY KEY,
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  practice_id text NOT NULL REFERENCES practices (id) ON DELETE CASCADE,
  user_type integer NOT NULL,
  -- Sign-in opens the person's first account; the switcher lists them in this order.
  position integer NOT NULL DEFAULT 0,
  receive_notifications boolean NOT NULL DEFAULT true,
  notification_preferences jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE INDEX accounts_person_idx ON accounts (person_id, position);

-- Only the SHA-256 of a refresh token is kept, so a copy of the table signs nobody in.
-- Every rotation stays in the family of the sign-in that began it, so a reused token can revoke them all.
CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  family_id text NOT NULL,
  remember_me boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);

CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_account_idx ON refresh_tokens (account_id);

CREATE TABLE restore_tokens (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX restore_tokens_person_idx ON restore_tokens (person_id);

-- Values the server generates once and must keep across restarts, such as the token signing secret.
CREATE TABLE server_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
