import * as v from 'valibot';
import { looksLikeDateRange, readDateRange } from '../lists/date-range';
import { listParamsSchemas } from '../lists/list-params';
import { FilterOperator, type ColumnFilter } from '../lists/paging';
import { ACTIVITY_COLUMNS, ACTIVITY_PAGE_SIZE, ActivityColumn, DEFAULT_ACTIVITY_SORT } from './activity';

/**
 * GET /Activity's query (issue 44): the list parameters every paged list reads, with the trail's columns, newest
 * first. The date (`at`) filters as the order date does (issue 40): `equals` with an ISO 8601 interval `start/end`.
 */

const activityListParams = listParamsSchemas({
  columns: ACTIVITY_COLUMNS,
  defaultSort: DEFAULT_ACTIVITY_SORT,
  pageSize: ACTIVITY_PAGE_SIZE,
  itemsName: 'Entries',
  tieBreak: 'the entry’s id',
});

export const ActivityRangeText = {
  server: 'filters: a date range of the activity must be two ISO 8601 date-times, start/end, that end after they start',
} as const;

/** Whether a filter is a date range of the trail: the date column, `equals`, an interval value. */
export function isActivityDateRange(filter: ColumnFilter<string>): boolean {
  return filter.column === ActivityColumn.at && filter.operator === FilterOperator.equals && looksLikeDateRange(filter.value);
}

/** The named query parameters, as the contract (OpenAPI) lists them. */
export const ActivityListParamsSchema = activityListParams.ParamsSchema;
/** The whole query as the server reads it; a date range must be readable and end after it starts. */
export const ActivityListQuerySchema = v.pipe(
  activityListParams.QuerySchema,
  v.check(
    (query) =>
      query.filters.every((filter) => {
        if (!isActivityDateRange(filter)) return true;
        const range = readDateRange(filter.value);
        return range !== null && range.end.getTime() > range.start.getTime();
      }),
    ActivityRangeText.server,
  ),
);
