import { describe, expect, it } from 'vitest';
import {
  addressLines,
  displayName,
  formatDateOfBirth,
  matchingPatientColumns,
  patientDetailPath,
  patientIdFromPath,
  rowsTotal,
  valueOrNotAvailable,
} from '../../src/model/patients/patient-rules';
import { PatientListText } from '../../src/model/patients/patient-texts';

describe('how the patients screens show a patient (kits §2)', () => {
  it('names a patient without a name "Anonymous", and shows "N/A" for a missing or blank value', () => {
    expect(displayName({ name: 'Ada Quinn' })).toBe('Ada Quinn');
    expect(displayName({ name: null })).toBe('Anonymous');
    expect(displayName({ name: '   ' })).toBe('Anonymous');
    expect(valueOrNotAvailable('(312) 555-0101')).toBe('(312) 555-0101');
    expect(valueOrNotAvailable(null)).toBe('N/A');
    expect(valueOrNotAvailable('')).toBe('N/A');
  });

  it('shows a date of birth as its calendar day, whatever the time zone, and "N/A" when there is none to show', () => {
    expect(formatDateOfBirth('1984-05-12')).toBe('May 12, 1984');
    // Midnight UTC is the evening before west of Greenwich: the day as written is kept.
    expect(formatDateOfBirth('1984-05-12T00:00:00.000Z')).toBe('May 12, 1984');
    expect(formatDateOfBirth('1990-01-31T23:30:00-05:00')).toBe('Jan 31, 1990');
    expect(formatDateOfBirth(null)).toBe('N/A');
    expect(formatDateOfBirth('yesterday')).toBe('N/A');
    expect(formatDateOfBirth('1990-02-30')).toBe('N/A');
  });

  it('writes an address as a letter does, leaving out missing parts; none at all gives no line', () => {
    expect(addressLines({ street: '12 Elm Street', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' })).toEqual([
      '12 Elm Street',
      'Chicago, IL 60611',
      'US',
    ]);
    expect(addressLines({ street: null, city: 'Toronto', state: null, postalCode: 'M5H 1A1', country: 'CA' })).toEqual([
      'Toronto, M5H 1A1',
      'CA',
    ]);
    expect(addressLines({ street: ' ', city: null, state: null, postalCode: null, country: null })).toEqual([]);
    expect(addressLines(null)).toEqual([]);
  });

  it('links to /patients/{id}, and reads the id back from the route', () => {
    expect(patientDetailPath(14)).toBe('/patients/14');
    expect(patientDetailPath('a/b c')).toBe('/patients/a%2Fb%20c');
    expect(patientIdFromPath('a%2Fb%20c')).toBe('a/b c');
    expect(patientIdFromPath('100%')).toBe('100%');
  });
});

describe('"{n} row(s) total."', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

  it('says the total the answer gives', () => {
    expect(rowsTotal({ page: 1, hasMore: true, items: items(10), total: 14 }, 10)).toBe(14);
    expect(PatientListText.total(14)).toBe('14 row(s) total.');
  });

  it('without one, counts the rows only on the last page, where every page before was full', () => {
    expect(rowsTotal({ page: 2, hasMore: false, items: items(4), total: null }, 10)).toBe(14);
    expect(rowsTotal({ page: 1, hasMore: false, items: [], total: null }, 10)).toBe(0);
    expect(rowsTotal({ page: 1, hasMore: true, items: items(10), total: null }, 10)).toBeNull();
  });
});

describe('the filter’s column picker', () => {
  it('offers the columns whose name holds the searched text, case aside', () => {
    expect(matchingPatientColumns('')).toEqual(['name', 'email', 'phone', 'dateOfBirth']);
    expect(matchingPatientColumns('BIRTH')).toEqual(['dateOfBirth']);
    expect(matchingPatientColumns('e')).toEqual(['name', 'email', 'phone', 'dateOfBirth']);
    expect(matchingPatientColumns('zzz')).toEqual([]);
  });
});
