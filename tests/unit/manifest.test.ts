import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import {
  checkManifest,
  MANIFEST_EXAMPLE_UNIQUE_ID,
  MANIFEST_PRODUCT_IDS,
  ManifestColumn as C,
  manifestColumns,
  manifestDateIso,
  manifestKind,
  type ManifestCheck,
  type ManifestRowError,
  type ManifestSheet,
} from '../../src/model/orders/manifest';
import { manifestErrorsCsv } from '../../src/model/orders/manifest-errors-csv';
import { manifestRowProblems } from '../../src/model/orders/manifest-answers';
import {
  manifestTemplateFileName,
  manifestTemplatePath,
  manifestTemplateRows,
  parseManifestTemplateFile,
} from '../../src/model/orders/manifest-templates';
import { ManifestRowText as T } from '../../src/model/orders/manifest-texts';

/** Ordering §2 and §5, issue 9 item 5: the manifest's columns and the rules every row passes. */

const NOW = new Date('2026-06-15T12:00:00Z');
const HCP = { unitType: UnitType.HCP, now: NOW };
const CPS = { unitType: UnitType.CPS, now: NOW };
const HEADERS = ['Unique ID', 'Product ID', 'Date of Collection', 'DOB', 'Sex', 'Clinic ID'];
const GOOD = ['ABC123', 'TruAge', '06/01/2026', '05/17/1980', 'F', 'CLINIC01'];

function sheet(rows: readonly (readonly string[])[], headers: readonly string[] = HEADERS): ManifestSheet {
  return { headers, rows };
}

function errorsOf(check: ManifestCheck): readonly ManifestRowError[] {
  return check.ok ? [] : check.errors;
}

/** The errors of a sheet whose one data row is GOOD with one cell replaced. */
function errorsWith(column: string, value: string, context = HCP): readonly ManifestRowError[] {
  const row = [...GOOD];
  row[HEADERS.indexOf(column)] = value;
  return errorsOf(checkManifest(sheet([row]), context));
}

describe('manifest columns (ordering §2 "Template columns")', () => {
  it('HCP has the six columns; CPS and IRC also the four optional ones; Unknown counts as HCP', () => {
    expect(manifestColumns(UnitType.HCP)).toEqual(HEADERS);
    expect(manifestColumns(UnitType.Unknown)).toEqual(HEADERS);
    const research = [...HEADERS, 'Type', 'Concentration (ug/mL)', 'Volume (uL)', 'Patient External ID'];
    expect(manifestColumns(UnitType.CPS)).toEqual(research);
    expect(manifestColumns(UnitType.IRC)).toEqual(research);
    expect(manifestKind(UnitType.IRC)).toBe('research');
  });

  it('names the HCP product IDs of §2 and the processing products for everyone else', () => {
    expect(MANIFEST_PRODUCT_IDS.hcp).toEqual(['TruHealth', 'TruAge', 'TruHealthAgeCombo']);
    expect(MANIFEST_PRODUCT_IDS.research).toEqual(['MSA', 'GSA', 'GDA', 'EPICv2', 'Enlighten']);
  });
});

