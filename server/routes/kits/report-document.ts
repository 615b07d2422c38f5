import type { Queryable } from '../../db/database';
import { reportContent, type ReportContent } from '../../reports/content';
import { findReportSource } from '../../store/kits/report-results';

/**
 * The report a signed link serves (issue 10 item 9, issue 41 item 3): the kit, its issued report and its results,
 * as one content object that server/reports/html.ts and pdf.ts both draw. Null when the kit, the report or its
 * results are missing.
 */
export async function loadReport(q: Queryable, practiceId: number, barcode: string, type: number): Promise<ReportContent | null> {
  const source = await findReportSource(q, practiceId, barcode, type);
  return source ? reportContent(source) : null;
}
