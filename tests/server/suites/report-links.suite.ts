import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KitSchema, type Kit } from '../../../src/model/kits/kit';
import { RenderStrategy } from '../../../src/model/kits/kit-status';
import { loadSigningKey } from '../../../server/auth/access-tokens';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { SIGNED_LINK_TTL_SECONDS, SignedLinks } from '../../../server/auth/signed-links';
import { SignedLinkText } from '../../../server/routes/kits/texts';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { findDiagnosticsFile } from '../../../server/store/kits/documents';
import { errorMessage, type TestServer } from '../support/harness';
import { open, OTHER_PRACTICE, OWNER, READY_KIT, reportLink, tokenFor } from './kits-fixtures.suite';

async function refusal(response: Response): Promise<string | undefined> {
  expect(response.status).toBe(403);
  return errorMessage(await response.json());
}

/** Changes one character at `index` of the text to another of the same kind (digit for digit, letter for letter). */
function changeAt(text: string, index: number): string {
  const old = text.charAt(index);
  const replacement = /\d/.test(old) ? String((Number(old) + 1) % 10) : old === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
}

function parts(link: string): { path: string; expires: string; signature: string } {
  const url = new URL(link, 'http://localhost');
  return { path: url.pathname, expires: url.searchParams.get('expires') ?? '', signature: url.searchParams.get('signature') ?? '' };
}

const join = ({ path, expires, signature }: { path: string; expires: string; signature: string }) =>
  `${path}?expires=${expires}&signature=${signature}`;

async function kitOf(server: TestServer, token: string, barcode: string): Promise<Kit> {
  const answer = await server.call('GET', `/Kits/${barcode}`, { token });
  expect(answer.status).toBe(200);
  return v.parse(KitSchema, answer.body);
}

/** The server's own signer, as a test's stand-in for a link it would never hand out. */
function serverLinks(server: TestServer): SignedLinks {
  return new SignedLinks(() => loadSigningKey(server.db, server.config.tokenSecret), server.clock.now);
}

