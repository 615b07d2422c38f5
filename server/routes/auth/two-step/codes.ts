import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isAuthenticatorCode, normalisedCode, RECOVERY_CODE_COUNT } from '../../../../src/model/auth/two-step';
import { digest } from '../../../auth/secrets';
import type { Queryable } from '../../../db/database';

/**
 * The codes of two-step sign-in (issue 44 item 2): RFC 6238 time-based codes through the `otpauth` library, the key
 * that encrypts each person's secret at rest, and the one-time recovery codes.
 */

/** The name an authenticator app shows above the account's codes. */
export const TWO_STEP_ISSUER = 'Diagnostics Portal';
/** One step of clock drift either way: a phone a little fast or slow, or a code typed as it changed. */
export const TWO_STEP_WINDOW = 1;
const PERIOD_SECONDS = 30;
/** 160 bits, the key length RFC 4226 recommends. */
const SECRET_BYTES = 20;

export function newTwoStepSecret(): string {
  return new Secret({ buffer: new Uint8Array(randomBytes(SECRET_BYTES)).buffer }).base32;
}

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: TWO_STEP_ISSUER, label, secret: Secret.fromBase32(secretBase32), period: PERIOD_SECONDS });
}

/** The URI the QR code carries: the issuer, the person's username and the key. */
export function enrolmentUri(secretBase32: string, username: string): string {
  return totp(secretBase32, username).toString();
}

/** The key in groups of four, as a person types it into an app by hand (apps ignore the spaces). */
export function manualKey(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The time step a code was made for, when it is one of the steps within the drift window around `now`; null
 * otherwise. The caller accepts it only when it is later than the last step accepted, so each code works once.
 */
export function acceptedStep(secretBase32: string, code: string, now: Date): number | null {
  const token = normalisedCode(code);
  if (!isAuthenticatorCode(token)) return null;
  const generator = totp(secretBase32);
  const delta = generator.validate({ token, timestamp: now.getTime(), window: TWO_STEP_WINDOW });
  if (delta === null) return null;
  return generator.counter({ timestamp: now.getTime() }) + delta;
}

// Recovery codes: 10 characters of an alphabet without look-alikes (0/o, 1/l/i), shown as two groups of five.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

function recoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH);
  // 256 is not a multiple of the alphabet's 31 letters; the tiny bias left gives away nothing worth guessing.
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

/** What is stored of a recovery code: its digest, however it was typed. */
export function recoveryDigest(code: string): string {
  return digest(normalisedCode(code));
}

// The secret at rest: AES-256-GCM under TWO_STEP_KEY (or the key the server generated and keeps), a fresh 96-bit
// nonce each time, and the person's id as associated data, so a ciphertext copied to another person's row fails.
const CIPHER = 'aes-256-gcm';
const FORMAT = 'v1';

export function encryptSecret(key: Uint8Array, personId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(personId));
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(key: Uint8Array, personId: string, stored: string): string {
  const [format, iv, tag, body] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || !body) throw new Error('A two-step secret is stored in an unknown form');
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(personId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const KEY_SETTING = 'two_step_key';
export const TWO_STEP_KEY_BYTES = 32;

/**
 * The encryption key: TWO_STEP_KEY when given (a deployment should give it, so that the key is not in the database
 * beside what it protects); otherwise one generated once and kept in server_settings, as the token signing secret
 * is when TOKEN_SECRET is absent, so that secrets survive a restart.
 */
export async function loadTwoStepKey(db: Queryable, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return Buffer.from(configured, 'base64');
  const read = () => db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [KEY_SETTING]);
  let [row] = await read();
  if (!row) {
    await db.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      KEY_SETTING,
      randomBytes(TWO_STEP_KEY_BYTES).toString('base64'),
    ]);
    [row] = await read();
  }
  if (!row) throw new Error('The two-step key could not be stored');
  return Buffer.from(row.value, 'base64');
}

const loaded = new WeakMap<object, Promise<Uint8Array>>();

/** The key, read once per database (a failed read is tried again on the next call). */
export function twoStepKeyOf(db: Queryable, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'base64'));
  let key = loaded.get(db);
  if (!key) {
    key = loadTwoStepKey(db, undefined).catch((error: unknown) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, key);
  }
  return key;
}
