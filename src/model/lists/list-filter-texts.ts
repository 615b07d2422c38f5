import type { FilterBarTexts } from './paging';

/**
 * The filter builder's words, the same on every list (orders, patients, team); the kit list's differ where kits §2
 * quotes its own ("Apply Filter", the operators capitalised). The operators are kits §5's four, written as words.
 */
export const ListFilterText = {
  open: 'Filter',
  title: 'Add a filter',
  column: 'Column',
  findColumn: 'Find column...',
  noColumn: 'No matching column',
  operator: 'Operator',
  value: 'Value',
  apply: 'Apply',
  back: 'Back',
  clearAll: 'Clear all',
  activeFilters: 'Active filters',
  removeFilter: (label: string) => `Remove filter ${label}`,
  chip: (column: string, operator: string, value: string) => `${column} ${operator} "${value}"`,
  operators: { contains: 'contains', equals: 'equals', startsWith: 'starts with', endsWith: 'ends with' },
} as const satisfies FilterBarTexts;

/** The date range and choice steps of the builder (issue 40), the same on every list that has such columns. */
export const RangeFilterText = {
  start: 'Start date',
  end: 'End date',
  range: (first: string, last: string) => (first === last ? `on ${first}` : `from ${first} to ${last}`),
  chip: (column: string, words: string) => `${column} ${words}`,
  choiceChip: (column: string, option: string) => `${column} is "${option}"`,
  choose: 'Choose...',
} as const;
