import type { PatientProfile, PatientProfileFields } from '../../../src/model/account/patient-profile';
import { patientAddressOf } from '../../../src/model/patients/patient-form';
import type { Address } from '../../../src/model/practice/practice';
import type { ConsentValues } from '../../../src/model/account/account-consents';
import type { ConsentDecisions } from '../../../src/model/account/consent-decisions';
import type { Queryable } from '../../db/database';
import type { ConsentStatements } from '../../account/consent-statements';
import { consentDecisionsOf, recordConsentChanges } from '../../account/consent-agreements';

/**
 * The signed-in patient's own record (GET/PUT /Patients/Me, PATCH /Patients/Me/Consents). A patient account is
 * joined to its practice's patient record by `patients.account_id`, and nothing else names it: every query starts
 * from the caller's account, so no request can reach another patient.
 *
 * Two rows hold the patient: the person (`people`: the sign-in's own name, email, phone and address, as GET
 * /Users/Me answers them) and the practice's patient record (`patients`: what the provider side lists, with the
 * consents and the uid the consents call sends back). The profile is read from the person, whose address has the
 * account profile's shape; a save writes both, so the practice sees what the patient wrote. The consents are read
 * from the patient record, which the provider side's consents call writes too.
 */

interface OwnRow extends Record<string, unknown> {
  patient_id: number;
  uid: string;
  person_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: Address | null;
  research_consent: boolean;
  rejuvenation_olympics_consent: boolean;
}

const OWN_ROW = `
  SELECT p.id AS patient_id, p.uid, pe.id AS person_id, pe.first_name, pe.last_name, pe.email, pe.phone, pe.address,
         p.research_consent, p.rejuvenation_olympics_consent
  FROM patients p
  JOIN accounts a ON a.id = p.account_id AND a.practice_id = p.practice_id
  JOIN people pe ON pe.id = a.person_id
  WHERE a.id = $1`;

async function ownRow(q: Queryable, accountId: number, lock = false): Promise<OwnRow | null> {
  const [row] = await q.query<OwnRow>(`${OWN_ROW}${lock ? ' FOR UPDATE OF p' : ''}`, [accountId]);
  return row ?? null;
}

function toProfile(row: OwnRow, consentDecisions?: ConsentDecisions): PatientProfile {
  return {
    uid: row.uid,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    researchConsent: row.research_consent,
    rejuvenationOlympicsConsent: row.rejuvenation_olympics_consent,
    ...(consentDecisions ? { consentDecisions } : {}),
  };
}

/** The account's own patient profile; null when the account has no patient record. */
export async function readOwnProfile(q: Queryable, accountId: number): Promise<PatientProfile | null> {
  const row = await ownRow(q, accountId);
  return row ? toProfile(row, await consentDecisionsOf(q, 'patient', row.patient_id)) : null;
}

/** PUT /Patients/Me: the names, phone and address, on the person and on the patient record; the email never. */
export async function updateOwnProfile(q: Queryable, accountId: number, fields: PatientProfileFields): Promise<PatientProfile | null> {
  const row = await ownRow(q, accountId, true);
  if (!row) return null;
  await q.query('UPDATE people SET first_name = $2, last_name = $3, phone = $4, address = $5::jsonb WHERE id = $1', [
    row.person_id,
    fields.firstName,
    fields.lastName,
    fields.phone,
    JSON.stringify(fields.address),
  ]);
  await q.query('UPDATE patients SET first_name = $2, last_name = $3, phone = $4, address = $5::jsonb WHERE id = $1', [
    row.patient_id,
    fields.firstName,
    fields.lastName,
    fields.phone,
    JSON.stringify(patientAddressOf(fields.address)),
  ]);
  return readOwnProfile(q, accountId);
}

/**
 * PATCH /Patients/Me/Consents: the consents on the patient record, and on the person too, so that the account's
 * own record (GET /Users/Me) says the same. `check` sees the stored record first, inside the transaction, and
 * throws to refuse the change (the route refuses another patient's uid there).
 */
export async function saveOwnConsents(
  q: Queryable,
  accountId: number,
  consents: ConsentValues,
  statements: ConsentStatements,
  now: Date,
  check: (own: PatientProfile) => void,
): Promise<PatientProfile | null> {
  const row = await ownRow(q, accountId, true);
  if (!row) return null;
  check(toProfile(row));
  const before = { researchConsent: row.research_consent, rejuvenationOlympicsConsent: row.rejuvenation_olympics_consent };
  await q.query('UPDATE patients SET research_consent = $2, rejuvenation_olympics_consent = $3 WHERE id = $1', [
    row.patient_id,
    consents.researchConsent,
    consents.rejuvenationOlympicsConsent,
  ]);
  await q.query('UPDATE people SET research_consent = $2, rejuvenation_olympics_consent = $3 WHERE id = $1', [
    row.person_id,
    consents.researchConsent,
    consents.rejuvenationOlympicsConsent,
  ]);
  await recordConsentChanges(q, 'patient', row.patient_id, before, consents, statements, now);
  return readOwnProfile(q, accountId);
}
