/**
 * How the contract fakes read a paged list's query, as the contract decisions write it: `filters`, a JSON array of
 * exactly `{ column, operator, value }`, and any number of `filter_{column}_{operator}=value`, with the operators
 * contains, equals, startsWith and endsWith matched without regard to case; `page` and `pageSize` as whole numbers.
 * Each fake names its own columns; a problem is answered as its first message.
 */

export const OPERATORS = ['contains', 'equals', 'startsWith', 'endsWith'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Filter<TColumn extends string> {
  column: TColumn;
  operator: Operator;
  value: string;
}

const isOperator = (value: unknown): value is Operator => OPERATORS.some((operator) => operator === value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Both filter forms of the query, or the first problem with them. */
export function readFilters<TColumn extends string>(
  query: URLSearchParams,
  isColumn: (value: unknown) => value is TColumn,
): Filter<TColumn>[] | string {
  const filters: Filter<TColumn>[] = [];
  const raw = query.get('filters');
  if (raw !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return 'filters must be a JSON array';
    }
    if (!Array.isArray(parsed)) return 'filters must be a JSON array';
    for (const each of parsed) {
      if (!isObject(each) || Object.keys(each).sort().join() !== 'column,operator,value')
        return 'each filter is exactly { column, operator, value }';
      if (!isColumn(each.column)) return `unknown filter column ${JSON.stringify(each.column)}`;
      if (!isOperator(each.operator)) return `unknown filter operator ${JSON.stringify(each.operator)}`;
      if (typeof each.value !== 'string' || !each.value.trim()) return 'a filter value must be a non-blank string';
      filters.push({ column: each.column, operator: each.operator, value: each.value });
    }
  }
  for (const [key, value] of query) {
    const form = /^filter_([A-Za-z]+)_([A-Za-z]+)$/.exec(key);
    if (!form) continue;
    if (!isColumn(form[1]) || !isOperator(form[2])) return `unknown filter ${key}`;
    filters.push({ column: form[1], operator: form[2], value });
  }
  return filters;
}

/** Whether any of a record's texts for the filter's column matches it, case aside. */
export function matchesAny(values: readonly (string | null | undefined)[], filter: { operator: Operator; value: string }): boolean {
  const wanted = filter.value.toLowerCase();
  return values.some((raw) => {
    if (raw === null || raw === undefined) return false;
    const value = raw.toLowerCase();
    if (filter.operator === 'equals') return value === wanted;
    if (filter.operator === 'startsWith') return value.startsWith(wanted);
    if (filter.operator === 'endsWith') return value.endsWith(wanted);
    return value.includes(wanted);
  });
}

/** A whole-number parameter: the fallback when absent, NaN when it is not digits. */
export const whole = (raw: string | null, fallback: number) => (raw === null ? fallback : /^\d+$/.test(raw) ? Number(raw) : Number.NaN);
