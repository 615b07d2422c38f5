import * as v from 'valibot';
import { isBlank, needsState } from '../address/address-rules';
import type { PatientAddress } from './patient';
import { PatientValidationText as T } from './patient-texts';

/**
 * Kits §5 where it applies to a patient: a date of birth, and an address's required parts (the state only in the
 * countries that have states, as ordering §3 lists them). Shared by the request schema and any form; the email's
 * format is every form's (address-rules' isEmail).
 */

/** `YYYY-MM-DD`: the part of a date of birth that is kept. */
export const DATE_OF_BIRTH = 'YYYY-MM-DD';
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DateTimeSchema = v.pipe(v.string(), v.isoTimestamp());

/** A real calendar date, or an ISO 8601 date-time whose date as written is one. */
export function isDateOfBirth(text: string): boolean {
  const date = text.slice(0, DATE_OF_BIRTH.length);
  if (text.length > date.length && !v.is(DateTimeSchema, text)) return false;
  const match = DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  // Year 0 does not exist in PostgreSQL's calendar; Date.UTC would also roll 02-30 over into March.
  return year >= 1 && parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

type AddressKey = keyof PatientAddress;

/** The first broken rule of each part of a given address, in the order a form shows them. */
export function addressIssues(address: Readonly<Record<AddressKey, string | null>>): [AddressKey, string][] {
  const issues: [AddressKey, string][] = [];
  const blank = (key: AddressKey) => isBlank(address[key]);
  if (blank('street')) issues.push(['street', T.addressRequired]);
  if (blank('city')) issues.push(['city', T.cityRequired]);
  if (needsState(address.country) && blank('state')) issues.push(['state', T.stateRequired]);
  if (blank('postalCode')) issues.push(['postalCode', T.zipRequired]);
  if (blank('country')) issues.push(['country', T.countryRequired]);
  return issues;
}

/**
 * A whole name (kits §3's `name`) as a first and a last name: the first word, and the rest as written, so that
 * joining them with one space gives the name back exactly. Blank parts are none.
 */
export function splitName(name: string | null | undefined): { first: string | null; last: string | null } {
  const whole = name?.trim();
  if (!whole) return { first: null, last: null };
  const space = whole.indexOf(' ');
  return space < 0 ? { first: whole, last: null } : { first: whole.slice(0, space), last: whole.slice(space + 1).trim() || null };
}
