import type { ConsentsRequest } from '../../model/account/account-consents';
import { UserRecordSchema, type UserRecord } from '../../model/team/user-record';
import type { AccountUpdateFields } from '../../model/account/account-update';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** Kits §7 "Users": the signed-in user's own record, profile and consents. */
export function createUsersApi(client: HttpClient) {
  return {
    async me(options: Call = {}): Promise<UserRecord> {
      return client.read(UserRecordSchema, '/Users/Me', { signal: options.signal });
    },
    /**
     * The account tab and the provider profile. Only the success counts: the caller reads the record again
     * (the me query), so a service answering the record, `true` or nothing all work.
     */
    async updateMe(body: AccountUpdateFields, options: Call = {}): Promise<void> {
      await client.request('/Users/Me', { method: 'PUT', body, signal: options.signal });
    },
    async updateMyConsents(body: ConsentsRequest, options: Call = {}): Promise<void> {
      await client.request('/Users/Me/Consents', { method: 'PATCH', body, signal: options.signal });
    },
  };
}

export const usersApi = createUsersApi(http);
