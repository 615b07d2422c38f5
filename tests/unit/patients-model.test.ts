import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listSearchParams } from '../../src/model/lists/paging';
import {
  DEFAULT_PATIENT_SORT,
  PATIENT_COLUMNS,
  PatientConsentsSchema,
  PatientListQuerySchema,
  PatientRequestSchema,
  PatientSchema,
  PATIENTS_PAGE_SIZE,
  PatientsPageSchema,
  type PatientListQuery,
} from '../../src/model/patients/patient';
import { PatientValidationText as T } from '../../src/model/patients/patient-texts';
import { UserValidationText as U } from '../../src/model/team/user-texts';
import { addressIssues, isDateOfBirth } from '../../src/model/patients/patient-validation';
import { describeIssues } from '../../src/model/schema';

const refusal = (schema: v.GenericSchema, input: unknown): string => {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error(`Accepted ${JSON.stringify(input)}`);
  return describeIssues(result.issues);
};

describe('a patient as the portal reads it (kits §3, lenient)', () => {
  it('keeps the id as received, a number or digits, and ignores fields it does not know', () => {
    const read = v.parse(PatientSchema, { id: 7, uid: 'p-7', name: 'Ada Quinn', ssn: 'not ours', kits: ['KIT-1'] });
    expect(read).toEqual({
      id: 7,
      uid: 'p-7',
      name: 'Ada Quinn',
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      dateOfBirth: null,
      address: null,
      kits: ['KIT-1'],
      researchConsent: false,
      rejuvenationOlympics: false,
    });
    expect(v.parse(PatientSchema, { id: '7' }).id).toBe('7');
  });

  it('reads missing or null optional parts as null or empty, and kit ids sent as numbers as text', () => {
    const read = v.parse(PatientSchema, {
      id: 1,
      uid: null,
      email: null,
      address: { city: 'Chicago', street: null },
      kits: [123, 'B-2'],
    });
    expect(read.address).toEqual({ street: null, city: 'Chicago', state: null, postalCode: null, country: null });
    expect(read.kits).toEqual(['123', 'B-2']);
    expect(v.parse(PatientSchema, { id: 1, kits: null }).kits).toEqual([]);
  });

  it('cannot work without an id to link by', () => {
    expect(v.safeParse(PatientSchema, { uid: 'p-1', name: 'Ada' }).success).toBe(false);
    expect(v.safeParse(PatientSchema, { id: 'seven' }).success).toBe(false);
  });

  it('reads a page with or without the total the reference server adds', () => {
    const page = { items: [{ id: 1 }], page: 2, hasMore: true };
    expect(v.parse(PatientsPageSchema, page).total).toBeNull();
    expect(v.parse(PatientsPageSchema, { ...page, total: 14, extra: 'x' }).total).toBe(14);
    expect(v.parse(PatientsPageSchema, { items: [] })).toEqual({ items: [], page: 1, hasMore: false, total: null });
    expect(v.safeParse(PatientsPageSchema, { page: 1 }).success).toBe(false);
  });
});

/** The least a patient body must hold (kits §5). */
const NAMED = { firstName: ' Ada ', lastName: 'Quinn', phone: '1' };

