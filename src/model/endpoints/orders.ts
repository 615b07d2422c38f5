import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { OrderSchema } from '../orders/order';
import { OrdersPageSchema } from '../orders/order-list';
import { ManifestUploadAnswerSchema } from '../orders/manifest-answers';
import { OrderListParamsSchema } from '../orders/order-list-params';
import { ANALYSIS_METADATA_MAX_LENGTH, AnalysisOutcomeSchema } from '../orders/analysis';
import type { Endpoint } from './endpoint';

const TUS_RESUMABLE = { description: 'The protocol version, 1.0.0', maxLength: 5 } as const;

/** The orders list, cancelling an order, the manifest upload and its templates (ordering §2, §7). */
export const ORDER_LIST_ENDPOINTS: readonly Endpoint[] = [
  // ── Orders list and cancel (ordering §2, §7) ──
  {
    operationId: 'listOrders',
    method: 'get',
    path: '/Orders',
    summary: 'A page of the practice’s orders, sorted and filtered',
    description:
      'Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way (e.g. `filter_customer_contains=lopez`); every filter of both forms must hold. Ties of the sort are broken by the order’s id, so pages never repeat or skip an order.',
    signedIn: true,
    audience: 'provider',
    query: OrderListParamsSchema,
    answer: {
      status: 200,
      description: '`{ items, page, hasMore }`: each item a whole order, as GET /Orders/{number} answers it',
      schema: OrdersPageSchema,
    },
    errors: {
      400: 'A parameter is invalid: an unknown column or operator, filters that are not a JSON array, a blank value, a page below 1 or a pageSize outside 1 to 100 (the message names the parameter)',
    },
  },
  {
    operationId: 'cancelOrder',
    method: 'delete',
    path: '/Orders/{uid}',
    summary: 'Cancel an order of the practice, by its uid',
    description: 'The order’s status becomes OrderCanceled (5) and a Canceled entry joins its status history.',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({
      uid: limited(v.pipe(v.string(), v.description('The order’s uid (not its number)')), 'uid', TextLimit.identifier),
    }),
    answer: { status: 200, description: 'The canceled order', schema: OrderSchema },
    errors: {
      404: 'The practice has no order with this uid',
      409: 'The order has shipped, is completed or is already canceled (the message says which)',
    },
  },
  // ── Manifest upload and templates ──
  {
    operationId: 'uploadManifest',
    method: 'post',
    path: '/Orders/bulk',
    summary: 'Register the samples of a manifest as one order (bulk upload)',
    description:
      'The file is read and every row checked with the same rules the page applies before uploading (src/model/orders/manifest.ts): the Product ID is one the ordering document names for the unit’s template (TruHealth, TruAge, TruHealthAgeCombo for HCP; MSA, GSA, GDA, EPICv2, Enlighten for the others), which the service maps to its own products; a Unique ID appears once in the file and is not the template example’s (EXAMPLE1). Then each Unique ID must not be registered already for the practice, and each Product ID must name a product the service offers. Any bad row answers 400 with the usual error body plus `rowErrors: [{ row, column, reason }]` (row as the spreadsheet numbers it, the header being 1), and nothing is stored. A good manifest creates, in one transaction, one received order with a line per product (its samples are the line’s quantity, priced with the volume tiers) and every row as a kit of that order, its barcode the row’s Unique ID, in status Registered (2) until the lab receives it; a per-order payer’s default card is charged once, per sample. Send an `Idempotency-Key` header (one per chosen file): the same key with the same file answers `true` again without a second order.',
    signedIn: true,
    audience: 'provider',
    upload: {
      field: 'manifest',
      description:
        'The manifest: an .xlsx, .xls or .csv file of at most 10 MB, 5,000 rows and cells of at most 200 characters, without formulas',
    },
    answer: {
      status: 200,
      description: '`true`: every row was accepted; the order and its samples were created',
      schema: ManifestUploadAnswerSchema,
    },
    errors: {
      400: 'A bad row (`rowErrors` lists each, e.g. "Unique ID S10001 is already registered"), a file that is empty, over 10 MB, not a spreadsheet, without sheets or with formulas or over-long cells, a field other than one `manifest` file, an Idempotency-Key that is not 1 to 255 visible characters, no saved card for a per-order payer, or incomplete billing information for an invoice payer',
      409: 'The Idempotency-Key was used for another file, or its upload is still being stored',
    },
  },
  {
    operationId: 'getManifestTemplate',
    method: 'get',
    path: '/Orders/bulk/Templates/{file}',
    summary: 'A manifest template: the columns and one example row',
    description:
      'Needs no token, so that a new tab can open it. `hcp` is the healthcare practices’ template; `research` adds the optional columns for research and sample-processing customers.',
    signedIn: false,
    pathParams: v.object({
      file: v.pipe(v.picklist(['hcp.xlsx', 'hcp.csv', 'research.xlsx', 'research.csv']), v.description('The template and its format')),
    }),
    answer: {
      status: 200,
      description: 'The template, as an attachment',
      mediaTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    },
    errors: { 404: 'No template has this name' },
  },
  // ── Analysis upload (issue 42): the tus 1.0.0 protocol with its creation and termination extensions ──
  {
    operationId: 'createAnalysisUpload',
    method: 'post',
    path: '/Analysis/Uploads',
    summary: 'Start an analysis upload of one IDAT zip archive (tus creation)',
    description:
      'The tus protocol’s creation (https://tus.io/protocols/resumable-upload): an empty body, with `Tus-Resumable: 1.0.0`, `Upload-Length` (the archive’s size, at most 5 GiB; a deferred length is refused) and `Upload-Metadata` naming the `filename` (a .zip). Answers 201 with the upload’s `Location` (a path below this one); the bytes follow as PATCH requests. A practice may have a few uploads under way at once (a server setting, 3 by default); an upload not finished within a day (a setting) is removed.',
    signedIn: true,
    audience: 'provider',
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Length': { description: 'The archive’s size in bytes', maxLength: 16 },
      'Upload-Metadata': {
        description:
          'tus metadata: `filename <base64 name>` (a name of at most 255 characters), and optionally `filetype <base64 media type>`',
        maxLength: ANALYSIS_METADATA_MAX_LENGTH,
      },
    },
    answer: { status: 201, description: 'Created: `Location` is where the bytes go' },
    errors: {
      400: 'No or a bad Upload-Length, a deferred length, no file name, or a name that is not a .zip',
      412: 'No or another Tus-Resumable version',
      413: 'The archive is larger than 5 GB',
      429: 'The practice already has as many uploads under way as it may',
      507: 'The server’s disk cannot take an archive of this size now',
    },
  },
  {
    operationId: 'getAnalysisUploadOffset',
    method: 'head',
    path: '/Analysis/Uploads/{id}',
    summary: 'How many bytes of the upload the server holds (tus)',
    description:
      'Answers `Upload-Offset` and `Upload-Length` in headers: a client resumes from the offset. An upload whose bytes are all in answers its full length. Another practice’s upload, one removed after a day unfinished and one never issued answer 404 alike.',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({
      id: limited(v.pipe(v.string(), v.description('The upload’s id, the last part of its Location')), 'id', TextLimit.identifier),
    }),
    headers: { 'Tus-Resumable': TUS_RESUMABLE },
    answer: { status: 200, description: 'The offset, in the Upload-Offset header' },
    errors: { 404: 'The practice has no such upload (or it expired)' },
  },
  {
    operationId: 'appendAnalysisUpload',
    method: 'patch',
    path: '/Analysis/Uploads/{id}',
    summary: 'Send the next bytes of the upload (tus)',
    description:
      'The bytes from `Upload-Offset` on, as `application/offset+octet-stream`, streamed to disk; a request cut short keeps the bytes that arrived. When the last byte is in, the server checks the archive in the background (a readable zip, no entry escaping its folder, no nested archive, a bounded unpacked size, complete `{barcode}_{position}_Grn.idat` / `_Red.idat` pairs that start as IDAT files, and an optional sample sheet naming exactly those pairs) and turns it into an analysis order; GET …/Outcome says how it went.',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({ id: limited(v.pipe(v.string(), v.description('The upload’s id')), 'id', TextLimit.identifier) }),
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Offset': { description: 'Where these bytes start: the offset the server holds', maxLength: 16 },
    },
    stream: { mediaType: 'application/offset+octet-stream', description: 'The next bytes of the archive' },
    answer: { status: 204, description: 'Stored: `Upload-Offset` is the new offset' },
    errors: {
      404: 'The practice has no such upload (or it expired)',
      409: 'Upload-Offset is not the offset the server holds, or the upload is already complete',
      413: 'The bytes would pass the upload’s length or 5 GB',
      415: 'The body is not application/offset+octet-stream',
    },
  },
  {
    operationId: 'cancelAnalysisUpload',
    method: 'delete',
    path: '/Analysis/Uploads/{id}',
    summary: 'Cancel an unfinished upload and delete its bytes (tus termination)',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({ id: limited(v.pipe(v.string(), v.description('The upload’s id')), 'id', TextLimit.identifier) }),
    headers: { 'Tus-Resumable': TUS_RESUMABLE },
    answer: { status: 204, description: 'Cancelled and deleted' },
    errors: { 404: 'The practice has no such upload (or it expired)', 409: 'The archive has arrived and is being checked or was accepted' },
  },
  {
    operationId: 'getAnalysisUploadOutcome',
    method: 'get',
    path: '/Analysis/Uploads/{id}/Outcome',
    summary: 'Where an upload stands: uploading, checking, accepted (with its order) or refused (with what is wrong)',
    description:
      'A refused archive has been deleted; `problems` lists each thing to fix. An accepted one became an analysis order of the practice (`orderNumber`), received, with one sample per IDAT pair named `{barcode}_{position}`, its reports due 48 hours after it arrived (`dueDate`). The outcome stays readable for a day.',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({ id: limited(v.pipe(v.string(), v.description('The upload’s id')), 'id', TextLimit.identifier) }),
    answer: { status: 200, description: 'The outcome', schema: AnalysisOutcomeSchema },
    errors: { 404: 'The practice has no such upload (or its outcome is no longer kept)' },
  },
];
