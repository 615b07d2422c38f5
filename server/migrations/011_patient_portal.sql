-- The patient portal's consents (issue 12 item 5): which version of a consent statement (content/consents/*.md)
-- a patient agreed to, and when. A row is written whenever a consent turns on; turning it off closes the open
-- row (withdrawn_at) rather than deleting it, so the record shows what was agreed to for how long. Deactivating
-- the account forgets the patient, and these rows go with the patient record (ON DELETE CASCADE).

CREATE TABLE patient_consent_agreements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  consent text NOT NULL CHECK (consent IN ('researchConsent', 'rejuvenationOlympicsConsent')),
  version integer NOT NULL CHECK (version >= 1),
  agreed_at timestamptz NOT NULL,
  withdrawn_at timestamptz CHECK (withdrawn_at >= agreed_at)
);

CREATE INDEX patient_consent_agreements_patient_idx ON patient_consent_agreements (patient_id, consent, agreed_at);
-- At most one agreement of a consent is in force at a time.
CREATE UNIQUE INDEX patient_consent_agreements_open_key ON patient_consent_agreements (patient_id, consent) WHERE withdrawn_at IS NULL;
