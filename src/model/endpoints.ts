import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  MigrateRequestSchema,
  PracticeAccountSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RestorePasswordRequestSchema,
  SessionUserSchema,
  SignInRequestSchema,
  SwitchAccountRequestSchema,
  TokenSchema,
} from './auth';
import { GeoShippingAnswerSchema, GeoShippingRequestSchema, OrderLookupSchema, OrderRequestSchema, OrderSchema } from './orders/order';
import { PaymentMethodListSchema, PaymentMethodSchema } from './orders/payment';
import { OrdersPageSchema } from './orders/order-list';
import { ManifestUploadAnswerSchema } from './orders/manifest';
import { OrderListParamsSchema } from './orders/order-list-params';
import { CalculationRequestSchema, CalculationSchema } from './orders/pricing';
import { ProductListSchema, ProductSchema } from './orders/product';
import { AddressSchema, InvoiceContactSchema, PracticeSchema } from './practice';
import { UserRecordSchema } from './user';
import {
  BillingAddressUpdateSchema,
  FulfilmentUpdateSchema,
  InvoiceContactUpdateSchema,
  PracticeUpdateSchema,
} from './settings/practice-settings';

/**
 * Every call the reference server answers, described once: `docs/api/openapi.json` is generated from
 * this list, and a server test fails when a route is missing here or listed here but not served. A new
 * endpoint is one entry in `Endpoints`; the schemas are the ones the app and the server already use.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422;

/** An object schema whose entries are the parameters, one each (an optional entry is an optional parameter). */
export type ParametersSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

export interface Endpoint {
  /** Unique: the name a generated client gives the call. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Below the base path, OpenAPI style: `/Kits/{barcode}`. */
  readonly path: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  /** Needs `Authorization: Bearer <access token>`, so it can also answer 401. */
  readonly signedIn: boolean;
  /** Path parameters; one the path names but this leaves out is a plain string. */
  readonly pathParams?: ParametersSchema;
  readonly query?: ParametersSchema;
  /** The JSON body as the server accepts it; a call with one can also answer 400. */
  readonly body?: v.GenericSchema;
  /** Instead of a JSON body: a multipart/form-data upload of one file (`nullable`: or the text `null`, to clear). */
  readonly upload?: { readonly field: string; readonly description: string; readonly nullable?: boolean };
  readonly answer: {
    readonly status: SuccessStatus;
    readonly description: string;
    readonly schema?: v.GenericSchema;
    /** A download: the answer is a file of one of these media types rather than JSON. */
    readonly mediaTypes?: readonly string[];
  };
  /**
   * The failures of this call's own rules, each with `ErrorBodySchema`, and why in a few words. The
   * 400 of a bad body and the 401 of a bad token need no entry unless this call words them its own way.
   */
  readonly errors?: Partial<Record<ErrorStatus, string>>;
}

/** What `/openapi.json` answers: an OpenAPI 3.1 document (this list, generated). */
export const OpenApiDocumentSchema = v.pipe(
  v.looseObject({
    openapi: v.string(),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.unknown()),
  }),
  v.description('An OpenAPI 3.1 document: this contract.'),
);

/**
 * Names under which shared schemas appear in the document's components, so that a reader (or a client
 * generator) sees `SessionUser` once instead of its shape repeated in every answer. Unnamed schemas
 * are written out where they are used.
 */
export const ContractSchemas: Readonly<Record<string, v.GenericSchema>> = {
  Address: AddressSchema,
  Calculation: CalculationSchema,
  CalculationRequest: CalculationRequestSchema,
  ChangePasswordRequest: ChangePasswordRequestSchema,
  ErrorBody: ErrorBodySchema,
  ForgotPasswordRequest: ForgotPasswordRequestSchema,
  InvoiceContact: InvoiceContactSchema,
  MigrateRequest: MigrateRequestSchema,
  Order: OrderSchema,
  OrderRequest: OrderRequestSchema,
  PaymentMethod: PaymentMethodSchema,
  Practice: PracticeSchema,
  PracticeAccount: PracticeAccountSchema,
  Product: ProductSchema,
  RefreshRequest: RefreshRequestSchema,
  RestorePasswordRequest: RestorePasswordRequestSchema,
  SessionUser: SessionUserSchema,
  SignInRequest: SignInRequestSchema,
  SwitchAccountRequest: SwitchAccountRequestSchema,
  Token: TokenSchema,
  TokenPair: RefreshResponseSchema,
  UserRecord: UserRecordSchema,
};

