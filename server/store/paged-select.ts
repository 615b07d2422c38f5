import type { FilterOperator, ListSort } from '../../src/model/lists/paging';
import { likePattern } from '../../src/model/lists/list-params';
import type { Queryable, Row } from '../db/database';

/**
 * The one way the server reads a page of a list (GET /Orders, /Kits, /Patients, /Users): filtered, searched and
 * sorted in SQL, one row more than a page fetched to tell whether more follow. Column expressions come from each
 * list's fixed maps, never from the request; every value from the request is a parameter, matched as plain text
 * (its `%`, `_` and `\` escaped by likePattern).
 */

/** A condition matching `expression` against the pattern parameter `?`; a missing value matches nothing. */
export const like = (expression: string): string => `${expression} ILIKE ? ESCAPE '\\'`;

/** A column's filter condition worked out from the filter itself; its `?` stands for the pattern's parameter still. */
export type ColumnFilterCondition = (operator: FilterOperator, value: string, parameter: (value: unknown) => string) => string;

export interface PagedList<TColumn extends string> {
  /** The selected columns. */
  readonly columns: string;
  /** The FROM clause; it may use the leading parameters ($1 is always the practice). */
  readonly from: string;
  /** The practice first, then any values `from` refers to, in their $n order. */
  readonly leadingParams: readonly unknown[];
  /** The condition that keeps the practice's own rows, on $1. */
  readonly scope: string;
  /** What each column sorts by, most significant first. */
  readonly sort: Readonly<Record<TColumn, readonly string[]>>;
  /**
   * The condition each column filters with; every `?` stands for the pattern's parameter. A function is given the
   * filter too, for a condition that adds values of its own (named through `parameter`) beside the pattern.
   */
  readonly filter: Readonly<Record<TColumn, string | ColumnFilterCondition>>;
  /** The search box's condition, `?` as in `filter`, for a list that has one. */
  readonly search?: string;
  /** The unique expression that breaks ties, so that pages never repeat or skip a row. */
  readonly tieBreak: string;
  /**
   * The listed table alone (`kits k`), for a list whose joins only add columns to its rows: a deep page whose sort
   * and conditions use that table's columns alone is found over it, then only the page's rows are joined (see
   * ownRowsOnly).
   */
  readonly ownFrom?: { readonly from: string; readonly alias: string };
}

/** Every table alias that `sql` qualifies a column with (`k.id` → `k`); literals here never hold such a dot. */
const qualifiers = (sql: string): Set<string> =>
  new Set([...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.(?=[a-z_"])/gi)].map((match) => match[1] ?? ''));

/** Whether the statement parts use only the listed table's own columns, so that the joins can wait for the page. */
function ownRowsOnly(alias: string, ...parts: string[]): boolean {
  return [...qualifiers(parts.join(' '))].every((qualifier) => qualifier === alias);
}

export interface PageRequest<TColumn extends string> {
  readonly sort: ListSort<TColumn>;
  readonly filters: readonly { readonly column: TColumn; readonly operator: FilterOperator; readonly value: string }[];
  readonly search?: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface PageRows<TRow> {
  readonly rows: TRow[];
  readonly hasMore: boolean;
  /** How many rows match in all, when asked for. */
  readonly total?: number;
}

export interface PageOptions {
  /** Joins in what only some sorts or filters need (a join paid for only then); a function names its values through `parameter`. */
  readonly extraFrom?: string | ((parameter: (value: unknown) => string) => string);
  /** Also answer how many rows match. */
  readonly count?: boolean;
  /**
   * Columns worked out for the page's rows only, over the page's columns as `page` (a row's lists, say): after the
   * LIMIT and OFFSET, so that a deep page does not pay for the rows it skips.
   */
  readonly perRow?: string;
}

/**
 * Reads the page in one query. Missing values sort as the largest either way round (PostgreSQL's default), so
 * descending is ascending reversed, ties included.
 */
export async function readPage<TRow extends Row, TColumn extends string>(
  q: Queryable,
  list: PagedList<TColumn>,
  request: PageRequest<TColumn>,
  options: PageOptions = {},
): Promise<PageRows<TRow>> {
  const params: unknown[] = [...list.leadingParams];
  const parameter = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const extraFrom = typeof options.extraFrom === 'function' ? options.extraFrom(parameter) : (options.extraFrom ?? '');
  const where = [list.scope];
  for (const filter of request.filters) {
    const rule: string | ColumnFilterCondition = list.filter[filter.column];
    const text = typeof rule === 'function' ? rule(filter.operator, filter.value, parameter) : rule;
    // A condition worked out whole (the kit status as its codes) has no pattern to bind, and PostgreSQL refuses a
    // parameter that no part of the statement uses.
    where.push(text.includes('?') ? text.replaceAll('?', parameter(likePattern(filter.operator, filter.value))) : text);
  }
  if (list.search && request.search) where.push(list.search.replaceAll('?', parameter(likePattern('contains', request.search))));
  const condition = where.join(' AND ');
  const conditionParams = [...params];
  const direction = request.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const keys = [...list.sort[request.sort.column], list.tieBreak];
  const order = keys.map((expression) => `${expression} ${direction}`).join(', ');
  const limit = parameter(request.pageSize + 1);
  const offset = parameter((request.page - 1) * request.pageSize);
  // A deep page over the listed table alone (a deferred join): OFFSET skips index entries of that table rather than
  // rows joined with their order, registrant and source (kits page 500: 525 ms at a million kits, bench:scale).
  // The tie-break is unique, so the page holds the same rows, sorted again by the same keys.
  const own = list.ownFrom;
  const deferred = own && request.page > 1 && !extraFrom && ownRowsOnly(own.alias, condition, order);
  const pageSql = (columns: string) =>
    deferred
      ? `SELECT ${columns} FROM ${list.from} WHERE ${list.tieBreak} IN (SELECT ${list.tieBreak} FROM ${own.from} WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) ORDER BY ${order}`
      : `SELECT ${columns} FROM ${list.from}${extraFrom} WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  // The page's sort keys come out with it, so that the outer query orders by them rather than trusting a subquery's order.
  const rows = await q.query<TRow>(
    options.perRow
      ? `SELECT page.*, ${options.perRow} FROM (${pageSql(`${list.columns}, ${keys.map((key, index) => `${key} AS page_key_${index}`).join(', ')}`)}) page
         ORDER BY ${keys.map((_, index) => `page.page_key_${index} ${direction}`).join(', ')}`
      : pageSql(list.columns),
    params,
  );
  const page = { rows: rows.slice(0, request.pageSize), hasMore: rows.length > request.pageSize };
  if (!options.count) return page;
  const [count] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${list.from}${extraFrom} WHERE ${condition}`,
    conditionParams,
  );
  return { ...page, total: count?.total ?? 0 };
}