export function reportLinksSuite(server: () => TestServer): void {
  describe('signed links (reports and diagnostics files)', () => {
    it(`answer for ${SIGNED_LINK_TTL_SECONDS} seconds and are refused as expired after`, async () => {
      const html = await reportLink(server());
      const pdf = await reportLink(server(), { renderStrategy: RenderStrategy.Pdf });
      server().clock.advance(SIGNED_LINK_TTL_SECONDS - 1);
      expect((await open(server(), html)).status).toBe(200);
      expect((await open(server(), pdf)).status).toBe(200);
      server().clock.advance(1);
      expect(await refusal(await open(server(), html))).toBe(SignedLinkText.expired);
      expect(await refusal(await open(server(), pdf))).toBe(SignedLinkText.expired);
    });

    it('are refused when one character of the signature, the path or the expiry is changed', async () => {
      const link = parts(await reportLink(server()));
      const altered = [
        ...[0, 10, 21, 42].map((i) => ({ ...link, signature: changeAt(link.signature, i) })),
        { ...link, path: link.path.replace(READY_KIT, 'KT-11-0002') },
        { ...link, path: link.path.replace(READY_KIT, 'KT-11-0001x') },
        { ...link, path: link.path.replace('/Documents/11/', '/Documents/12/') },
        { ...link, path: link.path.replace('/200/', '/500/') },
        { ...link, path: link.path.replace('/html', '/pdf') },
        { ...link, path: link.path.replace('/html', '/htm') },
        { ...link, expires: changeAt(link.expires, link.expires.length - 1) },
        { ...link, expires: String(Number(link.expires) + 3600) },
        { ...link, signature: `${link.signature}A` },
        { ...link, signature: '' },
      ];
      for (const candidate of altered) {
        expect(await refusal(await open(server(), join(candidate))), join(candidate)).toBe(SignedLinkText.altered);
      }
      expect(await refusal(await open(server(), link.path))).toBe(SignedLinkText.altered);
      expect((await open(server(), join(link))).status).toBe(200);
    });

    it('cannot be turned into a link to another practice’s kit', async () => {
      // Lakeside's own link, with its signature carried over to Riverside's kit and back.
      const kit = await kitOf(server(), await tokenFor(server(), OTHER_PRACTICE), `KT-${PRACTICE_IDS.lakeside}-0001`);
      const theirs = parts(await reportLink(server(), { kitId: kit.barcode, reportType: kit.reports[0]?.type }, OTHER_PRACTICE));
      expect((await open(server(), join(theirs))).status).toBe(200);
      const ours = parts(await reportLink(server()));
      expect(await refusal(await open(server(), join({ ...theirs, path: ours.path })))).toBe(SignedLinkText.altered);
      expect(await refusal(await open(server(), join({ ...ours, path: theirs.path })))).toBe(SignedLinkText.altered);
    });

    it('serve only the practice the signed path names: a well-signed path to another practice’s kit finds nothing', async () => {
      const sign = await serverLinks(server()).signer();
      const response = await open(server(), sign(`/portalApi/Reports/Documents/${PRACTICE_IDS.lakeside}/${READY_KIT}/200/html`));
      expect(response.status).toBe(404);
      expect(errorMessage(await response.json())).toBe(NOT_FOUND_MESSAGE);
    });

    it('download a diagnostics file with its bytes, its name and its type, as an attachment', async () => {
      const kit = await kitOf(server(), await tokenFor(server(), OWNER), READY_KIT);
      expect(kit.diagnostics.map((file) => file.fileName)).toEqual([`${READY_KIT}_qc_metrics.csv`, `${READY_KIT}_sample_sheet.txt`]);
      for (const file of kit.diagnostics) {
        const url = new URL(file.fileUrl ?? '');
        expect(url.pathname).toBe(`/portalApi/Diagnostics/Files/11/${file.id}`);
        const response = await open(server(), `${url.pathname}${url.search}`);
        expect(response.status).toBe(200);
        const [stored] = await server().db.query<{ bytes: Uint8Array; content_type: string }>(
          'SELECT bytes, content_type FROM kit_diagnostics WHERE id = $1',
          [file.id],
        );
        expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(stored?.bytes ?? []));
        expect(response.headers.get('Content-Type')).toBe(stored?.content_type);
        expect(response.headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="${file.fileName}"`));
        expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      }
      const csv = await open(
        server(),
        new URL(kit.diagnostics[0]?.fileUrl ?? '').pathname + new URL(kit.diagnostics[0]?.fileUrl ?? '').search,
      );
      expect((await csv.text()).split('\n')[0]).toBe('metric,value,threshold,passed');
    });

    it('refuse a diagnostics link once expired or altered, and never serve another practice’s file', async () => {
      const kit = await kitOf(server(), await tokenFor(server(), OWNER), READY_KIT);
      const link = parts(kit.diagnostics[0]?.fileUrl ?? '');
      const other = kit.diagnostics[1]?.id ?? 0;
      expect(await refusal(await open(server(), join({ ...link, path: link.path.replace(/\d+$/, String(other)) })))).toBe(
        SignedLinkText.altered,
      );
      expect(await refusal(await open(server(), join({ ...link, signature: changeAt(link.signature, 5) })))).toBe(SignedLinkText.altered);
      expect(await refusal(await open(server(), '/portalApi/Diagnostics/Files/11/x?expires=1&signature=a'))).toBe(SignedLinkText.altered);

      const theirs = await kitOf(server(), await tokenFor(server(), OTHER_PRACTICE), `KT-${PRACTICE_IDS.lakeside}-0001`);
      const theirFile = Number(theirs.diagnostics[0]?.id ?? 0);
      expect(kit.diagnostics.map((file) => file.id)).not.toContain(theirFile);
      expect(await findDiagnosticsFile(server().db, PRACTICE_IDS.riverside, theirFile)).toBeNull();
      const sign = await serverLinks(server()).signer();
      expect((await open(server(), sign(`/portalApi/Diagnostics/Files/${PRACTICE_IDS.riverside}/${theirFile}`))).status).toBe(404);

      server().clock.advance(SIGNED_LINK_TTL_SECONDS);
      expect(await refusal(await open(server(), join(link)))).toBe(SignedLinkText.expired);
    });
  });
}
