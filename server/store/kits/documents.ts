import type { Queryable } from '../../db/database';

/** A kit's report and diagnostics file as the signed links serve them; every lookup is filtered by the practice. */

export interface KitReportRef {
  /** The kit's barcode, which the report's link names. */
  readonly barcode: string;
  readonly type: number;
  readonly name: string;
}

/** Whose kits a report may be asked for: the practice's, or for a patient account only the patient's own. */
export interface ReportScope {
  readonly practiceId: number;
  /**
   * The patient record of a patient account: only its own kits, and only at a practice that shows reports to
   * patients (kits §6). Another patient's kit, or any kit of a practice that does not, is as absent as none.
   */
  readonly patientId?: number;
}

/** Where a report request stands: the report, or why there is none (a kit out of scope is as absent as none). */
export type KitReportLookup =
  | { readonly kind: 'found'; readonly report: KitReportRef }
  | { readonly kind: 'noKit' }
  | { readonly kind: 'noResults'; readonly barcode: string }
  | { readonly kind: 'noReport'; readonly barcode: string };

interface LookupRow extends Record<string, unknown> {
  barcode: string;
  issued: number;
  type: number | null;
  name: string | null;
}

/**
 * The kit in scope (by barcode, or else uid) and its issued report of this type, or why there is none: no such kit,
 * a kit without issued results (its reports have none yet), or a report type the kit lacks.
 */
export async function lookUpKitReport(q: Queryable, scope: ReportScope, barcodeOrUid: string, type: number): Promise<KitReportLookup> {
  const [row] = await q.query<LookupRow>(
    `SELECT k.barcode,
            (SELECT count(*)::int FROM kit_reports c WHERE c.kit_id = k.id AND c.results IS NOT NULL) AS issued,
            r.type, r.name
       FROM kits k JOIN practices p ON p.id = k.practice_id
       LEFT JOIN kit_reports r ON r.kit_id = k.id AND r.type = $3 AND r.results IS NOT NULL
      WHERE k.practice_id = $1 AND (k.barcode = $2 OR k.uid = $2)
        AND ($4::int IS NULL OR (k.patient_id = $4 AND p.show_reports_to_patients))
      ORDER BY (k.barcode = $2) DESC LIMIT 1`,
    [scope.practiceId, barcodeOrUid, type, scope.patientId ?? null],
  );
  if (!row) return { kind: 'noKit' };
  if (row.issued === 0) return { kind: 'noResults', barcode: row.barcode };
  if (row.type === null || row.name === null) return { kind: 'noReport', barcode: row.barcode };
  return { kind: 'found', report: { barcode: row.barcode, type: row.type, name: row.name } };
}

export interface DiagnosticsFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** One of the practice's diagnostics files, bytes and all; null for none, and for another practice's. */
export async function findDiagnosticsFile(q: Queryable, practiceId: number, fileId: number): Promise<DiagnosticsFile | null> {
  const [row] = await q.query<{ file_name: string; content_type: string; bytes: Uint8Array }>(
    `SELECT d.file_name, d.content_type, d.bytes FROM kit_diagnostics d JOIN kits k ON k.id = d.kit_id
     WHERE k.practice_id = $1 AND d.id = $2`,
    [practiceId, fileId],
  );
  return row ? { fileName: row.file_name, contentType: row.content_type, bytes: new Uint8Array(row.bytes) } : null;
}
