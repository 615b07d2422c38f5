import type { Account } from './portal-api-accounts';
import type { Answer } from './portal-api-ordering';

/** The contract fake's part for the team (kits §2, §3, §7 Users: GET /Users, GET/PUT/DELETE /Users/{uid}, POST /Users, PATCH /Users/{uid}/notifications). */
export class UsersFake {
  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(_method: string, _path: string, _query: URLSearchParams, _body: unknown, _account: Account | undefined): Answer | null {
    return null;
  }
}
