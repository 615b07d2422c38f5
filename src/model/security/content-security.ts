/**
 * The Content-Security-Policy of every answer the portal's server sends (issue 13, item 1). Pure: the build writes
 * the outside origins its settings make the app load (`thirdPartyOrigins`, into `security-origins.json`), and the
 * server turns them into the header (`contentSecurityPolicy`), so that a card provider's or captcha's host is
 * allowed only by a build configured with its key.
 */

/** Written by the build (vite.config.ts) beside index.html: the outside origins its settings make it load. */
export const SECURITY_ORIGINS_FILE = 'security-origins.json';

/** The deployment settings (README, "Settings") that make the app reach another origin. */
export interface OutsideSettings {
  readonly cardProviderKey?: string;
  readonly captchaSiteKey?: string;
  /** The support site the patient portal frames on /help-center. */
  readonly helpCenterUrl?: string;
  /** The portalApi's address; another origin when it is absolute. */
  readonly apiBasePath?: string;
}

/** Outside origins, by what the page does with them. */
export interface ThirdPartyOrigins {
  readonly scripts: readonly string[];
  readonly frames: readonly string[];
  readonly connects: readonly string[];
}

export const NO_THIRD_PARTY_ORIGINS: ThirdPartyOrigins = { scripts: [], frames: [], connects: [] };

/** Stripe.js (the card provider's script, loaded by @stripe/stripe-js) as Stripe's CSP guide lists it. */
const CARD_PROVIDER: ThirdPartyOrigins = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connects: ['https://api.stripe.com'],
};

/** reCAPTCHA v3 as Google's FAQ lists it for a CSP. */
const CAPTCHA: ThirdPartyOrigins = {
  scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connects: [],
};

/** An absolute http(s) address's origin; nothing for a path or a malformed value. */
function originOf(address: string | undefined): string | undefined {
  if (!address || !/^https?:\/\//i.test(address)) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

const blank = (value: string | undefined) => !value?.trim();

/** What a build with these settings loads from outside its own origin. */
export function thirdPartyOrigins(settings: OutsideSettings): ThirdPartyOrigins {
  const parts: ThirdPartyOrigins[] = [];
  if (!blank(settings.cardProviderKey)) parts.push(CARD_PROVIDER);
  if (!blank(settings.captchaSiteKey)) parts.push(CAPTCHA);
  const help = originOf(settings.helpCenterUrl?.trim());
  if (help) parts.push({ scripts: [], frames: [help], connects: [] });
  const api = originOf(settings.apiBasePath?.trim());
  if (api) parts.push({ scripts: [], frames: [], connects: [api] });
  const unique = (pick: (origins: ThirdPartyOrigins) => readonly string[]) => [...new Set(parts.flatMap(pick))];
  return { scripts: unique((o) => o.scripts), frames: unique((o) => o.frames), connects: unique((o) => o.connects) };
}

/**
 * Only origins as a CSP source may name them, so that a hand-edited origins file can never smuggle a keyword
 * (`'unsafe-inline'`), a wildcard for every host or a second directive into the header.
 */
const SOURCE = /^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?(\/[a-z0-9/_.-]*)?$|^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/i;

export function isCspSource(value: unknown): value is string {
  return typeof value === 'string' && SOURCE.test(value);
}

/** Reads an origins file's JSON leniently: anything that is not a safe source is left out. */
export function readThirdPartyOrigins(json: unknown): ThirdPartyOrigins {
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const list = (key: keyof ThirdPartyOrigins) => {
    const value = record[key];
    return Array.isArray(value) ? value.filter(isCspSource) : [];
  };
  return { scripts: list('scripts'), frames: list('frames'), connects: list('connects') };
}

export interface PolicyOptions {
  readonly origins: ThirdPartyOrigins;
  /** Where the browser reports a violation (the test-mode collector); none in production. */
  readonly reportUri?: string;
}

type Directive =
  | 'defaultSrc'
  | 'scriptSrc'
  | 'styleSrc'
  | 'imgSrc'
  | 'fontSrc'
  | 'connectSrc'
  | 'frameSrc'
  | 'workerSrc'
  | 'manifestSrc'
  | 'formAction'
  | 'frameAncestors'
  | 'objectSrc'
  | 'baseUri'
  | 'reportUri';

/** A policy's directives by name in camel case (`scriptSrc` is `script-src`), each with its sources. */
export type CspDirectives = Partial<Record<Directive, string[]>>;

/**
 * The policy: scripts only from the portal's own origin (no inline script, no eval) and the configured
 * providers; styles from the portal and inline: the components' CSS ships as files, but antd writes the theme's
 * values (CSS variables) into `<style>` elements at run time, and React and antd set inline `style` attributes;
 * nothing may frame the portal; no plug-ins; no `<base>` pointing elsewhere.
 */
export function contentSecurityPolicy({ origins, reportUri }: PolicyOptions): CspDirectives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...origins.scripts],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Images over https from anywhere: a white-label logo is a link into the service's storage, whose origin no
    // build knows.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...origins.connects],
    frameSrc: ["'self'", ...origins.frames],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    ...(reportUri ? { reportUri: [reportUri] } : {}),
  };
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Two years, every subdomain: sent only over https, where a browser takes it into account. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
