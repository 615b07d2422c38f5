import { UnitType } from '../enums';
import { effectiveUnitType } from '../auth/roles';
import { hasNoControlCharacters } from '../limits';
import { columnLetters, isFormulaLike } from './manifest-formulas';
import { ManifestRowText as T } from './manifest-texts';

/**
 * Ordering §2 and §5, issue 9 item 5: the manifest's columns and the rules every row must pass. The browser
 * checks a chosen file with these functions before uploading it, and the server checks the upload with the
 * same ones, so a row the preview accepts is a row the server accepts.
 */

export const ManifestColumn = {
  uniqueId: 'Unique ID',
  productId: 'Product ID',
  collectionDate: 'Date of Collection',
  dob: 'DOB',
  sex: 'Sex',
  clinicId: 'Clinic ID',
  type: 'Type',
  concentration: 'Concentration (ug/mL)',
  volume: 'Volume (uL)',
  patientExternalId: 'Patient External ID',
} as const;
export type ManifestColumnName = (typeof ManifestColumn)[keyof typeof ManifestColumn];

const REQUIRED_COLUMNS: readonly ManifestColumnName[] = [
  ManifestColumn.uniqueId,
  ManifestColumn.productId,
  ManifestColumn.collectionDate,
  ManifestColumn.dob,
  ManifestColumn.sex,
  ManifestColumn.clinicId,
];
const RESEARCH_COLUMNS: readonly ManifestColumnName[] = [
  ManifestColumn.type,
  ManifestColumn.concentration,
  ManifestColumn.volume,
  ManifestColumn.patientExternalId,
];

/** Ordering §9: "Manifest Unique ID minimum 6 characters". */
export const MANIFEST_UNIQUE_ID_MIN = 6;

/**
 * The template's example row is marked by this Unique ID, which no sample may use: a row with it is the example
 * sent unchanged and is refused (issue 40 point 2), so the example never becomes a real sample.
 */
export const MANIFEST_EXAMPLE_UNIQUE_ID = 'EXAMPLE1';

/** Which template a unit uses: HCP (Unknown counts as HCP, ordering §6) or everyone else's. */
export type ManifestKind = 'hcp' | 'research';

export function manifestKind(unitType: number): ManifestKind {
  return effectiveUnitType(unitType) === UnitType.HCP ? 'hcp' : 'research';
}

/** Ordering §2 "Template columns": the six for HCP; the four optional ones follow for everyone else. */
export function manifestColumns(unitType: number): readonly string[] {
  return manifestKind(unitType) === 'hcp' ? REQUIRED_COLUMNS : [...REQUIRED_COLUMNS, ...RESEARCH_COLUMNS];
}

/**
 * Ordering §2 and the contract decision: the Product IDs a manifest may name are the ordering document's names,
 * per template. The browser checks rows against these, never against the catalogue's skus; the service maps
 * each to one of its products (and refuses a row whose product it does not offer).
 */
export const MANIFEST_PRODUCT_IDS: Readonly<Record<ManifestKind, readonly string[]>> = {
  hcp: ['TruHealth', 'TruAge', 'TruHealthAgeCombo'],
  research: ['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten'],
};

/** The sheet as read: header cells and every row below the header as text, blank rows kept as []. */
export interface ManifestSheet {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The spreadsheet row number of the header (1 when the sheet starts at row 1). */
  readonly headerRow?: number;
}

export interface ManifestRowError {
  /** The spreadsheet row number the user sees; the header row is 1. */
  readonly row: number;
  readonly column: string;
  readonly reason: string;
}

export type Sex = 'F' | 'M';

export interface ManifestSample {
  readonly row: number;
  readonly uniqueId: string;
  /** The Product ID as the ordering document spells it (MANIFEST_PRODUCT_IDS). */
  readonly productId: string;
  /** MM/DD/YYYY, as written. */
  readonly collectionDate: string;
  readonly dob: string;
  readonly sex: Sex;
  readonly clinicId: string;
  readonly type: string | null;
  readonly concentration: number | null;
  readonly volume: number | null;
  readonly patientExternalId: string | null;
}

export type ManifestCheck =
  { readonly ok: true; readonly samples: readonly ManifestSample[] } | { readonly ok: false; readonly errors: readonly ManifestRowError[] };

export interface ManifestContext {
  /** Decides the template, and so the columns and the Product IDs (MANIFEST_PRODUCT_IDS) a row may name. */
  readonly unitType: number;
  /** The moment "in the future" is measured from; the current time when left out. */
  readonly now?: Date;
}

