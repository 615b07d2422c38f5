import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { MISSING_TOKEN_MESSAGE } from '../../server/auth/require-auth';
import { PROVIDER_ONLY_MESSAGE } from '../../server/auth/require-provider';
import { ServerText } from '../../server/messages';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/openapi';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { SessionUserSchema } from '../../src/model/auth/auth';
import { API_BASE_PATH } from '../../src/model/constants';
import { Endpoints, type Endpoint } from '../../src/model/endpoints';
import { errorMessage, testConfig, useTestServer } from './support/harness';

const document = buildOpenApiDocument();
const server = useTestServer('pglite');

/** `/Kits/{barcode}/My` → `/paths/~1Kits~1{barcode}~1My/…`: JSON Pointer escapes `~` and `/`. */
function pointer(...parts: (string | number)[]): string {
  return parts.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

function answerPointer(endpoint: Endpoint, status: number | 'default'): string {
  return pointer('paths', endpoint.path, endpoint.method, 'responses', status, 'content', 'application/json', 'schema');
}

/** Checks values against schemas of the document, `$ref`s and formats included: a JSON Schema 2020-12 validator. */
function schemaChecker(doc: OpenApiDocument): (at: string, value: unknown) => ErrorObject[] {
  // Not strict: the document's own fields (openapi, paths, …) are not JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(structuredClone(doc), 'openapi.json');
  return (at, value) => {
    const check = ajv.getSchema(`openapi.json#${at}`);
    if (!check) throw new Error(`The document has no schema at ${at}`);
    return check(value) ? [] : (check.errors ?? []);
  };
}

function endpoint(operationId: string): Endpoint {
  const found = Endpoints.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`No endpoint ${operationId}`);
  return found;
}

function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : references(inner)));
}

/** Every value under a `schema` key: the schemas of parameters, bodies, answers and headers. */
function schemaObjects(value: unknown): object[] {
  if (Array.isArray(value)) return (value as unknown[]).flatMap(schemaObjects);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    key === 'schema' && typeof inner === 'object' && inner !== null ? [inner] : schemaObjects(inner),
  );
}

/**
 * Hono's `/portalApi/Kits/:barcode` as the document writes it: `/Kits/{barcode}`; a route outside the base path
 * (the legacy `/api/patients/:id`) keeps its whole path, which the document writes as its server and path.
 */
