import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import {
  checkManifest,
  MANIFEST_PRODUCT_IDS,
  manifestColumns,
  type ManifestCheck,
  type ManifestRowError,
} from '../../src/model/orders/manifest';
import { columnLetters, csvField, escapeFormula, isFormulaLike } from '../../src/model/orders/manifest-formulas';
import { readManifestSheet } from '../../src/model/orders/manifest-sheet';
import { ManifestRowText as T } from '../../src/model/orders/manifest-texts';
import { manifestTemplateBytes } from '../../server/orders/manifest/templates';
import { diagnosticsFiles } from '../../server/seed/kit-plans';

/**
 * Issue 37 item 7, OWASP's CSV injection rule: a cell that starts, after trimming, with =, +, -, @, a tab or a
 * carriage return is refused on upload with its row and column named, and escaped in every file the portal writes.
 */

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];
const FULL_WIDTH_STARTS = ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

describe('isFormulaLike', () => {
  it.each(FORMULA_STARTS)('refuses a cell starting with %j, as written and after leading spaces', (sign) => {
    expect(isFormulaLike(`${sign}HYPERLINK("http://evil.test")`)).toBe(true);
    expect(isFormulaLike(`  ${sign}cmd|' /C calc'!A0`)).toBe(true);
  });

  it('refuses a tab or a carriage return before =, and a line feed before a sign', () => {
    expect(isFormulaLike('\t=1+1')).toBe(true);
    expect(isFormulaLike(' \t=1+1')).toBe(true);
    expect(isFormulaLike('\r\n=1+1')).toBe(true);
    expect(isFormulaLike('\n@SUM(A1)')).toBe(true);
    expect(isFormulaLike('\tSaliva')).toBe(true);
  });

  it.each(FULL_WIDTH_STARTS)('refuses the full-width sign %s that spreadsheets also evaluate', (sign) => {
    expect(isFormulaLike(`${sign}SUM(1,2)`)).toBe(true);
    expect(isFormulaLike(` ${sign}1`)).toBe(true);
  });

  it('refuses text that starts with a sign though it reads like a phone number or a range', () => {
    for (const text of ['+1 555 0100', '-2+3', '-', '@', '+-5', '-5 mL', '- rush']) expect(isFormulaLike(text)).toBe(true);
  });

  it('passes plain text, signs inside the text, an empty or blank cell, and numbers (which no spreadsheet runs)', () => {
    for (const text of ['Saliva', 'LAB-1', 'a=b', 'x@y.test', "'=1", '', '   ', '\t', '123456', '01/15/2026']) {
      expect(isFormulaLike(text)).toBe(false);
    }
    for (const number of ['-5', '+1.5', '-0.25', '-.5', ' -20 ', '-2E-3', '+1e21', '-1e+21']) expect(isFormulaLike(number)).toBe(false);
  });
});