const signedInUser = 'The signed-in user object, with a fresh token pair';

const PaymentMethodPath = v.object({ id: v.pipe(v.string(), v.description('The card provider’s payment method id, `pm_…`')) });
const noSuchCard = 'No card with this id belongs to the practice';

export const Endpoints: readonly Endpoint[] = [
  {
    operationId: 'signIn',
    method: 'post',
    path: '/Auth',
    summary: 'Sign in',
    signedIn: false,
    body: SignInRequestSchema,
    answer: { status: 200, description: 'The signed-in user object (the first of the person’s accounts)', schema: SessionUserSchema },
    errors: { 401: 'Unknown username or wrong password (the same answer for both)' },
  },
  {
    operationId: 'refreshTokens',
    method: 'post',
    path: '/Auth/refresh',
    summary: 'Trade a refresh token for a new token pair',
    description: 'A refresh token works once; presenting a used one ends every session of its chain.',
    signedIn: false,
    body: RefreshRequestSchema,
    answer: { status: 200, description: 'A new access and refresh token', schema: RefreshResponseSchema },
    errors: { 401: 'The refresh token is unknown, used, revoked or expired' },
  },
  {
    operationId: 'switchAccount',
    method: 'post',
    path: '/Auth/Account/Switch',
    summary: 'Switch to another account of the signed-in person',
    signedIn: true,
    body: SwitchAccountRequestSchema,
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: { 403: 'The account does not exist or belongs to someone else' },
  },
  {
    operationId: 'migrateIdentity',
    method: 'post',
    path: '/Auth/Migrate',
    summary: 'Complete the account migration with a new password',
    signedIn: true,
    body: MigrateRequestSchema,
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: { 400: 'A field is missing, or the password is too weak or the current one', 403: 'The account does not need to migrate' },
  },
  {
    operationId: 'forgotPassword',
    method: 'post',
    path: '/Auth/Password/Forgot',
    summary: 'Ask for a password restore link',
    description: 'Known or not, the answer is the same, so the call cannot tell who has an account.',
    signedIn: false,
    body: ForgotPasswordRequestSchema,
    answer: { status: 200, description: 'The request was taken', schema: EmptyResponseSchema },
  },
  {
    operationId: 'restorePassword',
    method: 'post',
    path: '/Auth/Password/Restore',
    summary: 'Set a new password with a restore token',
    signedIn: false,
    body: RestorePasswordRequestSchema,
    answer: { status: 200, description: 'The password was set; every session of the person ended', schema: EmptyResponseSchema },
    errors: { 400: 'A field is missing, the password is too weak, the passwords differ, or the restore token is unknown, used or expired' },
  },
  {
    operationId: 'changePassword',
    method: 'post',
    path: '/Auth/Password/Reset',
    summary: 'Change the signed-in person’s password',
    description: 'Every other session of the person ends; this one continues with the pair answered.',
    signedIn: true,
    body: ChangePasswordRequestSchema,
    answer: { status: 200, description: signedInUser, schema: SessionUserSchema },
    errors: {
      400: 'A field is missing, the new password is too weak, is the current one or differs from its repetition, or the current password is wrong',
    },
  },
  {
    operationId: 'getPractice',
    method: 'get',
    path: '/Practices',
    summary: 'The practice of the signed-in account',
    signedIn: true,
    answer: { status: 200, description: 'The practice record', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists' },
  },
  {
    operationId: 'getMe',
    method: 'get',
    path: '/Users/Me',
    summary: 'The signed-in user’s own record',
    signedIn: true,
    answer: { status: 200, description: 'The user record', schema: UserRecordSchema },
    errors: { 404: 'The user record no longer exists' },
  },
  {
    operationId: 'listProducts',
    method: 'get',
    path: '/Products',
    summary: 'The public product catalogue',
    signedIn: true,
    answer: { status: 200, description: 'Every product, as a plain array (the client sorts it)', schema: ProductListSchema },
  },
  {
    operationId: 'calculateOrder',
    method: 'post',
    path: '/Orders/Calculate',
    summary: 'Price a cart with the volume tiers of the pricing data',
    signedIn: true,
    body: CalculationRequestSchema,
    answer: { status: 200, description: 'Totals and, per item, the price per kit and the tier discount', schema: CalculationSchema },
    errors: { 400: 'An item is unknown or its quantity is not a whole number of at least 1' },
  },
  {
    operationId: 'validateGeoShipping',
    method: 'post',
    path: '/Orders/ValidateGeoShipping',
    summary: 'Whether kits can be shipped to a country',
    signedIn: true,
    body: GeoShippingRequestSchema,
    answer: { status: 200, description: 'A bare boolean', schema: GeoShippingAnswerSchema },
  },
  {
    operationId: 'placeOrder',
    method: 'post',
    path: '/Orders/',
    summary: 'Place an order for the signed-in practice',
    description:
      'Send an `Idempotency-Key` header (one per checkout attempt): a repeated key answers the order that key already placed instead of placing another.',
    signedIn: true,
    body: OrderRequestSchema,
    answer: { status: 200, description: 'The placed order', schema: OrderSchema },
    errors: {
      400: 'A rule of the checkout is broken (the message names it), the country is not shippable, or the card is missing or not the practice’s',
      409: 'The Idempotency-Key was used for a different order request',
    },
  },
  {
    operationId: 'getOrder',
    method: 'get',
    path: '/Orders/{number}',
    summary: 'One order of the practice, by its number',
    signedIn: true,
    pathParams: v.object({ number: v.pipe(v.string(), v.description('The order number')) }),
    answer: { status: 200, description: 'The order, or null when the practice has no order with this number', schema: OrderLookupSchema },
  },
  {
    operationId: 'listPaymentMethods',
    method: 'get',
    path: '/Payments/Methods',
    summary: 'The practice’s saved cards',
    signedIn: true,
    answer: { status: 200, description: 'Every saved card, as a plain array', schema: PaymentMethodListSchema },
  },
  {
    operationId: 'attachPaymentMethod',
    method: 'patch',
    path: '/Payments/Methods/{id}/Attach',
    summary: 'Save a card the provider’s script created in the browser',
    signedIn: true,
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The saved card', schema: PaymentMethodSchema },
    errors: { 400: 'The card provider does not know this payment method or refused it' },
  },
  {
    operationId: 'setDefaultPaymentMethod',
    method: 'patch',
    path: '/Payments/Methods/{id}/SetDefault',
    summary: 'Make a saved card the default',
    signedIn: true,
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The card, now the default', schema: PaymentMethodSchema },
    errors: { 404: noSuchCard },
  },
  {
    operationId: 'deletePaymentMethod',
    method: 'delete',
    path: '/Payments/Methods/{id}',
    summary: 'Remove a saved card',
    signedIn: true,
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The card was removed', schema: EmptyResponseSchema },
    errors: { 404: noSuchCard, 409: 'The default card cannot be deleted while other cards exist' },
  },
  // ── Orders list and cancel (ordering §2, §7) ──
  {
    operationId: 'listOrders',
    method: 'get',
    path: '/Orders',
    summary: 'A page of the practice’s orders, sorted and filtered',
    description:
      'Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way (e.g. `filter_customer_contains=lopez`); every filter of both forms must hold. Ties of the sort are broken by the order’s id, so pages never repeat or skip an order.',
    signedIn: true,
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
    pathParams: v.object({ uid: v.pipe(v.string(), v.description('The order’s uid (not its number)')) }),
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
    summary: 'Create orders from a sample manifest (bulk upload)',
    description:
      'The file is read and every row checked with the same rules the page applies before uploading (src/model/orders/manifest.ts). Any bad row answers 400 with the usual error body plus `rowErrors: [{ row, column, reason }]` (row as the spreadsheet numbers it, the header being 1), and nothing is stored. A good manifest creates, in one transaction, one order per Product ID (its samples are the line’s quantity, priced with the volume tiers), received, with every sample row stored; a per-order payer’s default card is charged once for them all.',
    signedIn: true,
    upload: {
      field: 'manifest',
      description:
        'The manifest: an .xlsx, .xls or .csv file of at most 10 MB, 5,000 rows and cells of at most 200 characters, without formulas',
    },
    answer: { status: 200, description: '`true`: every row was accepted and the orders were created', schema: ManifestUploadAnswerSchema },
    errors: {
      400: 'A bad row (`rowErrors` lists each), a file that is empty, over 10 MB, not a spreadsheet, without sheets or with formulas or over-long cells, a field other than one `manifest` file, no saved card for a per-order payer, or incomplete billing information for an invoice payer',
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
  // ── Practice, invoice contact, billing address, fulfilment ──
  {
    operationId: 'updatePractice',
    method: 'put',
    path: '/Practices',
    summary: 'Save the practice’s name, phone, office address and contact person',
    description:
      'Each field is checked with the settings form’s own rules (ordering §5); a 400 names every refused field and nothing is stored. The state is kept only for countries with a state list; the country is stored as its two-letter code.',
    signedIn: true,
    body: PracticeUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The body names another practice, or the practice no longer exists' },
  },
  {
    operationId: 'updateInvoiceContact',
    method: 'patch',
    path: '/Practices/InvoiceContact',
    summary: 'Save the invoice contact of a Net 30 practice (email, phone, optional fax)',
    signedIn: true,
    body: InvoiceContactUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists' },
  },
  {
    operationId: 'updateBillingAddress',
    method: 'patch',
    path: '/Practices/BillingAddress',
    summary: 'Save the billing address: the practice’s own address, or one of its own',
    description:
      '`{ sameAsPracticeAddress: true }` copies the practice’s address; `{ sameAsPracticeAddress: false, billingAddress }` requires every field of the address (ordering §5).',
    signedIn: true,
    body: BillingAddressUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists', 409: 'Same as the practice address, but the practice has no address' },
  },
  {
    operationId: 'updateFulfilment',
    method: 'patch',
    path: '/Practices/Fulfillment',
    summary: 'Save the fulfilment preference: Digital (0) or Physical (1)',
    signedIn: true,
    body: FulfilmentUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists' },
  },
  // ── White-label logo ──
  {
    operationId: 'updateWhiteLabel',
    method: 'patch',
    path: '/Practices/WhiteLabel',
    summary: 'Set or clear the logo on the practice’s future reports',
    description:
      'Healthcare practices only. The file is checked by its bytes (PNG or JPEG), whatever its name or declared type, and may be at most 2 MB. Each upload gets a new public `logoUrl`; the old one stops answering.',
    signedIn: true,
    upload: {
      field: 'whiteLabel',
      description: 'The logo, a JPG or PNG file of at most 2 MB; or the text `null` to clear the logo',
      nullable: true,
    },
    answer: { status: 200, description: 'The practice, its `whiteLabel.logoUrl` naming the new logo or null', schema: PracticeSchema },
    errors: {
      400: 'The file is empty, over 2 MB, or not a JPG or PNG image, or the field is missing',
      403: 'The practice is not a healthcare practice',
    },
  },
  {
    operationId: 'getWhiteLabelLogo',
    method: 'get',
    path: '/Practices/WhiteLabel/Logos/{token}',
    summary: 'A practice’s report logo, at the public address its `whiteLabel.logoUrl` names',
    description:
      'Needs no token, so that an image element can load it: the address itself is unguessable and changes with every upload. Served with its stored type, `nosniff`, and cached for a year.',
    signedIn: false,
    pathParams: v.object({ token: v.pipe(v.string(), v.description('The unguessable part of the logo’s address')) }),
    answer: { status: 200, description: 'The logo image', mediaTypes: ['image/png', 'image/jpeg'] },
    errors: { 404: 'No logo has this address (any more)' },
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This contract as an OpenAPI 3.1 document',
    signedIn: false,
    answer: { status: 200, description: 'The OpenAPI document', schema: OpenApiDocumentSchema },
  },
];
