import { UnitType } from '../../src/model/enums';
import type { Queryable } from '../db/database';
import { accountIdOf, PRACTICE_IDS, SEED_PEOPLE, SEED_PRACTICES, type SeedPractice } from './seed-data';

/**
 * The demo patients (kits §3 Patient): every demo practice has some, with names, emails, phones, dates of
 * birth and addresses, a few without an address and one without name or email (the patients list's
 * "Anonymous" and "N/A"). The demo patient accounts are Riverside's patients: `patient` (Isla Jensen) its
 * first, `patient.one` (Henry Chen) its twelfth, so the patient portal finds their records. Fixed uids,
 * inserted only when missing; kits name them as registrants.
 */

export const SEED_PATIENT_UID_PREFIX = 'seed-patient-';

/** The uid of a practice's demo patient `n` (from 1). */
export function seedPatientUid(practiceId: number, n: number): string {
  return `${SEED_PATIENT_UID_PREFIX}${practiceId}-${String(n).padStart(2, '0')}`;
}

/** Fourteen for Riverside (two pages of the patients list), six for every other practice. */
export const DEMO_PATIENT_COUNT: Readonly<Record<number, number>> = { [PRACTICE_IDS.riverside]: 14 };
const DEFAULT_DEMO_PATIENT_COUNT = 6;

export function demoPatientCount(practiceId: number): number {
  return DEMO_PATIENT_COUNT[practiceId] ?? DEFAULT_DEMO_PATIENT_COUNT;
}

/** The patient signed in as the demo `patient` account: Riverside's first. */
export const PORTAL_PATIENT_UID = seedPatientUid(PRACTICE_IDS.riverside, 1);
/** The patient signed in as the demo `patient.one` account, who registered exactly one kit: Riverside's twelfth. */
export const ONE_KIT_PATIENT_UID = seedPatientUid(PRACTICE_IDS.riverside, 12);
/** Riverside's last patient has neither name nor email nor phone. */
export const ANONYMOUS_PATIENT_UID = seedPatientUid(PRACTICE_IDS.riverside, DEMO_PATIENT_COUNT[PRACTICE_IDS.riverside] ?? 0);

/** Kits §3 Patient.address. */
export interface PatientAddress {
  readonly street: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: string;
}

export interface SeedPatient {
  readonly uid: string;
  readonly practiceId: number;
  readonly accountId: number | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  /** YYYY-MM-DD. */
  readonly dateOfBirth: string;
  readonly externalId: string | null;
  readonly address: PatientAddress | null;
  readonly researchConsent: boolean;
  readonly rejuvenationOlympicsConsent: boolean;
  readonly createdAt: Date;
}

const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Amelia',
  'Mateo',
  'Harper',
  'Elijah',
  'Zoe',
  'Lucas',
  'Nora',
  'Henry',
  'Camila',
  'Theo',
  'Layla',
  'Owen',
  'Priya',
  'Samuel',
  'Grace',
  'Hiro',
  'Leah',
  'Marcus',
] as const;

const LAST_NAMES = [
  'Bennett',
  'Okafor',
  'Castillo',
  'Nguyen',
  'Fischer',
  'Patel',
  "O'Neill",
  'Sato',
  'Johansson',
  'Ramirez',
  'Abbott',
  'Kowalski',
  'Delgado',
  'Hughes',
  'Mbeki',
  'Larsen',
  'Moreau',
  'Chen',
  'Whitaker',
  'Silva',
] as const;

const STREETS = ['Oak Street', 'Cedar Avenue', 'Elm Court', 'Birch Lane', 'Harbor View Road', 'Maple Drive', 'Sunset Boulevard'];

/** Research and sample-processing customers know their participants by their own ids. */
const EXTERNAL_ID_PREFIX: Readonly<Record<number, string>> = { [UnitType.CPS]: 'NGS-P', [UnitType.IRC]: 'WRI-P' };

const DAY_MS = 86_400_000;
const FIRST_PATIENT_DAY = Date.UTC(2026, 0, 3, 16, 0);

function pick<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('Picked from an empty list');
  return value;
}

