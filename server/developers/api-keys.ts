import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { maskSecret } from '../../src/model/developers/webhook-rules';
import type { Queryable } from '../db/database';

/**
 * A practice's developer settings (kits §2 "Developer settings", issue 11 item 7): its API key, schema name and
 * webhook secret, all made with node:crypto randomness the first time the practice needs them (and by the seed
 * for every demo practice).
 *
 * The API key is never stored, so a dump of `practice_developer_settings` reveals none: it is derived again
 * whenever it is shown, as HMAC-SHA256(server signing key, `api-key:{practiceId}:{salt}`), and only the random
 * salt, the key's SHA-256 (to find the practice a presented key belongs to) and its last four characters (what
 * a masked key shows) are kept. A consequence: changing the signing key (TOKEN_SECRET) changes every API key;
 * the stored hash catches up when the key is next shown (`apiKeyOf`), and until then the old key verifies no more
 * (`verifyApiKey` derives it again).
 *
 * The webhook secret signs every delivery, so it has to be kept as it is.
 */

/** Says what the key is when it turns up in a log or a configuration file. */
export const API_KEY_PREFIX = 'pak_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The schema name is a slug of the practice's name cut to this length, then `_` and a random suffix. */
const SCHEMA_SLUG_MAX = 32;
const SCHEMA_SUFFIX_BYTES = 3;
export const API_KEY_LAST_FOUR = 4;

export function deriveApiKey(signingKey: Uint8Array, practiceId: number, salt: string): string {
  const mac = createHmac('sha256', signingKey).update(`api-key:${practiceId}:${salt}`).digest('base64url');
  return `${API_KEY_PREFIX}${mac}`;
}

/** How a key is stored and looked up: its SHA-256, hex. The key is 256 random-looking bits, so no slow hash is needed. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A long slug cut to the last whole word that fits (or mid-word when the first word alone is too long). */
function shorten(slug: string): string {
  const cut = slug.slice(0, SCHEMA_SLUG_MAX + 1);
  const lastBreak = cut.lastIndexOf('_');
  return lastBreak > 0 ? cut.slice(0, lastBreak) : slug.slice(0, SCHEMA_SLUG_MAX);
}

/**
 * A readable schema name: the practice's name in lower case with every run of other characters turned into `_`,
 * then a random suffix so two practices of one name differ (e.g. `riverside_family_medicine_3f9a2c`). It starts
 * with a letter, so it is a valid SQL identifier as it is.
 */
export function newSchemaName(practiceName: string): string {
  const whole = practiceName
    .normalize('NFKD')
    // Accents come apart from their letters under NFKD; dropping them keeps `é` as `e`.
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const slug = whole.length <= SCHEMA_SLUG_MAX ? whole : shorten(whole);
  const base = /^[a-z]/.test(slug) ? slug : `practice${slug ? `_${slug}` : ''}`;
  return `${base}_${randomBytes(SCHEMA_SUFFIX_BYTES).toString('hex')}`;
}

export interface DeveloperSettingsRow extends Record<string, unknown> {
  practice_id: number;
  schema_name: string;
  api_key_salt: string;
  api_key_hash: string;
  api_key_last_four: string;
  webhook_secret: string;
  /** The secret the last rotation replaced, and until when it still signs (both null outside an overlap). */
  previous_webhook_secret?: string | null;
  previous_secret_expires_at?: Date | string | null;
}

const COLUMNS = 'practice_id, schema_name, api_key_salt, api_key_hash, api_key_last_four, webhook_secret';
const READ_COLUMNS = `${COLUMNS}, previous_webhook_secret, previous_secret_expires_at`;

export async function readDeveloperSettings(q: Queryable, practiceId: number): Promise<DeveloperSettingsRow | null> {
  const [row] = await q.query<DeveloperSettingsRow>(`SELECT ${READ_COLUMNS} FROM practice_developer_settings WHERE practice_id = $1`, [
    practiceId,
  ]);
  return row ?? null;
}

/**
 * The practice's developer settings, made now when it has none. Two requests making them at once both insert
 * with ON CONFLICT DO NOTHING and both read the one row that won. Answers null for a practice that does not exist.
 */
