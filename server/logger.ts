/** Where the server reports what happened; tests pass their own to read or silence it. */

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

function line(message: string, fields: LogFields | undefined): string {
  if (!fields) return message;
  const parts = Object.entries(fields)
    .filter(([key]) => key !== 'stack')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length ? `${message} ${parts.join(' ')}` : message;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.info(line(message, fields)),
  error: (message, fields) => {
    console.error(line(message, fields));
    if (typeof fields?.stack === 'string') console.error(fields.stack);
  },
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
