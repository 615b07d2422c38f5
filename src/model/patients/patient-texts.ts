import { ListFilterText } from '../lists/list-filter-texts';
import type { PatientColumn } from './patient';

/**
 * Kits §2 "Patients list" and "Patient detail", and the patients' texts of §5 and §8. Quoted texts are exactly
 * as the specification writes them; the rest name the part.
 */

export const PatientListText = {
  title: 'Patients',
  tableLabel: 'Patients',
  loading: 'Loading patients',
  anonymous: 'Anonymous',
  notAvailable: 'N/A',
  total: (n: number) => `${n} row(s) total.`,
  empty: 'No results.',
  loadError: (message: string) => `Error loading patients: ${message}`,
  /** What the error says when the failure brings no message of its own (kits §8 words the kits' one so). */
  loadFailed: 'Failed to load patients',
  previous: 'Previous',
  next: 'Next',
  pages: 'Pages',
  sortBy: (column: string) => `Sort by ${column}`,
} as const;

export const PatientColumnText: Readonly<Record<PatientColumn, string>> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of Birth',
};

/** The filter bar and builder look and read like the orders list's (kits §2 names the same four operators). */
export const PatientFilterText = ListFilterText;

export const PatientDetailText = {
  back: 'Back to Patients',
  loading: 'Loading patient',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of Birth',
  address: 'Address',
  noAddress: 'No address information available',
} as const;

/** Issue 40 §1: the patient page's kits, each with its status and a way to its reports. */
export const PatientKitsText = {
  title: 'Kits',
  tableLabel: 'The patient’s kits',
  kitId: 'Kit ID',
  product: 'Product',
  status: 'Status',
  reports: 'Reports',
  empty: 'No kits yet',
  loading: 'Loading kit',
  reportCount: (count: number) => (count === 1 ? '1 report' : `${count} reports`),
  noReports: 'No reports yet',
} as const;

/** Kits §8: the patients' success toasts and failure fallbacks (a failure shows the server's message when it has one). */
export const PatientMessageText = {
  created: 'Patient created successfully.',
  updated: 'Patient updated successfully.',
  deleted: 'Patient deleted successfully',
  consentsUpdated: 'Consents updated successfully.',
  createFailed: 'Failed to create patient',
  deleteFailed: 'Failed to delete patient',
  consentsFailed: 'Failed to update consents',
  notFound: 'Patient not found',
  loadFailed: 'Failed to load patient',
} as const;

/** Kits §5 where it applies to a patient's body, and the wording of what §5 leaves to the contract. */
export const PatientValidationText = {
  emailInvalid: 'Invalid email format',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'Zip code is required',
  countryRequired: 'Country is required',
  addressObject: 'address must be an object { street, city, state, postalCode, country }',
  dateOfBirthInvalid: 'dateOfBirth must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
} as const;

/** Issue 40: the provider side's patient form, its dialog and the patient page's actions. */
export const PatientFormText = {
  add: 'Add Patient',
  edit: 'Edit',
  editTitle: 'Edit Patient',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of Birth',
  address: 'Address',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/** Asked before a patient is deleted, as the team asks before a member is (kits §2). */
export const PatientDeleteText = {
  delete: 'Delete',
  question: 'Are you sure you want to delete this patient?',
  cancel: 'Cancel',
  confirm: 'Delete',
} as const;

/** Kits §3 "Patient consent": the patient page's two switches. */
export const PatientConsentText = {
  title: 'Consents',
  researchConsent: 'Research consent',
  rejuvenationOlympics: 'Rejuvenation Olympics consent',
} as const;