describe('checkManifest', () => {
  it('accepts a good row as a typed sample, with the catalogue spelling of the product', () => {
    const check = checkManifest(sheet([['abc123', 'truage', '06/01/2026', '05/17/1980', 'm', ' CLINIC01 ']]), HCP);
    expect(check).toEqual({
      ok: true,
      samples: [
        {
          row: 2,
          uniqueId: 'abc123',
          productId: 'TruAge',
          collectionDate: '06/01/2026',
          dob: '05/17/1980',
          sex: 'M',
          clinicId: 'CLINIC01',
          type: null,
          concentration: null,
          volume: null,
          patientExternalId: null,
        },
      ],
    });
  });

  it('matches headers trimmed and case-insensitively, in any order, and ignores extra columns', () => {
    const headers = ['  clinic id', 'NOTES', 'sex', 'dob', 'DATE OF COLLECTION ', 'product  id', 'unique id'];
    const check = checkManifest(sheet([['CLINIC01', 'anything', 'F', '05/17/1980', '06/01/2026', 'TruAge', 'ABC123']], headers), HCP);
    expect(check.ok).toBe(true);
  });

  it('refuses a sheet without the template columns, naming each missing one on the header row', () => {
    const check = checkManifest(sheet([GOOD], ['Unique ID', 'Product ID', 'DOB', 'Sex']), HCP);
    expect(errorsOf(check)).toEqual([
      { row: 1, column: C.collectionDate, reason: T.missingColumn(C.collectionDate) },
      { row: 1, column: C.clinicId, reason: T.missingColumn(C.clinicId) },
    ]);
  });

  it('skips blank rows (keeping row numbers as the user sees them) and refuses a file with no sample rows', () => {
    const check = checkManifest(sheet([[], ['', '  '], [...GOOD.slice(0, 4), 'X', 'CLINIC01']]), HCP);
    expect(errorsOf(check)).toEqual([{ row: 4, column: C.sex, reason: T.sex }]);
    expect(errorsOf(checkManifest(sheet([['', ''], []]), HCP))).toEqual([{ row: 2, column: '', reason: T.noRows }]);
    expect(errorsOf(checkManifest({ headers: HEADERS, rows: [[...GOOD.slice(0, 4), 'Q', 'C1']], headerRow: 3 }, HCP))[0]?.row).toBe(4);
  });

  it('Unique ID: at least 6 letters or digits, letters and digits only', () => {
    expect(errorsWith(C.uniqueId, 'AB12')).toEqual([{ row: 2, column: C.uniqueId, reason: T.uniqueIdFormat }]);
    expect(errorsWith(C.uniqueId, 'ABC-123')[0]?.reason).toBe(T.uniqueIdFormat);
    expect(errorsWith(C.uniqueId, 'ABC 123')[0]?.reason).toBe(T.uniqueIdFormat);
    expect(errorsWith(C.uniqueId, '')[0]?.reason).toBe(T.required(C.uniqueId));
    expect(errorsWith(C.uniqueId, '123456')).toEqual([]);
  });

  it('Unique ID: unique within the file (ignoring case), "Unique ID … appears twice in this file", naming the first row', () => {
    const check = checkManifest(sheet([GOOD, ['OTHER1', ...GOOD.slice(1)], ['abc123', ...GOOD.slice(1)]]), HCP);
    expect(errorsOf(check)).toEqual([{ row: 4, column: C.uniqueId, reason: T.uniqueIdRepeated('abc123', 2) }]);
    expect(T.uniqueIdRepeated('abc123', 2)).toBe('Unique ID abc123 appears twice in this file (first in row 2)');
    expect(T.uniqueIdRegistered('S10001')).toBe('Unique ID S10001 is already registered');
  });

  it('Unique ID: the template example’s (any case) is refused as the example row sent unchanged', () => {
    expect(MANIFEST_EXAMPLE_UNIQUE_ID).toBe('EXAMPLE1');
    expect(errorsWith(C.uniqueId, 'example1')).toEqual([{ row: 2, column: C.uniqueId, reason: T.exampleRow }]);
  });

  it('Product ID: one the ordering document names for the unit’s template, in any case, spelled as the document spells it', () => {
    expect(errorsWith(C.productId, 'MSA')).toEqual([{ row: 2, column: C.productId, reason: T.unknownProduct(MANIFEST_PRODUCT_IDS.hcp) }]);
    expect(errorsWith(C.productId, '')[0]?.reason).toBe(T.required(C.productId));
    const check = checkManifest(sheet([[GOOD[0] ?? '', 'truhealthagecombo', ...GOOD.slice(2)]]), HCP);
    expect(check.ok && check.samples[0]?.productId).toBe('TruHealthAgeCombo');
  });

  it('dates: MM/DD/YYYY, a real calendar day, not in the future', () => {
    expect(errorsWith(C.collectionDate, '2026-06-01')).toEqual([
      { row: 2, column: C.collectionDate, reason: T.dateFormat(C.collectionDate) },
    ]);
    expect(errorsWith(C.collectionDate, '6/1/2026')[0]?.reason).toBe(T.dateFormat(C.collectionDate));
    expect(errorsWith(C.dob, '02/30/1980')).toEqual([{ row: 2, column: C.dob, reason: T.notADate(C.dob) }]);
    expect(errorsWith(C.dob, '13/01/1980')[0]?.reason).toBe(T.notADate(C.dob));
    expect(errorsWith(C.dob, '02/29/1981')[0]?.reason).toBe(T.notADate(C.dob));
    expect(errorsWith(C.dob, '02/29/1980')).toEqual([]);
    expect(errorsWith(C.collectionDate, '06/17/2026')).toEqual([{ row: 2, column: C.collectionDate, reason: T.future(C.collectionDate) }]);
    expect(errorsWith(C.dob, '')[0]?.reason).toBe(T.required(C.dob));
  });

  it('a date that has begun anywhere on Earth (UTC+14) is not in the future, so browser and server agree', () => {
    const lateEvening = { ...HCP, now: new Date('2026-06-15T10:00:00Z') };
    expect(errorsWith(C.collectionDate, '06/16/2026', lateEvening)).toEqual([]);
    expect(errorsWith(C.collectionDate, '06/17/2026', lateEvening)[0]?.reason).toBe(T.future(C.collectionDate));
  });

  it('DOB is not after the Date of Collection (the same day is allowed)', () => {
    expect(errorsWith(C.dob, '06/02/2026')).toEqual([{ row: 2, column: C.dob, reason: T.dobAfterCollection }]);
    expect(errorsWith(C.dob, '06/01/2026')).toEqual([]);
  });

  it('Sex F or M; Clinic ID required', () => {
    expect(errorsWith(C.sex, 'Female')).toEqual([{ row: 2, column: C.sex, reason: T.sex }]);
    expect(errorsWith(C.sex, '')[0]?.reason).toBe(T.required(C.sex));
    expect(errorsWith(C.clinicId, ' ')).toEqual([{ row: 2, column: C.clinicId, reason: T.required(C.clinicId) }]);
  });

  it('each bad cell gives its own error, row by row', () => {
    const check = checkManifest(sheet([['AB', 'Nope', '1/1/2020', '05/17/1980', 'X', ''], GOOD]), HCP);
    expect(errorsOf(check).map((error) => `${error.row}:${error.column}`)).toEqual([
      '2:Unique ID',
      '2:Product ID',
      '2:Date of Collection',
      '2:Sex',
      '2:Clinic ID',
    ]);
  });

  describe('research units (CPS, IRC)', () => {
    const headers = [...HEADERS, C.type, C.concentration, C.volume, C.patientExternalId];
    const row = ['S00001', 'EPICv2', '06/01/2026', '05/17/1980', 'M', 'LAB7'];

    it('read the optional columns when given: numbers above 0', () => {
      const check = checkManifest(
        sheet(
          [
            [...row, 'Blood', '12.5', '40', 'P-9'],
            [...row.slice(0, 1).map(() => 'S00002'), ...row.slice(1)],
          ],
          headers,
        ),
        CPS,
      );
      expect(check.ok && check.samples).toEqual([
        expect.objectContaining({ productId: 'EPICv2', type: 'Blood', concentration: 12.5, volume: 40, patientExternalId: 'P-9' }),
        expect.objectContaining({ uniqueId: 'S00002', type: null, concentration: null, volume: null, patientExternalId: null }),
      ]);
    });

    it('refuse an optional number that is not a number above 0', () => {
      const check = checkManifest(
        sheet(
          [
            [...row, '', '0', '-3', ''],
            ['S00002', ...row.slice(1), '', 'abc', '1e3', ''],
          ],
          headers,
        ),
        CPS,
      );
      expect(errorsOf(check)).toEqual([
        { row: 2, column: C.concentration, reason: T.positiveNumber(C.concentration) },
        { row: 2, column: C.volume, reason: T.positiveNumber(C.volume) },
        { row: 3, column: C.concentration, reason: T.positiveNumber(C.concentration) },
        { row: 3, column: C.volume, reason: T.positiveNumber(C.volume) },
      ]);
    });

    it('do not need the optional columns, and an HCP product is unknown to them', () => {
      expect(checkManifest(sheet([row]), CPS).ok).toBe(true);
      expect(errorsOf(checkManifest(sheet([[row[0] ?? '', 'TruAge', ...row.slice(2)]]), CPS))[0]?.reason).toBe(
        T.unknownProduct(MANIFEST_PRODUCT_IDS.research),
      );
    });
  });
});

