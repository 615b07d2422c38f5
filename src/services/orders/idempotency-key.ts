/**
 * The Idempotency-Key of an order (the cart's checkout key) and of a manifest upload, in a module of its own: the
 * cart's storage is code of the catalogue, which the manifest upload and the sign-in page must not carry along.
 */

/** The part of the Web Crypto API a checkout key needs. */
export interface RandomSource {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  randomUUID?: () => string;
}

/**
 * A fresh checkout key: one per cart content, sent as the order's Idempotency-Key. randomUUID needs a
 * secure context; a page served over plain HTTP still gets a random version 4 UUID from getRandomValues.
 */
export function newCheckoutKey(random: RandomSource = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
