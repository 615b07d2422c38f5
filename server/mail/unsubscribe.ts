import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH } from '../../src/model/constants';

/**
 * The unsubscribe link of every notification (issue 39, item 3): it turns one account's notifications off without a
 * sign-in, so it must be unguessable and must not last for ever. The token names the account and an expiry and is
 * signed with a key derived from the server's signing secret for this purpose alone; nothing is stored.
 */

/** How long a notification's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_SECONDS = 90 * 86_400;
export const UNSUBSCRIBE_PATH = '/Notifications/Unsubscribe';

function purposeKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update('mail-unsubscribe').digest();
}

function signature(signingKey: Uint8Array, body: string): string {
  return createHmac('sha256', purposeKey(signingKey)).update(body).digest('base64url');
}

export function unsubscribeToken(signingKey: Uint8Array, accountId: number, now: Date): string {
  const body = `${accountId}.${Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TTL_SECONDS}`;
  return `${body}.${signature(signingKey, body)}`;
}

/** The account a token names, or null when it is malformed, forged or expired. */
export function readUnsubscribeToken(signingKey: Uint8Array, token: string, now: Date): number | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, account = '', expires = '', given = ''] = match;
  const expected = Buffer.from(signature(signingKey, `${account}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return Number(account);
}

export function unsubscribeLink(publicUrl: string, signingKey: Uint8Array, accountId: number, now: Date): string {
  return `${publicUrl}${API_BASE_PATH}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(signingKey, accountId, now)}`;
}
