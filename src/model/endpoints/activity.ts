import { ActivityPageSchema } from '../activity/activity';
import { ActivityListParamsSchema } from '../activity/activity-params';
import type { Endpoint } from './endpoint';

const LIST_ERRORS = {
  400: 'A parameter is invalid: an unknown column or operator, filters that are not a JSON array, a blank value, a date range that is unreadable or ends before it starts, a page below 1 or a pageSize outside 1 to 100 (the message names the parameter)',
} as const;

const FILTERS_DESCRIPTION =
  'Columns: at (a date range is `equals` with an ISO 8601 interval start/end), actor (the account’s name), kind (its code, e.g. report.opened, or its name), objectType (kit, patient, order, …), objectId (a kit’s barcode, a patient’s id, an order’s number) and object (its label). Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way.';

/** Issue 44 item 1: the activity trail, this project's extension of the contract. */
export const ACTIVITY_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listActivity',
    method: 'get',
    path: '/Activity',
    summary: 'A page of the practice’s activity trail: who opened, changed or shared what, when and from where',
    description: `${FILTERS_DESCRIPTION} Only the signed-in practice’s entries are listed; another practice’s object has none. Ties of the sort are broken by the entry’s id.`,
    signedIn: true,
    audience: 'provider',
    query: ActivityListParamsSchema,
    answer: { status: 200, description: '`{ items, page, hasMore }`, newest first by default', schema: ActivityPageSchema },
    errors: LIST_ERRORS,
  },
  {
    operationId: 'exportActivity',
    method: 'get',
    path: '/Activity/export',
    summary: 'The practice’s activity trail as a CSV file, filtered and sorted as GET /Activity',
    description:
      'At most the 10,000 entries the query puts first (X-Activity-Truncated says whether more matched). Every cell that a spreadsheet could run as a formula (starting with = + - @, a tab or a carriage return) is written with a leading apostrophe.',
    signedIn: true,
    audience: 'provider',
    query: ActivityListParamsSchema,
    answer: { status: 200, description: 'The CSV file', mediaTypes: ['text/csv'] },
    errors: LIST_ERRORS,
  },
  {
    operationId: 'listMyActivity',
    method: 'get',
    path: '/Activity/My',
    summary: 'A page of the signed-in account’s own activity: its sign-ins, consents and report opens',
    description: FILTERS_DESCRIPTION,
    signedIn: true,
    query: ActivityListParamsSchema,
    answer: { status: 200, description: '`{ items, page, hasMore }`', schema: ActivityPageSchema },
    errors: LIST_ERRORS,
  },
];