export async function ensureDeveloperSettings(
  q: Queryable,
  signingKey: Uint8Array,
  practiceId: number,
  now: Date,
): Promise<DeveloperSettingsRow | null> {
  const existing = await readDeveloperSettings(q, practiceId);
  if (existing) return existing;
  const [practice] = await q.query<{ name: string }>('SELECT name FROM practices WHERE id = $1', [practiceId]);
  if (!practice) return null;
  const salt = randomBytes(16).toString('base64url');
  const key = deriveApiKey(signingKey, practiceId, salt);
  await q.query(
    `INSERT INTO practice_developer_settings (${COLUMNS}, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (practice_id) DO NOTHING`,
    [practiceId, newSchemaName(practice.name), salt, apiKeyHash(key), key.slice(-API_KEY_LAST_FOUR), newWebhookSecret(), now],
  );
  return readDeveloperSettings(q, practiceId);
}

/**
 * The practice's API key, derived again from its salt. When the signing key changed since the hash was stored,
 * the stored hash and last four are brought up to date, so that the key shown is the key that verifies.
 */
export async function apiKeyOf(q: Queryable, signingKey: Uint8Array, settings: DeveloperSettingsRow): Promise<string> {
  const key = deriveApiKey(signingKey, settings.practice_id, settings.api_key_salt);
  const hash = apiKeyHash(key);
  if (hash !== settings.api_key_hash) {
    await q.query('UPDATE practice_developer_settings SET api_key_hash = $2, api_key_last_four = $3 WHERE practice_id = $1', [
      settings.practice_id,
      hash,
      key.slice(-API_KEY_LAST_FOUR),
    ]);
  }
  return key;
}

/**
 * The practice a presented API key belongs to, or null. The stored hash finds the row; the key is then derived
 * again with the current signing key, so a key from before a signing key change is refused even while its hash
 * is still stored.
 */
export async function verifyApiKey(q: Queryable, signingKey: Uint8Array, key: string): Promise<number | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await q.query<{ practice_id: number; api_key_salt: string }>(
    'SELECT practice_id, api_key_salt FROM practice_developer_settings WHERE api_key_hash = $1',
    [apiKeyHash(key)],
  );
  if (!row) return null;
  const expected = Buffer.from(deriveApiKey(signingKey, row.practice_id, row.api_key_salt));
  const presented = Buffer.from(key);
  return expected.length === presented.length && timingSafeEqual(expected, presented) ? row.practice_id : null;
}

/**
 * GET /Webhooks/Secret's answer: the secret whole and masked the way the portal masks the API key, and until when
 * the secret a rotation replaced still signs beside it (null when none does any more at `now`).
 */
export function secretAnswer(
  settings: Pick<DeveloperSettingsRow, 'webhook_secret' | 'previous_secret_expires_at'>,
  now: Date = new Date(),
): { secret: string; maskedSecret: string; previousSecretExpiresAt: string | null } {
  const stored = settings.previous_secret_expires_at;
  const until = stored === null || stored === undefined ? null : new Date(stored);
  return {
    secret: settings.webhook_secret,
    maskedSecret: maskSecret(settings.webhook_secret),
    previousSecretExpiresAt: until !== null && until > now ? until.toISOString() : null,
  };
}

/**
 * A new webhook secret for the practice (issue 44): the current one becomes the previous secret and keeps signing
 * beside the new one until `now + overlapMs`. A second rotation within the overlap replaces the older secret: only
 * the secret the receiver was most recently given keeps signing. Answers the row as it is now.
 */
export async function rotateWebhookSecret(
  q: Queryable,
  practiceId: number,
  now: Date,
  overlapMs: number,
): Promise<DeveloperSettingsRow | null> {
  await q.query(
    `UPDATE practice_developer_settings
        SET previous_webhook_secret = webhook_secret, previous_secret_expires_at = $3, webhook_secret = $2
      WHERE practice_id = $1`,
    [practiceId, newWebhookSecret(), new Date(now.getTime() + overlapMs)],
  );
  return readDeveloperSettings(q, practiceId);
}

/**
 * A new API key for the practice (issue 44): a new random salt, so the key derived from it is new, and its hash
 * replaces the old one's. `verifyApiKey` finds a key by its hash, so the old key is refused from this statement on.
 */
export async function regenerateApiKey(q: Queryable, signingKey: Uint8Array, practiceId: number): Promise<string | null> {
  const salt = randomBytes(16).toString('base64url');
  const key = deriveApiKey(signingKey, practiceId, salt);
  const updated = await q.query(
    `UPDATE practice_developer_settings SET api_key_salt = $2, api_key_hash = $3, api_key_last_four = $4
      WHERE practice_id = $1 RETURNING practice_id`,
    [practiceId, salt, apiKeyHash(key), key.slice(-API_KEY_LAST_FOUR)],
  );
  return updated.length ? key : null;
}
