-- Issue 41 item 2: a provider's own consents (PATCH /Users/Me/Consents) are informed as a patient's are: turning
-- one on records the version of the statement agreed to and when, turning it off when it was withdrawn. The
-- consents are the person's (every account of theirs shares them), so the agreements hang on the person. Consents
-- given before this record existed have no agreement row: nothing is made up for them.
CREATE TABLE person_consent_agreements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  consent text NOT NULL CHECK (consent IN ('researchConsent', 'rejuvenationOlympicsConsent')),
  version integer NOT NULL CHECK (version >= 1),
  agreed_at timestamptz NOT NULL,
  withdrawn_at timestamptz CHECK (withdrawn_at >= agreed_at)
);

CREATE INDEX person_consent_agreements_person_idx ON person_consent_agreements (person_id, consent, agreed_at);
-- At most one agreement of a consent is in force at a time.
CREATE UNIQUE INDEX person_consent_agreements_open_key ON person_consent_agreements (person_id, consent) WHERE withdrawn_at IS NULL;
