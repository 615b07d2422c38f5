import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
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
} from './auth/auth';
import { OpenApiDocumentSchema, type Endpoint } from './endpoints/endpoint';
import { limited, TextLimit } from './limits';
import { KIT_ENDPOINTS } from './endpoints/kits';
import { ORDER_LIST_ENDPOINTS } from './endpoints/orders';
import { ORDERING_ENDPOINTS } from './endpoints/ordering';
import { MY_KIT_ENDPOINTS } from './endpoints/patient-portal';
import { LEGACY_PATIENT_ENDPOINTS, PATIENT_ENDPOINTS } from './endpoints/patients';
import { PATIENT_ME_ENDPOINTS } from './endpoints/account';
import { SESSION_ENDPOINTS } from './endpoints/auth';
import { SETTINGS_ENDPOINTS } from './endpoints/practice';
import { USER_ENDPOINTS } from './endpoints/team';
import { WEBHOOK_ENDPOINTS } from './endpoints/developers';
import { ACTIVITY_ENDPOINTS } from './endpoints/activity';
import { OrderRequestSchema, OrderSchema } from './orders/order';
import { PaymentMethodSchema } from './payments/payment';
import { CalculationRequestSchema, CalculationSchema } from './orders/pricing';
import { ProductSchema } from './orders/product';
import { AddressSchema, InvoiceContactSchema, PracticeSchema, PracticeSummarySchema } from './practice/practice';
import { UserRecordSchema } from './team/user-record';

/**
 * Every call the reference server answers, described once: `docs/api/openapi.json` is generated from
 * this list, and a server test fails when a route is missing here or listed here but not served. A new
 * endpoint is one entry in its area's list under `endpoints/`; the schemas are the ones the app and the
 * server already use.
 */

export * from './endpoints/endpoint';

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
  PracticeSummary: PracticeSummarySchema,
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

export const Endpoints: readonly Endpoint[] = [
  ...SESSION_ENDPOINTS,
  ...ORDERING_ENDPOINTS,
  ...ORDER_LIST_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...KIT_ENDPOINTS,
  ...MY_KIT_ENDPOINTS,
  ...PATIENT_ENDPOINTS,
  ...PATIENT_ME_ENDPOINTS,
  ...LEGACY_PATIENT_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This contract as an OpenAPI 3.1 document',
    signedIn: false,
    answer: { status: 200, description: 'The OpenAPI document', schema: OpenApiDocumentSchema },
  },
  {
    operationId: 'getApiReference',
    method: 'get',
    path: '/reference',
    summary: 'This contract as a readable page (kits §2 "Link to the API documentation")',
    description: 'Rendered in the browser from /openapi.json by Swagger UI, whose files /reference/assets/{name} serves.',
    signedIn: false,
    answer: { status: 200, description: 'The reference page', mediaTypes: ['text/html'] },
  },
  {
    operationId: 'getApiReferenceAsset',
    method: 'get',
    path: '/reference/assets/{name}',
    summary: 'A file of the reference page: its renderer, stylesheet, initialiser and icon',
    signedIn: false,
    pathParams: v.object({
      name: limited(
        v.pipe(v.string(), v.description('The file’s name; only the page’s own files are served')),
        'name',
        TextLimit.identifier,
      ),
    }),
    answer: { status: 200, description: 'The file', mediaTypes: ['text/css', 'text/javascript', 'image/png'] },
    errors: { 404: 'No such file of the reference page' },
  },
];
