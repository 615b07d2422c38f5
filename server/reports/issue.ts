import type { Queryable } from '../db/database';
import { PRODUCT_REPORTS, REPORT_NAMES } from '../seed/kit-plans';
import { demoReportResults } from '../seed/report-results';
import { addReports, issueReports, pendingReports } from '../store/kits/report-results';

/**
 * Issuing reports (issue 41 item 3). The reference server has no laboratory: when a kit's results are ready, its
 * reports get the demo laboratory's values (server/seed/report-results.ts) and the practice's logo of that moment.
 */

/**
 * Issues the reports of a kit that has just reached Result Ready, in the caller's transaction: a kit without any
 * reports gets its product's current ones first. `date` is the moment of the change.
 */
export async function issueKitReports(tx: Queryable, kit: { id: number; productId: number }, date: Date): Promise<void> {
  const [current] = PRODUCT_REPORTS[kit.productId] ?? [[]];
  const [{ count = 0 } = {}] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM kit_reports WHERE kit_id = $1', [
    kit.id,
  ]);
  if (count === 0)
    await addReports(
      tx,
      kit.id,
      current.map((type) => ({ type, name: REPORT_NAMES[type] })),
    );
  await issuePending(tx, kit.id, () => date);
}

/** Issues every ready kit's reports that have no results yet, dated when each kit's results were ready (the seed, at every start). */
export function issueReadyReports(tx: Queryable, fallback: Date): Promise<void> {
  return issuePending(tx, null, (readyAt) => readyAt ?? fallback);
}

async function issuePending(tx: Queryable, kitId: number | null, dateOf: (readyAt: Date | null) => Date): Promise<void> {
  const pending = await pendingReports(tx, kitId);
  await issueReports(
    tx,
    pending.map((report) => {
      const issuedAt = dateOf(report.readyAt);
      return {
        reportId: report.reportId,
        issuedAt,
        results: demoReportResults({
          barcode: report.barcode,
          reportType: report.type,
          productId: report.productId,
          dateOfBirth: report.dateOfBirth,
          receivedAt: report.receivedAt ?? issuedAt,
        }),
      };
    }),
  );
}
