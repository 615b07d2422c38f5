import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signPayload, verifySignature } from '../../server/developers/signature';

/** The webhook signature (issue 11, item 4) as a receiver checks it: `t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const BODY = '{"id":"7d0c0c4e-4a4b-4f52-9b7e-3f9d7e5b1a10","type":"KitStatusChanged","createdAt":"2026-03-02T09:00:00.000Z","data":{}}';
const T = 1_772_442_000;

describe('signPayload', () => {
  it('writes t and the hex HMAC-SHA256 of "<t>.<body>" with the secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signPayload(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('signs a different body, timestamp or secret differently', () => {
    const signed = signPayload(SECRET, BODY, T);
    expect(signPayload(SECRET, `${BODY} `, T)).not.toBe(signed);
    expect(signPayload(SECRET, BODY, T + 1)).not.toBe(signed);
    expect(signPayload(`${SECRET}x`, BODY, T)).not.toBe(signed);
  });
});

describe('verifySignature', () => {
  const header = signPayload(SECRET, BODY, T);

  it('accepts the body as sent, within the tolerance either way', () => {
    expect(verifySignature(SECRET, header, BODY, 300, T)).toBe(true);
    expect(verifySignature(SECRET, header, BODY, 300, T + 300)).toBe(true);
    expect(verifySignature(SECRET, header, BODY, 300, T - 300)).toBe(true);
  });

  it('refuses a changed body, another secret, or a timestamp outside the tolerance (a replay)', () => {
    expect(verifySignature(SECRET, header, BODY.replace('KitStatusChanged', 'ReportReady'), 300, T)).toBe(false);
    expect(verifySignature('another-secret', header, BODY, 300, T)).toBe(false);
    expect(verifySignature(SECRET, header, BODY, 300, T + 301)).toBe(false);
    // A timestamp moved forward with the old signature fails as well: the timestamp is signed.
    expect(verifySignature(SECRET, header.replace(`t=${T}`, `t=${T + 600}`), BODY, 300, T + 600)).toBe(false);
  });

  it.each(['', 'v1=abc', `t=${T}`, `t=soon,v1=${'0'.repeat(64)}`, `t=${T},v1=not-hex`, `t=${T},v1=${'0'.repeat(63)}`])(
    'refuses the malformed header %j',
    (malformed) => {
      expect(verifySignature(SECRET, malformed, BODY, 300, T)).toBe(false);
    },
  );

  it('accepts any of several v1 values and ignores unknown keys, so that a secret can be rotated', () => {
    const current = signPayload(SECRET, BODY, T).split(',')[1];
    expect(verifySignature(SECRET, `t=${T},v0=zz,v1=${'0'.repeat(64)},${current}`, BODY, 300, T)).toBe(true);
    expect(parseSignatureHeader(`t=${T}, v1=ab ,v1=cd`)).toEqual({ timestamp: T, signatures: ['ab', 'cd'] });
  });

  it('agrees with the README’s receiver example, also during a rotation’s overlap', () => {
    // The README's example, as a receiver without this repository would write it.
    function verify(secret: string, header: string, rawBody: string, now = Date.now() / 1000): boolean {
      const parts = header.split(',').map((part) => part.split('='));
      const t = Number(parts.find(([key]) => key === 't')?.[1]);
      if (!Number.isInteger(t) || Math.abs(now - t) > 300) return false;
      const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
      return parts
        .filter(([key]) => key === 'v1')
        .some(([, hex]) => {
          const given = Buffer.from(hex ?? '', 'hex');
          return given.length === expected.length && timingSafeEqual(given, expected);
        });
    }
    expect(verify(SECRET, header, BODY, T)).toBe(true);
    expect(verify(SECRET, header, `${BODY}x`, T)).toBe(false);
    expect(verifySignature(SECRET, header, BODY, 300, T)).toBe(verify(SECRET, header, BODY, T));
    // Both secrets sign while a rotated one is in its overlap: a receiver holding either accepts, a third refuses.
    const overlap = signPayload(['new-secret', SECRET], BODY, T);
    expect(verify('new-secret', overlap, BODY, T)).toBe(true);
    expect(verify(SECRET, overlap, BODY, T)).toBe(true);
    expect(verify('another-secret', overlap, BODY, T)).toBe(false);
  });
});
