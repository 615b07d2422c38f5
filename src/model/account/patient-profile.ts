import * as v from 'valibot';
import type { FieldErrors } from '../address/address-rules';
import { normalizedCountry } from '../address/countries';
import { AddressSchema, type Address } from '../practice/practice';
import { optionalText, request } from '../schema';
import {
  ADDRESS_INPUT_ENTRIES,
  AccountAddressSchema,
  accountAddressErrors,
  type AddressField,
  type AddressInput,
  type ProfileFormValues,
} from './account-profile';
import { PROFILE_FIELDS } from '../team/user';
import { ConsentDecisionsSchema } from './consent-decisions';

/**
 * Kits §3 "Account profile (patient portal)" and §5 "Patient-portal profile form": the signed-in patient's own
 * profile, as GET /Patients/Me answers it and PUT /Patients/Me saves it. One definition for the account tab's
 * form (each message under its field: firstName, lastName, phone, address.<field>) and for the server (a 400,
 * nothing stored). The rules are the provider profile's (kits §5), except that the address is always required:
 * only the apartment line is optional.
 */

/**
 * GET /Patients/Me (and the answer of PUT /Patients/Me and PATCH /Patients/Me/Consents), read leniently. The uid
 * is the patient record's, the one the consents call sends back (contract decisions); the screens cannot work
 * without it, so only it is required.
 */
export const PatientProfileSchema = v.object({
  uid: v.pipe(v.string(), v.description('The patient record’s uid: PATCH /Patients/Me/Consents sends it back')),
  firstName: v.nullish(v.string(), ''),
  lastName: v.nullish(v.string(), ''),
  email: v.pipe(v.nullish(v.string(), ''), v.description('Read-only: PUT /Patients/Me never changes it')),
  phone: optionalText,
  address: v.nullish(AddressSchema, null),
  researchConsent: v.nullish(v.boolean(), false),
  rejuvenationOlympicsConsent: v.nullish(v.boolean(), false),
  /** Beside the contract's fields (issue 41 item 2): the dates under the switches; optional, read leniently. */
  consentDecisions: v.nullish(ConsentDecisionsSchema),
});
export type PatientProfile = v.InferOutput<typeof PatientProfileSchema>;

/**
 * The patient's address is required, so kits §5's rules of a begun address always apply. The apartment line is
 * the one field no rule reads, so marking it begun makes the provider profile's own rules (the country's state
 * list included) judge a blank or missing address too, instead of waving it through as "no address".
 */
export function profileAddressErrors(address: AddressInput | null | undefined): FieldErrors<AddressField> {
  return accountAddressErrors({ ...address, addressLine2: 'begun' });
}

/** The server's own words where the documents are silent. */
export const PatientProfileText = {
  addressObject: 'address must be an object of text fields',
  notPatient: 'Only a patient account has a patient record of its own',
} as const;

/**
 * PUT /Patients/Me's address: every field text (a missing or null address is an empty one, refused field by
 * field), stored as the provider profile stores one: trimmed, an empty apartment line null, the country's
 * two-letter code, a state only where the country has a state list.
 */
export const ProfileAddressSchema = v.pipe(
  v.nullish(v.object(ADDRESS_INPUT_ENTRIES, PatientProfileText.addressObject), () => ({})),
  v.description(
    'Required: addressLine1, city, zipCode and country, and a state where the country has a state list (US); addressLine2 is optional. Stored trimmed, with the country as its two-letter code.',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const address = dataset.value;
    for (const [key, message] of Object.entries(profileAddressErrors(address))) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: address, key, value: address[key as AddressField] }] });
    }
  }),
  // Runs only when every rule above holds, so the address is never blank here and the stored form is never null.
  v.nonNullable(AccountAddressSchema),
);

/**
 * PUT /Patients/Me (the account profile body). The email is read-only: one sent along is ignored, as PUT /Users/Me
 * ignores it, so the form may send back what it shows.
 */
export const PatientProfileRequestSchema = request({
  ...PROFILE_FIELDS,
  address: ProfileAddressSchema,
});
export type PatientProfileRequest = v.InferInput<typeof PatientProfileRequestSchema>;
export type PatientProfileFields = v.InferOutput<typeof PatientProfileRequestSchema>;

/** What the account tab's form starts with (the email is shown read-only beside it, never sent). */
export function patientProfileFormValues(profile: PatientProfile): ProfileFormValues {
  const address: Partial<Address> = profile.address ?? {};
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    address: {
      addressLine1: address.addressLine1 ?? '',
      addressLine2: address.addressLine2 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      zipCode: address.zipCode ?? '',
      // Stored addresses may carry a country's name; the form's select knows codes.
      country: normalizedCountry(address.country) || undefined,
    },
  };
}
