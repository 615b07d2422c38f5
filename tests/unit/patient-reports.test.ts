import { describe, expect, it } from 'vitest';
import { SortDirection } from '../../src/model/lists/paging';
import { KitStatus, ReportType } from '../../src/model/kits/kit-status';
import {
  DEFAULT_REPORT_SORT,
  matchesReportSearch,
  patientReportRows,
  resultReadyAt,
  toggledDirection,
  type ReportsKit,
} from '../../src/model/patient-portal/patient-reports';
import { PatientReportsText } from '../../src/model/patient-portal/patient-reports-texts';

const kit = (barcode: string, product: string, readyAt: string | null, overrides: Partial<ReportsKit> = {}): ReportsKit => ({
  uid: `uid-${barcode}`,
  barcode,
  status:
    readyAt === null
      ? { status: KitStatus.SampleReceived, date: '2026-01-01T00:00:00Z' }
      : { status: KitStatus.ResultReady, date: readyAt },
  statusHistory: readyAt === null ? [] : [{ status: KitStatus.ResultReady, date: readyAt }],
  product: { id: 1, name: product, description: null },
  reports: [
    { type: ReportType.TruAge, name: 'TruAge' },
    { type: ReportType.DunedinPoAm, name: 'DunedinPACE' },
  ],
  ...overrides,
});

const KITS = [
  kit('KIT-300', 'TruAge Complete', '2026-03-01T10:00:00Z'),
  kit('KIT-100', 'Pharmacogenomics', '2026-01-15T10:00:00Z'),
  kit('KIT-200', 'TruAge Complete', '2026-02-01T10:00:00Z'),
  kit('KIT-400', 'TruAge Complete', null),
];

describe('the patient’s reports (kits §2, §9)', () => {
  it('lists result-ready kits only, by result-ready date ascending by default, one click turning it', () => {
    expect(DEFAULT_REPORT_SORT).toBe(SortDirection.asc);
    expect(patientReportRows(KITS, '', DEFAULT_REPORT_SORT).map((row) => row.barcode)).toEqual(['KIT-100', 'KIT-200', 'KIT-300']);
    expect(patientReportRows(KITS, '', toggledDirection(DEFAULT_REPORT_SORT)).map((row) => row.barcode)).toEqual([
      'KIT-300',
      'KIT-200',
      'KIT-100',
    ]);
    expect(toggledDirection(SortDirection.desc)).toBe(SortDirection.asc);
  });

  it('searches the barcode or the product name without regard to case; blank finds all', () => {
    expect(patientReportRows(KITS, 'kit-2', SortDirection.asc).map((row) => row.barcode)).toEqual(['KIT-200']);
    expect(patientReportRows(KITS, '  pharmaco ', SortDirection.asc).map((row) => row.barcode)).toEqual(['KIT-100']);
    expect(patientReportRows(KITS, 'TRUAGE', SortDirection.asc).map((row) => row.barcode)).toEqual(['KIT-200', 'KIT-300']);
    expect(patientReportRows(KITS, 'nothing like it', SortDirection.asc)).toEqual([]);
    const bare = { barcode: 'KIT-1', product: null, status: null, statusHistory: [] };
    expect(matchesReportSearch(bare, 'kit')).toBe(true);
    expect(matchesReportSearch(bare, 'age')).toBe(false);
  });

  it('finds a kit by the day its results became ready, typed the ways people write a date', () => {
    // Noon UTC is the same calendar day in every time zone a US reader is in.
    const kits = [kit('KIT-606', 'TruAge Complete', '2026-11-06T12:00:00Z'), kit('KIT-616', 'TruAge Complete', '2026-11-16T12:00:00Z')];
    const found = (search: string) => patientReportRows(kits, search, SortDirection.asc).map((row) => row.barcode);
    for (const search of ['Nov 6', 'nov 6, 2026', 'November 6th', '6 Nov 2026', '11/06/2026', '11/6', '11/06/26', '2026-11-06'])
      expect(found(search), search).toEqual(['KIT-606']);
    expect(found('Nov 2026')).toEqual(['KIT-606', 'KIT-616']);
    expect(found('2026-11')).toEqual(['KIT-606', 'KIT-616']);
    expect(found('Nov 1')).toEqual([]);
    expect(found('2025-11-06')).toEqual([]);
    expect(found('Oct 6')).toEqual([]);
  });

  it('dates a kit from its latest Result Ready in the history, else its status date; an undated kit goes last', () => {
    const reread = kit('KIT-500', 'X', '2026-04-01T00:00:00Z', {
      statusHistory: [
        { status: KitStatus.ResultReady, date: '2026-03-20T00:00:00Z' },
        { status: KitStatus.ResultReady, date: '2026-04-01T00:00:00Z' },
        { status: KitStatus.ResultReady, date: 'garbage' },
      ],
    });
    expect(resultReadyAt(reread)).toBe('2026-04-01T00:00:00Z');
    expect(resultReadyAt({ ...reread, statusHistory: [] })).toBe('2026-04-01T00:00:00Z');
    expect(resultReadyAt({ status: { status: KitStatus.SampleReceived, date: '2026-01-01' }, statusHistory: [] })).toBeNull();
    const undated = kit('KIT-000', 'X', '2026-01-01T00:00:00Z', {
      status: { status: KitStatus.ResultReady, date: null },
      statusHistory: [],
    });
    for (const direction of [SortDirection.asc, SortDirection.desc]) {
      expect(patientReportRows([undated, ...KITS], '', direction).at(-1)?.barcode).toBe('KIT-000');
    }
  });

  it('splits each kit’s reports into current and legacy and counts them', () => {
    const [row] = patientReportRows(KITS, 'KIT-100', SortDirection.asc);
    expect(row?.reports.current.map((report) => report.name)).toEqual(['TruAge']);
    expect(row?.reports.legacy.map((report) => report.name)).toEqual(['DunedinPACE']);
    expect(row?.reportCount).toBe(2);
    expect(PatientReportsText.count(2)).toBe('2 Report(s)');
    expect(PatientReportsText.legacy(1)).toBe('Legacy Reports (1)');
    expect(PatientReportsText.total(3)).toBe('3 row(s) total.');
  });
});
