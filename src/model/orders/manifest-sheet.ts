import * as XLSX from '@e965/xlsx';
import type { ManifestSheet } from './manifest';
import { ManifestFileText as T } from './manifest-texts';
import { formatCount } from '../number-format';

export type { ManifestSheet } from './manifest';

/**
 * A manifest file's bytes as rows of text, or the reason the file cannot be one (issue 9 "Bad input"). It
 * never throws: whatever the bytes, the answer is a sheet or a reason. The browser runs it in a worker and
 * the server on the upload, so both read a file the same way.
 */

export const MANIFEST_MAX_BYTES = 10 * 1024 * 1024;
export const MANIFEST_ACCEPT = '.xlsx,.xls,.csv';
/** No manifest field needs more; a longer cell is a pasted document, not a sample. */
export const MANIFEST_MAX_CELL_CHARS = 200;
/** Sample rows below the header; a larger run is split into several files. */
export const MANIFEST_MAX_ROWS = 5000;

export type SheetRead = { readonly ok: true; readonly sheet: ManifestSheet } | { readonly ok: false; readonly reason: string };

type SheetFormat = 'xlsx' | 'xls' | 'csv';

const FORMAT_NAMES: Record<SheetFormat, string> = { xlsx: 'Excel (.xlsx)', xls: 'Excel 97-2003 (.xls)', csv: 'CSV' };
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file, the container of every .xls Excel has written since 97. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Binary formats a renamed file is most often (PDF, PNG, JPEG, GIF): never a CSV. */
const BINARY_SIGNATURES = [ZIP, OLE2, [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38]];

function formatOf(fileName: string): SheetFormat | null {
  const match = /\.(xlsx|xls|csv)$/i.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return extension === 'xlsx' || extension === 'xls' || extension === 'csv' ? extension : null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** Text has no NUL and no control characters other than tab, line feed, form feed and carriage return. */
function isText(bytes: Uint8Array): boolean {
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) return false;
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
  }
  return true;
}

/** UTF-8 (a BOM is dropped); a file that is not UTF-8 is read as Windows-1252, which Excel writes on Windows. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** What a manifest's parts may unpack to together; a real one of 5,000 rows is a few MB. */
export const MANIFEST_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/**
 * What the .xlsx (a zip) declares its parts unpack to, or null when it has no readable directory (then it
 * is no workbook). A small "zip bomb" would otherwise be inflated whole by the reader, in the browser tab
 * or on the server. Counting stops just past the limit.
 */
function unpackedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let i = 0; i < entries && total <= MANIFEST_MAX_UNPACKED_BYTES; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    // 0xFFFFFFFF means the real size is in a ZIP64 field: far beyond any manifest either way.
    total += view.getUint32(at + 24, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** A number format that shows a date: after quoted text, escapes and [bracketed] parts, it has d or y. */
function isDateFormat(format: unknown): boolean {
  if (typeof format !== 'string') return false;
  const bare = format.replace(/"[^"]*"|\\.|\[[^\]]*]/g, '');
  return /[dy]/i.test(bare);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An Excel date serial as MM/DD/YYYY, whatever the cell's display format, so that a date typed into Excel
 * reads as the template asks. Serial 60 is Excel's fictitious 02/29/1900, which the rules refuse.
 */
function serialToDate(serial: number, date1904: boolean): string {
  const days = Math.floor(serial);
  if (!date1904 && days === 60) return '02/29/1900';
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const date = new Date(epoch + days * DAY_MS);
  if (Number.isNaN(date.getTime())) return String(serial);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${String(date.getUTCFullYear()).padStart(4, '0')}`;
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'n':
      return typeof cell.v === 'number' && isDateFormat(cell.z) ? serialToDate(cell.v, date1904) : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'z':
      return '';
    default:
      return cell.w ?? '';
  }
}

function refuse(reason: string): SheetRead {
  return { ok: false, reason };
}

const OPTIONS = {
  dense: true,
  // Parsed only to be refused: a manifest holds values, never formulas. A CSV has no formula cells (it is
  // read raw, as text); its text that a spreadsheet would run as one is refused by checkManifest, naming
  // the row and column, as the same text in an .xlsx text cell is (issue 37 item 7).
  cellFormula: true,
  // The number format tells a date cell from a number cell.
  cellNF: true,
  cellHTML: false,
  cellDates: false,
  cellStyles: false,
  bookVBA: false,
  // The manifest is the first sheet; the others are never parsed.
  sheets: 0,
  // One row past the limit shows the file is over it without reading the rest.
  sheetRows: MANIFEST_MAX_ROWS + 2,
} as const;

function readWorkbook(bytes: Uint8Array, format: SheetFormat): XLSX.WorkBook | string {
  if (format === 'csv') {
    if (!isText(bytes)) return T.notSpreadsheet(FORMAT_NAMES.csv);
    const text = decodeText(bytes);
    // SheetJS would read markup as an HTML or XML workbook; a CSV never starts with it.
    if (text.trimStart().startsWith('<')) return T.notSpreadsheet(FORMAT_NAMES.csv);
    // raw: every cell stays the text as written (no date or number guessing, leading zeros kept).
    return XLSX.read(text, { ...OPTIONS, type: 'string', raw: true });
  }
  if (!startsWith(bytes, format === 'xlsx' ? ZIP : OLE2)) return T.notSpreadsheet(FORMAT_NAMES[format]);
  if (format === 'xlsx') {
    const unpacked = unpackedSize(bytes);
    if (unpacked === null) return T.notSpreadsheet(FORMAT_NAMES.xlsx);
    if (unpacked > MANIFEST_MAX_UNPACKED_BYTES) return T.unpacksTooLarge(MANIFEST_MAX_UNPACKED_BYTES / (1024 * 1024));
  }
  return XLSX.read(bytes, { ...OPTIONS, type: 'array' });
}

/** The first sheet of a parsed workbook as text rows; exported so that a workbook SheetJS cannot write is tested too. */
export function manifestSheetOf(workbook: XLSX.WorkBook): SheetRead {
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return refuse(T.noSheets);
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const data: readonly (readonly (XLSX.CellObject | undefined)[] | undefined)[] = sheet['!data'] ?? [];
  if (data.length > MANIFEST_MAX_ROWS + 1) return refuse(T.tooManyRows(formatCount(MANIFEST_MAX_ROWS)));

  const rows: string[][] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = data[r] ?? [];
    const row: string[] = [];
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      const text = cellText(cell, date1904);
      const isFormula = cell?.f !== undefined || cell?.F !== undefined;
      if (isFormula) return refuse(T.formula(XLSX.utils.encode_cell({ r, c })));
      if (text.length > MANIFEST_MAX_CELL_CHARS) return refuse(T.longCell(XLSX.utils.encode_cell({ r, c }), MANIFEST_MAX_CELL_CHARS));
      row.push(text);
    }
    rows.push(row);
  }

  const blank = (row: readonly string[]): boolean => row.every((text) => text.trim() === '');
  const headerIndex = rows.findIndex((row) => !blank(row));
  if (headerIndex < 0) return { ok: true, sheet: { headers: [], rows: [], headerRow: 1 } };
  let end = rows.length;
  while (end > headerIndex + 1 && blank(rows[end - 1] ?? [])) end--;
  return { ok: true, sheet: { headers: rows[headerIndex] ?? [], rows: rows.slice(headerIndex + 1, end), headerRow: headerIndex + 1 } };
}

export function readManifestSheet(bytes: Uint8Array, fileName: string): SheetRead {
  if (bytes.length === 0) return refuse(T.empty);
  if (bytes.length > MANIFEST_MAX_BYTES) return refuse(T.tooLarge(MANIFEST_MAX_BYTES / (1024 * 1024)));
  const format = formatOf(fileName);
  if (format === null) return refuse(T.wrongType);
  try {
    const workbook = readWorkbook(bytes, format);
    return typeof workbook === 'string' ? refuse(workbook) : manifestSheetOf(workbook);
  } catch {
    return refuse(T.notSpreadsheet(FORMAT_NAMES[format]));
  }
}
