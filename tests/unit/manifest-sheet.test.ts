import * as XLSX from '@e965/xlsx';
import { describe, expect, it, vi } from 'vitest';
import {
  MANIFEST_MAX_BYTES,
  MANIFEST_MAX_CELL_CHARS,
  MANIFEST_MAX_ROWS,
  manifestSheetOf,
  readManifestSheet,
  type SheetRead,
} from '../../src/model/orders/manifest-sheet';
import { ManifestFileText as T } from '../../src/model/orders/manifest-texts';

/** Issue 9 "Bad input": a manifest file's bytes become rows of text, or a reason; never an exception. */

const HEADERS = ['Unique ID', 'Product ID', 'Date of Collection', 'DOB', 'Sex', 'Clinic ID'];

function workbookOf(sheet: XLSX.WorkSheet): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Manifest');
  return book;
}

function bytesOf(book: XLSX.WorkBook, bookType: 'xlsx' | 'biff8'): Uint8Array {
  const written: unknown = XLSX.write(book, { type: 'array', bookType });
  if (!(written instanceof ArrayBuffer)) throw new Error('SheetJS wrote no ArrayBuffer');
  return new Uint8Array(written);
}

/** A sheet whose DOB is a real Excel date cell (a serial number with a date format), as Excel saves one. */
function sheetWithDateCell(): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([HEADERS, ['ABC123', 'TruAge', '06/01/2026', 0, 'F', 'CLINIC01']]);
  sheet.D2 = { t: 'n', v: 29358, z: 'm/d/yy' };
  return sheet;
}

function reason(read: SheetRead): string | null {
  return read.ok ? null : read.reason;
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('readManifestSheet: real files', () => {
  it('reads an .xlsx, turning an Excel date cell into MM/DD/YYYY text', () => {
    const read = readManifestSheet(bytesOf(workbookOf(sheetWithDateCell()), 'xlsx'), 'manifest.xlsx');
    expect(read).toEqual({
      ok: true,
      sheet: { headers: HEADERS, rows: [['ABC123', 'TruAge', '06/01/2026', '05/17/1980', 'F', 'CLINIC01']], headerRow: 1 },
    });
  });

  it('reads an .xls (BIFF8), dates included', () => {
    const read = readManifestSheet(bytesOf(workbookOf(sheetWithDateCell()), 'biff8'), 'MANIFEST.XLS');
    expect(read.ok && read.sheet.rows).toEqual([['ABC123', 'TruAge', '06/01/2026', '05/17/1980', 'F', 'CLINIC01']]);
  });

  it('reads a .csv with every cell as written (leading zeros, quoted commas, a BOM, Windows-1252)', () => {
    const csv = '\uFEFFUnique ID,Clinic ID,DOB\r\n000123,"Lab, north",1/2/1980\r\n';
    expect(readManifestSheet(text(csv), 'm.csv')).toEqual({
      ok: true,
      sheet: { headers: ['Unique ID', 'Clinic ID', 'DOB'], rows: [['000123', 'Lab, north', '1/2/1980']], headerRow: 1 },
    });
    const latin1 = new Uint8Array([...text('Clinic ID\nCl'), 0xe9, ...text('ment\n')]);
    expect(readManifestSheet(latin1, 'm.csv')).toMatchObject({ ok: true, sheet: { rows: [['Clément']] } });
  });

  it('keeps numbers as their plain digits and booleans as TRUE/FALSE', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Unique ID', 'Volume (uL)', 'Flag'],
      [123456, 1.5, true],
    ]);
    const read = readManifestSheet(bytesOf(workbookOf(sheet), 'xlsx'), 'a.xlsx');
    expect(read.ok && read.sheet.rows).toEqual([['123456', '1.5', 'TRUE']]);
  });

  it('takes the first non-blank row as the header and drops trailing blank rows', () => {
    const read = readManifestSheet(text('\n,\nUnique ID\nABC123\n\n,\n'), 'm.csv');
    expect(read).toEqual({ ok: true, sheet: { headers: ['Unique ID'], rows: [['ABC123']], headerRow: 3 } });
  });

  it('answers an empty sheet as no headers and no rows (checkManifest then names the missing columns)', () => {
    const read = readManifestSheet(bytesOf(workbookOf(XLSX.utils.aoa_to_sheet([])), 'xlsx'), 'a.xlsx');
    expect(read).toEqual({ ok: true, sheet: { headers: [], rows: [], headerRow: 1 } });
  });
});

