import type { SnapshotFrom } from 'xstate';
import type { KitReport } from '../../model/kits/kit';
import type { reportDownloadMachine } from './report-download.machine';

type ReportDownloadSnapshot = SnapshotFrom<typeof reportDownloadMachine>;

const ANY_REPORT: KitReport = { type: 0, name: null };

export interface ReportDownloadView {
  /** A report is being generated: every download button waits. */
  busy: boolean;
  /** The report types being generated, whose buttons show they are loading. */
  generating: readonly number[];
  /** A report's own download takes a click. */
  canDownload: boolean;
  /** The report types checked. */
  selected: readonly number[];
}

export function selectReportDownload(snapshot: ReportDownloadSnapshot): ReportDownloadView {
  return {
    busy: snapshot.hasTag('busy'),
    generating: snapshot.context.generating.map((report) => report.type),
    canDownload: snapshot.can({ type: 'report.download', report: ANY_REPORT }),
    selected: snapshot.context.selected,
  };
}

export interface ReportSelection {
  /** n of "Download (n)": the offered reports that are checked. */
  count: number;
  /** "Select All" is checked: every offered report is, and there is at least one. */
  all: boolean;
  /** "Select All" is half checked: some but not all are. */
  some: boolean;
  /** "Download (n)" takes a click. */
  canDownload: boolean;
}

/** The selection among the reports the page offers (a report the kit no longer lists does not count). */
export function selectReportSelection(snapshot: ReportDownloadSnapshot, reports: readonly KitReport[]): ReportSelection {
  const { selected } = snapshot.context;
  const count = reports.filter((report) => selected.includes(report.type)).length;
  return {
    count,
    all: count > 0 && count === reports.length,
    some: count > 0 && count < reports.length,
    canDownload: snapshot.can({ type: 'reports.downloadSelected', reports }),
  };
}
