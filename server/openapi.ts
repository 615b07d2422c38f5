import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import packageJson from '../package.json' with { type: 'json' };
import { ErrorBodySchema } from '../src/model/auth/auth';
import { API_BASE_PATH } from '../src/model/constants';
import { ContractSchemas, Endpoints, type Endpoint, type HttpMethod, type ParametersSchema } from '../src/model/endpoints';
import { PROVIDER_ONLY_MESSAGE } from './auth/require-provider';
import { TWO_STEP_SETUP_ALLOWED_CALLS } from './auth/require-two-step';
import { TwoStepRequirementText } from '../src/model/auth/two-step-requirement';
import { BodyLimitText } from './http/body-limit';
import { CORRELATION_HEADER } from './http/correlation';
import { ServerText } from './messages';
import { webhookPathItems, type WebhookPathItem } from './developers/openapi';

/**
 * The OpenAPI 3.1 document of the portalApi, converted from the valibot schemas the app and the server
 * share (src/model/endpoints.ts lists the calls). Requests are described as what the server accepts
 * (the schemas' input), answers as what it sends (their output, defaults applied).
 */

type Mode = 'input' | 'output';

/** By media type: JSON for most calls, multipart/form-data for uploads, a file's own type for downloads. */
type MediaContent = Readonly<Record<string, { readonly schema: JsonSchema }>>;

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: JsonSchema;
}

interface Response {
  readonly description: string;
  readonly headers: Record<string, { readonly $ref: string }>;
  readonly content?: MediaContent;
}

interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly required: true; readonly content: MediaContent };
  readonly responses: Record<string, Response | { readonly $ref: string }>;
}

/** A path's operations; `servers` only where its calls live outside the API's base path (the legacy patients calls). */
export type PathItem = Partial<Record<HttpMethod, Operation>> & { servers?: readonly { readonly url: string }[] };

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Record<string, PathItem>;
  /** What the server sends rather than answers: the signed webhook deliveries, one entry per event. */
  readonly webhooks: Record<string, WebhookPathItem>;
  readonly components: {
    readonly schemas: Record<string, JsonSchema>;
    readonly responses: Record<string, Response>;
    readonly headers: Record<string, { readonly description: string; readonly schema: JsonSchema }>;
    readonly securitySchemes: Record<string, { readonly type: 'http'; readonly scheme: 'bearer'; readonly bearerFormat: string }>;
  };
}

const BEARER = 'bearerAuth';
const METHOD_ORDER: readonly HttpMethod[] = ['get', 'head', 'post', 'put', 'patch', 'delete'];
const OPTIONAL_ENTRY = new Set(['optional', 'exact_optional', 'nullish']);
const NULLABLE_WRAPPER = new Set(['nullable', 'nullish']);
const WRAPPER = new Set([...OPTIONAL_ENTRY, ...NULLABLE_WRAPPER, 'undefinedable']);
const OBJECT = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/** The one call an account that must migrate may make with its access token. */
const MIGRATION_OPERATION = 'migrateIdentity';

const DEFAULT_ERRORS: Readonly<
  Record<'body' | 'parameters' | 'tooLarge' | 'token' | 'provider' | 'migration' | 'twoStep', readonly [number, string]>
> = {
  body: [
    400,
    'The body is not a JSON object, or a field is missing, invalid, too long or holds a control character (the message names each field)',
  ],
  parameters: [400, 'A path or query parameter holds a control character or is invalid (the message names it)'],
  tooLarge: [413, `${BodyLimitText.tooLarge} Refused before the body is read on, signed in or not`],
  token: [
    401,
    'The access token is missing, invalid or expired, its account no longer exists, or it was issued before the person’s latest password change',
  ],
  migration: [403, `${ServerText.migrationRequired} (an account that must migrate, until it has)`],
  provider: [403, `${PROVIDER_ONLY_MESSAGE}: the account is a patient's, or of a user type of neither portal`],
  twoStep: [403, `${TwoStepRequirementText.setupFirst} (a member of a practice that requires two-step sign-in, until they turn it on)`],
};

function withNote(schema: JsonSchema, note: string): JsonSchema {
  return { ...schema, description: schema.description ? `${schema.description} ${note}` : note };
}