/**
 * How Unique IDs are compared, in a file and against the samples registered before: without regard to case, so
 * that ABC123 and abc123 never name two samples that a person reads as one.
 */
export function uniqueIdKey(uniqueId: string): string {
  return uniqueId.toUpperCase();
}

export function isExampleUniqueId(uniqueId: string): boolean {
  return uniqueIdKey(uniqueId) === uniqueIdKey(MANIFEST_EXAMPLE_UNIQUE_ID);
}

// ---- Cell rules -------------------------------------------------------------------------------------

const UNIQUE_ID = new RegExp(`^[A-Za-z0-9]{${MANIFEST_UNIQUE_ID_MIN},}$`);
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const POSITIVE_NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
/** The latest time zone is UTC+14: a date that has begun anywhere on Earth is not "in the future". */
const LATEST_ZONE_MS = 14 * 60 * 60 * 1000;

/** The calendar date as YYYY-MM-DD (which sorts as dates do), or null when MM/DD/YYYY names no real day. */
export function manifestDateIso(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [, mm = '', dd = '', yyyy = ''] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : `${yyyy}-${mm}-${dd}`;
}

function latestToday(now: Date): string {
  return new Date(now.getTime() + LATEST_ZONE_MS).toISOString().slice(0, 10);
}

/** Header match: trimmed, case-insensitive, inner spaces collapsed. */
function headerKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '');
}

const TEMPLATE_COLUMNS = new Map<string, string>(Object.values(ManifestColumn).map((column) => [headerKey(column), column]));

/** How an error names column `index`: the template's spelling, else the header as written, else its letters. */
function columnNameOf(headers: readonly string[], index: number): string {
  const header = headers[index] ?? '';
  const template = TEMPLATE_COLUMNS.get(headerKey(header));
  if (template !== undefined) return template;
  return header.trim() === '' || isFormulaLike(header) ? T.columnAt(columnLetters(index)) : header.trim().replace(/\s+/g, ' ');
}

/**
 * Issue 37 items 6 and 7: the cells of a row a spreadsheet could run as formulas, or holding a control character
 * (NUL, which the database cannot store, and the others a spreadsheet cannot hold), in every column (an ignored
 * one too: the rule is the file's, not the template's), each as an error naming its row and column.
 */
function formulaErrors(cells: readonly string[], headers: readonly string[], row: number): Map<number, ManifestRowError> {
  const errors = new Map<number, ManifestRowError>();
  cells.forEach((text, index) => {
    if (isFormulaLike(text)) {
      const column = columnNameOf(headers, index);
      errors.set(index, { row, column, reason: T.formulaStart(column) });
    } else if (!hasNoControlCharacters(text, true)) {
      const column = columnNameOf(headers, index);
      errors.set(index, { row, column, reason: T.controlCharacter(column) });
    }
  });
  return errors;
}

interface RowReader {
  readonly cell: (column: ManifestColumnName) => string;
  readonly fail: (column: ManifestColumnName, reason: string) => void;
}

function checkDate(read: RowReader, column: ManifestColumnName, today: string): string | null {
  const text = read.cell(column);
  if (text === '') return (read.fail(column, T.required(column)), null);
  if (!DATE.test(text)) return (read.fail(column, T.dateFormat(column)), null);
  const iso = manifestDateIso(text);
  if (iso === null) return (read.fail(column, T.notADate(column)), null);
  if (iso > today) return (read.fail(column, T.future(column)), null);
  return iso;
}

function optionalNumber(read: RowReader, column: ManifestColumnName): number | null {
  const text = read.cell(column);
  if (text === '') return null;
  const value = Number(text);
  if (!POSITIVE_NUMBER.test(text) || !Number.isFinite(value) || value <= 0) {
    read.fail(column, T.positiveNumber(column));
    return null;
  }
  return value;
}

function optionalText(read: RowReader, column: ManifestColumnName): string | null {
  const text = read.cell(column);
  return text === '' ? null : text;
}

/**
 * Every rule of ordering §5 on every row: one error per bad cell, each with the row the user sees. A sheet
 * without the template's columns is refused naming each missing one (on the header row); extra columns are
 * ignored, except that no cell anywhere, header included, may look like a formula (issue 37 item 7); blank
 * rows are skipped; a sheet with no sample rows is refused.
 */
