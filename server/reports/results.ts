import * as v from 'valibot';

/**
 * A report's stored results (kit_reports.results, migration 019): what the laboratory measured, by measure key
 * (server/reports/measures.ts), the person's age at collection and the collection date. Read back through this
 * schema, so that a row another writer changed by hand is refused as a whole rather than half shown.
 */
export const ReportResultsSchema = v.object({
  version: v.literal(1),
  /** ISO 8601. */
  collectedAt: v.pipe(v.string(), v.isoTimestamp()),
  /** Whole years at collection; null when the registrant gave no date of birth. */
  chronologicalAge: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(130))),
  values: v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.maxLength(40))])),
});

export type ReportResults = v.InferOutput<typeof ReportResultsSchema>;

/** The stored results, or null when there are none or they do not read as results. */
export function readReportResults(stored: unknown): ReportResults | null {
  const parsed = v.safeParse(ReportResultsSchema, stored);
  return parsed.success ? parsed.output : null;
}
