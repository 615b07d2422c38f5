import { dateRangeDays } from '../lists/date-range';
import { FilterKind } from '../lists/filter-kinds';
import { RangeFilterText } from '../lists/list-filter-texts';
import { FilterOperator, type ColumnFilter } from '../lists/paging';
import { ActivityColumn, ACTIVITY_KINDS } from './activity';
import { isActivityDateRange } from './activity-params';
import { ActivityKindText, ActivityText, formatActivityTime } from './activity-texts';

/**
 * Settings → Activity's filters (issue 44), with the lists' own builder: the date as a range, the kind as a choice of
 * the kinds' names (the server matches a name as it matches a code), who and the object as text.
 */
export const ACTIVITY_FILTER_COLUMNS: readonly ActivityColumn[] = [
  ActivityColumn.at,
  ActivityColumn.actor,
  ActivityColumn.kind,
  ActivityColumn.object,
];

export const ACTIVITY_FILTER_KINDS: Readonly<Partial<Record<ActivityColumn, FilterKind>>> = {
  [ActivityColumn.at]: FilterKind.dateRange,
  [ActivityColumn.kind]: FilterKind.choice,
};

export function activityColumnLabel(column: ActivityColumn): string {
  return ActivityText.columns[column];
}

export function matchingActivityColumns(search: string): readonly ActivityColumn[] {
  const wanted = search.trim().toLowerCase();
  return ACTIVITY_FILTER_COLUMNS.filter((column) => activityColumnLabel(column).toLowerCase().includes(wanted));
}

export function activityFilterChoices(column: ActivityColumn): readonly string[] {
  return column === ActivityColumn.kind ? ACTIVITY_KINDS.map((kind) => ActivityKindText[kind] ?? kind) : [];
}

const day = (iso: string) => formatActivityTime(iso).replace(/ \d{1,2}:\d{2} [AP]M$/, '');

/** A chip's words for a range or a kind: "When from Nov 1, 2026 to Nov 30, 2026", `What is "Report opened"`. */
export function activityChipText(filter: ColumnFilter<ActivityColumn>): string | null {
  const column = activityColumnLabel(filter.column);
  if (isActivityDateRange(filter)) {
    const days = dateRangeDays(filter.value);
    return days ? RangeFilterText.chip(column, RangeFilterText.range(day(days.first), day(days.last))) : null;
  }
  if (filter.column === ActivityColumn.kind && filter.operator === FilterOperator.equals)
    return RangeFilterText.choiceChip(column, filter.value);
  return null;
}
