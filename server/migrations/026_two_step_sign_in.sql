-- Issue 44 item 2: two-step sign-in with an authenticator app. It belongs to the person (one username and password
-- sign in to all their accounts), so it lives on people; kept as columns rather than tables of their own so that the
-- demo data and its reset need nothing new.
-- The secrets are AES-256-GCM ciphertexts (server/routes/auth/two-step/), never the plain key: a copy of the table
-- alone gives nobody the codes. The recovery codes and the sign-in challenge are kept only as SHA-256 digests.
ALTER TABLE people
  ADD COLUMN two_step_secret text,
  ADD COLUMN two_step_enabled_at timestamptz,
  -- The last RFC 6238 time step a code was accepted for: a code is accepted only for a later step, so each works once.
  ADD COLUMN two_step_last_step bigint,
  ADD COLUMN two_step_pending_secret text,
  ADD COLUMN two_step_recovery_digests text[] NOT NULL DEFAULT '{}',
  -- The password was right, the code is awaited: one challenge per person, a new sign-in replaces it.
  ADD COLUMN two_step_challenge_digest text,
  ADD COLUMN two_step_challenge_expires_at timestamptz,
  ADD COLUMN two_step_challenge_remember_me boolean NOT NULL DEFAULT false;

CREATE UNIQUE INDEX people_two_step_challenge_idx ON people (two_step_challenge_digest) WHERE two_step_challenge_digest IS NOT NULL;

-- The practice asks every member to sign in with two steps.
ALTER TABLE practices ADD COLUMN require_two_step boolean NOT NULL DEFAULT false;
