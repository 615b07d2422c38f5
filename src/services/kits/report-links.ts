import type { KitReport, ReportRequest } from '../../model/kits/kit';
import { reportLabel, reportRequest, type ReportLink } from '../../model/kits/kit-reports';
import { kitsApi } from './kits.api';

export interface ReportLinksInput {
  readonly barcode: string;
  readonly reports: readonly KitReport[];
  /** The window's width when the download was asked for. */
  readonly windowWidth: number;
}

type Generate = (request: ReportRequest, options: { signal?: AbortSignal }) => Promise<string | null>;

/**
 * `POST /Reports/` for each report of a download, side by side, each within the call's 100 s. A report whose call
 * fails has no link, like one answered without; only when every call fails is the download a failure.
 */
export async function generateReportLinks(
  input: ReportLinksInput,
  options: { signal?: AbortSignal; generate?: Generate } = {},
): Promise<ReportLink[]> {
  const generate: Generate = options.generate ?? ((request, call) => kitsApi.generateReport(request, call));
  const settled = await Promise.allSettled(
    input.reports.map((report) => generate(reportRequest(input.barcode, report.type, input.windowWidth), { signal: options.signal })),
  );
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (settled.length > 0 && failures.length === settled.length) throw failures[0];
  return input.reports.map((report, index) => {
    const result = settled[index];
    return { reportType: report.type, label: reportLabel(report), url: result?.status === 'fulfilled' ? result.value : null };
  });
}
