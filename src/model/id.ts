import * as v from 'valibot';
import { LimitText, TextLimit } from './limits';

/**
 * Identifiers (contract decisions): a record's `id`, `practiceId` and `userId` are numbers, but a real
 * service may send them as strings of digits. The client keeps an identifier exactly as it arrived and
 * sends it back in the same type, so it never converts one; it only compares them with `sameId`.
 */

export type Id = number | string;

const DIGITS = /^\d+$/;

/** How an unexpected value is named in a message: its kind, or the text itself. */
export function describeReceived(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'string') return JSON.stringify(input);
  if (typeof input === 'number') return String(input);
  return typeof input;
}

/**
 * A whole number of zero or more, or a string of digits; `missing` words a request's absent field and `label` names
 * it when its digits run past any identifier's length.
 */
export function idSchema(missing?: string, label = 'id') {
  const expected = (issue: v.BaseIssue<unknown>) =>
    missing && issue.input === undefined ? missing : `expected number or digits, got ${describeReceived(issue.input)}`;
  return v.union(
    [
      v.pipe(v.number(expected), v.safeInteger(expected), v.minValue(0, expected)),
      v.pipe(
        v.string(expected),
        v.regex(DIGITS, expected),
        v.maxLength(TextLimit.identifier, LimitText.tooLong(label, TextLimit.identifier)),
      ),
    ],
    expected,
  );
}

/** An identifier in an answer; the same shape checks requests. */
export const IdSchema = idSchema();

/** One record named twice, perhaps once as 11 and once as "11". */
export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return String(a) === String(b);
}

/** A key for lists and maps, equal for 11 and "11". */
export function idKey(id: Id): string {
  return String(id);
}

/**
 * The number an identifier stands for, or null when it cannot name a stored record (beyond the
 * integers a number keeps exactly), so that a lookup answers "not found" rather than failing.
 */
export function idNumber(id: Id): number | null {
  const value = typeof id === 'number' ? id : Number(id);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}
