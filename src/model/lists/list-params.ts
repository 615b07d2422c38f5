import * as v from 'valibot';
import { TextLimit, withoutControlCharacters } from '../limits';
import { FILTER_OPERATORS, SortDirection, type ColumnFilter, type FilterOperator, type ListQuery, type ListSort } from './paging';
import { formatCount } from '../number-format';

/**
 * A paged list's query parameters as a server reads them (contract decisions): `sortColumn`, `sortDirection`,
 * `filters` (a JSON array of `{ column, operator, value }`), `page`, `pageSize`, any number of
 * `filter_{column}_{operator}=value`, and for lists with a search box `searchQuery`. Both filter forms may be
 * combined; every filter must hold. Each refusal names its parameter, so a 400 says what to fix. Orders, kits
 * and patients each make theirs from their own columns.
 */

export const LIST_MAX_PAGE_SIZE = 100;
/** Limits the documents leave open, so that one request cannot ask for unbounded work. */
export const LIST_MAX_FILTERS = 20;
export const LIST_FILTER_MAX_LENGTH = TextLimit.search;
/** A search text longer than any barcode, name or number it could match is refused rather than scanned. */
export const LIST_SEARCH_MAX_LENGTH = TextLimit.search;
/** The `filters` JSON text; see TextLimit.filters for why it is this long. */
export const LIST_FILTERS_MAX_LENGTH = TextLimit.filters;

export interface ListParamsSpec<TColumn extends string> {
  readonly columns: readonly TColumn[];
  readonly defaultSort: ListSort<TColumn>;
  readonly pageSize: number;
  /** What the list holds, for the page size's description: "Orders per page." */
  readonly itemsName: string;
  /** Describes the sort's tie-break, e.g. "the order’s id". */
  readonly tieBreak: string;
  /** The list has a search box: `searchQuery` is read, and described with this text. */
  readonly search?: string;
}

/** What a list's query reads into: the page it asks for and, for a list with a search box, the search text. */
export interface ListQueryWithSearch<TColumn extends string> extends ListQuery<TColumn> {
  readonly search?: string;
}

export function listParamTexts(columns: readonly string[]) {
  const names = columns.join(', ');
  const operators = FILTER_OPERATORS.join(', ');
  return {
    sortColumn: `must be one of ${names}`,
    sortDirection: 'must be asc or desc',
    page: 'must be a whole number of at least 1',
    pageSize: `must be a whole number from 1 to ${LIST_MAX_PAGE_SIZE}`,
    filtersJson: 'must be a JSON array of { column, operator, value }',
    filtersLength: `must be at most ${formatCount(LIST_FILTERS_MAX_LENGTH)} characters long`,
    filtersCount: `may hold at most ${LIST_MAX_FILTERS} filters`,
    filter: 'must be an object { column, operator, value }',
    column: `must be one of ${names}`,
    operator: `must be one of ${operators}`,
    value: 'must not be blank',
    valueText: 'must be text',
    valueLength: `must be at most ${LIST_FILTER_MAX_LENGTH} characters`,
    /** PostgreSQL cannot hold NUL in a text, nor does any name, number or date hold another control character. */
    controlCharacter: 'contains a character that is not allowed',
    filterName: `must be named filter_{column}_{operator}, with a column of ${names} and an operator of ${operators}`,
    searchQuery: `must be text of at most ${LIST_SEARCH_MAX_LENGTH} characters`,
  } as const;
}

/** The named parameters once read, beside whatever else the query held. */
type ReadParams<TColumn extends string> = {
  readonly sortColumn: TColumn;
  readonly sortDirection: SortDirection;
  readonly filters?: readonly ColumnFilter<TColumn>[];
  readonly page: number;
  readonly pageSize: number;
  readonly searchQuery?: string;
} & Readonly<Record<string, unknown>>;

/** Text digits: a query parameter is always text. At most nine digits, so the number stays exact. */
const PAGE = /^[1-9]\d{0,8}$/;
const PAGE_SIZE = /^(?:[1-9]\d?|100)$/;
const FILTER_PARAM = /^filter_([^_]+)_([^_]+)$/;

/**
 * The named parameters (what the contract lists; the `filter_…` form is described beside it) and the whole
 * query as the server reads it, every `filter_{column}_{operator}` included. Other parameters are ignored, as a
 * lenient reader does.
 */
