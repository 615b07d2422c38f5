import dayjs from 'dayjs';
import { KitDetailText } from './kit-detail-texts';
import { KIT_DATE_FORMAT } from './kit-list-rules';

/** Kits §2 "Kit detail": what the page derives from the kit it reads by barcode. */

/**
 * Kits §8: a kit that cannot be loaded shows the message and "Redirecting to kits list...", then the kits list
 * opens. The documents give no delay; long enough to read the message, as the password pages' redirect.
 */
export const KIT_DETAIL_REDIRECT_MS = 3_000;

/** The barcode of /kits/{barcode}: kitDetailPath encodes it, the router hands it over still encoded. */
export function barcodeFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray % that encodes nothing is the barcode as typed.
    return segment;
  }
}

/**
 * A date of birth is a calendar day: its date part is read as written, so that midnight UTC is not the day before
 * in a reader's time zone west of Greenwich. Missing or unreadable shows nothing.
 */
export function formatBirthDate(date: string | null | undefined): string {
  if (!date) return '';
  const day = dayjs(/^\d{4}-\d{2}-\d{2}/.exec(date)?.[0] ?? date);
  return day.isValid() ? day.format(KIT_DATE_FORMAT) : '';
}

/** What the page shows where a value is missing (the patients list's fallback). */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : KitDetailText.notAvailable;
}
