import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable, Row } from '../../server/db/database';
import {
  API_KEY_PREFIX,
  apiKeyHash,
  apiKeyOf,
  deriveApiKey,
  newSchemaName,
  newWebhookSecret,
  secretAnswer,
  verifyApiKey,
  WEBHOOK_SECRET_PREFIX,
  type DeveloperSettingsRow,
} from '../../server/developers/api-keys';
import { MASK_CHAR } from '../../src/model/developers/webhook-rules';

const KEY = new TextEncoder().encode('k'.repeat(32));
const OTHER_KEY = new TextEncoder().encode('o'.repeat(32));
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function settings(practiceId: number, salt: string, signingKey = KEY): DeveloperSettingsRow {
  const key = deriveApiKey(signingKey, practiceId, salt);
  return {
    practice_id: practiceId,
    schema_name: 'riverside_abc123',
    api_key_salt: salt,
    api_key_hash: apiKeyHash(key),
    api_key_last_four: key.slice(-4),
    webhook_secret: newWebhookSecret(),
  };
}

/** Just enough of a database for the key checks: the rows, found by the hash the query passes, and the updates made. */
function fakeDb(rows: DeveloperSettingsRow[]): Queryable & { updates: unknown[][] } {
  const updates: unknown[][] = [];
  return {
    updates,
    query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (sql.startsWith('UPDATE')) {
        updates.push([...params]);
        return Promise.resolve([]);
      }
      return Promise.resolve(rows.filter((row) => row.api_key_hash === params[0]) as unknown as T[]);
    },
    exec: () => Promise.resolve(),
  };
}

describe('the API key (derived, never stored)', () => {
  it('is the prefix and HMAC-SHA256(signing key, "api-key:{practiceId}:{salt}") in base64url', () => {
    const key = deriveApiKey(KEY, 11, 'salt');
    const mac = createHmac('sha256', KEY).update('api-key:11:salt').digest('base64url');
    expect(key).toBe(`${API_KEY_PREFIX}${mac}`);
    expect(key.slice(API_KEY_PREFIX.length)).toMatch(BASE64URL);
    expect(key.length).toBe(API_KEY_PREFIX.length + 43);
  });

  it('is stable for one practice, salt and signing key, and differs when any of them does', () => {
    const key = deriveApiKey(KEY, 11, 'salt');
    expect(deriveApiKey(KEY, 11, 'salt')).toBe(key);
    expect(deriveApiKey(KEY, 12, 'salt')).not.toBe(key);
    expect(deriveApiKey(KEY, 11, 'other salt')).not.toBe(key);
    expect(deriveApiKey(OTHER_KEY, 11, 'salt')).not.toBe(key);
  });

  it('is stored as its SHA-256 in hex', () => {
    expect(apiKeyHash('pak_x')).toBe(createHash('sha256').update('pak_x').digest('hex'));
  });

  it('verifies to its practice, and no other key does', async () => {
    const rows = [settings(11, 'salt-a'), settings(12, 'salt-b')];
    const db = fakeDb(rows);
    expect(await verifyApiKey(db, KEY, deriveApiKey(KEY, 11, 'salt-a'))).toBe(11);
    expect(await verifyApiKey(db, KEY, deriveApiKey(KEY, 12, 'salt-b'))).toBe(12);
    expect(await verifyApiKey(db, KEY, deriveApiKey(KEY, 11, 'salt-b'))).toBeNull();
    expect(await verifyApiKey(db, KEY, 'pak_guess')).toBeNull();
    expect(await verifyApiKey(db, KEY, rows[0]?.api_key_hash ?? '')).toBeNull();
  });

  it('no longer verifies once the signing key changed, even while its hash is still stored', async () => {
    const db = fakeDb([settings(11, 'salt-a')]);
    expect(await verifyApiKey(db, OTHER_KEY, deriveApiKey(KEY, 11, 'salt-a'))).toBeNull();
  });

  it('is derived again when shown, and the stored hash and last four catch up with a changed signing key', async () => {
    const row = settings(11, 'salt-a');
    const db = fakeDb([row]);
    expect(await apiKeyOf(db, KEY, row)).toBe(deriveApiKey(KEY, 11, 'salt-a'));
    expect(db.updates).toEqual([]);
    const rotated = deriveApiKey(OTHER_KEY, 11, 'salt-a');
    expect(await apiKeyOf(db, OTHER_KEY, row)).toBe(rotated);
    expect(db.updates).toEqual([[11, apiKeyHash(rotated), rotated.slice(-4)]]);
  });
});

describe('the webhook secret and the schema name (random)', () => {
  it('makes a webhook secret of whsec_ and 32 random bytes in base64url, different each time', () => {
    const secret = newWebhookSecret();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('answers the secret whole and masked but for its last 4 characters', () => {
    const { secret, maskedSecret } = secretAnswer({ webhook_secret: 'whsec_abcdefgh' });
    expect(secret).toBe('whsec_abcdefgh');
    expect(maskedSecret).toBe(`${MASK_CHAR.repeat(10)}efgh`);
  });

  it('makes a readable schema name of the practice name and a random suffix, a valid SQL identifier', () => {
    const name = newSchemaName('Riverside Family Medicine');
    expect(name).toMatch(/^riverside_family_medicine_[0-9a-f]{6}$/);
    expect(newSchemaName('Riverside Family Medicine')).not.toBe(name);
    expect(newSchemaName('Café Böhm & Söhne')).toMatch(/^cafe_bohm_sohne_[0-9a-f]{6}$/);
    expect(newSchemaName('24/7 Clinic')).toMatch(/^practice_24_7_clinic_[0-9a-f]{6}$/);
    expect(newSchemaName('A Very Long Practice Name That Goes On And On')).toMatch(/^a_very_long_practice_name_that_[0-9a-f]{6}$/);
    expect(newSchemaName('Supercalifragilisticexpialidocious Laboratories')).toMatch(/^supercalifragilisticexpialidocio_[0-9a-f]{6}$/);
    expect(newSchemaName('!!!')).toMatch(/^practice_[0-9a-f]{6}$/);
  });
});
