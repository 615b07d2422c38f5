import dayjs from 'dayjs';
import { DEFAULT_BILLING_TYPE } from '../constants';
import { OrderingExperience, UnitType } from '../enums';
import { kitListTitle } from '../shell/navigation';
import { orderingConfiguration } from '../orders/ordering';
import type { ColumnFilter, ListSort } from '../lists/paging';
import { SEARCH_DEBOUNCE_MS, searchQuery } from '../lists/search';
import { effectiveUnitType } from '../auth/roles';
import { KitColumn, type Kit } from './kit';
import { KitColumnText, KitListText, type KitNoun } from './kit-list-texts';
import { hasResultsReady, isInProgress, KitDisplayStatus, kitDisplayStatus } from './kit-status';

/** Kits §2, §5, §6 and §9: what the kit list shows for each unit type and workflow, and its search rule. */

/** Kits §9: "Kit search minimum 3 characters; debounce 400 ms." */
export const KIT_SEARCH_MIN_CHARS = 3;
export const KIT_SEARCH_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

/** Kits §2 "Kit status history dates follow the pattern MMM d, yyyy h:mm a", in dayjs' tokens. */
export const KIT_HISTORY_DATE_FORMAT = 'MMM D, YYYY h:mm A';
/** The registered date column: a day, written like the history's dates without the time. */
export const KIT_DATE_FORMAT = 'MMM D, YYYY';

/** A column of the list: one the server sorts and filters by, or the results cell (derived from the status). */
export type KitListColumn = KitColumn | 'results';

export interface KitListLayout {
  /** Kits §2 heading: Samples (IRC, CPS), Kit Status (HCP), Kits otherwise. */
  readonly title: string;
  readonly subtitle: string;
  /** Kits §1: IRC and CPS say samples. */
  readonly noun: KitNoun;
  /** Kits §2 "by the client's workflow (manifest upload versus checkout)". */
  readonly workflow: OrderingExperience;
  readonly columns: readonly KitListColumn[];
  /** Kits §2, §6: HCP gets the search box and no filter button; every other unit the column filters. */
  readonly search: boolean;
  readonly filters: boolean;
}

/**
 * The client's workflow as ordering §1 decides it (ordering.ts): CPS send their own samples through the manifest
 * upload, every other unit orders kits through the checkout. It depends on the unit type alone, so the list can
 * lay itself out from the session before the practice record arrives.
 */
export function kitListWorkflow(unitType: number): OrderingExperience {
  return orderingConfiguration({ unitType, billingType: DEFAULT_BILLING_TYPE }).orderingExperience;
}

/**
 * Kits §2 subtitles, one per unit. The four are listed beside the three headings: "all your samples" is CPS's,
 * whose own samples come in through the manifest upload; "Monitor the status of all kits" goes with HCP's
 * heading Kit Status; "all samples in the system" is IRC's, Samples wording for kits that reach the lab from its
 * participants; "all kits in the system" is everyone else's, under the heading Kits. Unknown counts as HCP.
 */
export function kitListSubtitle(unitType: number): string {
  switch (effectiveUnitType(unitType)) {
    case UnitType.CPS:
      return KitListText.subtitleOwnSamples;
    case UnitType.HCP:
      return KitListText.subtitleKitStatus;
    case UnitType.IRC:
      return KitListText.subtitleSamples;
    default:
      return KitListText.subtitleKits;
  }
}

/**
 * Kits §2 columns: checkout-flow clients get Kit ID, Order Number, Registered Date, Patient, Product, Status and
 * Results; manifest-upload clients the same without Patient (their samples carry no registrant of the practice).
 */
export function kitListLayout(unitType: number): KitListLayout {
  const unit = effectiveUnitType(unitType);
  const workflow = kitListWorkflow(unitType);
  const checkout = workflow === OrderingExperience.Checkout;
  const hcp = unit === UnitType.HCP;
  return {
    title: kitListTitle(unitType),
    subtitle: kitListSubtitle(unitType),
    noun: unit === UnitType.CPS || unit === UnitType.IRC ? 'samples' : 'kits',
    workflow,
    columns: [
      KitColumn.barcode,
      KitColumn.orderNumber,
      KitColumn.registeredAt,
      ...(checkout ? [KitColumn.patient] : []),
      KitColumn.product,
      KitColumn.status,
      'results',
    ],
    search: hcp,
    filters: !hcp,
  };
}

/**
 * What the list asks the server for: only what the unit can set goes out. HCP has a search box and no filters,
 * the other units filters and no search box, so a value the other control left behind is never sent.
 */
export function kitListQuery<TColumn extends string>(
  layout: Pick<KitListLayout, 'search' | 'filters'>,
  current: { sort: ListSort<TColumn>; filters: readonly ColumnFilter<TColumn>[]; search: string },
): { sort: ListSort<TColumn>; filters: readonly ColumnFilter<TColumn>[]; search: string } {
  return { sort: current.sort, filters: layout.filters ? current.filters : [], search: layout.search ? current.search : '' };
}

