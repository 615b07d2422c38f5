import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY } from '../../src/model/address/address-rules';
import { countryCode, countryList, countryName, normalizedCountry, US_STATES } from '../../src/model/address/countries';

describe('the checkout country and state lists (ordering §3)', () => {
  it('lists the ISO 3166 two-letter codes once each, sorted by English name', () => {
    const codes = countryList().map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(190);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    const names = countryList().map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('defaults to US, which the label United States also names', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(countryCode('United States')).toBe('US');
    expect(countryCode(' us ')).toBe('US');
    expect(countryName('US')).toMatch(/United States/);
  });

  it('reads an unknown or blank country as none', () => {
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode('')).toBeNull();
    expect(countryCode(null)).toBeNull();
    expect(countryName(null)).toBe('');
  });

  it('sends and stores a country as its code where the list knows it, else as written: the checkout and the server alike', () => {
    expect(normalizedCountry('United States')).toBe('US');
    expect(normalizedCountry(' ca ')).toBe('CA');
    expect(normalizedCountry('Canada')).toBe('CA');
    // Not a code of the list: kept as written (trimmed), not upper-cased; the shippable check ignores case.
    expect(normalizedCountry(' Atlantis ')).toBe('Atlantis');
    expect(normalizedCountry('zz')).toBe('zz');
    expect(normalizedCountry('')).toBe('');
    expect(normalizedCountry(null)).toBe('');
    expect(normalizedCountry(undefined)).toBe('');
  });

  it('has every US state, the District of Columbia and the territories by postal code', () => {
    const codes = US_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['CA', 'NY', 'TX', 'DC', 'PR']));
    expect(codes.length).toBe(56);
  });
});
