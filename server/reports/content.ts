import { isLegacyReport } from '../../src/model/kits/kit-status';
import type { LogoMediaType } from '../../src/model/practice/white-label';
import { DEMO_LABORATORY, type Laboratory } from '../seed/laboratory';
import { resultRow, type ResultRow } from './interpret';
import { MEASURES } from './measures';
import { reportPlan } from './plans';
import type { ReportResults } from './results';
import { ReportText as T } from './texts';

/**
 * One report's content, built once from the stored kit, report and results; the HTML page and the PDF are two
 * drawings of this same object (server/reports/html.ts, pdf.ts), so they cannot say different things.
 */

export interface ReportLogo {
  readonly contentType: LogoMediaType;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** What the store holds of the kit and its report. */
export interface ReportSource {
  readonly practiceName: string;
  /** The practice's logo as it was when the report was issued; null when it had none. */
  readonly logo: ReportLogo | null;
  readonly barcode: string;
  readonly externalBarcode: string | null;
  readonly productId: number;
  readonly productName: string | null;
  readonly registrant: string | null;
  /** YYYY-MM-DD. */
  readonly dateOfBirth: string | null;
  readonly reportName: string;
  readonly reportType: number;
  /** ISO 8601: when the laboratory received the sample. */
  readonly receivedAt: string | null;
  /** ISO 8601: when the report was issued. */
  readonly issuedAt: string | null;
  readonly results: ReportResults;
}

export type ReportChart =
  | {
      readonly kind: 'ages';
      readonly chronologicalAge: number | null;
      readonly bars: readonly { readonly label: string; readonly value: number }[];
    }
  | { readonly kind: 'ranges'; readonly rows: readonly ResultRow[] };

export interface ReportContent {
  readonly barcode: string;
  readonly reportName: string;
  readonly title: string;
  readonly subtitle: string;
  readonly legacy: boolean;
  readonly laboratory: Laboratory;
  readonly practiceName: string;
  readonly logo: ReportLogo | null;
  /** Label and value, in the order both drawings show them. */
  readonly identification: readonly (readonly [string, string])[];
  readonly sections: readonly { readonly heading: string; readonly rows: readonly ResultRow[] }[];
  readonly chart: ReportChart | null;
  readonly method: string;
  readonly limitations: string;
  readonly footer: string;
}

/** A day as a reader writes it, "November 20, 2026", in UTC so that it is the same day everywhere. */
export function formatDay(iso: string | null): string {
  if (!iso) return T.notGiven;
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);
  if (Number.isNaN(date.getTime())) return T.notGiven;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

function chartOf(kind: 'ages' | 'ranges' | null, rows: readonly ResultRow[], age: number | null): ReportChart | null {
  if (kind === 'ages') {
    const bars = rows
      .filter((row) => row.numeric && row.unit === 'years')
      .map((row) => ({ label: row.name, value: row.numeric?.value ?? 0 }));
    return bars.length ? { kind, chronologicalAge: age, bars } : null;
  }
  if (kind === 'ranges') {
    const ranged = rows.filter((row) => row.numeric);
    return ranged.length ? { kind, rows: ranged } : null;
  }
  return null;
}

export function reportContent(source: ReportSource): ReportContent {
  const plan = reportPlan(source.reportType, source.productId);
  const age = source.results.chronologicalAge;
  const sections = plan.sections
    .map((section) => ({
      heading: section.heading,
      rows: section.measures.flatMap((key) => {
        const measure = MEASURES.get(key);
        const row = measure ? resultRow(measure, source.results.values[key], age) : null;
        return row ? [row] : [];
      }),
    }))
    .filter((section) => section.rows.length > 0);
  return {
    barcode: source.barcode,
    reportName: source.reportName,
    title: T.title(source.reportName),
    subtitle: plan.subtitle,
    legacy: isLegacyReport(source.reportType),
    laboratory: DEMO_LABORATORY,
    practiceName: source.practiceName,
    logo: source.logo,
    identification: [
      [T.patient, source.registrant ?? T.notGiven],
      [T.dateOfBirth, formatDay(source.dateOfBirth)],
      [T.kit, source.barcode],
      ...(source.externalBarcode ? [[T.externalBarcode, source.externalBarcode] as const] : []),
      [T.product, source.productName ?? T.notGiven],
      [T.practice, source.practiceName],
      [T.collected, formatDay(source.results.collectedAt)],
      [T.received, formatDay(source.receivedAt)],
      [T.issued, formatDay(source.issuedAt)],
    ],
    sections,
    chart: chartOf(
      plan.chart,
      sections.flatMap((section) => section.rows),
      age,
    ),
    method: plan.method,
    limitations: plan.limitations,
    footer: T.demoFooter,
  };
}
