import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listSearchParams } from '../../src/model/lists/paging';
import { DEFAULT_ORDER_SORT, ORDERS_PAGE_SIZE, type OrderListQuery } from '../../src/model/orders/order-list';
import {
  escapeLike,
  likePattern,
  OrderListParamsSchema,
  OrderListParamText as T,
  OrderListQuerySchema,
} from '../../src/model/orders/order-list-params';
import { LIST_MAX_FILTERS } from '../../src/model/lists/list-params';
import { describeIssues } from '../../src/model/schema';

function read(params: Record<string, string>): OrderListQuery {
  return v.parse(OrderListQuerySchema, params);
}

function refusal(params: Record<string, string>): string {
  const result = v.safeParse(OrderListQuerySchema, params);
  if (result.success) throw new Error(`Accepted ${JSON.stringify(params)}`);
  return describeIssues(result.issues);
}

const filters = (value: unknown) => ({ filters: JSON.stringify(value) });

describe('GET /Orders query parameters', () => {
  it('default to the first page of ten, newest first, unfiltered (ordering §9)', () => {
    expect(read({})).toEqual({ sort: DEFAULT_ORDER_SORT, filters: [], page: 1, pageSize: ORDERS_PAGE_SIZE });
  });

  it('read back exactly what the client sends (listSearchParams)', () => {
    const query: OrderListQuery = {
      sort: { column: 'customer', direction: 'asc' },
      filters: [
        { column: 'status', operator: 'equals', value: 'Shipped' },
        { column: 'products', operator: 'contains', value: 'Health' },
      ],
      page: 3,
      pageSize: 25,
    };
    expect(read(Object.fromEntries(listSearchParams(query)))).toEqual(query);
  });

  it('read the filter_{column}_{operator} form too, after the JSON filters', () => {
    const query = read({ ...filters([{ column: 'number', operator: 'startsWith', value: '100' }]), filter_customer_endsWith: ' Lopez ' });
    expect(query.filters).toEqual([
      { column: 'number', operator: 'startsWith', value: '100' },
      { column: 'customer', operator: 'endsWith', value: 'Lopez' },
    ]);
  });

  it('ignore parameters they do not know, such as a cache buster', () => {
    expect(read({ _: '12345', pageSize: '100' }).pageSize).toBe(100);
  });

  it.each([
    [{ sortColumn: 'price' }, `sortColumn: ${T.sortColumn}`],
    [{ sortDirection: 'DESC' }, `sortDirection: ${T.sortDirection}`],
    [{ page: '0' }, `page: ${T.page}`],
    [{ page: '1.5' }, `page: ${T.page}`],
    [{ page: '1234567890' }, `page: ${T.page}`],
    [{ pageSize: '0' }, `pageSize: ${T.pageSize}`],
    [{ pageSize: '101' }, `pageSize: ${T.pageSize}`],
    [{ pageSize: '1000' }, `pageSize: ${T.pageSize}`],
    [{ filters: '[' }, `filters: ${T.filtersJson}`],
    [filters({ column: 'number' }), `filters: ${T.filtersJson}`],
    [filters(['number']), `filters.0: ${T.filter}`],
    [filters([{ column: 'price', operator: 'equals', value: '1' }]), `filters.0.column: ${T.column}`],
    [filters([{ column: 'number', operator: 'like', value: '1' }]), `filters.0.operator: ${T.operator}`],
    [filters([{ column: 'number', operator: 'equals', value: ' ' }]), `filters.0.value: ${T.value}`],
    [filters([{ column: 'number', operator: 'equals', value: 1 }]), `filters.0.value: ${T.valueText}`],
    [{ filter_price_equals: '1' }, `filter_price_equals: ${T.filterName}`],
    [{ filter_number_like: '1' }, `filter_number_like: ${T.filterName}`],
    [{ filter_number: '1' }, `filter_number: ${T.filterName}`],
    [{ filter_number_equals: '' }, `filter_number_equals: ${T.value}`],
    [{ filter_number_equals: 'x'.repeat(201) }, `filter_number_equals: ${T.valueLength}`],
  ])('refuse %j, naming the parameter', (params, message) => {
    expect(refusal(params)).toBe(message);
  });

  it(`hold at most ${LIST_MAX_FILTERS} filters in both forms together`, () => {
    const many = Array.from({ length: LIST_MAX_FILTERS }, () => ({ column: 'number', operator: 'contains', value: '1' }));
    expect(read(filters(many)).filters).toHaveLength(LIST_MAX_FILTERS);
    expect(refusal({ ...filters(many), filter_customer_contains: 'a' })).toBe(`filters: ${T.filtersCount}`);
    expect(refusal(filters([...many, many[0]]))).toBe(`filters: ${T.filtersCount}`);
  });

  it('list only the named parameters in the contract, each optional', () => {
    expect(Object.keys(OrderListParamsSchema.entries)).toEqual(['sortColumn', 'sortDirection', 'filters', 'page', 'pageSize']);
    expect(Object.values(OrderListParamsSchema.entries).every((entry) => entry.type === 'optional')).toBe(true);
  });
});

describe('LIKE patterns of filter values', () => {
  it('escape %, _ and \\ so that they match only themselves', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('anchor the value as each operator says', () => {
    expect(likePattern('contains', '5%')).toBe('%5\\%%');
    expect(likePattern('equals', 'a_b')).toBe('a\\_b');
    expect(likePattern('startsWith', 'Riv')).toBe('Riv%');
    expect(likePattern('endsWith', 'Lopez')).toBe('%Lopez');
  });
});
