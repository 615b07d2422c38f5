import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import pino from 'pino';

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

/** What every line logged while serving one request carries, e.g. its correlation id (set by server/http/correlation.ts). */
const logContext = new AsyncLocalStorage<LogFields>();

/** Runs `work` with `fields` added to every line it logs, however deep in the call it is written. */
export function withLogContext<T>(fields: LogFields, work: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, work);
}

/** Where the lines go: any object with a synchronous `write`, such as `process.stdout`. */
export interface LogStream {
  write(line: string): unknown;
}

export interface ConsoleLoggerOptions {
  /** Appends the same lines to this file as well (the browser suite's teardown reads it). */
  readonly logFile?: string;
  /** Info lines; standard output by default. */
  readonly out?: LogStream;
  /** Error lines; standard error by default, so a supervisor can tell them apart. */
  readonly err?: LogStream;
}

/**
 * One JSON object per line, written through pino: a log collector (Loki, CloudWatch, Elasticsearch) reads the fields
 * as they are instead of parsing prose, and with several servers behind one address the lines of one request are
 * found by its correlationId, which every line logged while serving a request carries (not only the access log).
 * pino is kept because it is the Node standard for this and cheap per line; its own path-based redaction is not
 * used, since a secret can sit in any field and inside text, so every message and field passes redact() first.
 */
export function createConsoleLogger(options: ConsoleLoggerOptions = { logFile: process.env.LOG_FILE?.trim() }): Logger {
  const { logFile, out = process.stdout, err = process.stderr } = options;
  const destination: LogStream = {
    write(line) {
      // The level is the first key (see `formatters.level`), so one prefix test routes the line.
      (line.startsWith('{"level":"error"') ? err : out).write(line);
      if (logFile) appendFileSync(logFile, line);
    },
  };
  const pinoLogger = pino(
    {
      // The process id tells apart the servers writing to one place; the host name is the collector's to add.
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...logContext.getStore() }),
    },
    destination,
  );
  const fieldsOf = (fields: LogFields | undefined) => (fields ? (redact(fields) as Record<string, unknown>) : {});
  return {
    info: (message, fields) => pinoLogger.info(fieldsOf(fields), redactText(message)),
    error: (message, fields) => pinoLogger.error(fieldsOf(fields), redactText(message)),
  };
}

export const consoleLogger: Logger = createConsoleLogger();

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
