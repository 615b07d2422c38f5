import * as v from 'valibot';
import { formatCount } from './number-format';

/**
 * How long a text of a request may be (issue 37 item 1), one number per kind of field, so that the form, the server
 * and the OpenAPI document (`maxLength`) say the same. Each is well beyond any real value (a name of 100 characters,
 * an e-mail address of 254 as RFC 5321 allows, a URL of 2,048 as browsers and proxies keep) and far below what
 * would cost the server: a longer value is a mistake or an attack, refused with a 400 naming the field.
 */
const NAME = 100;
const ADDRESS_LINE = 200;

export const TextLimit = {
  /** A person's first or last name, a practice's or a contact's name. */
  name: NAME,
  /**
   * A whole name, as a patient record keeps it: the first and the last name the account profile saves (each
   * `name`) with the space between them, so that a record written from a profile can always be written back.
   */
  fullName: NAME * 2 + 1,
  /** RFC 5321's longest address. */
  email: 254,
  /** What a sign-in or forgot-password form takes: a username or an e-mail address. */
  login: 254,
  /** Digits, spaces, a leading +, brackets and an extension. */
  phone: 40,
  url: 2_048,
  addressLine: ADDRESS_LINE,
  /**
   * A patient record's one street line, which holds the account profile's two address lines joined with ", "
   * (server/store/patients/me.ts), so that a record written from a profile can always be written back.
   */
  street: ADDRESS_LINE * 2 + 2,
  city: 100,
  /** A state's or region's name or code. */
  state: 100,
  zipCode: 20,
  /** A country's code or name. */
  country: 100,
  /** Long passphrases are welcome; scrypt's work grows with the input, so not without end. */
  password: 256,
  /** Opaque tokens the server issued (refresh, restore), a card provider's id, a captcha answer. */
  token: 4_096,
  /** A uid, barcode, order number, SKU or other identifier written as text. */
  identifier: 100,
  /** A search box or a list filter's value. */
  search: 200,
  /**
   * A list's `filters` parameter, the JSON text of at most 20 filters (LIST_MAX_FILTERS). The longest column
   * name, operator and a value of `search` characters take about 260 characters as JSON, so 20 of them about
   * 5,200; 6,000 leaves room for escaped quotes, and a longer text is refused before it is parsed.
   */
  filters: 6_000,
  /** A date (YYYY-MM-DD) or an ISO 8601 date-time: 35 characters with nanoseconds and an offset. */
  date: 40,
  /** Free text a person writes: a note, a description. */
  freeText: 2_000,
} as const;
export type TextLimit = (typeof TextLimit)[keyof typeof TextLimit];

export const LimitText = {
  tooLong: (label: string, max: number) => `${label} must be at most ${formatCount(max)} characters long`,
  controlCharacter: (label: string) => `${label} contains a character that is not allowed`,
} as const;

/**
 * Texts without C0 control characters or DEL. PostgreSQL cannot store NUL in text at all, and no name, address or
 * identifier holds any of them; tab, line feed and carriage return are the ones a multi-line text may hold. Written
 * as whole-text patterns so that the OpenAPI document states them (`pattern`) instead of only describing them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's whole purpose
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- as above, allowing the tab, line feed and carriage return of a multi-line text
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** True when a single-line text holds no control character (multi-line: no control character but tab, LF or CR). */
export function hasNoControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE : SINGLE_LINE).test(text);
}

/**
 * The control-character rule alone, for a field that words its own length limit (a list's search text and filter
 * values, whose messages name their query parameter).
 */
export function withoutControlCharacters(message: string, options: { readonly multiLine?: boolean } = {}) {
  return v.regex(options.multiLine ? MULTI_LINE : SINGLE_LINE, message);
}

/**
 * A text schema limited to `max` characters and free of control characters, each refusal naming the field by its
 * label ("First name must be at most 100 characters long"). Wraps the field's own schema (required, trimmed,
 * checked for form), so the limit applies after trimming, as the value is stored.
 */
export function limited<TSchema extends v.GenericSchema<unknown, string>>(
  schema: TSchema,
  label: string,
  max: number,
  options: { readonly multiLine?: boolean } = {},
) {
  return v.pipe(
    schema,
    v.maxLength(max, LimitText.tooLong(label, max)),
    v.regex(options.multiLine ? MULTI_LINE : SINGLE_LINE, LimitText.controlCharacter(label)),
  );
}
