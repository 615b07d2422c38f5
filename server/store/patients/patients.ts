import { randomUUID } from 'node:crypto';
import { idNumber } from '../../../src/model/id';
import type { Patient, PatientConsents, PatientFields } from '../../../src/model/patients/patient';
import type { ConsentValues } from '../../../src/model/account/account-consents';
import type { Queryable } from '../../db/database';
import type { ConsentStatements } from '../../account/consent-statements';
import { recordConsentChanges } from '../../account/consent-agreements';

/**
 * The practice's patients (kits §3), read and written with parameterised SQL and always filtered by the
 * caller's practice: another practice's patient is not found, whatever its id or uid.
 */

export type PatientRow = {
  id: number;
  uid: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** `YYYY-MM-DD`: read as text, so that neither driver moves it into a time zone. */
  date_of_birth: string | null;
  address: Patient['address'];
  kits: string[];
  research_consent: boolean;
  rejuvenation_olympics_consent: boolean;
};

/** The columns of a patient as `toPatient` reads them; `p` is the patient, its kits are the practice's own. */
export const PATIENT_ROW_COLUMNS = `p.id, p.uid, p.first_name, p.last_name, p.email, p.phone,
  to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.address, p.research_consent, p.rejuvenation_olympics_consent,
  ARRAY(SELECT k.barcode FROM kits k WHERE k.patient_id = p.id AND k.practice_id = p.practice_id ORDER BY k.created_at, k.id) AS kits`;

/** The whole name as kits §3 names it: first and last name, as the list sorts and filters it (see list.ts). */
export const NAME_SQL = `NULLIF(concat_ws(' ', NULLIF(p.first_name, ''), NULLIF(p.last_name, '')), '')`;

/** The largest `integer` PostgreSQL keeps: a larger id names no row, and must not reach the query as one. */
const MAX_ROW_ID = 2_147_483_647;

export function toPatient(row: PatientRow): Patient {
  const name = [row.first_name, row.last_name].filter((part) => part).join(' ');
  return {
    id: row.id,
    uid: row.uid,
    name: name || null,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    // Contract decisions: every date is an ISO 8601 date-time; a date of birth is that day's midnight UTC.
    dateOfBirth: row.date_of_birth ? `${row.date_of_birth}T00:00:00.000Z` : null,
    address: row.address,
    kits: row.kits,
    researchConsent: row.research_consent,
    rejuvenationOlympics: row.rejuvenation_olympics_consent,
  };
}

/** The row an id or uid names in the practice: a number names the id (preferred), any text the uid. */
function rowKey(key: string): { uid: string; id: number | null } {
  const id = /^\d+$/.test(key) ? idNumber(key) : null;
  return { uid: key, id: id !== null && id <= MAX_ROW_ID ? id : null };
}

/** The stored id of the practice's patient with this id or uid, or null. */
export async function findPatientId(q: Queryable, practiceId: number, key: string): Promise<number | null> {
  const { uid, id } = rowKey(key);
  const rows = await q.query<{ id: number }>(
    `SELECT p.id FROM patients p WHERE p.practice_id = $1 AND (p.uid = $2 OR p.id = $3::int)
     ORDER BY (p.id IS NOT DISTINCT FROM $3::int) DESC LIMIT 1`,
    [practiceId, uid, id],
  );
  return rows[0]?.id ?? null;
}

export async function readPatient(q: Queryable, practiceId: number, id: number): Promise<Patient | null> {
  const rows = await q.query<PatientRow>(`SELECT ${PATIENT_ROW_COLUMNS} FROM patients p WHERE p.practice_id = $1 AND p.id = $2`, [
    practiceId,
    id,
  ]);
  const [row] = rows;
  return row ? toPatient(row) : null;
}

/** The practice's patient with this id or uid, or null. */
export async function findPatient(q: Queryable, practiceId: number, key: string): Promise<Patient | null> {
  const id = await findPatientId(q, practiceId, key);
  return id === null ? null : readPatient(q, practiceId, id);
}

function fieldParams(fields: PatientFields): unknown[] {
  return [
    fields.firstName,
    fields.lastName,
    fields.email,
    fields.phone,
    fields.dateOfBirth,
    fields.address ? JSON.stringify(fields.address) : null,
  ];
}

export async function insertPatient(q: Queryable, practiceId: number, fields: PatientFields, now: Date): Promise<Patient> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO patients (uid, practice_id, first_name, last_name, email, phone, date_of_birth, address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::jsonb, $9) RETURNING id`,
    [randomUUID(), practiceId, ...fieldParams(fields), now],
  );
  const patient = rows[0] ? await readPatient(q, practiceId, rows[0].id) : null;
  if (!patient) throw new Error('A patient was inserted but cannot be read back');
  return patient;
}

/** Replaces the fields of the practice's patient with this id or uid; null when there is none. */
export async function updatePatient(q: Queryable, practiceId: number, key: string, fields: PatientFields): Promise<Patient | null> {
  const id = await findPatientId(q, practiceId, key);
  if (id === null) return null;
  await q.query(
    `UPDATE patients SET first_name = $3, last_name = $4, email = $5, phone = $6, date_of_birth = $7::date, address = $8::jsonb
     WHERE practice_id = $1 AND id = $2`,
    [practiceId, id, ...fieldParams(fields)],
  );
  return readPatient(q, practiceId, id);
}

/** Removes the practice's patient with this id or uid (its kits lose their registrant); false when there is none. */
export async function deletePatient(q: Queryable, practiceId: number, key: string): Promise<boolean> {
  const id = await findPatientId(q, practiceId, key);
  if (id === null) return false;
  await q.query('DELETE FROM patients WHERE practice_id = $1 AND id = $2', [practiceId, id]);
  return true;
}

interface ConsentsRow extends Record<string, unknown> {
  research_consent: boolean;
  rejuvenation_olympics_consent: boolean;
}

const consentValues = (row: ConsentsRow): ConsentValues => ({
  researchConsent: row.research_consent,
  rejuvenationOlympicsConsent: row.rejuvenation_olympics_consent,
});

/**
 * PATCH /Patients/{uid}/Consents (and the legacy PUT): the consents on the practice's patient record, with the
 * agreements recorded as the patient's own call records them (a consent turned on, the statement version in force
 * and the time; one turned off closes the open agreement). The row is locked while it is read, so two saves cannot
 * both see a consent off and both open an agreement. Call it inside a transaction; null when there is no patient.
 */
export async function saveConsents(
  q: Queryable,
  practiceId: number,
  key: string,
  consents: PatientConsents,
  statements: ConsentStatements,
  now: Date,
): Promise<PatientConsents | null> {
  const id = await findPatientId(q, practiceId, key);
  if (id === null) return null;
  const [before] = await q.query<ConsentsRow>(
    'SELECT research_consent, rejuvenation_olympics_consent FROM patients WHERE practice_id = $1 AND id = $2 FOR UPDATE',
    [practiceId, id],
  );
  if (!before) return null;
  const [after] = await q.query<ConsentsRow>(
    `UPDATE patients SET research_consent = $3, rejuvenation_olympics_consent = $4 WHERE practice_id = $1 AND id = $2
     RETURNING research_consent, rejuvenation_olympics_consent`,
    [practiceId, id, consents.researchConsent, consents.rejuvenationOlympics],
  );
  if (!after) return null;
  await recordConsentChanges(q, 'patient', id, consentValues(before), consentValues(after), statements, now);
  return { researchConsent: after.research_consent, rejuvenationOlympics: after.rejuvenation_olympics_consent };
}
