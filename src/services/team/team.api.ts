import { listSearchParams, type ListSort } from '../../model/lists/paging';
import {
  USERS_PAGE_SIZE,
  UsersPageSchema,
  type UserColumn,
  type UserCreateFields,
  type UserNotificationsFields,
  type UsersPage,
  type UserUpdateFields,
} from '../../model/team/user';
import { UserRecordSchema, type UserRecord } from '../../model/team/user-record';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

export interface TeamListQuery {
  readonly sort: ListSort<UserColumn>;
  /** Sent as `searchQuery` when not empty. */
  readonly search: string;
  /** From 1. */
  readonly page: number;
}

const one = (uid: string) => `/Users/${encodeURIComponent(uid)}`;

/** Kits §7 "Users": the practice's team, one member, and their changes. */
export function createTeamApi(client: HttpClient) {
  return {
    /** One page of the team, searched by name and sorted by the server. */
    list(query: TeamListQuery, options: Call = {}): Promise<UsersPage> {
      const params = listSearchParams({ sort: query.sort, filters: [], page: query.page, pageSize: USERS_PAGE_SIZE });
      if (query.search) params.set('searchQuery', query.search);
      return client.read(UsersPageSchema, '/Users', { query: Object.fromEntries(params), signal: options.signal });
    },
    get(uid: string, options: Call = {}): Promise<UserRecord> {
      return client.read(UserRecordSchema, one(uid), { signal: options.signal });
    },
    create(user: UserCreateFields, options: Call = {}): Promise<UserRecord> {
      return client.read(UserRecordSchema, '/Users', { method: 'POST', body: user, signal: options.signal });
    },
    update(uid: string, user: UserUpdateFields, options: Call = {}): Promise<UserRecord> {
      return client.read(UserRecordSchema, one(uid), { method: 'PUT', body: user, signal: options.signal });
    },
    /** The answer has no body to read: only its success counts, and the list is read again afterwards. */
    async remove(uid: string, options: Call = {}): Promise<void> {
      await client.request(one(uid), { method: 'DELETE', signal: options.signal });
    },
    /** The answer's record is not needed: the list is read again, so the switch shows what the server kept. */
    async setNotifications(uid: string, body: UserNotificationsFields, options: Call = {}): Promise<void> {
      await client.request(`${one(uid)}/notifications`, { method: 'PATCH', body, signal: options.signal });
    },
  };
}

export const teamApi = createTeamApi(http);