function plainName(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

function demoPatient(practice: SeedPractice, n: number): SeedPatient {
  const p = practice.id;
  const firstName = pick(FIRST_NAMES, p * 7 + n);
  const lastName = pick(LAST_NAMES, p * 3 + n * 7);
  const area = practice.phone?.slice(0, 5) ?? '(555)';
  const year = 1948 + ((p * 13 + n * 7) % 52);
  const month = ((n * 5 + p) % 12) + 1;
  const day = ((n * 11 + p) % 28) + 1;
  const prefix = EXTERNAL_ID_PREFIX[practice.unitType];
  const external = prefix
    ? `${prefix}${String(p * 100 + n).padStart(4, '0')}`
    : n % 2 === 0
      ? `MRN-${p}-${String(n).padStart(4, '0')}`
      : null;
  const home = practice.address;
  return {
    uid: seedPatientUid(p, n),
    practiceId: p,
    accountId: null,
    firstName,
    lastName,
    email: `${plainName(firstName)}.${plainName(lastName)}@mail.example`,
    phone: `${area} 555-01${String(n + 20).padStart(2, '0')}`,
    dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    externalId: external,
    // Every fourth has none: "No address information available".
    address:
      n % 4 === 0 || !home
        ? null
        : {
            street: `${100 + n * 37} ${pick(STREETS, n + p)}`,
            city: home.city ?? '',
            state: home.state ?? '',
            postalCode: home.zipCode ?? '',
            country: 'US',
          },
    researchConsent: n % 3 !== 0,
    rejuvenationOlympicsConsent: n % 3 === 1,
    createdAt: new Date(FIRST_PATIENT_DAY + ((p * 5 + n * 9) % 60) * DAY_MS + n * 3_600_000),
  };
}

/** A demo patient account's own record: which of Riverside's patients it is, and what differs from the generated one. */
interface PortalPatientPlan {
  readonly uid: string;
  readonly username: string;
  readonly accountUid: string;
  readonly details?: Pick<SeedPatient, 'dateOfBirth' | 'researchConsent' | 'rejuvenationOlympicsConsent'>;
}

const PORTAL_PATIENTS: readonly PortalPatientPlan[] = [
  {
    uid: PORTAL_PATIENT_UID,
    username: 'patient',
    accountUid: 'user-isla-jensen-riverside',
    details: { dateOfBirth: '1987-04-12', researchConsent: true, rejuvenationOlympicsConsent: false },
  },
  { uid: ONE_KIT_PATIENT_UID, username: 'patient.one', accountUid: 'user-henry-chen-riverside' },
];

/** The generated patient as the demo account's person: the person's name, email, phone and address, and the account. */
function portalPatient(patient: SeedPatient, plan: PortalPatientPlan): SeedPatient {
  const person = SEED_PEOPLE.find((candidate) => candidate.username === plan.username);
  if (!person) throw new Error(`The demo patient account ${plan.username} is missing`);
  const address = person.address;
  return {
    ...patient,
    accountId: accountIdOf(plan.accountUid),
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    address: address && {
      street: address.addressLine1 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      postalCode: address.zipCode ?? '',
      country: address.country ?? 'US',
    },
    ...plan.details,
  };
}

function anonymous(patient: SeedPatient): SeedPatient {
  return { ...patient, firstName: null, lastName: null, email: null, phone: null, externalId: null, address: null };
}

/** Every demo practice's patients, in a fixed order. */
export const SEED_PATIENTS: readonly SeedPatient[] = SEED_PRACTICES.flatMap((practice) =>
  Array.from({ length: demoPatientCount(practice.id) }, (_unused, i) => {
    const patient = demoPatient(practice, i + 1);
    const portal = PORTAL_PATIENTS.find((plan) => plan.uid === patient.uid);
    if (portal) return portalPatient(patient, portal);
    return patient.uid === ANONYMOUS_PATIENT_UID ? anonymous(patient) : patient;
  }),
);

/**
 * Inserts the demo patients that are missing (by uid) and answers the id of every demo patient that is
 * stored, by uid, so that kits can name their registrants.
 */
export async function seedDemoPatients(tx: Queryable): Promise<Map<string, number>> {
  const rows = SEED_PATIENTS;
  await tx.query(
    `INSERT INTO patients (uid, practice_id, account_id, first_name, last_name, email, phone, date_of_birth, external_id, address,
                           research_consent, rejuvenation_olympics_consent, created_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[],
                          $10::jsonb[], $11::boolean[], $12::boolean[], $13::timestamptz[])
     ON CONFLICT DO NOTHING`,
    [
      rows.map((p) => p.uid),
      rows.map((p) => p.practiceId),
      rows.map((p) => p.accountId),
      rows.map((p) => p.firstName),
      rows.map((p) => p.lastName),
      rows.map((p) => p.email),
      rows.map((p) => p.phone),
      rows.map((p) => p.dateOfBirth),
      rows.map((p) => p.externalId),
      rows.map((p) => (p.address ? JSON.stringify(p.address) : null)),
      rows.map((p) => p.researchConsent),
      rows.map((p) => p.rejuvenationOlympicsConsent),
      rows.map((p) => p.createdAt.toISOString()),
    ],
  );
  const stored = await tx.query<{ id: number; uid: string }>('SELECT id, uid FROM patients WHERE uid = ANY($1::text[])', [
    rows.map((p) => p.uid),
  ]);
  return new Map(stored.map((row) => [row.uid, row.id]));
}
