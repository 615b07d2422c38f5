import dayjs from 'dayjs';
import type { Id } from '../id';
import { PATIENT_COLUMNS, type Patient, type PatientAddress, type PatientColumn, type PatientsPage } from './patient';
import { PatientColumnText, PatientListText } from './patient-texts';

/** Kits §2: how the patients list and the patient detail show a patient. */

/** A date of birth as the screens show it, like the kit screens' dates. */
export const DATE_OF_BIRTH_FORMAT = 'MMM D, YYYY';

const DATE_PART = /^\d{4}-\d{2}-\d{2}/;

/** The patient's name, or "Anonymous" for a patient without one. */
export function displayName(patient: Pick<Patient, 'name'>): string {
  return patient.name?.trim() || PatientListText.anonymous;
}

/** A field's value, or "N/A" when it is missing or blank. */
export function valueOrNotAvailable(value: string | null | undefined): string {
  return value?.trim() || PatientListText.notAvailable;
}

/**
 * A date of birth is a calendar date: its date part is shown as written, never moved by the viewer's time zone
 * (midnight UTC is the evening before in the Americas). Missing or unreadable: "N/A".
 */
export function formatDateOfBirth(date: string | null | undefined): string {
  const day = DATE_PART.exec(date?.trim() ?? '')?.[0];
  const parsed = day ? dayjs(day) : null;
  return parsed?.isValid() && parsed.format('YYYY-MM-DD') === day ? parsed.format(DATE_OF_BIRTH_FORMAT) : PatientListText.notAvailable;
}

/**
 * The address as lines, as a letter writes it: the street; the city, state and postal code; the country. Parts
 * that are missing are left out; no part at all gives no line, and the detail says "No address information available".
 */
export function addressLines(address: PatientAddress | null | undefined): string[] {
  if (!address) return [];
  const part = (text: string | null) => text?.trim() ?? '';
  const region = [part(address.state), part(address.postalCode)].filter(Boolean).join(' ');
  const locality = [part(address.city), region].filter(Boolean).join(', ');
  return [part(address.street), locality, part(address.country)].filter(Boolean);
}

/** Kits §2: the patients list's route. */
export const PATIENTS_PATH = '/patients';

/** The id of /patients/{patientId}: patientDetailPath encodes it, the router hands it over still encoded. */
export function patientIdFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray % that encodes nothing is the id as typed.
    return segment;
  }
}

/** Kits §2: the patient detail route of a patient (the list's name and email link to it). */
export function patientDetailPath(id: Id): string {
  return `/patients/${encodeURIComponent(String(id))}`;
}

/**
 * "{n} row(s) total.": the answer's `total` when the service gives one. Without it the count is known only on
 * the last page (every page before it was full); elsewhere it is unknown (null) and nothing is claimed.
 */
export function rowsTotal(
  answer: Pick<PatientsPage, 'page' | 'hasMore' | 'total'> & { readonly items: readonly unknown[] },
  pageSize: number,
): number | null {
  if (answer.total !== null) return answer.total;
  if (answer.hasMore) return null;
  return (Math.max(answer.page, 1) - 1) * pageSize + answer.items.length;
}

/** The filter's column picker: the columns whose name contains the searched text, case aside. */
export function matchingPatientColumns(search: string): readonly PatientColumn[] {
  const text = search.trim().toLowerCase();
  return PATIENT_COLUMNS.filter((column) => PatientColumnText[column].toLowerCase().includes(text));
}
