import * as v from 'valibot';
import { FILTER_OPERATORS, SortDirection, type ColumnFilter, type FilterOperator } from '../lists/paging';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS, ORDERS_PAGE_SIZE, type OrderColumn, type OrderListQuery } from './order-list';

/**
 * GET /Orders' query parameters (ordering §3 "Order list query", contract decisions): `sortColumn`,
 * `sortDirection`, `filters` (a JSON array of `{ column, operator, value }`), `page`, `pageSize`, and
 * any number of `filter_{column}_{operator}=value`. Both filter forms may be combined; every filter
 * must hold. Each refusal names its parameter, so a 400 says what to fix.
 */

export const ORDER_LIST_MAX_PAGE_SIZE = 100;
/** Limits the documents leave open, so that one request cannot ask for unbounded work. */
export const ORDER_LIST_MAX_FILTERS = 20;
export const ORDER_FILTER_MAX_LENGTH = 200;

const columns = ORDER_COLUMNS.join(', ');
const operators = FILTER_OPERATORS.join(', ');

export const OrderListParamText = {
  sortColumn: `must be one of ${columns}`,
  sortDirection: 'must be asc or desc',
  page: 'must be a whole number of at least 1',
  pageSize: `must be a whole number from 1 to ${ORDER_LIST_MAX_PAGE_SIZE}`,
  filtersJson: 'must be a JSON array of { column, operator, value }',
  filtersCount: `may hold at most ${ORDER_LIST_MAX_FILTERS} filters`,
  filter: 'must be an object { column, operator, value }',
  column: `must be one of ${columns}`,
  operator: `must be one of ${operators}`,
  value: 'must not be blank',
  valueText: 'must be text',
  valueLength: `must be at most ${ORDER_FILTER_MAX_LENGTH} characters`,
  filterName: `must be named filter_{column}_{operator}, with a column of ${columns} and an operator of ${operators}`,
} as const;

const T = OrderListParamText;

const FilterValueSchema = v.pipe(v.string(T.valueText), v.trim(), v.nonEmpty(T.value), v.maxLength(ORDER_FILTER_MAX_LENGTH, T.valueLength));

const ColumnFilterSchema = v.object(
  {
    column: v.picklist(ORDER_COLUMNS, T.column),
    operator: v.picklist(FILTER_OPERATORS, T.operator),
    value: FilterValueSchema,
  },
  T.filter,
);

/** Text digits: a query parameter is always text. At most nine digits, so the number stays exact. */
const PAGE = /^[1-9]\d{0,8}$/;
const PAGE_SIZE = /^(?:[1-9]\d?|100)$/;

/** The named parameters; this is what the contract lists (the `filter_…` form is described beside it). */
const entries = {
  sortColumn: v.optional(
    v.pipe(v.picklist(ORDER_COLUMNS, T.sortColumn), v.description('The column to sort by; ties are broken by the order’s id.')),
    DEFAULT_ORDER_SORT.column,
  ),
  sortDirection: v.optional(v.picklist([SortDirection.asc, SortDirection.desc], T.sortDirection), DEFAULT_ORDER_SORT.direction),
  filters: v.optional(
    v.pipe(
      v.string(T.filtersJson),
      v.description(
        `A JSON array of { column, operator, value }: column one of ${columns}; operator one of ${operators}; a non-blank value, matched without regard to case (% and _ are plain characters).`,
      ),
      v.parseJson(undefined, T.filtersJson),
      v.array(ColumnFilterSchema, T.filtersJson),
      v.maxLength(ORDER_LIST_MAX_FILTERS, T.filtersCount),
    ),
  ),
  page: v.optional(v.pipe(v.string(T.page), v.regex(PAGE, T.page), v.description('The page, from 1.'), v.transform(Number)), '1'),
  pageSize: v.optional(
    v.pipe(v.string(T.pageSize), v.regex(PAGE_SIZE, T.pageSize), v.description('Orders per page.'), v.transform(Number)),
    String(ORDERS_PAGE_SIZE),
  ),
};

/** The named query parameters, as the contract (OpenAPI) lists them. */
export const OrderListParamsSchema = v.object(entries);

const FILTER_PARAM = /^filter_([^_]+)_([^_]+)$/;

function isColumn(name: string): name is OrderColumn {
  return (ORDER_COLUMNS as readonly string[]).includes(name);
}

function isOperator(name: string): name is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(name);
}

/**
 * The whole query as the server reads it: the named parameters and every `filter_{column}_{operator}`
 * parameter, read into one OrderListQuery. Other parameters are ignored, as a lenient reader does.
 */
export const OrderListQuerySchema = v.pipe(
  v.looseObject(entries),
  v.rawTransform(({ dataset, addIssue, NEVER }): OrderListQuery => {
    const { sortColumn, sortDirection, filters, page, pageSize, ...rest } = dataset.value;
    const named: ColumnFilter<OrderColumn>[] = [];
    const issue = (key: string, value: unknown, message: string) =>
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: dataset.value, key, value }] });
    for (const [key, raw] of Object.entries(rest)) {
      if (!key.startsWith('filter_')) continue;
      const match = FILTER_PARAM.exec(key);
      const column = match?.[1] ?? '';
      const operator = match?.[2] ?? '';
      if (!isColumn(column) || !isOperator(operator)) {
        issue(key, raw, T.filterName);
        continue;
      }
      const value = v.safeParse(FilterValueSchema, raw);
      if (!value.success) {
        issue(key, raw, value.issues[0].message);
        continue;
      }
      named.push({ column, operator, value: value.output });
    }
    const all = [...(filters ?? []), ...named];
    if (all.length > ORDER_LIST_MAX_FILTERS) issue('filters', all.length, T.filtersCount);
    if (dataset.issues) return NEVER;
    return { sort: { column: sortColumn, direction: sortDirection }, filters: all, page, pageSize };
  }),
);

/** Escapes `%`, `_` and `\` so that a filter value matches as plain text in a LIKE pattern (escape `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of a filter: its value as plain text, anchored as the operator says. */
export function likePattern(operator: FilterOperator, value: string): string {
  const text = escapeLike(value);
  switch (operator) {
    case 'contains':
      return `%${text}%`;
    case 'equals':
      return text;
    case 'startsWith':
      return `${text}%`;
    case 'endsWith':
      return `%${text}`;
  }
}
