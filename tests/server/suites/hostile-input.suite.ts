import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BadBytesText } from '../../../server/http/bad-bytes';
import { BodyLimitText, JSON_BODY_MAX_BYTES } from '../../../server/http/body-limit';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { errorMessage, snapshot, type TestServer } from '../support/harness';
import { OWNER, tokenFor } from './kits-fixtures.suite';

/**
 * Issue 37 items 1, 6 and 8 at the API: a body past its limit is a 413 before anyone is signed in, a control
 * character anywhere in a request is a 400 naming where, and no private answer may be cached.
 */

const CorrelatedError = v.object({ error: v.object({ message: v.string() }), correlationId: v.pipe(v.string(), v.minLength(8)) });

export function hostileInputSuite(server: () => TestServer): void {
  describe('body size limit', () => {
    it('refuses a 2 MB sign-in body with 413 and the message, before reading or checking anything', async () => {
      const padding = 'x'.repeat(2 * 1024 * 1024);
      const answer = await server().call('POST', '/Auth', {
        body: { username: OWNER, password: DEMO_PASSWORD, rememberMe: false, padding },
      });
      expect(answer.status).toBe(413);
      expect(v.parse(CorrelatedError, answer.body).error.message).toBe(BodyLimitText.tooLarge);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
    });

    it('refuses a body that says nothing of its length, as soon as it has passed the limit', async () => {
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      // 60 MB if read to the end; the limit stops reading a little past 1 MB.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 60 * 1024 * 1024) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const response = await server().app.request('/portalApi/Auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(errorMessage(await response.json())).toBe(BodyLimitText.tooLarge);
      expect(sent).toBeLessThan(JSON_BODY_MAX_BYTES + 4 * chunk.length);
    });

    it('refuses a 1 MB practice name of a signed-in account with 413 and stores nothing', async () => {
      const token = await tokenFor(server(), OWNER);
      const before = await snapshot(server().db);
      const answer = await server().call('PUT', '/Practices', { token, body: { name: 'N'.repeat(JSON_BODY_MAX_BYTES + 1) } });
      expect(answer.status).toBe(413);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('still takes a body just under the limit to its route, which judges it', async () => {
      const answer = await server().call('POST', '/Auth', {
        body: { username: OWNER, password: DEMO_PASSWORD, rememberMe: false, note: 'x'.repeat(JSON_BODY_MAX_BYTES - 200) },
      });
      expect(answer.status).not.toBe(413);
    });
  });

  describe('control characters are bad input', () => {
    it.each([
      ['a path', '/Kits/KT-11-0001%00', BadBytesText.path],
      ['a path, as another control character', '/Orders/12%0A34', BadBytesText.path],
      ['a search', '/Kits?searchQuery=KT%00', BadBytesText.parameter('searchQuery')],
      ['a filter value', '/Kits?filter_barcode_contains=KT%00', BadBytesText.parameter('filter_barcode_contains')],
      ['a parameter name', '/Kits?bad%00name=1', BadBytesText.parameter('A query parameter')],
      ['a malformed escape', '/Kits/%E0%A4%A', BadBytesText.malformedPath],
    ])('%s holding %s answers 400 naming it', async (_where, path, message) => {
      const answer = await server().call('GET', path, { token: await tokenFor(server(), OWNER) });
      expect(answer.status, path).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
    });

    it('a body field holding NUL answers 400 naming the field, and nothing is stored', async () => {
      const token = await tokenFor(server(), OWNER);
      const before = await snapshot(server().db);
      const answer = await server().call('PUT', '/Users/Me', {
        token,
        raw: JSON.stringify({ firstName: 'Ava\u0000', lastName: 'Morgan', phone: '(916) 555-0101' }),
      });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(/^firstName: /);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('a NUL before sign-in (the username) is a 400, not a 500', async () => {
      const answer = await server().call('POST', '/Auth', { raw: '{"username":"hcp.\\u0000checkout","password":"x","rememberMe":false}' });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(/^username: /);
    });
  });

  describe('no caching of private answers', () => {
    it('every signed-in answer, the sign-in answer and a refusal carry Cache-Control: no-store', async () => {
      const signIn = await server().call('POST', '/Auth', { body: { username: OWNER, password: DEMO_PASSWORD, rememberMe: false } });
      expect(signIn.headers.get('Cache-Control')).toBe('no-store');
      const token = await tokenFor(server(), OWNER);
      for (const path of ['/Users/Me', '/Practices', '/Kits', '/Patients?page=1', '/Webhooks/Secret', '/Webhooks/TokenSchema']) {
        const answer = await server().call('GET', path, { token });
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('Cache-Control'), path).toBe('no-store');
      }
      const patient = await tokenFor(server(), 'patient');
      const mine = await server().call('GET', '/Patients/Me', { token: patient });
      expect(mine.headers.get('Cache-Control')).toBe('no-store');
      const refused = await server().call('GET', '/Users/Me');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('Cache-Control')).toBe('no-store');
    });

    it('the public contract document may be kept, asking again before use', async () => {
      const answer = await server().call('GET', '/openapi.json');
      expect(answer.headers.get('Cache-Control')).toBe('no-cache');
    });
  });
}
