import type { FilterOperator } from '../../src/model/lists/paging';

/**
 * A date column's filter narrowed to the instants it can match. The lists filter a date as its UTC day written
 * YYYY-MM-DD, matched as text (an `equals 2025-06-14`, a `startsWith 2025-06`); as text alone no index can find those
 * days, and at a million kits reading them all takes seconds. When the value names a whole day, the rows that can
 * match lie in one range of instants, so the condition adds that range (which the date's index reads in order) beside
 * the text match, which stays the rule: the range only ever leaves out rows the text would refuse too.
 */

export interface DayRange {
  readonly start: Date;
  readonly end: Date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instants whose UTC day (YYYY-MM-DD) can match this filter: an `equals` of a real day; null for anything else.
 * Only a day: a month or a year is a range so wide (a third of a million kits for a year) that the planner, taking it,
 * sorts all those rows by the list's sort column, where walking that column's index and checking the text stops after
 * a page (measured: a year's range took registeredAt startsWith "2025-" from 1 s to 10 s).
 */
export function dayRange(operator: FilterOperator, value: string): DayRange | null {
  const text = value.trim();
  if (operator === 'equals') {
    const [, year, month, day] = DAY.exec(text) ?? [];
    if (!year || !month || !day) return null;
    const start = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    // A day that does not exist (2025-02-30) is no range: the text match alone answers it, with no row.
    if (start.toISOString().slice(0, 10) !== text) return null;
    return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
  }
  return null;
}

/**
 * The filter condition of a date column: its day as text ILIKE the pattern `?`, and, when the value names a range
 * (dayRange), the column within it, its bounds named through `parameter`.
 */
export function dayFilter(column: string, textCondition: string) {
  return (operator: FilterOperator, value: string, parameter: (value: unknown) => string): string => {
    const range = dayRange(operator, value);
    if (!range) return textCondition;
    return `(${textCondition} AND ${column} >= ${parameter(range.start.toISOString())}::timestamptz AND ${column} < ${parameter(range.end.toISOString())}::timestamptz)`;
  };
}
