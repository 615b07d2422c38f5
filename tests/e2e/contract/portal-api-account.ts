import type { Account } from './portal-api-accounts';
import type { Answer } from './portal-api-ordering';

/** The contract fake's part for the signed-in user's own account (PUT /Users/Me and the provider profile's consents). */
export class AccountFake {
  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(_method: string, _path: string, _query: URLSearchParams, _body: unknown, _account: Account | undefined): Answer | null {
    return null;
  }
}
