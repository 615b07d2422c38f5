import * as v from 'valibot';
import { expect } from 'vitest';
import { TextLimit } from '../../../src/model/limits';
import type { FilterOperator } from '../../../src/model/lists/paging';
import {
  PatientSchema,
  PatientsPageSchema,
  type Patient,
  type PatientColumn,
  type PatientRequest,
} from '../../../src/model/patients/patient';
import type { Answer, TestServer } from '../support/harness';

/**
 * Patients the suites add through POST /Patients/ (kits §3), and the oracle the list is checked against: what
 * each column shows, sorts and filters by, computed here from the answers rather than from the server's SQL.
 */

/** The longest whole name a patient may have (issue 37: longer is refused). */
export const LONG_NAME = `Longfellow ${'x'.repeat(TextLimit.fullName - 'Longfellow '.length)}`;

/** Plain, hostile and missing values side by side: quotes, `%`, `_`, `\`, SQL, the longest name, no email or date. */
export const FIXTURE_PATIENTS: readonly PatientRequest[] = [
  { name: 'Ada Quinn', email: 'ada.quinn@mail.example', phone: '(312) 555-0110', dateOfBirth: '1984-05-12' },
  { name: 'ben carter', email: 'Ben.Carter@mail.example', phone: '(312) 555-0111', dateOfBirth: '1990-01-31T00:00:00.000Z' },
  { name: "Dara O'Neil", email: "dara.o'neil@mail.example", phone: '312-555-0112', dateOfBirth: '1975-12-01' },
  { name: '100% Real', email: 'percent@mail.example', phone: '+1 312 555 0113', dateOfBirth: '2001-07-04' },
  { name: 'under_score x', email: 'under_score@mail.example', phone: '(312) 555-0114', dateOfBirth: '1984-05-30' },
  { name: 'Back\\Slash Smith', email: null, phone: '(312) 555-0115', dateOfBirth: null },
  { name: "Robert'); DROP TABLE patients;--", email: 'bobby@tables.example', phone: '(312) 555-0116', dateOfBirth: '1999-09-09' },
  { name: LONG_NAME, email: 'long@mail.example', phone: '(312) 555-0117', dateOfBirth: '1960-02-29' },
  { name: 'Nobody Known', email: null, phone: '(312) 555-0118', dateOfBirth: null },
  {
    name: 'Eve Adams',
    email: 'eve@mail.example',
    phone: '(312) 555-0119',
    dateOfBirth: '1984-05-12',
    address: { street: '12 Elm Street', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' },
  },
  { name: 'ada quinn', email: 'ada.q2@mail.example', phone: '(312) 555-0120', dateOfBirth: '1970-03-15' },
  { name: 'Zed Young', email: 'zed@mail.example', phone: '(312) 555-0121', dateOfBirth: '1955-11-11' },
];

export type PatientsPage = v.InferOutput<typeof PatientsPageSchema>;

export function patientIn(answer: Answer, status = 200): Patient {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(PatientSchema, answer.body);
}

export async function createPatient(server: TestServer, token: string, body: PatientRequest): Promise<Patient> {
  return patientIn(await server.call('POST', '/Patients/', { token, body }), 201);
}

export async function createFixturePatients(server: TestServer, token: string): Promise<Patient[]> {
  const created: Patient[] = [];
  for (const body of FIXTURE_PATIENTS) created.push(await createPatient(server, token, body));
  return created;
}

export async function listPage(server: TestServer, token: string, query: string): Promise<PatientsPage> {
  const answer = await server.call('GET', `/Patients${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(PatientsPageSchema, answer.body);
}

/** Every patient of the practice in one page, in the order the query asks. */
export async function everyPatient(server: TestServer, token: string, query = ''): Promise<Patient[]> {
  const page = await listPage(server, token, `?pageSize=100${query}`);
  expect(page.hasMore).toBe(false);
  return page.items;
}

export const ids = (patients: readonly Patient[]) => patients.map((patient) => patient.id);

/** The text a column shows and filters on; null where the patient has none. */
export function columnText(patient: Patient, column: PatientColumn): string | null {
  if (column === 'dateOfBirth') return patient.dateOfBirth?.slice(0, 10) ?? null;
  return patient[column];
}

export function matches(text: string | null, operator: FilterOperator, value: string): boolean {
  if (text === null) return false;
  const [t, w] = [text.toLowerCase(), value.toLowerCase()];
  return { contains: t.includes(w), equals: t === w, startsWith: t.startsWith(w), endsWith: t.endsWith(w) }[operator];
}

/** Ascending: text without regard to case, a missing value after every other, ties by id. */
export function ascending(patients: readonly Patient[], column: PatientColumn): Patient[] {
  const key = (patient: Patient) => {
    const text = columnText(patient, column);
    return text === null || column === 'phone' || column === 'dateOfBirth' ? text : text.toLowerCase();
  };
  return [...patients].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    }
    return Number(a.id) - Number(b.id);
  });
}

/** Typed loosely, so that refused columns and operators can be sent too. */
export const filtersParam = (filters: readonly { column: string; operator: string; value: string }[]) =>
  `filters=${encodeURIComponent(JSON.stringify(filters))}`;
