/**
 * How the server reads one setting from its environment: each reader checks its value and, when it cannot be used,
 * throws a SettingError whose message names the variable and what it must be (never echoing a secret). The settings
 * as a whole, with their defaults, are server/config.ts.
 */

/** The port the server answers on when PORT is not set. */
export const DEFAULT_PORT = 8080;

/** A bearer token short enough to guess is no protection. */
const MIN_METRICS_TOKEN_LENGTH = 16;

export type Env = Readonly<Record<string, string | undefined>>;

/** A setting the server cannot start with: its message says which and why, and is all that start-up prints. */
export class SettingError extends Error {
  override readonly name = 'SettingError';
}

export function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function positiveInteger(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new SettingError(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

export function wholeNumber(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new SettingError(`${name} must be a whole number of 0 or more, got "${value}"`);
  return parsed;
}

/** Secret and restricted keys; a publishable key (`pk_…`) is the browser's and is refused here. */
const SECRET_KEY = /^(sk|rk)_[A-Za-z0-9_]+$/;

export function cardProviderSecretKey(env: Env): string | undefined {
  const key = text(env, 'STRIPE_SECRET_KEY');
  if (key === undefined || SECRET_KEY.test(key)) return key;
  // Never echo the value: it may be a real key pasted into the wrong variable.
  const kind = key.startsWith('pk_') ? 'a publishable key' : 'not a key of the expected form';
  throw new SettingError(`STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…); the value given is ${kind}`);
}

/** The stripe package takes a host, port and protocol and always adds /v1/ itself, so only an origin fits. */
export function cardProviderApiUrl(env: Env): string | undefined {
  const value = text(env, 'STRIPE_API_URL');
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  // Nothing but scheme, host and port: no path, query, fragment or credentials.
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
    throw new SettingError(`STRIPE_API_URL must be an absolute http(s) URL of an origin, such as http://127.0.0.1:12111, got "${value}"`);
  }
  return url.origin;
}

export function port(env: Env, name = 'PORT'): number {
  const value = positiveInteger(env, name, DEFAULT_PORT);
  if (value > 65_535) throw new SettingError(`${name} must be at most 65535, got ${value}`);
  return value;
}

/** METRICS_PORT: a port of its own, not the one the app answers on. */
export function metricsPort(env: Env): number | undefined {
  if (text(env, 'METRICS_PORT') === undefined) return undefined;
  const value = port(env, 'METRICS_PORT');
  if (value === port(env)) throw new SettingError(`METRICS_PORT must differ from PORT (${value}): the metrics get a port of their own`);
  return value;
}

/** Never echoed: it is a credential. */
export function metricsToken(env: Env): string | undefined {
  const value = text(env, 'METRICS_TOKEN');
  if (value !== undefined && (value.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(value))) {
    throw new SettingError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long, without spaces`);
  }
  return value;
}

/**
 * PUBLIC_URL as an origin (a path is kept, for a portal served below one; a trailing slash is dropped). Required in
 * production, where nothing else can tell the server its own address: a request's Host or Origin header is the
 * caller's to choose, and a restore link built from it would carry the token to the caller's site.
 */
export function publicUrl(env: Env, production: boolean): string {
  const value = text(env, 'PUBLIC_URL');
  if (value === undefined) {
    if (production) {
      throw new SettingError(
        'PUBLIC_URL must be set in production: every link the server sends (password restore, reports) starts with it',
      );
    }
    return `http://localhost:${port(env)}`;
  }
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new SettingError(`PUBLIC_URL must be an absolute http(s) URL such as https://portal.example.com, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** One mailbox, bare or with a display name; nothing that could end the header it goes into. */
const MAILBOX = /^(?:[^<>\r\n"]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export function mailFrom(env: Env, fallback: string): string {
  const value = text(env, 'MAIL_FROM');
  if (value === undefined) return fallback;
  if (!MAILBOX.test(value)) {
    throw new SettingError(`MAIL_FROM must be an address such as "Diagnostics Portal <no-reply@lab.example>", got "${value}"`);
  }
  return value;
}

/**
 * SMTP_URL as nodemailer takes it. Required in production, where a message written to a local folder reaches nobody;
 * the value is never echoed, since it may carry the SMTP password.
 */
export function smtpUrl(env: Env, production: boolean): string | undefined {
  const value = text(env, 'SMTP_URL');
  if (value === undefined) {
    if (production) {
      throw new SettingError('SMTP_URL must be set in production: password restore links and notifications are sent through it');
    }
    return undefined;
  }
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname || (url.pathname !== '' && url.pathname !== '/')) {
    throw new SettingError('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  return value;
}

/**
 * TWO_STEP_KEY (issue 44): the AES-256 key of the two-step secrets at rest, 32 bytes in base64 (`openssl rand -base64
 * 32`). Never echoed. When absent the server generates one and keeps it in the database, as it does the token
 * signing secret; setting it keeps the key out of the database it protects.
 */
export function twoStepKey(env: Env): string | undefined {
  const value = text(env, 'TWO_STEP_KEY');
  if (value === undefined) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, 'base64').length !== 32) {
    throw new SettingError('TWO_STEP_KEY must be 32 bytes in base64, such as the output of `openssl rand -base64 32`');
  }
  return value;
}
