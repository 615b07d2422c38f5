import { describe, expect, it } from 'vitest';
import { KitStatus } from '../../src/model/kits/kit-status';
import { reportContent } from '../../server/reports/content';
import { reportHtml } from '../../server/reports/html';
import { reportPdf } from '../../server/reports/pdf';
import { readReportResults } from '../../server/reports/results';
import { DEMO_LABORATORY } from '../../server/seed/laboratory';
import { loadReport } from '../../server/routes/kits/report-document';
import { escapeHtml } from '../../server/http/html-page';
import { readPdf, squeeze } from './support/pdf-text';
import { useTestServer } from './support/harness';

/**
 * Issue 41 item 3: every report type of the seeded kits renders, as HTML and as a tagged PDF, from the seeded
 * result values: the laboratory header, the patient, a results table with units and reference ranges, an
 * interpretation per result, method, limitations and the demo notice.
 */

const server = useTestServer('pglite');

type SeededReport = {
  practice_id: number;
  barcode: string;
  type: number;
  product_id: number;
};

/** One seeded report of each type and product (the DNA report differs by product), from every practice. */
async function seededReports(): Promise<SeededReport[]> {
  return server().db.query<SeededReport>(
    `SELECT DISTINCT ON (r.type, k.product_id) k.practice_id, k.barcode, r.type, k.product_id
       FROM kit_reports r JOIN kits k ON k.id = r.kit_id JOIN patients p ON p.id = k.patient_id
      WHERE k.uid LIKE 'seed-kit-%' AND p.first_name IS NOT NULL
      ORDER BY r.type, k.product_id, k.practice_id, k.barcode`,
  );
}

describe('the seeded reports', () => {
  it('every ready seeded kit’s report has its results and issue date stored, and only ready kits have reports', async () => {
    const rows = await server().db.query<{ barcode: string; status: number; results: unknown; issued_at: Date | null }>(
      `SELECT k.barcode, k.status, r.results, r.issued_at FROM kit_reports r JOIN kits k ON k.id = r.kit_id WHERE k.uid LIKE 'seed-kit-%'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.status, row.barcode).toBe(KitStatus.ResultReady);
      expect(readReportResults(row.results), row.barcode).not.toBeNull();
      expect(row.issued_at, row.barcode).not.toBeNull();
    }
  });

  it('cover the seed’s report types: the current ones and the legacy ones its kits carry', async () => {
    const types = new Set((await seededReports()).map((report) => report.type));
    expect([...types].sort((a, b) => a - b)).toEqual([2, 3, 4, 7, 9, 13, 15, 100, 200, 300, 500]);
    const dnaProducts = (await seededReports()).filter((report) => report.type === 100).map((report) => report.product_id);
    expect(dnaProducts).toEqual(expect.arrayContaining([47, 74]));
  });

  it('render each type as HTML: header, patient, a results row with unit and range, interpretation, demo footer, nothing active', async () => {
    for (const seeded of await seededReports()) {
      const content = await loadReport(server().db, seeded.practice_id, seeded.barcode, seeded.type);
      expect(content, `${seeded.barcode} ${seeded.type}`).not.toBeNull();
      if (!content) continue;
      const html = reportHtml(content);
      const label = `${seeded.barcode} type ${seeded.type}`;
      expect(html, label).toContain(escapeHtml(DEMO_LABORATORY.name));
      expect(html, label).toContain(escapeHtml(DEMO_LABORATORY.accreditation));
      const patient = content.identification.find(([name]) => name === 'Patient')?.[1] ?? '';
      expect(patient, label).not.toBe('Not given');
      expect(html, label).toContain(escapeHtml(patient));
      const row = content.sections[0]?.rows[0];
      expect(row, label).toBeDefined();
      if (!row) continue;
      expect(html, label).toContain(
        `<th scope="row">${escapeHtml(row.name)}</th><td${row.position === 'below' || row.position === 'above' ? ' class="out"' : ''}>${escapeHtml(row.value)}</td><td>${escapeHtml(row.unit)}</td><td>${escapeHtml(row.range)}</td>`,
      );
      expect(html, label).toContain(escapeHtml(row.interpretation));
      expect(html, label).toContain(escapeHtml(content.footer));
      expect(html, label).not.toMatch(/<script|\bon\w+=|<img|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
    }
  });

  it('render each type as a tagged PDF whose text pdf.js reads: header, patient, a results row, interpretation, demo footer', async () => {
    for (const seeded of await seededReports()) {
      const content = await loadReport(server().db, seeded.practice_id, seeded.barcode, seeded.type);
      if (!content) throw new Error(`no report ${seeded.barcode} ${seeded.type}`);
      const label = `${seeded.barcode} type ${seeded.type}`;
      const reading = await readPdf(await reportPdf(content, new Date('2026-11-20T15:00:00Z'), () => undefined));
      expect(reading.marked, label).toBe(true);
      for (const role of ['Document', 'H1', 'P', 'Table', 'TR', 'TH', 'TD']) expect(reading.roles.has(role), `${label} ${role}`).toBe(true);
      expect(reading.firstPageText, label).toContain(squeeze(DEMO_LABORATORY.name));
      expect(reading.firstPageText, label).toContain(content.title);
      const patient = content.identification.find(([name]) => name === 'Patient')?.[1] ?? '';
      expect(reading.firstPageText, label).toContain(`Patient: ${patient}`);
      const row = content.sections[0]?.rows[0];
      if (!row) throw new Error(`no results in ${label}`);
      expect(reading.text, label).toContain(squeeze(`${row.name} ${row.value} ${row.unit} ${row.range} ${row.flag}`));
      expect(reading.text, label).toContain(squeeze(row.interpretation));
      expect(reading.text, label).toContain(squeeze(content.footer));
      expect(reading.text, label).toContain(squeeze(content.limitations));
    }
  });

  it('draw a chart where one helps: biological against chronological age in the TruAge report, ranges in TruHealth', async () => {
    const reports = await seededReports();
    const truAge = reports.find((report) => report.type === 200);
    const truHealth = reports.find((report) => report.type === 500);
    if (!truAge || !truHealth) throw new Error('the seed has no TruAge or TruHealth report');
    const age = await loadReport(server().db, truAge.practice_id, truAge.barcode, truAge.type);
    const health = await loadReport(server().db, truHealth.practice_id, truHealth.barcode, truHealth.type);
    expect(age?.chart?.kind).toBe('ages');
    expect(health?.chart?.kind).toBe('ranges');
    if (!age || !health) return;
    const html = reportHtml(age);
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="chart-title chart-description"/);
    expect(html).toContain('Chronological age');
    const reading = await readPdf(await reportPdf(age, new Date(), () => undefined));
    expect(reading.roles.has('Figure')).toBe(true);
    expect(reading.text).toContain('Chronological age');
  });

  it('are the same values on every build: the content is built from stored results only', async () => {
    const [first] = await seededReports();
    if (!first) throw new Error('no seeded report');
    const a = await loadReport(server().db, first.practice_id, first.barcode, first.type);
    const b = await loadReport(server().db, first.practice_id, first.barcode, first.type);
    expect(a).toEqual(b);
    expect(reportContent).toBeTypeOf('function');
  });
});
