import { describe, expect, it } from 'vitest';
import { REPORT_TYPES, ReportType } from '../../src/model/kits/kit-status';
import { reportContent, type ReportSource } from '../../server/reports/content';
import { reportHtml } from '../../server/reports/html';
import { reportPdf } from '../../server/reports/pdf';
import { REPORT_NAMES } from '../../server/seed/kit-plans';
import { demoReportResults } from '../../server/seed/report-results';
import { readPdf, squeeze } from './support/pdf-text';

/**
 * Issue 41 item 3, beyond the seed: every report type the documents name renders, legacy ones with their smaller
 * set of sections, from the demo laboratory's values; the DNA report by product (genetic, pharmacogenomic, processing).
 */

function source(type: ReportType, productId: number, dateOfBirth: string | null = '1971-05-04'): ReportSource {
  return {
    practiceName: 'Riverside Family Medicine',
    logo: null,
    barcode: `KT-99-${String(type).padStart(4, '0')}`,
    externalBarcode: null,
    productId,
    productName: 'Test product',
    registrant: 'Dana Whitfield',
    dateOfBirth,
    reportName: REPORT_NAMES[type],
    reportType: type,
    receivedAt: '2026-10-02T10:00:00.000Z',
    issuedAt: '2026-10-30T10:00:00.000Z',
    results: demoReportResults({
      barcode: `KT-99-${type}`,
      reportType: type,
      productId,
      dateOfBirth,
      receivedAt: new Date('2026-10-02T10:00:00.000Z'),
    }),
  };
}

const CASES: [string, ReportType, number][] = [
  ...REPORT_TYPES.filter((type) => type !== ReportType.Dna).map((type): [string, ReportType, number] => [REPORT_NAMES[type], type, 79]),
  ['DNA (genetic, product 74)', ReportType.Dna, 74],
  ['DNA (pharmacogenomic, product 47)', ReportType.Dna, 47],
  ['DNA (sample processing, product 201)', ReportType.Dna, 201],
];

describe('every report type', () => {
  it.each(CASES)('%s renders as HTML and as a tagged PDF with a results table and interpretations', async (_name, type, productId) => {
    const content = reportContent(source(type, productId));
    const rows = content.sections.flatMap((section) => section.rows);
    expect(rows.length).toBeGreaterThan(0);
    const html = reportHtml(content);
    expect(html).toContain('<table>');
    const reading = await readPdf(await reportPdf(content, new Date('2026-11-01T00:00:00Z'), () => undefined));
    expect(reading.marked).toBe(true);
    expect(reading.roles.has('Table')).toBe(true);
    for (const row of rows) {
      expect(reading.text).toContain(squeeze(`${row.name} ${row.value} ${row.unit} ${row.range} ${row.flag}`));
      expect(reading.text).toContain(squeeze(row.interpretation));
    }
  });

  it('makes the same values for the same kit every time, and different ones for another kit', () => {
    const input = {
      barcode: 'KT-11-0001',
      reportType: 200,
      productId: 79,
      dateOfBirth: '1980-01-01',
      receivedAt: new Date('2026-05-01T00:00:00Z'),
    };
    expect(demoReportResults(input)).toEqual(demoReportResults(input));
    expect(demoReportResults({ ...input, barcode: 'KT-11-0002' }).values).not.toEqual(demoReportResults(input).values);
  });

  it('says so when no date of birth is known: the ages are not compared, and nothing pretends they were', () => {
    const content = reportContent(source(ReportType.TruAge, 1, null));
    const epigenetic = content.sections[0]?.rows[0];
    expect(epigenetic?.position).toBe('unknown');
    expect(epigenetic?.range).toBe('Not given');
    expect(epigenetic?.interpretation).toContain('No date of birth was given');
  });

  it('shows values outside their reference ranges as such, in the table and in words', () => {
    const rows = CASES.flatMap(([, type, productId]) => reportContent(source(type, productId)).sections.flatMap((section) => section.rows));
    const outside = rows.filter((row) => row.position === 'below' || row.position === 'above');
    expect(outside.length).toBeGreaterThan(0);
    for (const row of outside) expect(row.interpretation).toMatch(/(below|above) the reference range|outside the reference range/);
  });
});