describe('readManifestSheet: refused files', () => {
  it('an empty file', () => {
    expect(reason(readManifestSheet(new Uint8Array(), 'a.xlsx'))).toBe(T.empty);
  });

  it('a file over 10 MB', () => {
    expect(reason(readManifestSheet(new Uint8Array(MANIFEST_MAX_BYTES + 1), 'a.csv'))).toBe(T.tooLarge(10));
  });

  it('a name that is not .xlsx, .xls or .csv', () => {
    expect(reason(readManifestSheet(text('Unique ID\n'), 'manifest.txt'))).toBe(T.wrongType);
  });

  it('bytes that are not the spreadsheet the name says: a PDF, a renamed image, a zip that is no workbook', () => {
    const pdf = text('%PDF-1.7\n1 0 obj\n');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(reason(readManifestSheet(pdf, 'a.xlsx'))).toBe(T.notSpreadsheet('Excel (.xlsx)'));
    expect(reason(readManifestSheet(png, 'a.xls'))).toBe(T.notSpreadsheet('Excel 97-2003 (.xls)'));
    expect(reason(readManifestSheet(pdf, 'a.csv'))).toBe(T.notSpreadsheet('CSV'));
    expect(reason(readManifestSheet(png, 'a.csv'))).toBe(T.notSpreadsheet('CSV'));
    expect(reason(readManifestSheet(text('<html><table><tr><td>x</td></tr></table></html>'), 'a.csv'))).toBe(T.notSpreadsheet('CSV'));
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Uint8Array(60).fill(7)]);
    expect(reason(readManifestSheet(zip, 'a.xlsx'))).toBe(T.notSpreadsheet('Excel (.xlsx)'));
    expect(reason(readManifestSheet(bytesOf(workbookOf(sheetWithDateCell()), 'xlsx'), 'a.xls'))).toBe(
      T.notSpreadsheet('Excel 97-2003 (.xls)'),
    );
  });

  it('an .xlsx whose parts would unpack to more than a manifest can hold (a zip bomb)', () => {
    const bytes = bytesOf(workbookOf(sheetWithDateCell()), 'xlsx');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // SheetJS writes no zip comment, so the end-of-directory record is the last 22 bytes.
    const endOfDirectory = bytes.length - 22;
    expect(view.getUint32(endOfDirectory, true)).toBe(0x06054b50);
    // The first part's declared unpacked size, raised to 200 MB.
    view.setUint32(view.getUint32(endOfDirectory + 16, true) + 24, 200 * 1024 * 1024, true);
    expect(reason(readManifestSheet(bytes, 'a.xlsx'))).toBe(T.unpacksTooLarge(100));
  });

  it('a workbook without sheets', () => {
    // SheetJS cannot write a workbook without sheets, so the parsed form is given to the reader's own step.
    expect(reason(manifestSheetOf({ SheetNames: [], Sheets: {} }))).toBe(T.noSheets);
  });

  it('a formula cell of an .xlsx; text that only looks like one is read as text, for checkManifest to refuse by row and column', () => {
    const sheet = XLSX.utils.aoa_to_sheet([HEADERS, ['ABC123']]);
    sheet.C2 = { t: 'n', v: 3, f: 'SUM(1,2)' };
    sheet['!ref'] = 'A1:F2';
    expect(reason(readManifestSheet(bytesOf(workbookOf(sheet), 'xlsx'), 'a.xlsx'))).toBe(T.formula('C2'));
    expect(readManifestSheet(text('Unique ID,Clinic ID\nABC123,=cmd|x\n'), 'a.csv')).toMatchObject({
      ok: true,
      sheet: { rows: [['ABC123', '=cmd|x']] },
    });
    const textCell = XLSX.utils.aoa_to_sheet([HEADERS, ['ABC123', ' =HYPERLINK("x")']]);
    expect(readManifestSheet(bytesOf(workbookOf(textCell), 'xlsx'), 'a.xlsx')).toMatchObject({
      ok: true,
      sheet: { rows: [['ABC123', ' =HYPERLINK("x")']] },
    });
  });

  it(`a cell longer than ${MANIFEST_MAX_CELL_CHARS} characters`, () => {
    const long = 'x'.repeat(MANIFEST_MAX_CELL_CHARS + 1);
    expect(reason(readManifestSheet(text(`Unique ID\n${long}\n`), 'a.csv'))).toBe(T.longCell('A2', MANIFEST_MAX_CELL_CHARS));
    const sheet = XLSX.utils.aoa_to_sheet([['Unique ID', long]]);
    expect(reason(readManifestSheet(bytesOf(workbookOf(sheet), 'xlsx'), 'a.xlsx'))).toBe(T.longCell('B1', MANIFEST_MAX_CELL_CHARS));
  });

  it(`more than ${MANIFEST_MAX_ROWS} rows below the header (and exactly that many is fine)`, () => {
    const rows = (count: number) =>
      `Unique ID\n${Array.from({ length: count }, (_row, i) => `ID${String(i).padStart(6, '0')}`).join('\n')}\n`;
    expect(reason(readManifestSheet(text(rows(MANIFEST_MAX_ROWS + 1)), 'a.csv'))).toBe(T.tooManyRows('5,000'));
    const read = readManifestSheet(text(rows(MANIFEST_MAX_ROWS)), 'a.csv');
    expect(read.ok && read.sheet.rows.length).toBe(MANIFEST_MAX_ROWS);
  });
});

describe('readManifestSheet never throws', () => {
  /** A small deterministic generator (mulberry32), so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('for random bytes, random bytes behind each signature, and a real workbook with bytes flipped', () => {
    // SheetJS reports unknown records of a damaged .xls on the console; the answer is what counts here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const next = random(9);
    const real = bytesOf(workbookOf(sheetWithDateCell()), 'xlsx');
    const realXls = bytesOf(workbookOf(sheetWithDateCell()), 'biff8');
    const prefixes = [[], [0x50, 0x4b, 0x03, 0x04], [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [...text('Unique ID,')]];
    for (let i = 0; i < 300; i++) {
      const length = Math.floor(next() * 2048) + 1;
      const noise = Uint8Array.from({ length }, () => Math.floor(next() * 256));
      const prefix = prefixes[i % prefixes.length] ?? [];
      const base = i % 3 === 0 ? real : i % 3 === 1 ? realXls : new Uint8Array([...prefix, ...noise]);
      const bytes = Uint8Array.from(base);
      if (base !== noise) for (let flip = 0; flip < 8; flip++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      for (const name of ['f.xlsx', 'f.xls', 'f.csv']) {
        const read = readManifestSheet(bytes, name);
        expect(typeof read.ok).toBe('boolean');
      }
    }
  });
});