/**
 * Valibot actions that JSON Schema cannot state. They are left out on purpose rather than failing the
 * conversion; any other unsupported action still throws, so a new one is noticed and decided on.
 */
function convertAction({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  switch (valibotAction.type) {
    // Brand and readonly are types only, and a transform changes what the reader keeps (an order
    // number read as text), not what travels. Trimming normalises rather than restricts: the actions after
    // it judge the trimmed text; ours only ever follow it with nonEmpty, whose minLength 1 the
    // untrimmed text meets too (a blank text passes here and the server refuses it, naming the field).
    case 'brand':
    case 'readonly':
    case 'trim':
    case 'trim_start':
    case 'trim_end':
    case 'transform':
      return jsonSchema;
    // Code, such as the password strength or two fields that must match: a reader learns the rule from
    // its message, and a client from the server's 400 that quotes it.
    case 'check':
    case 'partial_check':
    case 'raw_check': {
      const message: unknown = 'message' in valibotAction ? valibotAction.message : undefined;
      return withNote(
        jsonSchema,
        typeof message === 'string' ? `The server also checks: “${message}”.` : 'The server checks a further rule.',
      );
    }
    default:
      return undefined;
  }
}

/**
 * In an answer a wrapper with a default never leaves its field out: `send` parses every answer, so the
 * field is there with its value or the default (and null only when null is the default).
 */
function applyDefaults({ valibotSchema, jsonSchema }: OverrideSchemaContext): JsonSchema | undefined {
  if (WRAPPER.has(valibotSchema.type) && jsonSchema.default !== undefined) {
    const { default: fallback, ...rest } = jsonSchema;
    const [wrapped] = NULLABLE_WRAPPER.has(valibotSchema.type) ? (rest.anyOf ?? []) : [rest];
    const value = typeof wrapped === 'object' ? wrapped : rest;
    return fallback === null ? { anyOf: [value, { type: 'null' }] } : value;
  }
  if (OBJECT.has(valibotSchema.type) && 'entries' in valibotSchema) {
    const entries = valibotSchema.entries as v.ObjectEntries;
    const required = Object.keys(entries).filter((key) => {
      const entry = entries[key];
      const fallback: unknown = entry ? v.getDefault(entry) : undefined;
      return !entry || !OPTIONAL_ENTRY.has(entry.type) || fallback !== undefined;
    });
    return { ...jsonSchema, required };
  }
  return undefined;
}

/** The converter's settings for one side; `errorMode: 'throw'` so that nothing is dropped silently. */
function conversion(mode: Mode): Omit<ConversionConfig, 'definitions'> {
  return {
    target: 'draft-2020-12',
    typeMode: mode,
    errorMode: 'throw',
    overrideAction: convertAction,
    ...(mode === 'output' ? { overrideSchema: applyDefaults } : {}),
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  };
}

/**
 * Named schemas per side. A request body is converted as input, everything else as output; a schema
 * named for both sides would need two shapes under one name, so it is refused.
 */
function namesBySide(
  endpoints: readonly Endpoint[],
  named: Readonly<Record<string, v.GenericSchema>>,
): Record<Mode, Record<string, v.GenericSchema>> {
  const bodies = new Set(endpoints.flatMap((endpoint) => (endpoint.body ? [endpoint.body] : [])));
  const answers = new Set(endpoints.flatMap((endpoint) => (endpoint.answer.schema ? [endpoint.answer.schema] : [])));
  const sides: Record<Mode, Record<string, v.GenericSchema>> = { input: {}, output: {} };
  for (const [name, schema] of Object.entries(named)) {
    if (bodies.has(schema) && answers.has(schema)) throw new Error(`${name} is both a request body and an answer; name it twice`);
    sides[bodies.has(schema) ? 'input' : 'output'][name] = schema;
  }
  return sides;
}

function converter(mode: Mode, definitions: Record<string, v.GenericSchema>): (schema: v.GenericSchema) => JsonSchema {
  const config: ConversionConfig = { ...conversion(mode), definitions };
  return (schema) => {
    // Both are the converter's wrapping for a standalone schema; in the document the components hold the definitions.
    const { $schema: _dialect, $defs: _definitions, ...converted } = toJsonSchema(schema, config);
    return converted;
  };
}

function parameters(endpoint: Endpoint, input: (schema: v.GenericSchema) => JsonSchema): Parameter[] {
  const inPath = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const declared = Object.keys(endpoint.pathParams?.entries ?? {});
  const stray = declared.filter((name) => !inPath.includes(name));
  if (stray.length) throw new Error(`${endpoint.operationId}: path parameters ${stray.join(', ')} are not in ${endpoint.path}`);
  const entry = (schema: ParametersSchema | undefined, name: string) => schema?.entries[name];
  const path = inPath.map((name): Parameter => {
    const schema = entry(endpoint.pathParams, name);
    return { name, in: 'path', required: true, schema: schema ? input(schema) : { type: 'string' } };
  });
  const query = Object.keys(endpoint.query?.entries ?? {}).map((name): Parameter => {
    const schema = entry(endpoint.query, name) ?? v.unknown();
    return { name, in: 'query', required: !OPTIONAL_ENTRY.has(schema.type), schema: input(schema) };
  });
  const headers = Object.entries(endpoint.headers ?? {}).map(([name, { description, maxLength }]): Parameter => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string', description, maxLength },
  }));
  return [...path, ...query, ...headers];
}

