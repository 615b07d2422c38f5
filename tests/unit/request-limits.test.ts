import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SignInRequestSchema, SwitchAccountRequestSchema } from '../../src/model/auth/auth';
import { Endpoints, type Endpoint } from '../../src/model/endpoints';
import { limited, LimitText, TextLimit } from '../../src/model/limits';
import { OrderListQuerySchema } from '../../src/model/orders/order-list-params';
import { PatientRequestSchema } from '../../src/model/patients/patient';
import { describeIssues } from '../../src/model/schema';
import { UserCreateRequestSchema } from '../../src/model/team/user';
import { UserListQuerySchema } from '../../src/model/team/user-list-params';
import { buildOpenApiDocument } from '../../server/openapi';

/**
 * Issue 37 item 1: every text a request carries (JSON body, query and path parameters) has a maximum length, which
 * the OpenAPI document states as `maxLength`. Read from the document the server serves, so that what it says is
 * what is checked; a schema whose limit sits after a transform would be missing there, and is reported.
 */

type Json = { readonly [key: string]: unknown };

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Texts with a fixed format that already bounds them, by where they are and the exact pattern that does: an
 * exemption holds only while the document still states that pattern.
 */
const BOUNDED_FORMATS: readonly { readonly field: string; readonly pattern: string; readonly reason: string }[] = [
  { field: 'query page', pattern: '^[1-9]\\d{0,8}$', reason: 'a page number: one to nine digits' },
  { field: 'query pageSize', pattern: '^(?:[1-9]\\d?|100)$', reason: 'a page size: 1 to 100' },
  { field: 'query expires', pattern: '^\\d{1,12}$', reason: 'a signed link’s expiry: at most twelve digits' },
  { field: 'query signature', pattern: '^[A-Za-z0-9_-]{43}$', reason: 'an HMAC-SHA256 in base64url: exactly 43 characters' },
  { field: 'path practiceId', pattern: '^[1-9]\\d{0,8}$', reason: 'a practice id: one to nine digits' },
  { field: 'path fileId', pattern: '^[1-9]\\d{0,8}$', reason: 'a diagnostics file id: one to nine digits' },
  { field: 'path reportType', pattern: '^\\d{1,9}$', reason: 'a report type: one to nine digits' },
];

function isString(schema: Json): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** Whether a text needs no maxLength, and why: an enumeration, or one of the bounded formats above. */
function exemption(schema: Json, field: string): string | null {
  if (Array.isArray(schema.enum) || 'const' in schema) return 'an enumeration: only its listed values pass';
  const bounded = BOUNDED_FORMATS.find((format) => format.field === field && format.pattern === schema.pattern);
  return bounded ? bounded.reason : null;
}

