import { dateMatches, readPartialDate } from '../lists/date-search';
import { SortDirection } from '../lists/paging';
import type { Kit } from '../kits/kit';
import { splitReports, type KitReports } from '../kits/kit-reports';
import { hasResultsReady } from '../kits/kit-status';
import { dateTime, KitStep, kitStepOf, latestDateOf } from '../kits/kit-steps';

/**
 * Kits §2 "Patient Reports screen" and §9: the patient's result-ready kits, searched by barcode or product name
 * without regard to case, sorted by the date their results became ready (ascending by default; one click
 * turns the direction), each with its reports split into current and legacy.
 */

export type ReportsKit = Pick<Kit, 'uid' | 'barcode' | 'status' | 'statusHistory' | 'product' | 'reports'>;

export interface PatientReportRow {
  readonly barcode: string;
  readonly product: string;
  /** When the results became ready; null when neither the history nor the status dates it. */
  readonly resultReadyAt: string | null;
  readonly reports: KitReports;
  readonly reportCount: number;
}

/** Kits §9: "Patient report sort defaults to ascending by result-ready date." */
export const DEFAULT_REPORT_SORT: SortDirection = SortDirection.asc;

/** The latest date the history shows the kit reaching Result Ready, else the status date of a ready kit. */
export function resultReadyAt(kit: Pick<Kit, 'status' | 'statusHistory'>): string | null {
  // kitStepOf puts the Result Ready status, and no other, in the Result Ready step.
  const latest = latestDateOf(kit, kitStepOf, KitStep.ResultReady);
  return latest ?? (hasResultsReady(kit.status?.status) ? (kit.status?.date ?? null) : null);
}

/**
 * Kits §2 "Search by Kit ID, Product, or Date": the search matches the barcode or the product name, without
 * regard to case, or the day the results became ready as people type a date ("Nov 6", "11/06/2026",
 * "2026-11-06"; see lists/date-search); blank matches all.
 */
export function matchesReportSearch(kit: Pick<Kit, 'barcode' | 'product' | 'status' | 'statusHistory'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    kit.barcode.toLowerCase().includes(needle) ||
    (kit.product?.name ?? '').toLowerCase().includes(needle) ||
    dateMatches(resultReadyAt(kit), readPartialDate(needle))
  );
}

/**
 * The rows the screen lists: result-ready kits only, searched, sorted by result-ready date in the direction
 * given; kits without a readable date go last either way, and ties keep barcode order so the list never jumps.
 */
export function patientReportRows(kits: readonly ReportsKit[], search: string, direction: SortDirection): PatientReportRow[] {
  const rows = kits
    .filter((kit) => hasResultsReady(kit.status?.status) && matchesReportSearch(kit, search))
    .map((kit): PatientReportRow => {
      const reports = splitReports(kit.reports);
      return {
        barcode: kit.barcode,
        product: kit.product?.name ?? '',
        resultReadyAt: resultReadyAt(kit),
        reports,
        reportCount: reports.current.length + reports.legacy.length,
      };
    });
  const sign = direction === SortDirection.desc ? -1 : 1;
  return rows.sort((a, b) => {
    const at = dateTime(a.resultReadyAt);
    const bt = dateTime(b.resultReadyAt);
    if (Number.isNaN(at) || Number.isNaN(bt))
      return Number(Number.isNaN(at)) - Number(Number.isNaN(bt)) || a.barcode.localeCompare(b.barcode);
    return sign * (at - bt) || a.barcode.localeCompare(b.barcode);
  });
}

export function toggledDirection(direction: SortDirection): SortDirection {
  return direction === SortDirection.asc ? SortDirection.desc : SortDirection.asc;
}
