import { API_BASE_PATH } from '../../src/model/constants';

/**
 * The unsubscribe link of every notification (issue 39, item 3): it turns one account's notifications off without a
 * sign-in, so it is a signed, expiring link (../auth/signed-links.ts) whose path names the account.
 */

/** How long a notification's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_SECONDS = 90 * 86_400;
export const UNSUBSCRIBE_PATH = '/Notifications/Unsubscribe';

/** The path the signature covers, with the account in it. */
export function unsubscribePath(accountId: number): string {
  return `${API_BASE_PATH}${UNSUBSCRIBE_PATH}/${accountId}`;
}