describe('the patient body of POST /Patients/ and PUT /Patients/{uid}', () => {
  it('needs a first name, a last name and a phone (kits §5), trims text and keeps a blank optional one as not given', () => {
    expect(refusal(PatientRequestSchema, {})).toBe(
      [`phone: ${U.phoneRequired}`, `firstName: ${U.firstNameRequired}`, `lastName: ${U.lastNameRequired}`].join('; '),
    );
    expect(v.parse(PatientRequestSchema, { ...NAMED, email: ' ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Quinn',
      email: null,
      phone: '1',
      dateOfBirth: null,
      address: null,
    });
    expect(v.parse(PatientRequestSchema, { name: '  Ada Mae Quinn ', phone: '1' })).toMatchObject({
      firstName: 'Ada',
      lastName: 'Mae Quinn',
    });
    expect(refusal(PatientRequestSchema, { name: 'Cher', phone: '1' })).toBe(`lastName: ${U.lastNameRequired}`);
  });

  it('keeps a date of birth’s calendar date as written, also from a date-time with an offset', () => {
    expect(v.parse(PatientRequestSchema, { ...NAMED, dateOfBirth: '1984-05-12' }).dateOfBirth).toBe('1984-05-12');
    expect(v.parse(PatientRequestSchema, { ...NAMED, dateOfBirth: '1990-01-31T23:30:00-05:00' }).dateOfBirth).toBe('1990-01-31');
    expect(refusal(PatientRequestSchema, { ...NAMED, dateOfBirth: '1990-02-30' })).toBe(`dateOfBirth: ${T.dateOfBirthInvalid}`);
  });

  it('words a bad email and a bad address as kits §5 does, naming the field', () => {
    expect(refusal(PatientRequestSchema, { ...NAMED, email: 'ada@' })).toBe(`email: ${T.emailInvalid}`);
    expect(refusal(PatientRequestSchema, { ...NAMED, address: { country: 'US' } })).toBe(
      [
        `address.street: ${T.addressRequired}`,
        `address.city: ${T.cityRequired}`,
        `address.state: ${T.stateRequired}`,
        `address.postalCode: ${T.zipRequired}`,
      ].join('; '),
    );
    expect(refusal(PatientRequestSchema, { ...NAMED, address: 'Chicago' })).toBe(`address: ${T.addressObject}`);
    expect(refusal(PatientRequestSchema, 'Ada')).toMatch(/^Expected a JSON object/);
  });

  it('takes the consents as two flags, both required', () => {
    expect(v.parse(PatientConsentsSchema, { researchConsent: true, rejuvenationOlympics: false })).toEqual({
      researchConsent: true,
      rejuvenationOlympics: false,
    });
    expect(refusal(PatientConsentsSchema, { researchConsent: true })).toMatch(
      /^rejuvenationOlympics: rejuvenationOlympics must be true or false/,
    );
  });
});

describe('the rules under the body', () => {
  it.each([
    ['1984-05-12', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['0000-01-01', false],
    ['1984-13-01', false],
    ['1984-5-12', false],
    ['1984-05-12T00:00:00.000Z', true],
    ['1984-05-12 and more', false],
    ['', false],
  ])('a date of birth "%s" is %s', (text, valid) => {
    expect(isDateOfBirth(text)).toBe(valid);
  });

  it('asks for a state only in the countries that have states', () => {
    const address = { street: '1 King Street', city: 'Toronto', state: null, postalCode: 'M5H 1A1', country: 'CA' };
    expect(addressIssues(address)).toEqual([]);
    expect(addressIssues({ ...address, country: 'us' })).toEqual([['state', T.stateRequired]]);
  });
});

describe('GET /Patients query parameters', () => {
  it('default to page 1 of ten, by name A to Z, unfiltered (kits §7, §9)', () => {
    expect(v.parse(PatientListQuerySchema, {})).toEqual({ sort: DEFAULT_PATIENT_SORT, filters: [], page: 1, pageSize: PATIENTS_PAGE_SIZE });
    expect(DEFAULT_PATIENT_SORT).toEqual({ column: 'name', direction: 'asc' });
    expect(PATIENT_COLUMNS).toEqual(['name', 'email', 'phone', 'dateOfBirth']);
  });

  it('read back exactly what the client sends, and the filter_{column}_{operator} form beside it', () => {
    const query: PatientListQuery = {
      sort: { column: 'dateOfBirth', direction: 'desc' },
      filters: [{ column: 'email', operator: 'endsWith', value: '@mail.example' }],
      page: 2,
      pageSize: 10,
    };
    expect(v.parse(PatientListQuerySchema, Object.fromEntries(listSearchParams(query)))).toEqual(query);
    expect(v.parse(PatientListQuerySchema, { filter_name_startsWith: ' Ada ' }).filters).toEqual([
      { column: 'name', operator: 'startsWith', value: 'Ada' },
    ]);
    expect(refusal(PatientListQuerySchema, { sortColumn: 'kits' })).toMatch(/^sortColumn: must be one of name, email, phone, dateOfBirth/);
  });
});
