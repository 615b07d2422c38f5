import dayjs from 'dayjs';

/**
 * A date range as a list filter carries it (issue 40: the order date filters with a date range picker). The
 * contract keeps filters as `{ column, operator, value }` with its four operators, so a range is one `equals`
 * filter whose value is an ISO 8601 interval of two date-times, `start/end`: from the start of the first day to
 * the start of the day after the last, in the user's time zone, so that the days match the dates the list shows.
 * A server keeps the rows with start ≤ date < end.
 */

export const DateRangeText = {
  unreadable: 'Choose a start date and an end date.',
  impossible: 'The end date must be on or after the start date.',
  server: 'filters: an order date range must be two ISO 8601 date-times, start/end, that end after they start',
} as const;

/** A day as the picker gives it, YYYY-MM-DD. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 date-time with its offset or Z, as dayjs and Date read alike. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The filter value of the days from `firstDay` to `lastDay` (both YYYY-MM-DD, both included), local time. */
export function dateRangeValue(firstDay: string, lastDay: string): string {
  const start = DAY.test(firstDay) ? dayjs(firstDay).startOf('day') : null;
  const end = DAY.test(lastDay) ? dayjs(lastDay).add(1, 'day').startOf('day') : null;
  if (!start?.isValid() || !end?.isValid()) return '';
  return `${start.toISOString()}/${end.toISOString()}`;
}

export interface DateRange {
  readonly start: Date;
  readonly end: Date;
}

/** The interval a value holds, or null when it is not two readable date-times (its order is not checked here). */
export function readDateRange(value: string): DateRange | null {
  const parts = value.trim().split('/');
  if (parts.length !== 2) return null;
  const [from = '', to = ''] = parts;
  if (!DATE_TIME.test(from) || !DATE_TIME.test(to)) return null;
  const start = new Date(from);
  const end = new Date(to);
  return Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) ? null : { start, end };
}

/** Whether a value is meant as a range: it holds the interval's `/` (no day or month text does). */
export function looksLikeDateRange(value: string): boolean {
  return value.includes('/');
}

/** What is wrong with a range value, for the user: unreadable, or an end before its start; null when it is fine. */
export function dateRangeProblem(value: string): string | null {
  const range = readDateRange(value);
  if (!range) return DateRangeText.unreadable;
  return range.end.getTime() > range.start.getTime() ? null : DateRangeText.impossible;
}

/** The first and last day of a range value, local time, as the picker and the chip show them. */
export function dateRangeDays(value: string): { first: string; last: string } | null {
  const range = readDateRange(value);
  if (!range) return null;
  return { first: dayjs(range.start).format('YYYY-MM-DD'), last: dayjs(range.end).subtract(1, 'millisecond').format('YYYY-MM-DD') };
}
