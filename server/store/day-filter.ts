import type { FilterOperator } from '../../src/model/lists/paging';

/**
 * A date column's filter narrowed to the instants it can match. The lists filter a date as its UTC day written
 * YYYY-MM-DD, matched as text (an `equals 2025-06-14`, a `startsWith 2025-06`); as text alone no index can find those
 * days, and at a million kits reading them all takes seconds. When the value names a whole day, month or year, the
 * rows that can match lie in one range of instants, so the condition adds that range (which the date's index reads in
 * order) beside the text match, which stays the rule: the range only ever leaves out rows the text would refuse too.
 */

export interface DayRange {
  readonly start: Date;
  readonly end: Date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})-?$/;
const YEAR = /^(\d{4})-?$/;

/** The instants whose UTC day (YYYY-MM-DD) can match this filter, or null when the value names no whole day, month or year. */
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
  if (operator !== 'startsWith') return null;
  const [, monthYear, month] = MONTH.exec(text) ?? [];
  if (monthYear && month) {
    const index = Number(month) - 1;
    if (index < 0 || index > 11) return null;
    return { start: new Date(Date.UTC(Number(monthYear), index, 1)), end: new Date(Date.UTC(Number(monthYear), index + 1, 1)) };
  }
  const [, year] = YEAR.exec(text) ?? [];
  if (!year) return null;
  return { start: new Date(Date.UTC(Number(year), 0, 1)), end: new Date(Date.UTC(Number(year) + 1, 0, 1)) };
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
