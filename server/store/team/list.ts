import type { UserColumn, UsersPage } from '../../../src/model/team/user';
import type { UserListQuery } from '../../../src/model/team/user-list-params';
import type { Queryable } from '../../db/database';
import { like, readPage, type PagedList } from '../paged-select';
import { NAME_SQL, TEAM_OF_PRACTICE, toUser, USER_FROM, USER_ROW_COLUMNS, type UserRow } from './users';

/**
 * One page of a practice's team (GET /Users): searched by name, sorted and filtered (see ../paged-select). The
 * names and phone are the account's, the practice's own view of each member (issue 37), so a practice finds and
 * orders its members by what it shows, whatever another practice calls the same person.
 */

const FILTER: Readonly<Record<UserColumn, string>> = {
  name: like(NAME_SQL),
  username: like('pe.username'),
  email: like('pe.email'),
  phone: like('a.phone'),
};

const team = (practiceId: number): PagedList<UserColumn> => ({
  columns: USER_ROW_COLUMNS,
  from: USER_FROM,
  leadingParams: [practiceId],
  scope: TEAM_OF_PRACTICE,
  sort: { name: [`lower(${NAME_SQL})`], username: ['lower(pe.username)'], email: ['lower(pe.email)'], phone: ['a.phone'] },
  filter: FILTER,
  search: FILTER.name,
  // The account's id.
  tieBreak: 'a.id',
});

export async function listMembers(q: Queryable, practiceId: number, query: UserListQuery): Promise<UsersPage> {
  const { rows, hasMore } = await readPage<UserRow, UserColumn>(q, team(practiceId), query);
  return { items: rows.map(toUser), page: query.page, hasMore };
}
