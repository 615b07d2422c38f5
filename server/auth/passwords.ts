import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are kept as `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the cost can be
 * raised later without breaking the hashes already stored.
 */

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/** scrypt's cost parameters, stored with each hash. */
export interface PasswordCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export const PASSWORD_COST: PasswordCost = { N: 16_384, r: 8, p: 1 };

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a hash nobody owns, so that an unknown username costs as much time as
 * a wrong password and the answer's timing does not tell which one it was.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(SALT_BYTES).toString('base64url'));
  await verifyPassword(password, await decoy);
}
