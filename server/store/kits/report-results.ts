import { KitStatus } from '../../../src/model/kits/kit-status';
import type { Queryable } from '../../db/database';
import type { ReportSource } from '../../reports/content';
import { readReportResults, type ReportResults } from '../../reports/results';
import type { LogoMediaType } from '../../../src/model/practice/white-label';

/**
 * Reports and what they were issued with (migration 019): their results, the date and the practice's logo of that
 * moment. Every read is filtered by the practice.
 */

/** A report of a ready kit that has not been issued yet: what making its results needs to know. */
export interface PendingReport {
  readonly reportId: number;
  readonly barcode: string;
  readonly type: number;
  readonly productId: number;
  /** YYYY-MM-DD. */
  readonly dateOfBirth: string | null;
  readonly receivedAt: Date | null;
  readonly readyAt: Date | null;
}

interface PendingRow extends Record<string, unknown> {
  report_id: number;
  barcode: string;
  type: number;
  product_id: number;
  date_of_birth: string | null;
  received_at: Date | null;
  ready_at: Date | null;
}

/** The reports without results of ready kits: of one kit, or of every kit. */
export async function pendingReports(q: Queryable, kitId: number | null): Promise<PendingReport[]> {
  const rows = await q.query<PendingRow>(
    `SELECT r.id AS report_id, k.barcode, r.type, k.product_id, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            (SELECT min(h.date) FROM kit_status_history h WHERE h.kit_id = k.id AND h.status = $2) AS received_at,
            (SELECT max(h.date) FROM kit_status_history h WHERE h.kit_id = k.id AND h.status = $3) AS ready_at
       FROM kit_reports r JOIN kits k ON k.id = r.kit_id LEFT JOIN patients p ON p.id = k.patient_id
      WHERE r.results IS NULL AND k.status = $3 AND ($1::int IS NULL OR k.id = $1)
      ORDER BY r.id`,
    [kitId, KitStatus.SampleReceived, KitStatus.ResultReady],
  );
  return rows.map((row) => ({
    reportId: row.report_id,
    barcode: row.barcode,
    type: row.type,
    productId: row.product_id,
    dateOfBirth: row.date_of_birth,
    receivedAt: row.received_at ? new Date(row.received_at) : null,
    readyAt: row.ready_at ? new Date(row.ready_at) : null,
  }));
}

export interface ReportIssue {
  readonly reportId: number;
  readonly results: ReportResults;
  readonly issuedAt: Date;
}

/**
 * Issues the reports: stores their results and date, and the practice's logo as it is now, bytes and all, so that
 * a later change of logo leaves these reports as they were issued. A report issued already stays as it is.
 */
export async function issueReports(q: Queryable, issues: readonly ReportIssue[]): Promise<void> {
  if (!issues.length) return;
  await q.query(
    `UPDATE kit_reports r
        SET results = u.results::jsonb, issued_at = u.issued_at, logo_content_type = l.content_type, logo_bytes = l.bytes
       FROM unnest($1::int[], $2::text[], $3::timestamptz[]) AS u(id, results, issued_at)
       JOIN kit_reports t ON t.id = u.id
       JOIN kits k ON k.id = t.kit_id
       LEFT JOIN practice_logos l ON l.practice_id = k.practice_id
      WHERE r.id = u.id AND r.results IS NULL`,
    [
      issues.map((issue) => issue.reportId),
      issues.map((issue) => JSON.stringify(issue.results)),
      issues.map((issue) => issue.issuedAt.toISOString()),
    ],
  );
}

/** The report types a kit has, of a kit without any. */
export async function addReports(q: Queryable, kitId: number, reports: readonly { type: number; name: string }[]): Promise<void> {
  if (!reports.length) return;
  await q.query(
    `INSERT INTO kit_reports (kit_id, type, name) SELECT $1, * FROM unnest($2::int[], $3::text[]) ON CONFLICT (kit_id, type) DO NOTHING`,
    [kitId, reports.map((report) => report.type), reports.map((report) => report.name)],
  );
}

interface SourceRow extends Record<string, unknown> {
  practice_name: string | null;
  barcode: string;
  external_barcode: string | null;
  product_id: number;
  product_name: string | null;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  name: string;
  type: number;
  received_at: Date | null;
  issued_at: Date | null;
  results: unknown;
  logo_content_type: LogoMediaType | null;
  logo_bytes: Uint8Array | null;
}

/** The practice's kit (barcode or uid) and its issued report of this type, as a report shows them; null when any is missing. */
export async function findReportSource(q: Queryable, practiceId: number, barcodeOrUid: string, type: number): Promise<ReportSource | null> {
  const [row] = await q.query<SourceRow>(
    `SELECT pr.name AS practice_name, k.barcode, k.external_barcode, k.product_id, d.name AS product_name, p.first_name, p.last_name,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, r.name, r.type, r.issued_at, r.results,
            r.logo_content_type, r.logo_bytes,
            (SELECT min(h.date) FROM kit_status_history h WHERE h.kit_id = k.id AND h.status = $4) AS received_at
       FROM kits k JOIN kit_reports r ON r.kit_id = k.id JOIN practices pr ON pr.id = k.practice_id
       JOIN products d ON d.id = k.product_id LEFT JOIN patients p ON p.id = k.patient_id
      WHERE k.practice_id = $1 AND (k.barcode = $2 OR k.uid = $2) AND r.type = $3
      ORDER BY (k.barcode = $2) DESC LIMIT 1`,
    [practiceId, barcodeOrUid, type, KitStatus.SampleReceived],
  );
  const results = row ? readReportResults(row.results) : null;
  if (!row || !results) return null;
  const registrant = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    practiceName: row.practice_name ?? '',
    logo: row.logo_content_type && row.logo_bytes ? { contentType: row.logo_content_type, bytes: new Uint8Array(row.logo_bytes) } : null,
    barcode: row.barcode,
    externalBarcode: row.external_barcode,
    productId: row.product_id,
    productName: row.product_name,
    registrant: registrant || null,
    dateOfBirth: row.date_of_birth,
    reportName: row.name,
    reportType: row.type,
    receivedAt: row.received_at ? new Date(row.received_at).toISOString() : null,
    issuedAt: row.issued_at ? new Date(row.issued_at).toISOString() : null,
    results,
  };
}
