import { likePattern } from '../../../src/model/lists/list-params';
import type { UserColumn, UserListQuery, UsersPage } from '../../../src/model/users/user';
import type { Queryable } from '../../db/database';
import { NAME_SQL, TEAM_OF_PRACTICE, toUser, USER_FROM, USER_ROW_COLUMNS, type UserRow } from './users';

/**
 * One page of a practice's team (GET /Users): searched, sorted and filtered in SQL. Column expressions come
 * from the fixed maps below, never from the request; every value from the request is a parameter.
 */

const SORT: Readonly<Record<UserColumn, string>> = {
  name: `lower(${NAME_SQL})`,
  username: 'lower(pe.username)',
  email: 'lower(pe.email)',
  phone: 'pe.phone',
};

/** `?` stands for the pattern's parameter; a missing value matches nothing. */
const FILTER: Readonly<Record<UserColumn, string>> = {
  name: `${NAME_SQL} ILIKE ? ESCAPE '\\'`,
  username: `pe.username ILIKE ? ESCAPE '\\'`,
  email: `pe.email ILIKE ? ESCAPE '\\'`,
  phone: `pe.phone ILIKE ? ESCAPE '\\'`,
};

/** The page the query asks for, and one row more telling whether more follow. Ties are broken by the account's id. */
export async function listMembers(q: Queryable, practiceId: number, query: UserListQuery): Promise<UsersPage> {
  const params: unknown[] = [practiceId];
  const parameter = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [TEAM_OF_PRACTICE];
  if (query.search) where.push(FILTER.name.replace('?', parameter(likePattern('contains', query.search))));
  for (const filter of query.filters) {
    where.push(FILTER[filter.column].replace('?', parameter(likePattern(filter.operator, filter.value))));
  }
  const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = [SORT[query.sort.column], 'a.id'].map((expression) => `${expression} ${direction}`).join(', ');
  const limit = parameter(query.pageSize + 1);
  const offset = parameter((query.page - 1) * query.pageSize);
  const rows = await q.query<UserRow>(
    `SELECT ${USER_ROW_COLUMNS} FROM ${USER_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { items: rows.slice(0, query.pageSize).map(toUser), page: query.page, hasMore: rows.length > query.pageSize };
}
