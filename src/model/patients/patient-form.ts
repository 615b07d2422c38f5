import type * as v from 'valibot';
import type { AddressFormValues } from '../address/address-rules';
import { normalizedCountry } from '../address/countries';
import { AccountAddressSchema } from '../account/account-profile';
import type { Address } from '../practice/practice';
import { request } from '../schema';
import { PROFILE_FIELDS } from '../team/user';
import { PATIENT_CONTACT_FIELDS, type Patient, type PatientAddress, type PatientRequest } from './patient';
import { splitName } from './patient-validation';

/**
 * The provider side's patient form (kits §5, issue 40): first and last name, email, phone, date of birth and an
 * address, the address kept in the shared address fields' shape. One schema gives each field's message on the
 * form and decides whether a save may start; `patientRequest` turns what it accepts into the body of POST
 * /Patients/ and PUT /Patients/{uid}, which the server checks again with the same rules.
 */

export interface PatientFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** `YYYY-MM-DD`, or empty. */
  dateOfBirth: string;
  /** None chosen for a patient without an address. */
  address: AddressFormValues<string | undefined>;
}

/** Kits §5's rules as the form names its fields: names and phone required, the address only when begun. */
export const PatientFormSchema = request({
  ...PROFILE_FIELDS,
  email: PATIENT_CONTACT_FIELDS.email,
  dateOfBirth: PATIENT_CONTACT_FIELDS.dateOfBirth,
  address: AccountAddressSchema,
});
export type PatientFormRequest = v.InferInput<typeof PatientFormSchema>;
export type PatientFormFields = v.InferOutput<typeof PatientFormSchema>;

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  address: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: undefined },
};

/**
 * A patient record keeps kits §3's address shape, which has one street line: the apartment line follows the
 * street there, as it would on an envelope. The patient's own profile is stored the same way.
 */
export function patientAddressOf(address: Address): NonNullable<PatientAddress> {
  return {
    street: [address.addressLine1, address.addressLine2].filter((line) => line).join(', '),
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.zipCode ?? '',
    country: address.country ?? '',
  };
}

/** The body sent: the names, and kits §3's whole `name` for a service that reads only that. */
export function patientRequest(fields: PatientFormFields): PatientRequest {
  return {
    firstName: fields.firstName,
    lastName: fields.lastName,
    name: `${fields.firstName} ${fields.lastName}`,
    email: fields.email,
    phone: fields.phone,
    dateOfBirth: fields.dateOfBirth,
    address: fields.address ? patientAddressOf(fields.address) : null,
  };
}

/** What the edit form opens with: the record's names (or its whole name split), the street on the first line. */
export function patientFormValues(patient: Patient): PatientFormValues {
  const split = splitName(patient.name);
  const address = patient.address;
  return {
    firstName: patient.firstName ?? split.first ?? '',
    lastName: patient.lastName ?? split.last ?? '',
    email: patient.email ?? '',
    phone: patient.phone ?? '',
    dateOfBirth: patient.dateOfBirth?.slice(0, 10) ?? '',
    address: {
      addressLine1: address?.street ?? '',
      addressLine2: '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zipCode: address?.postalCode ?? '',
      country: normalizedCountry(address?.country) || undefined,
    },
  };
}
