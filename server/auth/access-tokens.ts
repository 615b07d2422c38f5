import { errors, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import type { Token } from '../../src/model/auth/auth';
import { idNumber, IdSchema } from '../../src/model/id';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { newOpaqueToken } from './secrets';

/** What an access token proves: which account calls, at which practice, and how long its sign-in may last. */
export interface AccessClaims {
  readonly accountId: number;
  readonly practiceId: number;
  /** Carried so that a password change or refresh issues a refresh token of the same lifetime. */
  readonly rememberMe: boolean;
  /**
   * The person's token version when the token was issued (claim `ver`): a password change raises the stored one, and
   * requireAuth refuses every token that names another.
   */
  readonly tokenVersion: number;
}

const ALGORITHM = 'HS256';
const SECRET_SETTING = 'token_secret';

/**
 * Generates the signing secret unless one is stored already. main.ts calls it at start, so that no
 * request ever writes it; the key loader below still creates it for a database prepared without it.
 */
export async function ensureSigningSecret(db: Queryable): Promise<void> {
  await db.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SECRET_SETTING,
    newOpaqueToken(),
  ]);
}

/** The signing key: TOKEN_SECRET when given, otherwise the stored one, so tokens survive a restart. */
export async function loadSigningKey(db: Queryable, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const read = () => db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [SECRET_SETTING]);
  let [row] = await read();
  if (!row) {
    await ensureSigningSecret(db);
    [row] = await read();
  }
  if (!row) throw new Error('The token signing secret could not be stored');
  return Buffer.from(row.value, 'base64url');
}

export class AccessTokens {
  /** Each signing key imported once: jose would import raw key bytes again for every token it signs or verifies. */
  private readonly imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();

  constructor(
    private readonly key: () => Promise<Uint8Array>,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  private async cryptoKey(): Promise<CryptoKey> {
    const raw = await this.key();
    let key = this.imported.get(raw);
    if (!key) {
      key = crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
      this.imported.set(raw, key);
    }
    return key;
  }

  async issue(claims: AccessClaims): Promise<Token> {
    const issuedAt = Math.floor(this.clock().getTime() / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({ practiceId: claims.practiceId, rememberMe: claims.rememberMe, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.accountId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.cryptoKey());
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The claims of a valid, unexpired token; `null` for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: [ALGORITHM],
        currentDate: this.clock(),
        requiredClaims: ['sub', 'exp'],
      });
      const { sub, practiceId, rememberMe, ver } = payload;
      // A token issued before ids were numbers names its account in text: it no longer identifies anyone.
      const accountId = v.is(IdSchema, sub) ? idNumber(sub) : null;
      if (accountId === null || typeof practiceId !== 'number' || !Number.isSafeInteger(practiceId)) return null;
      if (typeof rememberMe !== 'boolean') return null;
      // A token from before token versions cannot show that it was issued after the latest password change, so it is
      // refused like one that names an old version; the client trades its refresh token for a new pair, as on expiry.
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
      return { accountId, practiceId, rememberMe, tokenVersion: ver };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
