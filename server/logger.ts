import { appendFileSync } from 'node:fs';

/** Where the server reports what happened; tests pass their own to read or silence it. */

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const REDACTED = '[redacted]';

/** Fields whose value is a credential whatever it looks like (compared without case, `-` and `_`). */
const SECRET_FIELDS = new Set([
  'authorization',
  'cookie',
  'password',
  'newpassword',
  'currentpassword',
  'token',
  'accesstoken',
  'refreshtoken',
  'secret',
  'apikey',
  'signature',
]);
const isSecretField = (key: string) => SECRET_FIELDS.has(key.toLowerCase().replace(/[-_]/g, ''));

/** A signed access token (a JWT) or a bearer credential inside any text, such as an error's message or a URL. */
export const JWT_SOURCE = String.raw`\beyJ[\w-]+\.[\w-]+\.[\w-]+`;
const JWT = new RegExp(JWT_SOURCE, 'g');
const BEARER = /\b(Bearer\s+)\S+/gi;
/** A credential in a query string or a form-like text: `token=…`, `refreshToken: "…"`. */
const NAMED_SECRET = /\b(access_?token|refresh_?token|token|signature|password|api_?key|secret)("?\s*[=:]\s*"?)[^\s&",}]+/gi;

export function redactText(text: string): string {
  return text.replace(JWT, REDACTED).replace(BEARER, `$1${REDACTED}`).replace(NAMED_SECRET, `$1$2${REDACTED}`);
}

/** A log field's value with every credential in it replaced, at any depth. */
export function redact(value: unknown, key = ''): unknown {
  if (key && isSecretField(key) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, redact(inner, name)]));
  }
  return value;
}

function line(message: string, fields: LogFields | undefined): string {
  const text = redactText(message);
  if (!fields) return text;
  const parts = Object.entries(fields)
    .filter(([key]) => key !== 'stack')
    .map(([key, value]) => {
      const safe = redact(value, key);
      return `${key}=${typeof safe === 'string' ? safe : JSON.stringify(safe)}`;
    });
  return parts.length ? `${text} ${parts.join(' ')}` : text;
}

/**
 * Writes to the console and, with LOG_FILE set, appends the same lines to that file (the browser suite's teardown
 * reads it). Every line passes the redaction: no token, password or signature reaches a log.
 */
export function createConsoleLogger(logFile = process.env.LOG_FILE?.trim()): Logger {
  const write = (stream: 'info' | 'error', text: string) => {
    if (stream === 'info') console.info(text);
    else console.error(text);
    if (logFile) appendFileSync(logFile, `${text}\n`);
  };
  return {
    info: (message, fields) => write('info', line(message, fields)),
    error: (message, fields) => {
      write('error', line(message, fields));
      if (typeof fields?.stack === 'string') write('error', redactText(fields.stack));
    },
  };
}

export const consoleLogger: Logger = createConsoleLogger();

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