/**
 * What an empty list says: that nothing matches the search, or the filters, when one is applied (so that the
 * user looks there rather than thinking the practice has none); otherwise that there are none.
 */
export function kitListEmptyText(noun: KitNoun, query: { search: string; filters: readonly unknown[] }): string {
  if (query.search !== '') return KitListText.emptySearch(noun);
  if (query.filters.length > 0) return KitListText.emptyFiltered(noun);
  return KitListText.empty(noun);
}

/** The column's header: the kit ID column says Unique ID for manifest-upload clients. */
export function kitColumnLabel(column: KitListColumn, workflow: OrderingExperience): string {
  if (column === KitColumn.barcode && workflow === OrderingExperience.ManifestUpload) return KitColumnText.uniqueId;
  return KitColumnText[column];
}

/** Every data column sorts remotely; Results is derived from the status and has no column of its own at the server. */
export function isSortableKitColumn(column: KitListColumn): column is KitColumn {
  return column !== 'results';
}

/** The columns a filter may name: the list's own data columns. */
export function kitFilterColumns(layout: Pick<KitListLayout, 'columns'>): readonly KitColumn[] {
  return layout.columns.filter(isSortableKitColumn);
}

/** The filter's column picker: the list's filter columns whose header contains the searched text, case aside. */
export function matchingKitColumns(layout: Pick<KitListLayout, 'columns' | 'workflow'>, search: string): readonly KitColumn[] {
  const text = search.trim().toLowerCase();
  return kitFilterColumns(layout).filter((column) => kitColumnLabel(column, layout.workflow).toLowerCase().includes(text));
}

/** What the kit ID cell shows: a manifest-upload client's own external barcode when it has one, else the barcode. */
export function kitIdText(kit: Pick<Kit, 'barcode' | 'externalBarcode'>, workflow: OrderingExperience): string {
  if (workflow === OrderingExperience.ManifestUpload && kit.externalBarcode?.trim()) return kit.externalBarcode;
  return kit.barcode;
}

export function registrantName(kit: Pick<Kit, 'registrant'>): string {
  const { firstName, lastName } = kit.registrant ?? {};
  return [firstName, lastName].filter((part) => part?.trim()).join(' ');
}

function formatted(date: string | null | undefined, pattern: string): string {
  if (!date) return '';
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format(pattern) : '';
}

/** The registered date as the list shows it; a missing or unreadable date shows nothing. */
export function formatKitDate(date: string | null | undefined): string {
  return formatted(date, KIT_DATE_FORMAT);
}

export function formatKitHistoryDate(date: string | null | undefined): string {
  return formatted(date, KIT_HISTORY_DATE_FORMAT);
}

export interface KitHistoryEntry {
  readonly code: number | null;
  readonly status: KitDisplayStatus;
  readonly date: string;
}

/** Kits §2 "Kit Status History": each entry's display status and date, oldest first so the newest is last. */
export function kitHistoryEntries(kit: Pick<Kit, 'statusHistory'>): readonly KitHistoryEntry[] {
  const time = (date: string | null) => (date && dayjs(date).isValid() ? dayjs(date).valueOf() : Number.NEGATIVE_INFINITY);
  return [...kit.statusHistory]
    .sort((a, b) => time(a.date) - time(b.date))
    .map((entry) => ({ code: entry.status, status: kitDisplayStatus(entry.status), date: formatKitHistoryDate(entry.date) }));
}

/** Kits §2 results cell: "View Results" links to the kit once its results are ready, else "Coming Soon". */
export function showsResults(kit: Pick<Kit, 'status'>): boolean {
  return hasResultsReady(kit.status?.status);
}

/** antd's preset tag colours: the kit's stage reads by colour as well as by word. */
export type KitStatusColor = 'default' | 'processing' | 'success' | 'warning' | 'error';

export function kitStatusColor(code: number | null | undefined): KitStatusColor {
  if (hasResultsReady(code)) return 'success';
  if (isInProgress(code)) return 'processing';
  switch (kitDisplayStatus(code)) {
    case KitDisplayStatus.ReplacementRequested:
    case KitDisplayStatus.NotReceived:
      return 'warning';
    case KitDisplayStatus.ReportInProcess:
    case KitDisplayStatus.Approved:
    case KitDisplayStatus.AbsDataUploaded:
      return 'processing';
    default:
      return 'default';
  }
}

/**
 * Kits §5 and §9 search: the text as it is sent (trimmed; empty means no search), or null when it is 1 or 2
 * characters long and so is not sent at all.
 */
export function kitSearchQuery(text: string): string | null {
  return searchQuery(text, KIT_SEARCH_MIN_CHARS);
}
