import { UserRecordSchema, type UserRecord } from '../model/user';
import { http, type HttpClient } from './http';

export function createUsersApi(client: HttpClient) {
  return {
    async me(options: { signal?: AbortSignal } = {}): Promise<UserRecord> {
      return client.read(UserRecordSchema, '/Users/Me', { signal: options.signal });
    },
  };
}

export const usersApi = createUsersApi(http);
