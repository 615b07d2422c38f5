import * as v from 'valibot';
import { isBlank, limitedAddressField, needsState, type AddressFormValues, type FieldErrors } from '../address/address-rules';
import { normalizedCountry } from '../address/countries';
import type { Address } from '../practice/practice';
import { type UserRecord } from '../team/user-record';
import { AccountAddressText as T } from './account-texts';

/**
 * The signed-in user's own profile (kits §2 "Settings: Account", "Profile page"; §3 User; §5): the address the
 * provider profile saves with PUT /Users/Me, and what the account tab and the profile form start with. One
 * definition for the forms (messages under the fields) and the server (a 400 naming each field).
 */

export type AddressField = keyof Address;

/** An address as typed: every field text, any of them missing or null. */
export type AddressInput = { [K in AddressField]?: string | null };

const ADDRESS_FIELDS: readonly AddressField[] = ['addressLine1', 'addressLine2', 'city', 'state', 'zipCode', 'country'];

/** A field of an address as typed, limited as it is stored (trimmed). */
const line = (field: AddressField) => v.nullish(limitedAddressField(field, v.pipe(v.string(), v.trim())));

/** Every field of an address as typed; the patient's profile reads its address with the same fields. */
export const ADDRESS_INPUT_ENTRIES = {
  addressLine1: line('addressLine1'),
  addressLine2: line('addressLine2'),
  city: line('city'),
  state: line('state'),
  zipCode: line('zipCode'),
  country: line('country'),
};

const AddressInputSchema = v.object(ADDRESS_INPUT_ENTRIES, T.addressObject);

/** Kits §5 "address if present": an address whose every field is blank is no address at all. */
export function isBlankAddress(address: AddressInput | null | undefined): boolean {
  return !address || ADDRESS_FIELDS.every((field) => isBlank(address[field]));
}

/** Kits §5: the first broken rule of each field of an address that is present; none for a blank one. */
export function accountAddressErrors(address: AddressInput | null | undefined): FieldErrors<AddressField> {
  const errors: FieldErrors<AddressField> = {};
  if (!address || isBlankAddress(address)) return errors;
  if (isBlank(address.addressLine1)) errors.addressLine1 = T.addressRequired;
  if (isBlank(address.city)) errors.city = T.cityRequired;
  // Only for the countries whose addresses have a state (the ordering rules' list).
  if (needsState(normalizedCountry(address.country)) && isBlank(address.state)) errors.state = T.stateRequired;
  if (isBlank(address.zipCode)) errors.zipCode = T.zipRequired;
  if (isBlank(address.country)) errors.country = T.countryRequired;
  return errors;
}

/** What is stored: text trimmed, the optional line null when empty, a state only where the country has one. */
function storedAddress(address: AddressInput | null): Address | null {
  if (!address || isBlankAddress(address)) return null;
  const text = (field: AddressField) => address[field]?.trim() || null;
  const country = normalizedCountry(address.country);
  return {
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2'),
    city: text('city'),
    state: needsState(country) ? text('state') : null,
    zipCode: text('zipCode'),
    country,
  };
}

/**
 * PUT /Users/Me's optional `address` (the provider profile): null, or an address whose every field is blank,
 * clears it; any other needs kits §5's fields, each refused with its own message under `address.<field>`.
 */
export const AccountAddressSchema = v.pipe(
  v.nullable(AddressInputSchema),
  v.description(
    'Null, or an address whose every field is blank, clears the address. Otherwise addressLine1, city, zipCode and country are required, and a state where the country has a state list (US); the country is stored as its two-letter code.',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value) return;
    const address = dataset.value;
    for (const [key, message] of Object.entries(accountAddressErrors(address))) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: address, key, value: address[key as AddressField] }] });
    }
  }),
  v.transform(storedAddress),
);

// ---- What the forms start with ---------------------------------------------------------------------

/** The account tab's fields (the email is shown, never sent). */
export interface AccountFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  receiveNotifications: boolean;
}

/** The provider profile's fields. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  /** None chosen for a user without an address. */
  address: AddressFormValues<string | undefined>;
}

export function accountFormValues(user: UserRecord): AccountFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    receiveNotifications: user.receiveNotifications,
  };
}

export function profileFormValues(user: UserRecord): ProfileFormValues {
  const address = user.address;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    address: {
      addressLine1: address?.addressLine1 ?? '',
      addressLine2: address?.addressLine2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zipCode: address?.zipCode ?? '',
      country: normalizedCountry(address?.country) || undefined,
    },
  };
}