describe('manifestDateIso', () => {
  it('turns MM/DD/YYYY into YYYY-MM-DD, or null for no real day', () => {
    expect(manifestDateIso('05/17/1980')).toBe('1980-05-17');
    expect(manifestDateIso('00/10/1980')).toBeNull();
    expect(manifestDateIso('01/01/1899')).toBeNull();
    expect(manifestDateIso('1/1/1980')).toBeNull();
  });
});

describe('manifestErrorsCsv', () => {
  it('writes a header and one quoted line per error', () => {
    expect(manifestErrorsCsv([{ row: 3, column: 'Sex', reason: 'Sex must be F or M' }])).toBe(
      'Row,Column,Reason\r\n"3","Sex","Sex must be F or M"\r\n',
    );
  });

  it('doubles quotes and neutralises cells a spreadsheet would run as formulas (CSV injection), not plain numbers', () => {
    const csv = manifestErrorsCsv([
      { row: 2, column: '=HYPERLINK("x")', reason: '+1 555 0100' },
      { row: 4, column: ' -2+3', reason: '@SUM(A1)' },
      { row: 5, column: '\t=1', reason: '-2' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Row,Column,Reason',
      `"2","'=HYPERLINK(""x"")","'+1 555 0100"`,
      `"4","' -2+3","'@SUM(A1)"`,
      `"5","'\t=1","-2"`,
      '',
    ]);
  });
});

describe('templates (ordering §2 "Download Template")', () => {
  it('are served under /Orders/bulk/Templates/{kind}.{format} and saved as manifest-template-{kind}.{format}', () => {
    expect(manifestTemplatePath('hcp', 'xlsx')).toBe('/Orders/bulk/Templates/hcp.xlsx');
    expect(manifestTemplatePath('research', 'csv')).toBe('/Orders/bulk/Templates/research.csv');
    expect(manifestTemplateFileName('hcp', 'xlsx')).toBe('manifest-template-hcp.xlsx');
    expect(parseManifestTemplateFile('research.xlsx')).toEqual({ kind: 'research', format: 'xlsx' });
    expect(parseManifestTemplateFile('hcp.pdf')).toBeNull();
    expect(parseManifestTemplateFile('../hcp.csv')).toBeNull();
  });

  it('hold the columns and an example row marked as the example: refused as it is, passing every rule with an ID of one’s own', () => {
    const [headers = [], example = []] = manifestTemplateRows('research');
    expect(headers).toEqual(manifestColumns(UnitType.CPS));
    expect(example.slice(0, 2)).toEqual(['EXAMPLE1', 'MSA']);
    expect(errorsOf(checkManifest(sheet([example], headers), CPS))).toEqual([{ row: 2, column: C.uniqueId, reason: T.exampleRow }]);
    expect(checkManifest(sheet([['MINE01', ...example.slice(1)]], headers), CPS).ok).toBe(true);
    const [hcpHeaders = [], hcpExample = []] = manifestTemplateRows('hcp');
    expect(hcpExample.slice(0, 2)).toEqual(['EXAMPLE1', 'TruHealth']);
    expect(checkManifest(sheet([['MINE01', ...hcpExample.slice(1)]], hcpHeaders), HCP).ok).toBe(true);
  });
});

describe('the service’s row errors, read leniently (issue 40 point 2)', () => {
  it('reads rows with a reason, or only a message, a row as digits or none, and leaves out entries that say nothing', () => {
    const body = {
      error: { message: 'Failed' },
      rowErrors: [
        { row: 2, column: 'Unique ID', reason: 'Unique ID S10001 is already registered' },
        { row: '3', message: 'Unknown product' },
        { column: 'Product ID', reason: 'Not offered' },
        { row: 4 },
      ],
    };
    expect(manifestRowProblems(body)).toEqual([
      { row: 2, column: 'Unique ID', reason: 'Unique ID S10001 is already registered' },
      { row: 3, column: '', reason: 'Unknown product' },
      { row: null, column: 'Product ID', reason: 'Not offered' },
    ]);
    expect(manifestRowProblems({ message: 'Bad file' })).toEqual([]);
    expect(manifestRowProblems(null)).toEqual([]);
    expect(manifestErrorsCsv([{ row: null, column: 'Product ID', reason: 'Not offered' }])).toBe(
      'Row,Column,Reason\r\n"","Product ID","Not offered"\r\n',
    );
  });
});
