import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PracticeSchema, type Practice } from '../../../src/model/practice/practice';
import { CLEAR_LOGO_VALUE, LOGO_MAX_BYTES, WHITE_LABEL_FIELD } from '../../../src/model/practice/white-label';
import { WhiteLabelRuleText, WhiteLabelServerText } from '../../../src/model/practice/white-label-texts';
import { MISSING_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { gifBytes, jpegBytes, oversizedPng, pdfBytes, pngImage, textBytes } from '../../support/fixtures/white-label-images';
import { errorMessage, snapshot, type Answer, type TestServer } from '../support/harness';

/** Riverside and Lakeside are healthcare practices; Northgate is a sample-processing (CPS) institution. */
const OWNER = 'hcp.checkout';
const OTHER_PRACTICE = 'hcp.net30';
const NOT_HCP = 'cps.user';
const UNKNOWN_UNIT = 'unknown.unit';

const LOGO_URL = /^\/portalApi\/Practices\/WhiteLabel\/Logos\/[\w-]{32}$/;

async function tokenOf(server: TestServer, username: string): Promise<string> {
  return (await server.signIn(username)).accessToken.token;
}

/** PATCH /Practices/WhiteLabel with the multipart field `whiteLabel` holding a file, or the text `null`. */
async function patchLogo(
  server: TestServer,
  token: string | null,
  value: { bytes: Uint8Array; name: string; type: string } | typeof CLEAR_LOGO_VALUE,
): Promise<Answer> {
  const form = new FormData();
  if (typeof value === 'string') form.append(WHITE_LABEL_FIELD, value);
  else form.append(WHITE_LABEL_FIELD, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
  const response = await server.app.request('/portalApi/Practices/WhiteLabel', {
    method: 'PATCH',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

async function practiceOf(server: TestServer, token: string): Promise<Practice> {
  const answer = await server.call('GET', '/Practices', { token });
  expect(answer.status).toBe(200);
  return v.parse(PracticeSchema, answer.body);
}

function logoUrlOf(answer: Answer): string {
  expect(answer.status).toBe(200);
  const url = v.parse(PracticeSchema, answer.body).whiteLabel?.logoUrl;
  expect(url).toMatch(LOGO_URL);
  return url ?? '';
}

/** The logo as an <img> loads it: no Authorization header. */
async function fetchLogo(server: TestServer, url: string): Promise<Response> {
  return server.app.request(url);
}

const png = (name = 'logo.png') => ({ bytes: pngImage(4, 3), name, type: 'image/png' });

/** PATCH /Practices/WhiteLabel and the logo it serves (ordering §2, §4, §5, §6, §7; issue 9 item 8). */
export function whiteLabelSuite(server: () => TestServer) {
  describe('white-label logo', () => {
    it('a PNG is stored, named by GET /Practices, and served byte-identical as image/png, nosniff and cached', async () => {
      const token = await tokenOf(server(), OWNER);
      const file = png();
      const url = logoUrlOf(await patchLogo(server(), token, file));
      expect((await practiceOf(server(), token)).whiteLabel?.logoUrl).toBe(url);

      const served = await fetchLogo(server(), url);
      expect(served.status).toBe(200);
      expect(served.headers.get('Content-Type')).toBe('image/png');
      expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(served.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
      expect(Buffer.from(await served.arrayBuffer()).equals(file.bytes)).toBe(true);
    });

    it('a JPEG is served as image/jpeg, its type read from its bytes whatever its name and declared type say', async () => {
      const token = await tokenOf(server(), OWNER);
      const bytes = jpegBytes();
      const url = logoUrlOf(await patchLogo(server(), token, { bytes, name: 'logo.png', type: 'image/png' }));
      const served = await fetchLogo(server(), url);
      expect(served.headers.get('Content-Type')).toBe('image/jpeg');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('every upload gets a new unguessable address, and the old one no longer answers', async () => {
      const token = await tokenOf(server(), OWNER);
      const first = logoUrlOf(await patchLogo(server(), token, png()));
      const second = logoUrlOf(await patchLogo(server(), token, { bytes: jpegBytes(), name: 'logo.jpg', type: 'image/jpeg' }));
      expect(second).not.toBe(first);
      expect((await fetchLogo(server(), first)).status).toBe(404);
      expect((await fetchLogo(server(), second)).status).toBe(200);
    });

    it.each([
      ['a GIF', gifBytes()],
      ['a text file', textBytes()],
      ['a PDF', pdfBytes()],
    ])('%s named logo.png is refused with "Only JPG and PNG files are supported." and nothing is stored', async (_, bytes) => {
      const token = await tokenOf(server(), OWNER);
      const before = await snapshot(server().db);
      const answer = await patchLogo(server(), token, { bytes, name: 'logo.png', type: 'image/png' });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(WhiteLabelRuleText.notImage);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('a file over 2 MB is refused with the 2MB text and nothing is stored; exactly 2 MB is accepted', async () => {
      const token = await tokenOf(server(), OWNER);
      const before = await snapshot(server().db);
      for (const size of [LOGO_MAX_BYTES + 1, 3 * LOGO_MAX_BYTES]) {
        const answer = await patchLogo(server(), token, { bytes: oversizedPng(size), name: 'logo.png', type: 'image/png' });
        expect(answer.status).toBe(400);
        expect(errorMessage(answer.body)).toBe(WhiteLabelRuleText.tooLarge);
      }
      expect(await snapshot(server().db)).toBe(before);

      const largest = oversizedPng(LOGO_MAX_BYTES);
      const url = logoUrlOf(await patchLogo(server(), token, { bytes: largest, name: 'logo.png', type: 'image/png' }));
      expect((await (await fetchLogo(server(), url)).arrayBuffer()).byteLength).toBe(LOGO_MAX_BYTES);
    });

    it('an empty file, a missing field or a JSON body is a 400 that names the field, and nothing is stored', async () => {
      const token = await tokenOf(server(), OWNER);
      const before = await snapshot(server().db);
      const empty = await patchLogo(server(), token, { bytes: new Uint8Array(), name: 'logo.png', type: 'image/png' });
      expect(empty.status).toBe(400);
      expect(errorMessage(empty.body)).toBe(WhiteLabelServerText.emptyFile);
      const json = await server().call('PATCH', '/Practices/WhiteLabel', { token, body: { whiteLabel: null } });
      expect(json.status).toBe(400);
      expect(errorMessage(json.body)).toBe(WhiteLabelServerText.missingField);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('the text null clears the logo: GET /Practices names none and the old address answers 404', async () => {
      const token = await tokenOf(server(), OWNER);
      const url = logoUrlOf(await patchLogo(server(), token, png()));
      const cleared = await patchLogo(server(), token, CLEAR_LOGO_VALUE);
      expect(cleared.status).toBe(200);
      expect(v.parse(PracticeSchema, cleared.body).whiteLabel?.logoUrl ?? null).toBeNull();
      expect((await practiceOf(server(), token)).whiteLabel?.logoUrl ?? null).toBeNull();
      const gone = await fetchLogo(server(), url);
      expect(gone.status).toBe(404);
      expect(errorMessage(await gone.json())).toBe(NOT_FOUND_MESSAGE);
    });

    it('another practice neither sees the logo nor changes it', async () => {
      const owner = await tokenOf(server(), OWNER);
      const url = logoUrlOf(await patchLogo(server(), owner, png()));
      const other = await tokenOf(server(), OTHER_PRACTICE);
      expect((await practiceOf(server(), other)).whiteLabel?.logoUrl ?? null).toBeNull();
      expect((await patchLogo(server(), other, CLEAR_LOGO_VALUE)).status).toBe(200);
      const theirs = logoUrlOf(await patchLogo(server(), other, { bytes: jpegBytes(), name: 'logo.jpg', type: 'image/jpeg' }));
      expect(theirs).not.toBe(url);
      expect((await practiceOf(server(), owner)).whiteLabel?.logoUrl).toBe(url);
      expect((await fetchLogo(server(), url)).headers.get('Content-Type')).toBe('image/png');
    });

    it('a practice that is not a healthcare practice is refused with 403 and its message, and nothing is stored', async () => {
      const token = await tokenOf(server(), NOT_HCP);
      const before = await snapshot(server().db);
      const answer = await patchLogo(server(), token, png());
      expect(answer.status).toBe(403);
      expect(errorMessage(answer.body)).toBe(WhiteLabelServerText.notHealthcarePractice);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('a practice of Unknown unit type, treated as a healthcare practice (ordering §6), may set its logo', async () => {
      const token = await tokenOf(server(), UNKNOWN_UNIT);
      logoUrlOf(await patchLogo(server(), token, png()));
    });

    it('without a token the change is a 401, and an unknown logo address a 404', async () => {
      const answer = await patchLogo(server(), null, png());
      expect(answer.status).toBe(401);
      expect(errorMessage(answer.body)).toBe(MISSING_TOKEN_MESSAGE);
      expect((await fetchLogo(server(), '/portalApi/Practices/WhiteLabel/Logos/not-a-real-token')).status).toBe(404);
    });
  });
}