export function checkManifest(sheet: ManifestSheet, context: ManifestContext): ManifestCheck {
  const headerRow = sheet.headerRow ?? 1;
  const kind = manifestKind(context.unitType);
  const wanted = manifestColumns(context.unitType) as readonly ManifestColumnName[];
  const indexOf = new Map<string, number>();
  sheet.headers.forEach((header, index) => {
    const key = headerKey(header);
    if (!indexOf.has(key)) indexOf.set(key, index);
  });
  const headerErrors = [...formulaErrors(sheet.headers, sheet.headers, headerRow).values()];
  const missing = REQUIRED_COLUMNS.filter((column) => !indexOf.has(headerKey(column)));
  headerErrors.push(...missing.map((column) => ({ row: headerRow, column, reason: T.missingColumn(column) })));
  if (headerErrors.length) return { ok: false, errors: headerErrors };

  const productIds = MANIFEST_PRODUCT_IDS[kind];
  const products = new Map(productIds.map((id) => [id.toLowerCase(), id]));
  const today = latestToday(context.now ?? new Date());
  const firstRowOf = new Map<string, number>();
  const errors: ManifestRowError[] = [];
  const samples: ManifestSample[] = [];

  sheet.rows.forEach((cells, index) => {
    if (isBlankRow(cells)) return;
    const row = headerRow + 1 + index;
    const formulas = formulaErrors(cells, sheet.headers, row);
    errors.push(...formulas.values());
    let rowOk = formulas.size === 0;
    const read: RowReader = {
      cell: (column) => {
        const at = wanted.includes(column) ? indexOf.get(headerKey(column)) : undefined;
        return at === undefined ? '' : (cells[at] ?? '').trim();
      },
      fail: (column, reason) => {
        rowOk = false;
        // A cell refused as a formula gets that one error, not also its column's own rule's.
        if (!formulas.has(indexOf.get(headerKey(column)) ?? -1)) errors.push({ row, column, reason });
      },
    };

    const uniqueId = read.cell(ManifestColumn.uniqueId);
    if (uniqueId === '') read.fail(ManifestColumn.uniqueId, T.required(ManifestColumn.uniqueId));
    else if (!UNIQUE_ID.test(uniqueId)) read.fail(ManifestColumn.uniqueId, T.uniqueIdFormat);
    else if (isExampleUniqueId(uniqueId)) read.fail(ManifestColumn.uniqueId, T.exampleRow);
    else {
      // Case-insensitive, so that ABC123 and abc123 never name two samples that a person reads as one.
      const first = firstRowOf.get(uniqueIdKey(uniqueId));
      if (first === undefined) firstRowOf.set(uniqueIdKey(uniqueId), row);
      else read.fail(ManifestColumn.uniqueId, T.uniqueIdRepeated(uniqueId, first));
    }

    const productText = read.cell(ManifestColumn.productId);
    const productId = products.get(productText.toLowerCase());
    if (productText === '') read.fail(ManifestColumn.productId, T.required(ManifestColumn.productId));
    else if (productId === undefined) {
      read.fail(ManifestColumn.productId, T.unknownProduct(productIds));
    }

    const collected = checkDate(read, ManifestColumn.collectionDate, today);
    const born = checkDate(read, ManifestColumn.dob, today);
    // The same day is allowed: a sample may be taken on the day of birth (cord blood).
    if (collected !== null && born !== null && born > collected) read.fail(ManifestColumn.dob, T.dobAfterCollection);

    const sexText = read.cell(ManifestColumn.sex).toUpperCase();
    const sex: Sex | null = sexText === 'F' || sexText === 'M' ? sexText : null;
    if (sexText === '') read.fail(ManifestColumn.sex, T.required(ManifestColumn.sex));
    else if (sex === null) read.fail(ManifestColumn.sex, T.sex);

    const clinicId = read.cell(ManifestColumn.clinicId);
    if (clinicId === '') read.fail(ManifestColumn.clinicId, T.required(ManifestColumn.clinicId));

    const research = kind === 'research';
    const type = research ? optionalText(read, ManifestColumn.type) : null;
    const concentration = research ? optionalNumber(read, ManifestColumn.concentration) : null;
    const volume = research ? optionalNumber(read, ManifestColumn.volume) : null;
    const patientExternalId = research ? optionalText(read, ManifestColumn.patientExternalId) : null;

    if (rowOk && productId !== undefined && sex !== null) {
      samples.push({
        row,
        uniqueId,
        productId,
        collectionDate: read.cell(ManifestColumn.collectionDate),
        dob: read.cell(ManifestColumn.dob),
        sex,
        clinicId,
        type,
        concentration,
        volume,
        patientExternalId,
      });
    }
  });

  if (errors.length) return { ok: false, errors };
  if (!samples.length) return { ok: false, errors: [{ row: headerRow + 1, column: '', reason: T.noRows }] };
  return { ok: true, samples };
}
