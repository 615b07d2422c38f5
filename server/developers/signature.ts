import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook delivery, computed the way a receiver checks it: HMAC-SHA256 with the practice's
 * webhook secret over `<t>.<raw body>`, where `t` is the Unix time in seconds the sender put in the header.
 * Signing the timestamp with the body lets a receiver refuse a replay of an old delivery.
 */

export const SIGNATURE_VERSION = 'v1';

/** The hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function signatureDigest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The `X-Portal-Signature` value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with one `v1` per
 * secret given, the current secret's first. While a rotated secret is in its overlap both sign, as Stripe does, so
 * a receiver that still knows only the old secret and one that already knows the new one both find a match.
 */
export function signPayload(secrets: string | readonly string[], body: string, timestamp: number): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  const signatures = all.map((secret) => `${SIGNATURE_VERSION}=${signatureDigest(secret, timestamp, body)}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

export interface SignatureHeader {
  readonly timestamp: number;
  /** Every `v1` value: a sender rotating its secret may send one per secret. */
  readonly signatures: readonly string[];
}

/** Reads `t=…,v1=…`; null when there is no whole-number timestamp or no v1 signature. Unknown keys are ignored. */
export function parseSignatureHeader(header: string): SignatureHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === SIGNATURE_VERSION && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * What a receiver does: true when `header` carries a v1 signature of `body` with `secret` and its timestamp is
 * within `toleranceSeconds` of `nowSeconds` (either way, for clocks that disagree a little). The comparison takes
 * the same time whatever the signature, so it leaks nothing about the expected value.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  toleranceSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = signatureDigest(secret, parsed.timestamp, body);
  return parsed.signatures.some((signature) => sameHex(expected, signature));
}
