import { Hono, type Context } from 'hono';
import { ReportAnswerSchema, ReportRequestSchema } from '../../../src/model/kits/kit';
import { RenderDetails } from '../../../src/model/kits/kit-status';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { ErrorText } from '../../../src/model/messages';
import { isUserTypeAllowed, PATIENT_PORTAL_USER_TYPES, PROVIDER_PORTAL_USER_TYPES } from '../../../src/model/auth/roles';
import type { AuthEnv } from '../../auth/require-auth';
import { findDiagnosticsFile, lookUpKitReport, type ReportScope } from '../../store/kits/documents';
import { patientScopeOf } from '../../store/kits/my-kits';
import {
  absoluteSigner,
  alteredLink,
  contentDisposition,
  diagnosticsFilePath,
  DIAGNOSTICS_FILE_ROUTE,
  formatOf,
  idOf,
  REPORT_DOCUMENT_ROUTE,
  reportDocumentPath,
  reportFormatOf,
  issuedTo,
  reportTypeOf,
  requireSignedLink,
  signIssued,
} from './links';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import { recordActivity } from '../../store/activity/record';
import { diagnosticsFileKit } from '../../store/activity/labels';
import { activityContext, linkActivityContext } from '../activity/who';
import { loadReport } from './report-document';
import { reportHtml } from '../../reports/html';
import { reportPdf } from '../../reports/pdf';
import { ReportRefusalText } from './texts';
import type { SignedLinks } from '../../auth/signed-links';

/** The report page runs nothing and loads nothing: its style is inline and its logo a data: image. */
const REPORT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** A downloaded file is never a page of this origin, whatever it holds. */
const FILE_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox";

/** Medical documents, reachable by a secret link: kept by no cache and never sent on as a referrer. */
const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * Report generation (kits §7 POST /Reports/) and the signed links it and the kit answers hand out: the report
 * document, rendered when the link is opened, and the diagnostics files. The links need no bearer token.
 */
export function reportRoutes({ db, config, clock, logger, requireAuth }: Deps, links: SignedLinks): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /**
   * A provider reaches every kit of the practice; a patient only their own (none without a patient record); a user
   * type of neither portal nothing (403).
   */
  const scopeOf = async (c: Context<AuthEnv>): Promise<ReportScope | null> => {
    const { accountId, practiceId, userType } = c.var.account;
    if (isUserTypeAllowed(userType, PROVIDER_PORTAL_USER_TYPES)) return { practiceId };
    if (!isUserTypeAllowed(userType, PATIENT_PORTAL_USER_TYPES)) throw new HttpError(403, ErrorText.forbidden);
    return patientScopeOf(db, accountId, practiceId);
  };

  /**
   * A link to the report of this type of a kit in the caller's scope. 404 when the kit is not in it (the plain
   * not-found, which says nothing of other practices' kits), and 404 with its reason for a kit of the caller's without
   * results yet or without a report of this type; the client closes the tab it opened either way (kits §4).
   */
  routes.post('/Reports/', requireAuth, async (c) => {
    const body = await readBody(c, ReportRequestSchema);
    const practiceId = c.var.account.practiceId;
    const scope = await scopeOf(c);
    const lookup = scope ? await lookUpKitReport(db, scope, body.kitId, body.reportType) : ({ kind: 'noKit' } as const);
    if (lookup.kind === 'noKit') throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (lookup.kind === 'noResults') throw new HttpError(404, ReportRefusalText.noResults);
    if (lookup.kind === 'noReport') throw new HttpError(404, ReportRefusalText.noReport(lookup.barcode));
    const report = lookup.report;
    // Only a link is ever answered; a request that asks for none (a payload or a file alone) gets none.
    if ((body.renderDetails & RenderDetails.PresignedUrl) === 0) return send(c, ReportAnswerSchema, { presignedUrl: null });
    const sign = absoluteSigner(config, await links.signer());
    const path = reportDocumentPath(practiceId, report.barcode, report.type, reportFormatOf(body.renderStrategy));
    const object = { type: ActivityObjectType.kit, id: report.barcode, label: report.barcode };
    await db.transaction((tx) =>
      recordActivity(tx, activityContext(c, { clock, config }), { kind: ActivityKind.reportLinkIssued, object, detail: report.name }),
    );
    return send(c, ReportAnswerSchema, { presignedUrl: signIssued(sign, path, c.var.account.accountId) });
  });

  routes.get(REPORT_DOCUMENT_ROUTE, async (c) => {
    const practiceId = idOf(c.req.param('practiceId'));
    const barcode = c.req.param('barcode');
    const type = reportTypeOf(c.req.param('reportType'));
    const format = formatOf(c.req.param('format'));
    // Segments of a form this server never signs are an altered link, refused like any other.
    if (practiceId === null || type === null || format === null) throw alteredLink();
    const path = reportDocumentPath(practiceId, barcode, type, format);
    await requireSignedLink(c, links, path);
    const openedBy = await issuedTo(c, links, path);
    const report = await loadReport(db, practiceId, barcode, type);
    if (!report) throw new HttpError(404, NOT_FOUND_MESSAGE);
    // Recorded before the report is answered: an open the trail cannot record is not served.
    const who = linkActivityContext(c, { clock, config }, practiceId, openedBy);
    const object = { type: ActivityObjectType.kit, id: report.barcode, label: report.barcode };
    await db.transaction((tx) => recordActivity(tx, who, { kind: ActivityKind.reportOpened, object, detail: report.reportName }));
    if (format === 'html') return c.html(reportHtml(report), 200, { ...PRIVATE_HEADERS, 'Content-Security-Policy': REPORT_CSP });
    const pdf = await reportPdf(report, clock(), (error) =>
      logger.error('The practice logo could not be put in a PDF report', {
        correlationId: c.var.correlationId,
        practiceId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return c.body(new Uint8Array(pdf), 200, {
      ...PRIVATE_HEADERS,
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('inline', `${report.barcode}-${report.reportName}.pdf`),
    });
  });

  routes.get(DIAGNOSTICS_FILE_ROUTE, async (c) => {
    const practiceId = idOf(c.req.param('practiceId'));
    const fileId = idOf(c.req.param('fileId'));
    if (practiceId === null || fileId === null) throw alteredLink();
    const path = diagnosticsFilePath(practiceId, fileId);
    await requireSignedLink(c, links, path);
    const openedBy = await issuedTo(c, links, path);
    const file = await findDiagnosticsFile(db, practiceId, fileId);
    if (!file) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const who = linkActivityContext(c, { clock, config }, practiceId, openedBy);
    await db.transaction(async (tx) => {
      const barcode = (await diagnosticsFileKit(tx, practiceId, fileId)) ?? '';
      const object = { type: ActivityObjectType.kit, id: barcode, label: barcode };
      await recordActivity(tx, who, { kind: ActivityKind.diagnosticsOpened, object, detail: file.fileName });
    });
    return c.body(file.bytes, 200, {
      ...PRIVATE_HEADERS,
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': contentDisposition('attachment', file.fileName),
      'Content-Security-Policy': FILE_CSP,
    });
  });

  return routes;
}