/** Every text of a schema without a maxLength, by its path below `where`; `$ref`s are followed into the components. */
function unlimitedTexts(schema: unknown, where: string, components: Json, seen: ReadonlySet<string> = new Set()): string[] {
  if (!isJson(schema)) return [];
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').at(-1) ?? '';
    return seen.has(name) ? [] : unlimitedTexts(components[name], where, components, new Set([...seen, name]));
  }
  const found: string[] = [];
  if (isString(schema) && schema.maxLength === undefined && exemption(schema, where) === null) found.push(where);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) for (const option of options) found.push(...unlimitedTexts(option, where, components, seen));
  }
  if (isJson(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      found.push(...unlimitedTexts(property, `${where}.${name}`, components, seen));
  if (schema.items !== undefined) found.push(...unlimitedTexts(schema.items, `${where}[]`, components, seen));
  if (isJson(schema.additionalProperties)) found.push(...unlimitedTexts(schema.additionalProperties, `${where}{}`, components, seen));
  return found;
}

const document = buildOpenApiDocument();
const components: Json = document.components.schemas;

/** Each text of an endpoint's request without a limit, as `operationId field`. */
function offenders(endpoint: Endpoint): string[] {
  const operation = document.paths[endpoint.path]?.[endpoint.method];
  if (operation?.operationId !== endpoint.operationId) return [`${endpoint.operationId} is not in the document`];
  const parameters = (operation.parameters ?? []).flatMap((parameter) =>
    unlimitedTexts(parameter.schema, `${parameter.in} ${parameter.name}`, components),
  );
  const body = unlimitedTexts(operation.requestBody?.content['application/json']?.schema, 'body', components);
  return [...parameters, ...body].map((field) => `${endpoint.operationId} ${field}`);
}

describe('every text of every request has a maximum length (issue 37 item 1)', () => {
  it('states a maxLength in the OpenAPI document for each text of each body, query and path of Endpoints', () => {
    expect(Endpoints.flatMap(offenders)).toEqual([]);
  });

  it('finds a text without a limit, and follows references, nested objects and arrays to it', () => {
    const schema = {
      type: 'object',
      properties: {
        limited: { type: 'string', maxLength: 5 },
        choice: { type: 'string', enum: ['a', 'b'] },
        nested: { $ref: '#/components/schemas/Nested' },
        list: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      },
    };
    const nested = { Nested: { type: 'object', properties: { free: { type: 'string' } } } };
    expect(unlimitedTexts(schema, 'body', nested)).toEqual(['body.nested.free', 'body.list[]']);
  });

  it('exempts a bounded format only where it is named and only while its pattern is the one that bounds it', () => {
    const page = { type: 'string', pattern: '^[1-9]\\d{0,8}$' };
    expect(unlimitedTexts(page, 'query page', {})).toEqual([]);
    expect(unlimitedTexts(page, 'query searchQuery', {})).toEqual(['query searchQuery']);
    expect(unlimitedTexts({ ...page, pattern: '^[1-9]\\d*$' }, 'query page', {})).toEqual(['query page']);
  });
});

describe('a text over its limit is refused with a message naming the field', () => {
  const member = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '555 0100', userType: 3 };
  const messages = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.map((issue) => issue.message) ?? [];

  it('takes a first name of exactly 100 characters, trimmed first, and refuses 101', () => {
    expect(messages(UserCreateRequestSchema, { ...member, firstName: ` ${'a'.repeat(TextLimit.name)} ` })).toEqual([]);
    expect(messages(UserCreateRequestSchema, { ...member, firstName: 'a'.repeat(TextLimit.name + 1) })).toEqual([
      'First name must be at most 100 characters long',
    ]);
  });

  it('names the field in the server’s 400 message', () => {
    const result = v.safeParse(UserCreateRequestSchema, { ...member, email: `${'e'.repeat(250)}@example.com` });
    expect(result.success ? '' : describeIssues(result.issues)).toBe('email: Email must be at most 254 characters long');
  });

  it.each(['\u0000', '\u0007', '\t', '\n', '\u007f'])('refuses the control character %j in a single-line field', (character) => {
    expect(messages(UserCreateRequestSchema, { ...member, lastName: `Love${character}lace` })).toEqual([
      'Last name contains a character that is not allowed',
    ]);
  });

  it('lets a multi-line text hold tabs and line breaks, never NUL', () => {
    const note = limited(v.string(), 'Note', TextLimit.freeText, { multiLine: true });
    expect(messages(note, 'one\ttwo\r\nthree')).toEqual([]);
    expect(messages(note, 'one\u0000two')).toEqual(['Note contains a character that is not allowed']);
    expect(messages(note, 'n'.repeat(TextLimit.freeText + 1))).toEqual(['Note must be at most 2,000 characters long']);
  });

  it('never trims a password, and limits it to 256 characters', () => {
    const password = ` ${'p'.repeat(TextLimit.password - 2)} `;
    expect(v.parse(SignInRequestSchema, { username: 'ada', password, rememberMe: false }).password).toBe(password);
    expect(messages(SignInRequestSchema, { username: 'ada', password: `${password}!`, rememberMe: false })).toEqual([
      'Password must be at most 256 characters long',
    ]);
    expect(messages(SignInRequestSchema, { username: 'u'.repeat(TextLimit.login + 1), password, rememberMe: false })).toEqual([
      LimitText.tooLong('Username or email', TextLimit.login),
    ]);
  });

  it('refuses an id of more digits than any identifier, naming it', () => {
    expect(messages(SwitchAccountRequestSchema, { userId: '1'.repeat(101), practiceId: '7', rememberMe: false })).toEqual([
      'userId must be at most 100 characters long',
    ]);
  });

  it('keeps room on a patient record for what the account profile saves: two names and two address lines joined', () => {
    const address = { street: `${'s'.repeat(200)}, ${'t'.repeat(200)}`, city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
    expect(messages(PatientRequestSchema, { name: `${'f'.repeat(100)} ${'l'.repeat(100)}`, phone: '1', address })).toEqual([]);
    expect(messages(PatientRequestSchema, { name: 'n'.repeat(TextLimit.fullName + 1), phone: '1' })).toEqual([
      'Name must be at most 201 characters long',
    ]);
  });
});

describe('a list’s query parameters', () => {
  const filter = (value: string) => ({ column: 'fulfillment', operator: 'startsWith', value });

  it('takes 20 filters of the longest column, operator and value, and refuses a longer filters text before reading it', () => {
    const twenty = JSON.stringify(Array.from({ length: 20 }, () => filter('v'.repeat(TextLimit.search))));
    expect(v.safeParse(OrderListQuerySchema, { filters: twenty }).success).toBe(true);
    const result = v.safeParse(OrderListQuerySchema, { filters: `${twenty}${' '.repeat(TextLimit.filters)}` });
    expect(result.success ? '' : describeIssues(result.issues)).toBe('filters: must be at most 6,000 characters long');
  });

  it('refuses a search or a filter value holding NUL, naming the parameter', () => {
    const search = v.safeParse(UserListQuerySchema, { searchQuery: 'ava\u0000' });
    expect(search.success ? '' : describeIssues(search.issues)).toBe('searchQuery: contains a character that is not allowed');
    const value = v.safeParse(UserListQuerySchema, { filter_name_contains: 'a\u0000' });
    expect(value.success ? '' : describeIssues(value.issues)).toBe('filter_name_contains: contains a character that is not allowed');
  });
});
