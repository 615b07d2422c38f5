import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { KitListParamsSchema, KitPathSchema, KitSchema, KitsPageSchema, ReportAnswerSchema, ReportRequestSchema } from '../kits/kit';
import type { Endpoint } from './endpoint';

/** The query of a signed link: when it stops answering, and the signature over its path and that time. */
/** The query of a signed link the server made: its expiry and signature (server/auth/signed-links.ts). */
export const SignedLinkQuerySchema = v.object({
  expires: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.description('When the link stops answering, in Unix seconds')),
  signature: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{43}$/),
    v.description('HMAC-SHA256 over the path and `expires`, in base64url, made by the server'),
  ),
});

const practiceId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.description('The practice the kit belongs to'));

const linkErrors = {
  403: 'The link has expired, or its path, expiry or signature was changed (the message says which)',
  404: 'The kit, its report or the file no longer exists',
} as const;

/** The kit list, one kit, report generation and the signed links to reports and diagnostics files (kits §7). */
export const KIT_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listKits',
    method: 'get',
    path: '/Kits',
    summary: 'A page of the practice’s kits, searched, sorted and filtered',
    description:
      'Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way (e.g. `filter_status_equals=Result Ready`); every filter of both forms and the search must hold. `status` filters and sorts on the display status (kits §4), `patient` on the registrant’s name, dates on their `YYYY-MM-DD`; `barcode` matches the barcode or the external barcode. Each kit’s diagnostics files carry signed links that answer for a few minutes.',
    signedIn: true,
    audience: 'provider',
    query: KitListParamsSchema,
    answer: {
      status: 200,
      description: '`{ items, page, hasMore }`: each item a whole kit, as GET /Kits/{barcode} answers it',
      schema: KitsPageSchema,
    },
    errors: {
      400: 'A parameter is invalid: an unknown column or operator, filters that are not a JSON array, a blank or over-long value, a search text over 200 characters, a page below 1 or a pageSize outside 1 to 100 (the message names the parameter)',
    },
  },
  {
    operationId: 'getKit',
    method: 'get',
    path: '/Kits/{barcode}',
    summary: 'One kit of the practice, by its barcode or its uid',
    signedIn: true,
    audience: 'provider',
    pathParams: KitPathSchema,
    answer: {
      status: 200,
      description: 'The kit, with its history, samples, reports, diagnostics files and the kit it replaced',
      schema: KitSchema,
    },
    errors: { 404: 'The practice has no kit with this barcode or uid (another practice’s kit is as absent as none)' },
  },
  {
    operationId: 'generateReport',
    method: 'post',
    path: '/Reports/',
    summary: 'A signed link to one of the kit’s reports, as HTML or PDF',
    description:
      'The report is rendered when the link is opened; the link needs no token and answers for a few minutes. Only a link is ever answered: with renderDetails 2 or 4 alone (no PresignedUrl bit) `presignedUrl` is null. A provider portal account reaches every kit of the practice; a patient only their own kits, and only at a practice that shows reports to patients (`showReportsToPatients`).',
    signedIn: true,
    body: ReportRequestSchema,
    answer: { status: 200, description: '`{ presignedUrl }`', schema: ReportAnswerSchema },
    errors: {
      403: 'The account is of neither portal',
      404: 'The practice has no kit with this barcode (for a patient: none of their own, or the practice shows patients no reports), or the kit has no report of this type',
    },
  },
  {
    operationId: 'getReportDocument',
    method: 'get',
    path: '/Reports/Documents/{practiceId}/{barcode}/{reportType}/{format}',
    summary: 'The report document a generated link names',
    description:
      'Needs no token: the signature is the authority. The HTML page runs no script (its Content-Security-Policy allows none) and shows the practice’s white-label logo when it has one.',
    signedIn: false,
    pathParams: v.object({
      practiceId,
      barcode: limited(v.pipe(v.string(), v.description('The kit’s barcode')), 'barcode', TextLimit.identifier),
      reportType: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.description('The report type (kits §3)')),
      format: v.pipe(v.picklist(['html', 'pdf']), v.description('The rendering: html (renderStrategy 10) or pdf (20)')),
    }),
    query: SignedLinkQuerySchema,
    answer: { status: 200, description: 'The report', mediaTypes: ['text/html', 'application/pdf'] },
    errors: linkErrors,
  },
  {
    operationId: 'getDiagnosticsFile',
    method: 'get',
    path: '/Diagnostics/Files/{practiceId}/{fileId}',
    summary: 'A diagnostics file a kit’s answer links to, as an attachment',
    description: 'Needs no token: the signature is the authority. Answered with the file’s stored media type and its name.',
    signedIn: false,
    pathParams: v.object({
      practiceId,
      fileId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.description('The file’s id (kits §3 diagnostics id)')),
    }),
    query: SignedLinkQuerySchema,
    answer: { status: 200, description: 'The file’s bytes', mediaTypes: ['application/octet-stream'] },
    errors: linkErrors,
  },
];
