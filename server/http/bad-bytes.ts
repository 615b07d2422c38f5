import { createMiddleware } from 'hono/factory';
import { hasNoControlCharacters } from '../../src/model/limits';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/**
 * Issue 37 item 6: a NUL byte reached PostgreSQL, which cannot store it in text, and became a 500. No address, query
 * parameter or field of the contract holds a control character (but the tab, line feed and carriage return of a
 * multi-line text), so they are refused as bad input, naming where they were, before any route reads them.
 */
export const BadBytesText = {
  path: 'The address contains a character that is not allowed',
  malformedPath: 'The address is not valid',
  parameter: (name: string) => `${name}: the value contains a character that is not allowed`,
  field: (path: string) => `${path}: the value contains a character that is not allowed`,
} as const;

const clean = (text: string) => hasNoControlCharacters(text, true);

/** The path and every query parameter, decoded as the routes will read them. */
export const refuseBadBytes = createMiddleware<AppEnv>(async (c, next) => {
  let path: string;
  try {
    path = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw new HttpError(400, BadBytesText.malformedPath);
  }
  if (!hasNoControlCharacters(path)) throw new HttpError(400, BadBytesText.path);
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!clean(name) || !values.every(clean)) throw new HttpError(400, BadBytesText.parameter(clean(name) ? name : 'A query parameter'));
  }
  await next();
});

/** The dot path of the first string (or key) in a parsed JSON body that holds a control character; null if none. */
export function badBytesPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return clean(value) ? null : path || 'body';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = badBytesPath(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!clean(key)) return path || 'body';
      const found = badBytesPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
