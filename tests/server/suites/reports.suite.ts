import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ReportAnswerSchema } from '../../../src/model/kits/kit';
import { KitStatus, RenderDetails, RenderStrategy, ReportType } from '../../../src/model/kits/kit-status';
import { WHITE_LABEL_FIELD } from '../../../src/model/practice/white-label';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { ReportRefusalText } from '../../../server/routes/kits/texts';
import { changeKitStatus } from '../../../server/store/kits/kit-status';
import { NOTICE_LINKS } from '../support/webhook-fixtures';
import { jpegBytes, pngImage } from '../../support/fixtures/white-label-images';
import { errorMessage, type TestServer } from '../support/harness';
import { generate, linkOf, open, OTHER_PRACTICE, OWNER, READY_KIT, reportLink, reportRequest, tokenFor } from './kits-fixtures.suite';
import { reportLinksSuite } from './report-links.suite';

async function uploadLogo(server: TestServer, token: string, bytes: Uint8Array, name: string, type: string): Promise<void> {
  const form = new FormData();
  form.append(WHITE_LABEL_FIELD, new File([new Uint8Array(bytes)], name, { type }));
  const response = await server.app.request('/portalApi/Practices/WhiteLabel', {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

/** A JPEG's start up to its frame header (4 × 3, three components): what a PDF writer reads of it. */
function jpegWithFrame(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x04, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff,
    0xd9,
  ]);
}

/** The filters of the images the PDF's first page draws (FlateDecode for a PNG, DCTDecode for a JPEG). */
function imageFilters(pdf: PDFDocument): string[] {
  const xobjects = pdf.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .values()
    .map((ref) => pdf.context.lookup(ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => String(stream.dict.get(PDFName.of('Filter'))));
}

async function pdfOf(response: Response): Promise<PDFDocument> {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** Riverside's kits whose reports are being generated (kit 8 of the round) and whose sample is rerun in the lab (kit 24). */
const ISSUED_LATER = 'KT-11-0008';
const ISSUED_LAST = 'KT-11-0024';

/**
 * The lab reaches Result Ready for the kit now: its product's reports are issued, with the practice's logo of this
 * moment. Answers the request for the first of them.
 */
async function issue(server: TestServer, barcode: string): Promise<Record<string, unknown>> {
  const change = await changeKitStatus(server.db, {
    links: NOTICE_LINKS,
    barcode,
    status: KitStatus.ResultReady,
    date: server.clock.now(),
  });
  expect(change?.changed).toBe(true);
  const [report] = await server.db.query<{ type: number }>(
    'SELECT r.type FROM kit_reports r JOIN kits k ON k.id = r.kit_id WHERE k.barcode = $1 AND r.results IS NOT NULL ORDER BY r.type LIMIT 1',
    [barcode],
  );
  expect(report).toBeDefined();
  return reportRequest({ kitId: barcode, reportType: report?.type });
}

async function clearLogo(server: TestServer, token: string): Promise<void> {
  const form = new FormData();
  form.append(WHITE_LABEL_FIELD, 'null');
  const response = await server.app.request('/portalApi/Practices/WhiteLabel', {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

export function reportsSuite(server: () => TestServer): void {
  describe('POST /Reports/ and the report documents', () => {
    it('answers a link to the HTML report, which opens without a token, shows the kit and runs no script', async () => {
      const link = await reportLink(server());
      // Issue 44: `by` names the account the link was issued to, signed in `bySignature`, for the activity trail.
      expect(link).toMatch(
        /^\/portalApi\/Reports\/Documents\/11\/KT-11-0001\/200\/html\?expires=\d+&signature=[\w-]{43}&by=\d+&bySignature=[\w-]{43}$/,
      );
      const response = await open(server(), link);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src|unsafe-eval/);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toContain('no-store');
      const html = await response.text();
      const [registrant] = await server().db.query<{ name: string }>(
        `SELECT pt.first_name || ' ' || pt.last_name AS name FROM kits k JOIN patients pt ON pt.id = k.patient_id WHERE k.barcode = $1`,
        [READY_KIT],
      );
      for (const shown of [READY_KIT, 'TruAge', 'Biological Age and Health Combo', registrant?.name ?? '?', 'Riverside Family Medicine']) {
        expect(html).toContain(shown);
      }
      expect(html).toMatch(/Report date<\/dt><dd>[A-Z][a-z]+ \d{1,2}, 2026</);
      expect(html).not.toMatch(/<script|<img/i);
    });

    it('answers a PDF that pdf-lib reads back: letter pages, titled with the report and the barcode', async () => {
      const pdf = await pdfOf(await open(server(), await reportLink(server(), { renderStrategy: RenderStrategy.Pdf })));
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
      expect(pdf.getTitle()).toContain(READY_KIT);
      expect(pdf.getTitle()).toContain('TruAge');
      expect(pdf.getSubject()).toBe(READY_KIT);
      expect(imageFilters(pdf)).toEqual([]);
    });

    it('carries the white-label logo a report was issued with: in the page and in the PDF', async () => {
      const token = await tokenFor(server(), OWNER);
      const png = pngImage(40, 20);
      await uploadLogo(server(), token, png, 'logo.png', 'image/png');
      const request = await issue(server(), ISSUED_LATER);
      const html = await (await open(server(), linkOf(await generate(server(), token, request)))).text();
      expect(html).toContain(`<img src="data:image/png;base64,${png.toString('base64')}" alt="Riverside Family Medicine logo">`);
      const pdf = await pdfOf(await open(server(), linkOf(await generate(server(), token, { ...request, renderStrategy: 20 }))));
      expect(imageFilters(pdf)).toEqual(['/FlateDecode']);
    });

    it('keeps the logo it was issued with: a logo changed later reaches only the reports issued after it', async () => {
      const token = await tokenFor(server(), OWNER);
      const first = pngImage(40, 20);
      await uploadLogo(server(), token, first, 'first.png', 'image/png');
      const later = await issue(server(), ISSUED_LATER);
      await uploadLogo(server(), token, jpegWithFrame(), 'second.jpg', 'image/jpeg');
      const last = await issue(server(), ISSUED_LAST);
      const ready = reportRequest();
      const html = async (request: Record<string, unknown>) =>
        (await open(server(), linkOf(await generate(server(), token, request)))).text();
      const pdf = async (request: Record<string, unknown>) =>
        pdfOf(await open(server(), linkOf(await generate(server(), token, { ...request, renderStrategy: 20 }))));
      // Issued before any logo: none, whatever the practice has now.
      expect(await html(ready)).not.toContain('<img');
      expect(imageFilters(await pdf(ready))).toEqual([]);
      // Issued with the first logo: still the first.
      expect(await html(later)).toContain(`data:image/png;base64,${first.toString('base64')}`);
      expect(imageFilters(await pdf(later))).toEqual(['/FlateDecode']);
      // Issued after the change: the new one.
      expect(await html(last)).toContain(`data:image/jpeg;base64,${jpegWithFrame().toString('base64')}`);
      expect(imageFilters(await pdf(last))).toEqual(['/DCTDecode']);
      // Clearing the logo changes no issued report either.
      await clearLogo(server(), token);
      expect(await html(last)).toContain('data:image/jpeg;base64,');
    });

    it('still answers the PDF, without the logo, when the stored logo cannot be read; the log says why', async () => {
      const token = await tokenFor(server(), OWNER);
      await uploadLogo(server(), token, jpegBytes(), 'broken.jpg', 'image/jpeg');
      const request = await issue(server(), ISSUED_LATER);
      const pdf = await pdfOf(await open(server(), linkOf(await generate(server(), token, { ...request, renderStrategy: 20 }))));
      expect(imageFilters(pdf)).toEqual([]);
      expect(server().logger.entries.some((entry) => entry.level === 'error' && entry.message.includes('logo'))).toBe(true);
    });

    it('escapes whatever the stored names hold, and writes a PDF for names its fonts cannot show', async () => {
      await server().db.query(
        `UPDATE patients SET first_name = $1, last_name = $2 WHERE id = (SELECT patient_id FROM kits WHERE barcode = $3)`,
        ['<script>alert(1)</script>', '漢字 Zoë "&" O\'Neill', READY_KIT],
      );
      const html = await (await open(server(), await reportLink(server()))).text();
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 漢字 Zoë &quot;&amp;&quot; O&#39;Neill');
      await pdfOf(await open(server(), await reportLink(server(), { renderStrategy: RenderStrategy.Pdf })));
    });

    it('takes the kit’s uid as kitId too, and links to the kit by its barcode', async () => {
      expect(await reportLink(server(), { kitId: 'seed-kit-11-0001' })).toMatch(
        /^\/portalApi\/Reports\/Documents\/11\/KT-11-0001\/200\/html\?/,
      );
    });

    it('answers no link when the request asks for none, and one when it asks for all', async () => {
      const token = await tokenFor(server(), OWNER);
      const payload = await generate(server(), token, reportRequest({ renderDetails: RenderDetails.Payload }));
      expect(payload.status).toBe(200);
      expect(v.parse(ReportAnswerSchema, payload.body).presignedUrl).toBeNull();
      expect(linkOf(await generate(server(), token, reportRequest({ renderDetails: RenderDetails.All })))).toContain('/html?');
    });

    const missing: [string, Record<string, unknown>, string][] = [
      ['an unknown kit', { kitId: 'KT-11-9999' }, NOT_FOUND_MESSAGE],
      ['a report type the kit does not have', { reportType: ReportType.Dummy }, ReportRefusalText.noReport(READY_KIT)],
      ['a legacy type the kit does not have', { reportType: ReportType.Telomere }, ReportRefusalText.noReport(READY_KIT)],
      ['a kit without results (not registered yet)', { kitId: 'KT-11-0018' }, ReportRefusalText.noResults],
      ['a kit without results (report in process)', { kitId: ISSUED_LATER }, ReportRefusalText.noResults],
      ['hostile text as the kit', { kitId: "' OR 1=1 --" }, NOT_FOUND_MESSAGE],
    ];
    it.each(missing)('answers 404 for %s, with its reason', async (_case, overrides, message) => {
      const answer = await generate(server(), await tokenFor(server(), OWNER), reportRequest(overrides));
      expect(answer.status).toBe(404);
      expect(errorMessage(answer.body)).toBe(message);
    });

    it('answers 404 for another practice’s kit, by barcode and by uid, so no link to it can be had', async () => {
      const token = await tokenFor(server(), OTHER_PRACTICE);
      for (const kitId of [READY_KIT, 'seed-kit-11-0001']) {
        const answer = await generate(server(), token, reportRequest({ kitId }));
        expect(answer.status).toBe(404);
        expect(errorMessage(answer.body)).toBe(NOT_FOUND_MESSAGE);
      }
    });

    const invalid: [Record<string, unknown>, string][] = [
      [{ kitId: '  ' }, 'kitId'],
      [{ kitId: 12 }, 'kitId'],
      [{ reportType: '200' }, 'reportType'],
      [{ reportType: 2.5 }, 'reportType'],
      [{ renderStrategy: 30 }, 'renderStrategy'],
      [{ renderDetails: 3 }, 'renderDetails'],
    ];
    it.each(invalid)('refuses %j with a 400 that names %s', async (overrides, field) => {
      const answer = await generate(server(), await tokenFor(server(), OWNER), reportRequest(overrides));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(new RegExp(`^${field}: `));
    });

    it('needs a signed-in user to make a link', async () => {
      expect((await generate(server(), undefined, reportRequest())).status).toBe(401);
    });
  });

  reportLinksSuite(server);
}