describe('escapeFormula and csvField (every file the portal writes)', () => {
  it('prefixes the apostrophe OWASP names to every formula-like cell, and leaves the rest alone', () => {
    expect(escapeFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(escapeFormula(' +cmd')).toBe(`' +cmd`);
    expect(escapeFormula('\t=1')).toBe(`'\t=1`);
    expect(escapeFormula('\uFF1D1')).toBe(`'\uFF1D1`);
    expect(escapeFormula('Saliva')).toBe('Saliva');
    expect(escapeFormula('-5')).toBe('-5');
    expect(escapeFormula('')).toBe('');
  });

  it('quotes a CSV field after escaping it, doubling its quotes', () => {
    expect(csvField('@SUM("A1")')).toBe(`"'@SUM(""A1"")"`);
    expect(csvField('Lab, "north"')).toBe(`"Lab, ""north"""`);
  });

  it('names columns with the spreadsheet’s letters', () => {
    expect([0, 7, 25, 26, 51, 701, 702].map(columnLetters)).toEqual(['A', 'H', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });
});

const NOW = new Date('2026-06-15T12:00:00Z');
const CPS = { unitType: UnitType.CPS, productIds: MANIFEST_PRODUCT_IDS.research, now: NOW };
/** The research template's columns in its order, as a sample-processing customer's file carries them. */
const HEADERS = [...manifestColumns(UnitType.CPS)];
const GOOD = ['ABC123', 'MSA', '06/01/2026', '05/17/1980', 'F', 'CLINIC01', 'Saliva', '50', '20', 'P1'];

function errorsOf(check: ManifestCheck): readonly ManifestRowError[] {
  return check.ok ? [] : check.errors;
}

function rowWith(column: string, value: string): string[] {
  const row = [...GOOD];
  row[HEADERS.indexOf(column)] = value;
  return row;
}

describe('checkManifest refuses formula-like cells by row and column (issue 37 item 7)', () => {
  it.each([...FORMULA_STARTS, ...FULL_WIDTH_STARTS])('in every text column, for a cell starting with %j', (sign) => {
    for (const column of ['Clinic ID', 'Type', 'Patient External ID']) {
      const errors = errorsOf(
        checkManifest({ headers: HEADERS, rows: [GOOD, ['ABC124', ...rowWith(column, ` ${sign}HYPERLINK("x")`).slice(1)]] }, CPS),
      );
      expect(errors).toEqual([{ row: 3, column, reason: T.formulaStart(column) }]);
    }
  });

  it('gives a refused cell that one error, not also its column’s own rule’s', () => {
    const errors = errorsOf(checkManifest({ headers: HEADERS, rows: [rowWith('Concentration (ug/mL)', '-2+3')] }, CPS));
    expect(errors).toEqual([{ row: 2, column: 'Concentration (ug/mL)', reason: T.formulaStart('Concentration (ug/mL)') }]);
    const both = errorsOf(checkManifest({ headers: HEADERS, rows: [['=A1', ...GOOD.slice(1, 4), 'X', ...GOOD.slice(5)]] }, CPS));
    expect(both).toEqual([
      { row: 2, column: 'Unique ID', reason: T.formulaStart('Unique ID') },
      { row: 2, column: 'Sex', reason: T.sex },
    ]);
  });

  it('refuses a cell holding NUL or another control character, naming row and column (issue 37 item 6)', () => {
    for (const text of ['CLI\u0000NIC', 'CLINIC\u0007', 'A\u001BB']) {
      const errors = errorsOf(checkManifest({ headers: HEADERS, rows: [rowWith('Clinic ID', text)] }, CPS));
      expect(errors, JSON.stringify(text)).toEqual([{ row: 2, column: 'Clinic ID', reason: T.controlCharacter('Clinic ID') }]);
    }
    expect(errorsOf(checkManifest({ headers: HEADERS, rows: [rowWith('Clinic ID', 'CLINIC 01')] }, CPS))).toEqual([]);
  });

  it('judges a negative number by its column’s rule, not as a formula', () => {
    const errors = errorsOf(checkManifest({ headers: HEADERS, rows: [rowWith('Volume (uL)', '-5')] }, CPS));
    expect(errors).toEqual([{ row: 2, column: 'Volume (uL)', reason: T.positiveNumber('Volume (uL)') }]);
  });

  it('refuses one in an ignored column too, named by its header, or by its letters when the header names none', () => {
    const headers = [...HEADERS, ' Notes ', '', '=cmd|x'];
    const errors = errorsOf(checkManifest({ headers, rows: [[...GOOD, '- rush', '@x', '+y']] }, CPS));
    expect(errors).toEqual([{ row: 1, column: 'Column M', reason: T.formulaStart('Column M') }]);
    const body = errorsOf(checkManifest({ headers: [...HEADERS, ' Notes ', ''], rows: [[...GOOD, '- rush', '@x', '+y']] }, CPS));
    expect(body).toEqual([
      { row: 2, column: 'Notes', reason: T.formulaStart('Notes') },
      { row: 2, column: 'Column L', reason: T.formulaStart('Column L') },
      { row: 2, column: 'Column M', reason: T.formulaStart('Column M') },
    ]);
  });

  it('reads both file kinds to the same refusal: a .csv cell and an .xlsx text cell, while an .xlsx number cell passes', () => {
    const csv = new TextEncoder().encode(`${HEADERS.join(',')}\r\n${rowWith('Clinic ID', '"\t=1+1"').join(',')}\r\n`);
    const fromCsv = readManifestSheet(csv, 'm.csv');
    if (!fromCsv.ok) throw new Error(fromCsv.reason);
    expect(errorsOf(checkManifest(fromCsv.sheet, CPS))).toEqual([{ row: 2, column: 'Clinic ID', reason: T.formulaStart('Clinic ID') }]);

    const sheet = XLSX.utils.aoa_to_sheet([HEADERS, rowWith('Type', '@SUM(A1)')]);
    sheet.H2 = { t: 'n', v: -5 };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Manifest');
    const written: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
    if (!(written instanceof ArrayBuffer)) throw new Error('SheetJS wrote no ArrayBuffer');
    const fromXlsx = readManifestSheet(new Uint8Array(written), 'm.xlsx');
    if (!fromXlsx.ok) throw new Error(fromXlsx.reason);
    expect(errorsOf(checkManifest(fromXlsx.sheet, CPS))).toEqual([
      { row: 2, column: 'Type', reason: T.formulaStart('Type') },
      { row: 2, column: 'Concentration (ug/mL)', reason: T.positiveNumber('Concentration (ug/mL)') },
    ]);
  });
});

describe('the files the portal writes escape formula-like cells', () => {
  it('the manifest template, as .csv and as .xlsx, holds the document’s words only, none a formula', () => {
    const csv = new TextDecoder().decode(manifestTemplateBytes('research', 'csv'));
    expect(csv.split('\r\n')[1]).toBe('EXAMPLE1,MSA,01/15/2026,01/01/1980,F,CLINIC01,Saliva,50,20,EXAMPLE01');
    const book = XLSX.read(manifestTemplateBytes('research', 'xlsx'), { type: 'array', cellFormula: true, dense: true });
    const cells = (book.Sheets[book.SheetNames[0] ?? '']?.['!data'] ?? []).flat();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell?.f).toBeUndefined();
      expect(isFormulaLike(String(cell?.v ?? ''))).toBe(false);
    }
  });

  it('the seeded diagnostics CSV files hold no formula-like cell (they are served as stored)', () => {
    const cells = diagnosticsFiles('KIT-000123', 7)
      .filter((file) => file.contentType === 'text/csv')
      .flatMap((file) => file.text.split('\n').flatMap((line) => line.split(',')));
    expect(cells.length).toBeGreaterThan(10);
    expect(cells.filter(isFormulaLike)).toEqual([]);
  });
});
