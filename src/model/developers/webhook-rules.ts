import { WebhookMessageText } from './webhook-texts';

/** Kits §2 "Developer settings" and §9: how secrets are shown, and what the webhook form accepts as a URL. */

/** Kits §9: the API key and the schema name show only their last 4 characters. */
export const MASK_VISIBLE_CHARS = 4;
/** Kits §9: "Copied" shows for 2 seconds after a copy. */
export const COPY_FEEDBACK_MS = 2_000;
export const MASK_CHAR = '•';

/**
 * A secret with every character but the last 4 replaced, one mask character each. A value of 4 characters or
 * fewer is masked whole: leaving its "last 4" would show all of it. Nothing (null, empty) shows as nothing.
 */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= MASK_VISIBLE_CHARS) return MASK_CHAR.repeat(value.length);
  return MASK_CHAR.repeat(value.length - MASK_VISIBLE_CHARS) + value.slice(-MASK_VISIBLE_CHARS);
}

const WEB_PROTOCOLS = new Set(['http:', 'https:']);
// The URL parser would also take `https:host` and fill in the slashes; a written address has them.
const WEB_PREFIX = /^https?:\/\//i;

/**
 * Kits §5 "must be a valid URL", decided as: an absolute http or https address with a host, written without
 * spaces (the text is trimmed first). A webhook is called by the laboratory's servers, so a relative path,
 * `mailto:` or `javascript:` can never be one. Which hosts are allowed (e.g. no private addresses) is the
 * server's production rule, not the form's.
 */
export function isWebhookUrl(text: string): boolean {
  const url = text.trim();
  if (!WEB_PREFIX.test(url) || /\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return WEB_PROTOCOLS.has(parsed.protocol) && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Kits §8: a failed save shows the server's message when it has one (the machine asks the service for that);
 * otherwise this fallback. Of the two create texts, "Failed to create webhook" is for a failure that is an
 * error without a message for the user (e.g. an answer outside the contract), and "Unknown error while creating
 * webhook" for a failure that is not even an error.
 */
export function webhookSaveFallback(mode: 'create' | 'update', error: unknown): string {
  if (mode === 'update') return WebhookMessageText.updateFailed;
  return error instanceof Error ? WebhookMessageText.createFailed : WebhookMessageText.unknownCreateError;
}

/**
 * Kits §2: the Webhooks Secret shows masked, as the service masks it when it says so (maskedSecret), else
 * masked here like the API key.
 */
export function maskedWebhookSecret(secret: { secret: string | null; maskedSecret: string | null }): string {
  return secret.maskedSecret || maskSecret(secret.secret);
}

/**
 * Kits §2 "Link to the API documentation": the reference server's readable API reference, below the API base
 * path (the server serves it there, and the link on /integrations opens it).
 */
export const API_REFERENCE_PATH = '/reference';

/** An event as people read it: its full name (kits §3), or its name when the service gives none. */
export function eventTitle(event: { name: string; fullName?: string | null }): string {
  return event.fullName?.trim() || event.name;
}

/** A webhook's events as people read them: each name by its event's full name where the events list has it. */
export function eventTitles(names: readonly string[], events: readonly { name: string; fullName?: string | null }[]): string[] {
  return names.map((name) => {
    const known = events.find((event) => event.name === name);
    return known ? eventTitle(known) : name;
  });
}
