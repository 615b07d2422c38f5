import type { ConsentName } from './account-consents';

/**
 * Issue 12 item 5: a consent statement is content, not code. Each one is a markdown file in content/consents/
 * that a deployment replaces, opening with a front matter block of exactly four keys:
 *
 *     ---
 *     consent: researchConsent
 *     version: 1
 *     date: 2026-11-25
 *     title: Research Consent
 *     ---
 *
 * The server reads the files at start to record which version a patient agreed to; the client takes the same
 * files in as text (Vite `?raw`) for the "Learn more" dialogs. Both use this parser, so it is pure and
 * browser-safe. It is written by hand: a fixed block of four plain keys needs no YAML, and the front matter
 * libraries pull in a YAML parser and Node's Buffer, which a browser bundle would have to carry.
 */

export interface ConsentStatement {
  consent: ConsentName;
  /** Raised by the deployment whenever the statement's text changes; an agreement records it. */
  version: number;
  /** The statement's date, `YYYY-MM-DD`. */
  date: string;
  title: string;
  /** The statement itself, markdown. */
  body: string;
}

export const CONSENT_NAMES: readonly ConsentName[] = ['researchConsent', 'rejuvenationOlympicsConsent'];

const KEYS = ['consent', 'version', 'date', 'title'] as const;
type Key = (typeof KEYS)[number];

const FENCE = '---';
const LINE = /^([A-Za-z]+):(.*)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isKey(key: string): key is Key {
  return (KEYS as readonly string[]).includes(key);
}

function isConsentName(name: string): name is ConsentName {
  return (CONSENT_NAMES as readonly string[]).includes(name);
}

/** A value as written, without the quotes YAML would allow around it. */
function unquote(raw: string): string {
  const value = raw.trim();
  const quote = value[0];
  return value.length >= 2 && (quote === '"' || quote === "'") && value.endsWith(quote) ? value.slice(1, -1).trim() : value;
}

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function fail(problem: string): never {
  throw new Error(`Malformed consent statement: ${problem}`);
}

/** The front matter's four values, each checked; the first problem throws, naming the key or line. */
function readFrontMatter(lines: readonly string[]): Omit<ConsentStatement, 'body'> {
  const values = new Map<Key, string>();
  for (const line of lines) {
    if (!line.trim()) continue;
    const match = LINE.exec(line);
    if (!match?.[1] || match[2] === undefined) fail(`the front matter line "${line}" is not "key: value"`);
    const key = match[1];
    if (!isKey(key)) fail(`unknown front matter key "${key}" (expected ${KEYS.join(', ')})`);
    if (values.has(key)) fail(`the front matter key "${key}" is given twice`);
    values.set(key, unquote(match[2]));
  }
  const value = (key: Key): string => values.get(key) || fail(`the front matter has no ${key}`);

  const consent = value('consent');
  if (!isConsentName(consent)) fail(`consent must be ${CONSENT_NAMES.join(' or ')}, got "${consent}"`);
  const versionText = value('version');
  const version = Number(versionText);
  if (!/^\d+$/.test(versionText) || !Number.isSafeInteger(version) || version < 1) {
    fail(`version must be a whole number from 1, got "${versionText}"`);
  }
  const date = value('date');
  if (!isCalendarDate(date)) fail(`date must be a calendar date YYYY-MM-DD, got "${date}"`);
  return { consent, version, date, title: value('title') };
}

/** Reads one statement file; throws an Error naming the problem when the file is malformed. */
export function parseConsentStatement(text: string): ConsentStatement {
  // A file saved on Windows or with a byte order mark reads the same.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== FENCE) fail(`the file must begin with a "${FENCE}" line opening the front matter`);
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === FENCE);
  if (end < 0) fail(`the front matter is not closed by a "${FENCE}" line`);
  const statement = readFrontMatter(lines.slice(1, end));
  const body = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  if (!body) fail(`the ${statement.consent} statement has no text after its front matter`);
  return { ...statement, body };
}
