import type * as v from 'valibot';
import { listParamsSchemas } from '../lists/list-params';
import { DEFAULT_USER_SORT, USER_COLUMNS, USERS_PAGE_SIZE } from './user';

// GET /Users' query, apart from the user object: the account pages read a user without the list rules' code.

const userListParams = listParamsSchemas({
  columns: USER_COLUMNS,
  defaultSort: DEFAULT_USER_SORT,
  pageSize: USERS_PAGE_SIZE,
  itemsName: 'Team members',
  tieBreak: 'the account’s id',
  search: 'Text the team member’s whole name (first and last) contains, without regard to case ("Search by name...").',
});

/** GET /Users' named query parameters, as the contract lists them. */
export const UserListParamsSchema = userListParams.ParamsSchema;
/** GET /Users' whole query as the server reads it, every `filter_{column}_{operator}` included. */
export const UserListQuerySchema = userListParams.QuerySchema;
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;
