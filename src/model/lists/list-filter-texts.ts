import type { FilterBarTexts } from './paging';

/**
 * The filter builder's words where a list's documents give none of their own (the orders and patients lists; the
 * kit list's are quoted by kits §2 and live with its texts). The operators are kits §5's four, written as words.
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
