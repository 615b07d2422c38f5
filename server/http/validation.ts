import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { describeIssues } from '../../src/model/schema';
import { badBytesPath, BadBytesText } from './bad-bytes';
import { HttpError } from './errors';

export const MALFORMED_JSON_MESSAGE = 'The request body is not valid JSON';
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object';

function validate<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, describeIssues(result.issues));
  return result.output;
}

/** A request body's text as a JSON object; anything else is a 400 saying which. */
export function jsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, MALFORMED_JSON_MESSAGE);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, NOT_AN_OBJECT_MESSAGE);
  return body as Record<string, unknown>;
}

/** Reads the JSON body and checks it against the shared schema; anything else is a 400 before any work starts. */
export async function readBody<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const fields = validate(schema, jsonObject(await c.req.text()));
  // What the schema keeps is what gets stored: a field it does not check itself is still refused, never a 500.
  const bad = badBytesPath(fields);
  if (bad !== null) throw new HttpError(400, BadBytesText.field(bad));
  return fields;
}

export function readQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
  return validate(schema, c.req.query());
}

/**
 * Shapes an answer through the shared schema. An answer that does not fit is the server's own bug,
 * so it throws and becomes a logged 500 rather than a body the client would misread.
 */
export function send<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  value: v.InferInput<TSchema>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(v.parse(schema, value), status);
}
