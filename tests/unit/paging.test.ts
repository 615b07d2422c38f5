import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  canApplyFilter,
  FilterOperator,
  listSearchParams,
  pagedAnswer,
  SortDirection,
  type ColumnFilter,
} from '../../src/model/lists/paging';

const status = (value: string, operator: FilterOperator = FilterOperator.equals): ColumnFilter => ({ column: 'status', operator, value });

describe('list filters (ordering §5)', () => {
  it('needs a value that is not blank once trimmed, and applies it trimmed', () => {
    expect(canApplyFilter('')).toBe(false);
    expect(canApplyFilter('   \t')).toBe(false);
    expect(canApplyFilter(' x ')).toBe(true);
    expect(applyFilter([], status('   '))).toEqual([]);
    expect(applyFilter([], status('  Shipped '))).toEqual([status('Shipped')]);
  });

  it('replaces the value of the same column and operator at its place, and adds any other pair', () => {
    const first = applyFilter([], status('Shipped'));
    const withCustomer = applyFilter(first, { column: 'customer', operator: FilterOperator.contains, value: 'Lee' });
    const replaced = applyFilter(withCustomer, status('Completed'));
    expect(replaced).toEqual([status('Completed'), { column: 'customer', operator: 'contains', value: 'Lee' }]);
    const otherOperator = applyFilter(replaced, status('Comp', FilterOperator.startsWith));
    expect(otherOperator).toHaveLength(3);
  });
});

describe('list query parameters (contract decisions)', () => {
  it('sends sort and page, and filters as a JSON array of { column, operator, value } only when there are some', () => {
    const plain = listSearchParams({ sort: { column: 'orderDate', direction: SortDirection.desc }, filters: [], page: 1, pageSize: 10 });
    expect(Object.fromEntries(plain)).toEqual({ sortColumn: 'orderDate', sortDirection: 'desc', page: '1', pageSize: '10' });
    const filtered = listSearchParams({
      sort: { column: 'number', direction: SortDirection.asc },
      filters: [status('Shipped')],
      page: 3,
      pageSize: 10,
    });
    expect(JSON.parse(filtered.get('filters') ?? '')).toEqual([{ column: 'status', operator: 'equals', value: 'Shipped' }]);
    expect(filtered.get('page')).toBe('3');
  });

  it('reads a page leniently: page and hasMore may be missing, items may not', () => {
    const schema = pagedAnswer(v.object({ id: v.number() }));
    expect(v.parse(schema, { items: [{ id: 1, extra: true }] })).toEqual({ items: [{ id: 1 }], page: 1, hasMore: false });
    expect(v.parse(schema, { items: [], page: 2, hasMore: true, total: 9 })).toEqual({ items: [], page: 2, hasMore: true });
    expect(v.safeParse(schema, { page: 1, hasMore: false }).success).toBe(false);
  });
});
