import { dateRangeProblem } from './date-range';
import { canApplyFilter } from './paging';

/**
 * The kinds of a list's filter columns (issue 40): free text with the four operators, a date range chosen with a
 * range picker, or a choice among fixed options (the order status groups). The last two are one `equals` filter.
 */
export const FilterKind = { text: 'text', dateRange: 'dateRange', choice: 'choice' } as const;
export type FilterKind = (typeof FilterKind)[keyof typeof FilterKind];

/**
 * What the builder says is wrong with a value, or null: a blank value has nothing to tell (Apply is simply not
 * offered yet); a date range that is unreadable or ends before it starts has its own words.
 */
export function filterValueProblem(kind: FilterKind, value: string): string | null {
  if (!canApplyFilter(value)) return null;
  return kind === FilterKind.dateRange ? dateRangeProblem(value) : null;
}

/** Apply takes a value that is not blank and has no problem. */
export function canApplyValue(kind: FilterKind, value: string): boolean {
  return canApplyFilter(value) && filterValueProblem(kind, value) === null;
}
