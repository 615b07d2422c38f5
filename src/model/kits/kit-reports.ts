import type { KitDiagnostic, KitReport, ReportRequest } from './kit';
import { DiagnosticsText, KitReportsText } from './kit-detail-texts';
import { isLegacyReport, RenderDetails, RenderStrategy, ReportType } from './kit-status';

/**
 * Kits §2, §3, §7 and §9: the kit detail's reports (current and legacy), how a report is asked for, and what the
 * tab opened for a download shows once the answers are in.
 */

/** Kits §9 "small-window threshold 768 px": a window this wide or narrower gets a PDF. */
export const SMALL_WINDOW_MAX_WIDTH_PX = 768;

/** Kits §7: "Rendering is Pdf when the window is 768 px wide or less, else Html". */
export function renderStrategyFor(windowWidth: number): RenderStrategy {
  return windowWidth <= SMALL_WINDOW_MAX_WIDTH_PX ? RenderStrategy.Pdf : RenderStrategy.Html;
}

/** The contract's report request: the kit's barcode, the type, the rendering for this window, always a presigned link. */
export function reportRequest(barcode: string, reportType: number, windowWidth: number): ReportRequest {
  return { kitId: barcode, reportType, renderStrategy: renderStrategyFor(windowWidth), renderDetails: RenderDetails.PresignedUrl };
}

export interface KitReports {
  readonly current: readonly KitReport[];
  readonly legacy: readonly KitReport[];
}

/** Kits §3: "Types 2-5, 7, 9, 11-15, 300 and 400 are legacy; the rest are current." */
export function splitReports(reports: readonly KitReport[]): KitReports {
  return {
    current: reports.filter((report) => !isLegacyReport(report.type)),
    legacy: reports.filter((report) => isLegacyReport(report.type)),
  };
}

const TYPE_NAMES = new Map<number, string>(Object.entries(ReportType).map(([name, type]) => [type, name]));

/** A report's name; one sent without a name is known by its type's name, else by its number. */
export function reportLabel(report: KitReport): string {
  return report.name?.trim() || TYPE_NAMES.get(report.type) || KitReportsText.unnamed(report.type);
}

export function diagnosticLabel(file: KitDiagnostic): string {
  return file.fileName?.trim() || DiagnosticsText.unnamed(String(file.id));
}

/** One report of a download and the link the service answered, or null when it gave none or failed. */
export interface ReportLink {
  readonly reportType: number;
  readonly label: string;
  readonly url: string | null;
}

/**
 * What the tab opened in the click becomes (kits §4 "Report download"): the report itself when one link came
 * back, a list of the links when several did (one click may open one tab, so a download of several reports lists
 * them there), and closed, with no further message, when none did.
 */
export type ReportTabOutcome =
  | { readonly kind: 'show'; readonly url: string }
  | { readonly kind: 'list'; readonly links: readonly { readonly label: string; readonly url: string }[] }
  | { readonly kind: 'close' };

export function reportTabOutcome(links: readonly ReportLink[]): ReportTabOutcome {
  const answered = links.flatMap(({ label, url }) => (url ? [{ label, url }] : []));
  const [only] = answered;
  if (answered.length === 1 && only) return { kind: 'show', url: only.url };
  if (answered.length > 1) return { kind: 'list', links: answered };
  return { kind: 'close' };
}
