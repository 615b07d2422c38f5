import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

/**
 * Signed, expiring links (issue 10: reports and diagnostics files open in a new tab, which cannot send the
 * bearer token, so the link itself is the authority; issue 39: the unsubscribe link of a notification e-mail). A link is its path plus `expires` (Unix seconds) and
 * `signature`: HMAC-SHA256 over the path and the expiry. Any change to the path, the expiry or the signature
 * makes it refused, and so does the passing of its expiry.
 *
 * The key is derived from the access tokens' signing key (TOKEN_SECRET, or the secret kept in the database)
 * with HMAC under a label of its own, so there is no second secret to keep, and a link's MAC can never stand
 * in for a token's signature or the other way round. Changing the signing key voids every open link too,
 * which costs nothing: report links live minutes, and an unsubscribe link's owner can still switch notifications off
 * in the portal.
 */

/** How long a link answers after it is made: long enough to open it, short enough that a leaked link soon dies. */
export const SIGNED_LINK_TTL_SECONDS = 300;

const KEY_LABEL = 'portalApi signed links v1';
const EXPIRES = /^\d{1,12}$/;
/** 32 bytes in base64url without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export type LinkCheck = 'valid' | 'expired' | 'altered';

/** Makes a path into a signed link, with the expiry counted from the moment the signer was made. */
export type Signer = (path: string) => string;

function mac(key: Uint8Array, path: string, expires: string): Buffer {
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest();
}

export class SignedLinks {
  private key: Promise<Uint8Array> | undefined;

  constructor(
    private readonly signingKey: () => Promise<Uint8Array>,
    private readonly clock: Clock,
    private readonly ttlSeconds = SIGNED_LINK_TTL_SECONDS,
  ) {}

  private linkKey(): Promise<Uint8Array> {
    // A failed load is not kept, so the next request tries again instead of failing forever.
    this.key ??= this.signingKey().then(
      (signing) => createHmac('sha256', signing).update(KEY_LABEL).digest(),
      (error: unknown) => {
        this.key = undefined;
        throw error;
      },
    );
    return this.key;
  }

  /** A signer for the links of one answer: every link it makes expires at the same time. */
  async signer(): Promise<Signer> {
    const key = await this.linkKey();
    const expires = String(Math.floor(this.clock().getTime() / 1000) + this.ttlSeconds);
    return (path) => `${path}?expires=${expires}&signature=${mac(key, path, expires).toString('base64url')}`;
  }

  /** Whether the link made of this path, expiry and signature is one this server signed, and still answers. */
  async check(path: string, expires: string | undefined, signature: string | undefined): Promise<LinkCheck> {
    if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return 'altered';
    // Compared as text: decoding would ignore the last character's spare bits, so two spellings would pass.
    const expected = Buffer.from(mac(await this.linkKey(), path, expires).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'altered';
    return Number(expires) > this.clock().getTime() / 1000 ? 'valid' : 'expired';
  }
}