export function listParamsSchemas<TColumn extends string>(spec: ListParamsSpec<TColumn>) {
  const T = listParamTexts(spec.columns);
  const FilterValueSchema = v.pipe(
    v.string(T.valueText),
    v.trim(),
    v.nonEmpty(T.value),
    v.maxLength(LIST_FILTER_MAX_LENGTH, T.valueLength),
    withoutControlCharacters(T.controlCharacter),
  );
  const ColumnFilterSchema = v.object(
    { column: v.picklist(spec.columns, T.column), operator: v.picklist(FILTER_OPERATORS, T.operator), value: FilterValueSchema },
    T.filter,
  );
  const names = spec.columns.join(', ');
  const entries = {
    sortColumn: v.optional(
      v.pipe(v.picklist(spec.columns, T.sortColumn), v.description(`The column to sort by; ties are broken by ${spec.tieBreak}.`)),
      spec.defaultSort.column,
    ),
    sortDirection: v.optional(v.picklist([SortDirection.asc, SortDirection.desc], T.sortDirection), spec.defaultSort.direction),
    filters: v.optional(
      v.pipe(
        v.string(T.filtersJson),
        v.maxLength(LIST_FILTERS_MAX_LENGTH, T.filtersLength),
        v.description(
          `A JSON array of { column, operator, value }: column one of ${names}; operator one of ${FILTER_OPERATORS.join(', ')}; a non-blank value, matched without regard to case (% and _ are plain characters).`,
        ),
        v.parseJson(undefined, T.filtersJson),
        v.array(ColumnFilterSchema, T.filtersJson),
        v.maxLength(LIST_MAX_FILTERS, T.filtersCount),
      ),
    ),
    page: v.optional(v.pipe(v.string(T.page), v.regex(PAGE, T.page), v.description('The page, from 1.'), v.transform(Number)), '1'),
    pageSize: v.optional(
      v.pipe(v.string(T.pageSize), v.regex(PAGE_SIZE, T.pageSize), v.description(`${spec.itemsName} per page.`), v.transform(Number)),
      String(spec.pageSize),
    ),
  };
  const searchEntry = {
    searchQuery: v.optional(
      v.pipe(
        v.string(T.searchQuery),
        v.maxLength(LIST_SEARCH_MAX_LENGTH, T.searchQuery),
        withoutControlCharacters(T.controlCharacter),
        v.description(spec.search ?? ''),
      ),
    ),
  };
  const named = spec.search ? { ...entries, ...searchEntry } : entries;

  const isColumn = (name: string): name is TColumn => (spec.columns as readonly string[]).includes(name);
  const isOperator = (name: string): name is FilterOperator => (FILTER_OPERATORS as readonly string[]).includes(name);

  const QuerySchema = v.pipe(
    v.looseObject({ ...entries, ...searchEntry }),
    v.rawTransform(({ dataset, addIssue, NEVER }): ListQueryWithSearch<TColumn> => {
      // The entries above admitted exactly these types; valibot's output type of a generic schema cannot say so by itself.
      const { sortColumn, sortDirection, filters, page, pageSize, searchQuery, ...rest } = dataset.value as ReadParams<TColumn>;
      const parsed: ColumnFilter<TColumn>[] = [];
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
        parsed.push({ column, operator, value: value.output });
      }
      const all = [...(filters ?? []), ...parsed];
      if (all.length > LIST_MAX_FILTERS) issue('filters', all.length, T.filtersCount);
      if (dataset.issues) return NEVER;
      const query = { sort: { column: sortColumn, direction: sortDirection }, filters: all, page, pageSize };
      const search = spec.search ? searchQuery?.trim() : undefined;
      return search ? { ...query, search } : query;
    }),
  );

  return { texts: T, ParamsSchema: v.object(named), QuerySchema };
}

/** Escapes `%`, `_` and `\` so that a filter value matches as plain text in a LIKE pattern (escape `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of a filter: its value as plain text, anchored as the operator says. */
/**
 * Whether a text matches a filter as the servers' ILIKE of likePattern does, without regard to case: for a list that
 * works out which of a few fixed texts (the kit statuses) a filter names, instead of matching every row's.
 */
export function matchesFilter(text: string, operator: FilterOperator, value: string): boolean {
  const subject = text.toLowerCase();
  const wanted = value.toLowerCase();
  switch (operator) {
    case 'contains':
      return subject.includes(wanted);
    case 'equals':
      return subject === wanted;
    case 'startsWith':
      return subject.startsWith(wanted);
    case 'endsWith':
      return subject.endsWith(wanted);
  }
}

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
