import dayjs from 'dayjs';

/**
 * A search box that promises to find by date (the patient reports' "Search by Kit ID, Product, or Date", kits §2)
 * must find a day the way people type it: "Nov 6", "November 6, 2026", "6 Nov", "11/06/2026", "11/6", "2026-11-06",
 * "2026-11", "Nov 2026". What is typed is read as a partial date (month, day, year, each optional but at least
 * the month or the year) and matches a date whose calendar day, in the user's time zone (the day the list shows),
 * agrees on every part given. Slashes are read month first, as the portal writes dates for its US users.
 * A text that reads as no date matches no date; no input, of any length or character, throws.
 */

export interface PartialDate {
  /** 1-12. */
  readonly month?: number;
  /** 1-31. */
  readonly day?: number;
  readonly year?: number;
}

/** A date is never longer than this as people type one ("September 30th, 2026" is 20); longer text is no date. */
const MAX_DATE_TEXT = 32;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const ISO = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/;
const MONTH_FIRST = /^([a-z]{3,9})\.?(?: (\d{1,2})(?:st|nd|rd|th)?)?,?(?: (\d{4}))?$/;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,9})\.?,?(?: (\d{4}))?$/;
const YEAR = /^\d{4}$/;

/** A month named by its full name or a prefix of at least three letters ("Sep", "Sept"). */
function monthOf(name: string): number | undefined {
  const index = MONTHS.findIndex((month) => month.startsWith(name));
  return index < 0 ? undefined : index + 1;
}

/** Two-digit years are this century's, as a US form writes "11/06/26". */
function fullYear(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

function partial(month: number | undefined, day: string | undefined, year: number | undefined): PartialDate | null {
  const dayNumber = day === undefined ? undefined : Number(day);
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (dayNumber !== undefined && (dayNumber < 1 || dayNumber > 31)) return null;
  if (month === undefined && year === undefined) return null;
  return { month, day: dayNumber, year };
}

/** The partial date a search text reads as, or null when it reads as none. */
export function readPartialDate(text: string): PartialDate | null {
  if (text.length > MAX_DATE_TEXT * 2) return null;
  const needle = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/ ?, ?/g, ', ').replace(/, $/, '');
  if (!needle || needle.length > MAX_DATE_TEXT) return null;
  const iso = ISO.exec(needle);
  if (iso) return partial(Number(iso[2]), iso[3], Number(iso[1]));
  const numeric = NUMERIC.exec(needle);
  if (numeric) return partial(Number(numeric[1]), numeric[2], fullYear(numeric[3]));
  const unspaced = needle.replace(/, /g, ' ');
  const monthFirst = MONTH_FIRST.exec(unspaced);
  if (monthFirst) {
    const month = monthOf(monthFirst[1] ?? '');
    return month === undefined ? null : partial(month, monthFirst[2], fullYear(monthFirst[3]));
  }
  const dayFirst = DAY_FIRST.exec(unspaced);
  if (dayFirst) {
    const month = monthOf(dayFirst[2] ?? '');
    return month === undefined ? null : partial(month, dayFirst[1], fullYear(dayFirst[3]));
  }
  if (YEAR.test(needle)) return partial(undefined, undefined, Number(needle));
  return null;
}

/** Whether an ISO 8601 date falls on a day that agrees with every part of the searched date, in local time. */
export function dateMatches(iso: string | null | undefined, searched: PartialDate | null): boolean {
  if (!iso || !searched) return false;
  const date = dayjs(iso);
  if (!date.isValid()) return false;
  return (
    (searched.year === undefined || date.year() === searched.year) &&
    (searched.month === undefined || date.month() + 1 === searched.month) &&
    (searched.day === undefined || date.date() === searched.day)
  );
}
