import { describe, expect, it } from 'vitest';
import { dateMatches, readPartialDate } from '../../src/model/lists/date-search';

describe('a date typed into a search box', () => {
  it('reads the forms people type, month first for slashes, two-digit years as this century’s', () => {
    expect(readPartialDate('Nov 6')).toEqual({ month: 11, day: 6, year: undefined });
    expect(readPartialDate('  NOVEMBER   6 ,  2026 ')).toEqual({ month: 11, day: 6, year: 2026 });
    expect(readPartialDate('Sept. 30th, 2026')).toEqual({ month: 9, day: 30, year: 2026 });
    expect(readPartialDate('6 Nov')).toEqual({ month: 11, day: 6, year: undefined });
    expect(readPartialDate('11/06/2026')).toEqual({ month: 11, day: 6, year: 2026 });
    expect(readPartialDate('11.6.26')).toEqual({ month: 11, day: 6, year: 2026 });
    expect(readPartialDate('2026-11-06')).toEqual({ month: 11, day: 6, year: 2026 });
    expect(readPartialDate('2026-11')).toEqual({ month: 11, day: undefined, year: 2026 });
    expect(readPartialDate('Nov 2026')).toEqual({ month: 11, day: undefined, year: 2026 });
    expect(readPartialDate('2026')).toEqual({ month: undefined, day: undefined, year: 2026 });
  });

  it('reads text that is no date as none: words, barcodes, impossible months and days', () => {
    for (const text of ['', '   ', 'TruAge', 'KT-11-0020', 'no', '13/01/2026', '2026-00-10', 'Nov 32', '0/5', '6', 'Novembers 6'])
      expect(readPartialDate(text), text).toBeNull();
  });

  it('never throws and answers at once for input of any length or character', () => {
    const hostile = ['a'.repeat(100_000), `${'1/'.repeat(50_000)}1`, `nov ${' '.repeat(50_000)}6`, '\u0000\u202e<script>', '%', '(', '\\'];
    for (const text of hostile) expect(() => readPartialDate(text)).not.toThrow();
    expect(readPartialDate(`nov ${' '.repeat(50_000)}6`)).toBeNull();
  });

  it('matches the local calendar day on every part given, and nothing for an unreadable date', () => {
    const noon = '2026-11-06T12:00:00Z';
    expect(dateMatches(noon, { month: 11, day: 6 })).toBe(true);
    expect(dateMatches(noon, { year: 2026, month: 11 })).toBe(true);
    expect(dateMatches(noon, { month: 11, day: 16 })).toBe(false);
    expect(dateMatches(noon, { year: 2025 })).toBe(false);
    expect(dateMatches(null, { month: 11 })).toBe(false);
    expect(dateMatches('not a date', { month: 11 })).toBe(false);
    expect(dateMatches(noon, null)).toBe(false);
  });
});
