import { dateRangeDays, dateRangeProblem, looksLikeDateRange } from '../lists/date-range';
import { FilterKind } from '../lists/filter-kinds';
import type { ListAddressSpec } from '../lists/list-address';
import { RangeFilterText } from '../lists/list-filter-texts';
import { FilterOperator, type ColumnFilter } from '../lists/paging';
import { formatOrderDay } from './order-history';
import { OrderStatusGroup } from './order';
import { DEFAULT_ORDER_SORT, ORDER_COLUMNS, OrderColumn } from './order-list';
import { OrderColumnText } from './order-list-texts';

/**
 * Issue 40: the orders list's filters by kind. The order date is a date range (one `equals` filter whose value is
 * an ISO 8601 interval, see lists/date-range); the status a choice of the status groups; the rest free text.
 */
export const ORDER_FILTER_KINDS: Readonly<Partial<Record<OrderColumn, FilterKind>>> = {
  [OrderColumn.orderDate]: FilterKind.dateRange,
  [OrderColumn.status]: FilterKind.choice,
};

export const ORDER_STATUS_CHOICES: readonly string[] = Object.values(OrderStatusGroup);

/** The options of a choice column: the status groups for the status. */
export function orderFilterChoices(column: OrderColumn): readonly string[] {
  return column === OrderColumn.status ? ORDER_STATUS_CHOICES : [];
}

/** Whether a filter is an order date range: the date column, `equals`, an interval value. */
export function isOrderDateRange(filter: ColumnFilter<string>): boolean {
  return filter.column === OrderColumn.orderDate && filter.operator === FilterOperator.equals && looksLikeDateRange(filter.value);
}

/** A chip's words for a range or a status choice: "Order Date from Oct 1, 2026 to Oct 18, 2026", `Status is "Shipped"`. */
export function orderChipText(filter: ColumnFilter<OrderColumn>): string | null {
  const column = OrderColumnText[filter.column];
  if (isOrderDateRange(filter)) {
    const days = dateRangeDays(filter.value);
    return days ? RangeFilterText.chip(column, RangeFilterText.range(formatOrderDay(days.first), formatOrderDay(days.last))) : null;
  }
  if (filter.column === OrderColumn.status && filter.operator === FilterOperator.equals)
    return RangeFilterText.choiceChip(column, filter.value);
  return null;
}

/** What is wrong with a filter an address holds: an order date range that is unreadable or ends before it starts. */
export function orderFilterProblem(filter: ColumnFilter<OrderColumn>): string | null {
  return isOrderDateRange(filter) ? dateRangeProblem(filter.value) : null;
}

/** The orders list's address (issue 40): its columns, its default sort and its rule for date ranges. */
export const ORDER_LIST_ADDRESS: ListAddressSpec<OrderColumn> = {
  columns: ORDER_COLUMNS,
  defaultSort: DEFAULT_ORDER_SORT,
  filterProblem: orderFilterProblem,
};
