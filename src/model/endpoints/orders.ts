import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { OrderSchema } from '../orders/order';
import { OrdersPageSchema } from '../orders/order-list';
import { ManifestUploadAnswerSchema } from '../orders/manifest-answers';
import { OrderListParamsSchema } from '../orders/order-list-params';
import type { Endpoint } from './endpoint';

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
];