const headers = { [CORRELATION_HEADER]: { $ref: '#/components/headers/CorrelationId' } };
const json = (schema: JsonSchema): MediaContent => ({ 'application/json': { schema } });

/** An upload is one file in one multipart field; a nullable field may carry the text `null` instead (to clear). */
function multipart(upload: NonNullable<Endpoint['upload']>): MediaContent {
  const file: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream', description: upload.description };
  return {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { [upload.field]: upload.nullable ? { anyOf: [file, { type: 'string', const: 'null' }] } : file },
        required: [upload.field],
      },
    },
  };
}

/** A download answers the file itself: one entry per media type it may have. */
function files(mediaTypes: readonly string[]): MediaContent {
  return Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
}

function requestBody(endpoint: Endpoint, input: (s: v.GenericSchema) => JsonSchema): Operation['requestBody'] | undefined {
  if (endpoint.upload) return { required: true, content: multipart(endpoint.upload) };
  if (endpoint.stream) {
    const { mediaType, description } = endpoint.stream;
    return { required: true, content: { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType, description } } } };
  }
  return endpoint.body ? { required: true, content: json(input(endpoint.body)) } : undefined;
}

function operation(endpoint: Endpoint, input: (s: v.GenericSchema) => JsonSchema, output: (s: v.GenericSchema) => JsonSchema): Operation {
  const failure = (description: string, status: number): Response => ({
    description,
    // A refused call for going too fast says when to try again.
    headers: status === 429 ? { ...headers, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : headers,
    content: json(output(ErrorBodySchema)),
  });
  const automatic = [
    ...(endpoint.body || endpoint.upload ? [DEFAULT_ERRORS.body] : []),
    ...(!endpoint.body && !endpoint.upload && (endpoint.pathParams || endpoint.query || endpoint.path.includes('{'))
      ? [DEFAULT_ERRORS.parameters]
      : []),
    // An upload has a larger limit of its own, which its route words as a 400.
    ...(endpoint.body ? [DEFAULT_ERRORS.tooLarge] : []),
    ...(endpoint.signedIn ? [DEFAULT_ERRORS.token] : []),
    // A patient-only call words its own refusal, with the message of its own routes.
    ...(endpoint.audience === 'provider' ? [DEFAULT_ERRORS.provider] : []),
    // An account that must migrate may make no signed-in call but the migration itself (issue 37 item 10).
    ...(endpoint.signedIn && endpoint.operationId !== MIGRATION_OPERATION ? [DEFAULT_ERRORS.migration] : []),
    // A member held back by the practice's two-step requirement may make only the calls that turn it on (issue 44).
    ...(endpoint.signedIn &&
    endpoint.audience !== 'patient' &&
    !TWO_STEP_SETUP_ALLOWED_CALLS.includes(`${endpoint.method.toUpperCase()} ${endpoint.path}`)
      ? [DEFAULT_ERRORS.twoStep]
      : []),
  ];
  const errors: Partial<Record<number, string>> = {};
  // A call's own reason for a status joins the automatic one rather than hiding it, as two automatic ones join.
  for (const [code, why] of [...automatic, ...Object.entries(endpoint.errors ?? {})]) {
    const status = Number(code);
    const automaticWhy = errors[status];
    errors[status] = automaticWhy ? `${automaticWhy}; or ${why}` : why;
  }
  const { status, description, schema, mediaTypes } = endpoint.answer;
  const params = parameters(endpoint, input);
  const body = requestBody(endpoint, input);
  const content = mediaTypes ? files(mediaTypes) : schema ? json(output(schema)) : undefined;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.signedIn ? { security: [{ [BEARER]: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [status]: { description, headers, ...(content ? { content } : {}) },
      ...Object.fromEntries(Object.entries(errors).flatMap(([code, why]) => (why ? [[code, failure(why, Number(code))]] : []))),
      default: { $ref: '#/components/responses/Failure' },
    },
  };
}

/** Code-unit order, not the locale's, so that every machine writes the same file. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function sortedByKey<T>(record: Record<string, T>, order = byCodeUnits): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => order(a, b)));
}

export const OPENAPI_TITLE = 'Diagnostics laboratory portalApi';

let contract: OpenApiDocument | undefined;

/**
 * The contract's document, converted on first use and kept for the process: converting every schema takes a second or
 * more, which each app a test builds (and the server's start) paid twice when the routes converted it up front.
 */
export function contractDocument(): OpenApiDocument {
  contract ??= buildOpenApiDocument();
  return contract;
}

/** Built from `Endpoints` unless a test passes its own list; the same input gives the same document. */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[] = Endpoints,
  named: Readonly<Record<string, v.GenericSchema>> = ContractSchemas,
): OpenApiDocument {
  const names = namesBySide(endpoints, named);
  const input = converter('input', names.input);
  const output = converter('output', names.output);
  const failure: Response = {
    description: 'Any other failure, such as an internal error (500)',
    headers,
    content: json(output(ErrorBodySchema)),
  };
  const paths: Record<string, PathItem> = {};
  const ids = new Set<string>();
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= endpoint.server ? { servers: [{ url: endpoint.server }] } : {});
    if ((item.servers?.[0]?.url ?? undefined) !== endpoint.server)
      throw new Error(`${endpoint.path} is listed under two servers: its calls must share one`);
    if (item[endpoint.method]) throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is listed twice`);
    if (ids.has(endpoint.operationId)) throw new Error(`operationId ${endpoint.operationId} is used twice`);
    ids.add(endpoint.operationId);
    item[endpoint.method] = operation(endpoint, input, output);
  }
  const byMethod = (a: string, b: string) => METHOD_ORDER.indexOf(a as HttpMethod) - METHOD_ORDER.indexOf(b as HttpMethod);
  return {
    openapi: '3.1.1',
    info: {
      title: OPENAPI_TITLE,
      version: packageJson.version,
      description: 'Generated from the valibot schemas in src/model that the portal and its reference server share.',
    },
    servers: [{ url: API_BASE_PATH }],
    paths: Object.fromEntries(
      Object.entries(sortedByKey(paths)).map(([path, { servers, ...operations }]) => [
        path,
        { ...(servers ? { servers } : {}), ...sortedByKey(operations, byMethod) },
      ]),
    ),
    // Written out rather than named: the event body is no part of the calls' components.
    webhooks: webhookPathItems(output),
    components: {
      schemas: sortedByKey({
        ...toJsonSchemaDefs(names.input, conversion('input')),
        ...toJsonSchemaDefs(names.output, conversion('output')),
      }),
      responses: { Failure: failure },
      headers: {
        CorrelationId: {
          description: 'The id of this call, to quote to support; a caller’s own id (8 to 64 of A–Z, a–z, 0–9, _ . -) is kept.',
          schema: { type: 'string' },
        },
        RetryAfter: {
          description: 'Whole seconds to wait before the limit that refused the call lets it through again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