function documentPath(honoPath: string): string {
  const path = honoPath.startsWith(`${API_BASE_PATH}/`) ? honoPath.slice(API_BASE_PATH.length) : honoPath;
  return path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/**
 * Every call the document lists, as `METHOD /path` with its server's base in front when it has one of its own. Hono
 * answers a HEAD request with the GET route of its path (without the body), so a HEAD is served by a GET route.
 */
function documentedCalls(): string[] {
  return Object.entries(document.paths).flatMap(([path, { servers, ...operations }]) =>
    Object.keys(operations).map((method) => `${method === 'head' ? 'GET' : method.toUpperCase()} ${servers?.[0]?.url ?? ''}${path}`),
  );
}

/** A HEAD answer has no body, so its refusal is its status alone. */
const refusedWith = (entry: Endpoint, answer: { status: number; body: unknown }, status: number, message: string): boolean =>
  answer.status === status && (entry.method === 'head' || errorMessage(answer.body) === message);

/** Routes served outside the base path that the contract lists: kits §7's legacy patients calls. */
const LEGACY_BASE = '/api/';

/** A call at the origin rather than under the base path, with no token, read like `server().call` reads one. */
async function outsideBasePath(
  method: string,
  path: string,
  withBody: boolean,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await server().app.request(path, {
    method,
    ...(withBody ? { headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' } : { headers }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('the published contract (docs/api/openapi.json, /portalApi/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has only schemas that are valid JSON Schema 2020-12, the dialect of OpenAPI 3.1', () => {
    // The OpenAPI validator checks the document's structure but takes any object as a schema.
    const ajv = new Ajv2020();
    const schemas = [
      ...Object.values(document.components.schemas),
      ...schemaObjects(document.paths),
      ...schemaObjects(document.components),
    ];
    expect(schemas.length).toBeGreaterThan(Object.keys(document.components.schemas).length);
    for (const schema of schemas) expect(ajv.validateSchema(schema) ? [] : ajv.errors, JSON.stringify(schema)).toEqual([]);
  });

  it('has every reference point into the document and every named schema in use', () => {
    const components: Record<string, Record<string, unknown> | undefined> = document.components;
    const resolves = (ref: string) => {
      const [hash, section, group = '', name = ''] = ref.split('/');
      return hash === '#' && section === 'components' && name in (components[group] ?? {});
    };
    const refs = references(document);
    expect(refs.filter((ref) => !resolves(ref))).toEqual([]);
    const used = new Set(refs.map((ref) => ref.split('/').at(-1)));
    expect(Object.keys(document.components.schemas).filter((name) => !used.has(name))).toEqual([]);
  });

  it('is served at /portalApi/openapi.json without signing in, exactly as generated', async () => {
    const answer = await server().call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('lists every route the server registers, and the server registers every route it lists', () => {
    // Test mode on, so that leaving its routes out is shown to be deliberate rather than a lucky miss.
    const app = createApp({ db: server().db, config: testConfig({ testMode: true }) });
    const routes = app.routes.filter(
      (route) => route.method !== 'ALL' && (route.path.startsWith(`${API_BASE_PATH}/`) || route.path.startsWith(LEGACY_BASE)),
    );
    expect(routes.some((route) => route.path.includes('/__test/'))).toBe(true);
    const served = new Set(
      routes.filter((route) => !route.path.includes('/__test/')).map((route) => `${route.method} ${documentPath(route.path)}`),
    );
    const documented = new Set(documentedCalls());
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('asks for the bearer token exactly on the calls the document marks as signed-in', async () => {
    for (const entry of Endpoints) {
      const operation = document.paths[entry.path]?.[entry.method];
      expect(operation?.security !== undefined, entry.operationId).toBe(entry.signedIn);
      const path = entry.path.replace(/\{[^}]+\}/g, '1');
      const answer = entry.server
        ? await outsideBasePath(entry.method.toUpperCase(), `${entry.server}${path}`, entry.body !== undefined)
        : await server().call(entry.method.toUpperCase(), path, entry.body ? { body: {} } : {});
      const refused = refusedWith(entry, answer, 401, MISSING_TOKEN_MESSAGE);
      expect(refused, `${entry.method.toUpperCase()} ${entry.path}`).toBe(entry.signedIn);
    }
  });

  it('refuses each portal’s calls to the other portal’s accounts exactly as the document marks them', async () => {
    const tokens = {
      provider: (await server().signIn('hcp.checkout')).accessToken.token,
      patient: (await server().signIn('patient')).accessToken.token,
      neither: (await server().signIn('lab.user')).accessToken.token,
    };
    // Placeholder ids and an empty body: a refusal comes before either is read, and any other answer changes nothing.
    const call = (entry: Endpoint, token: string) => {
      const path = entry.path.replace(/\{[^}]+\}/g, '1');
      return entry.server
        ? outsideBasePath(entry.method.toUpperCase(), `${entry.server}${path}`, entry.body !== undefined, token)
        : server().call(entry.method.toUpperCase(), path, { token, ...(entry.body ? { body: {} } : {}) });
    };
    const providerOnly = (entry: Endpoint, answer: { status: number; body: unknown }) =>
      refusedWith(entry, answer, 403, PROVIDER_ONLY_MESSAGE);
    const signedIn = Endpoints.filter((entry) => entry.signedIn);
    expect(signedIn.filter((entry) => entry.audience === 'provider').length).toBeGreaterThan(40);
    for (const entry of signedIn) {
      const name = `${entry.method.toUpperCase()} ${entry.path}`;
      const operation = document.paths[entry.path]?.[entry.method];
      expect(JSON.stringify(operation?.responses['403'] ?? '').includes(PROVIDER_ONLY_MESSAGE), name).toBe(entry.audience === 'provider');
      const asNeither = await call(entry, tokens.neither);
      expect(providerOnly(entry, asNeither), name).toBe(entry.audience === 'provider');
      if (entry.audience === 'patient') {
        // Not made as the patient: one of these ends her account.
        expect(asNeither.status, name).toBe(403);
        expect((await call(entry, tokens.provider)).status, name).toBe(403);
      } else {
        expect(providerOnly(entry, await call(entry, tokens.patient)), name).toBe(entry.audience === 'provider');
      }
    }
  });

  it('describes the answers the server really sends, failures included', async () => {
    const check = schemaChecker(document);
    const signIn = { username: 'multi.practice', password: DEMO_PASSWORD, rememberMe: true };
    expect(check(pointer('paths', '/Auth', 'post', 'requestBody', 'content', 'application/json', 'schema'), signIn)).toEqual([]);

    const signedIn = await server().call('POST', '/Auth', { body: signIn });
    expect(signedIn.status).toBe(200);
    expect(check(answerPointer(endpoint('signIn'), 200), signedIn.body)).toEqual([]);
    const user = v.parse(SessionUserSchema, signedIn.body);
    expect(user.practices?.length).toBeGreaterThan(1);

    const token = user.accessToken.token;
    for (const id of ['getPractice', 'getMe']) {
      const answer = await server().call('GET', endpoint(id).path, { token });
      expect(answer.status, id).toBe(200);
      expect(check(answerPointer(endpoint(id), 200), answer.body), id).toEqual([]);
    }

    const refreshed = await server().call('POST', '/Auth/refresh', { body: { refreshToken: user.refreshToken?.token } });
    expect(refreshed.status).toBe(200);
    expect(check(answerPointer(endpoint('refreshTokens'), 200), refreshed.body)).toEqual([]);

    const refused = await server().call('POST', '/Auth', { body: { ...signIn, password: 'wrong' } });
    expect(refused.status).toBe(401);
    expect(check(answerPointer(endpoint('signIn'), 401), refused.body)).toEqual([]);
    const malformed = await server().call('POST', '/Auth', { body: {} });
    expect(malformed.status).toBe(400);
    expect(check(answerPointer(endpoint('signIn'), 400), malformed.body)).toEqual([]);
  });

  it('takes the ids of an account switch as whole numbers or as strings of digits', () => {
    const body = document.components.schemas.SwitchAccountRequest;
    const id = {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        { type: 'string', pattern: '^\\d+$' },
      ],
    };
    expect(body?.properties).toMatchObject({ userId: id, practiceId: id });

    const check = schemaChecker(document);
    const at = pointer('components', 'schemas', 'SwitchAccountRequest');
    expect(check(at, { userId: 7, practiceId: 12, rememberMe: true })).toEqual([]);
    expect(check(at, { userId: '7', practiceId: '12', rememberMe: true })).toEqual([]);
    for (const wrong of ['7a', '', -1, 1.5, null]) {
      expect(check(at, { userId: wrong, practiceId: 12, rememberMe: true }), String(wrong)).not.toEqual([]);
    }
  });
});

describe('the OpenAPI generator', () => {
  const base = { operationId: 'probe', method: 'post', path: '/Probe', summary: 'Probe', signedIn: false } as const;

  it('describes a request as what the server accepts and an answer as what it sends', () => {
    const doc = buildOpenApiDocument([
      {
        ...base,
        body: v.object({ note: v.pipe(v.string(), v.trim(), v.nonEmpty()), rememberMe: v.optional(v.boolean(), false) }),
        answer: {
          status: 200,
          description: 'Probe',
          schema: v.object({
            tags: v.nullish(v.array(v.string()), () => []),
            owner: v.nullish(v.string(), null),
            maybe: v.optional(v.number()),
            at: v.pipe(v.string(), v.isoTimestamp()),
            code: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
          }),
        },
      },
    ]);
    const operation = doc.paths['/Probe']?.post;
    expect(operation?.requestBody?.content['application/json']?.schema).toEqual({
      type: 'object',
      properties: { note: { type: 'string', minLength: 1 }, rememberMe: { type: 'boolean', default: false } },
      required: ['note'],
    });
    expect(operation?.responses[200]).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: {
              tags: { type: 'array', items: { type: 'string' } },
              owner: { anyOf: [{ type: 'string' }, { type: 'null' }] },
              maybe: { type: 'number' },
              at: { type: 'string', format: 'date-time' },
              code: { type: 'string', pattern: '^[A-Z]{3}$' },
            },
            required: ['tags', 'owner', 'at', 'code'],
          },
        },
      },
    });
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '413', 'default']);
  });

  it('names the 413 of the body limit on every call that takes a JSON body, and the migration’s 403 on every signed-in call but migration (issue 37)', () => {
    const document = buildOpenApiDocument();
    const operations = Object.values(document.paths).flatMap((item) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => (item[method] ? [item[method]] : [])),
    );
    const withJsonBody = operations.filter((operation) => operation.requestBody?.content['application/json']);
    expect(withJsonBody.length).toBeGreaterThan(25);
    for (const operation of withJsonBody) expect(Object.keys(operation.responses), operation.operationId).toContain('413');
    for (const operation of operations.filter((candidate) => candidate.security)) {
      const refusal = operation.responses[403];
      const text = refusal && 'description' in refusal ? refusal.description : '';
      if (operation.operationId === 'migrateIdentity') expect(text).not.toContain(ServerText.migrationRequired);
      else expect(text, operation.operationId).toContain(ServerText.migrationRequired);
    }
  });

  it('turns the path’s placeholders and the query object into parameters', () => {
    const doc = buildOpenApiDocument([
      {
        ...base,
        method: 'get',
        path: '/Kits/{barcode}',
        query: v.object({ page: v.optional(v.pipe(v.string(), v.digits())), search: v.string() }),
        answer: { status: 200, description: 'Probe', schema: v.boolean() },
      },
    ]);
    expect(doc.paths['/Kits/{barcode}']?.get?.parameters).toEqual([
      { name: 'barcode', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
      { name: 'search', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it('notes a rule JSON Schema cannot state, and stops at an action it has not been told about', () => {
    const checked = v.pipe(
      v.string(),
      v.check((text) => text !== 'no', 'Must not be no'),
    );
    const doc = buildOpenApiDocument([{ ...base, body: v.object({ text: checked }), answer: { status: 204, description: 'Done' } }]);
    expect(doc.paths['/Probe']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { text: { type: 'string', description: 'The server also checks: “Must not be no”.' } },
    });
    const card = v.object({ card: v.pipe(v.string(), v.creditCard()) });
    expect(() => buildOpenApiDocument([{ ...base, body: card, answer: { status: 204, description: 'Done' } }])).toThrow(/credit_card/);
  });

  it('writes a named schema once, as a component the calls refer to', () => {
    const Thing = v.object({ name: v.string() });
    const answer = { status: 200, description: 'A thing', schema: Thing } as const;
    const doc = buildOpenApiDocument([{ ...base, answer }], { Thing });
    expect(doc.components.schemas).toEqual({ Thing: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
    expect(doc.paths['/Probe']?.post?.responses[200]).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
    });
    // A request is described as accepted and an answer as sent: one name cannot hold both shapes.
    expect(() => buildOpenApiDocument([{ ...base, body: Thing, answer }], { Thing })).toThrow('Thing is both a request body and an answer');
  });

  it('refuses a call listed twice', () => {
    const entry: Endpoint = { ...base, answer: { status: 204, description: 'Done' } };
    expect(() => buildOpenApiDocument([entry, { ...entry, operationId: 'other' }])).toThrow('POST /Probe is listed twice');
  });
});
