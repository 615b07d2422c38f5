import * as v from 'valibot';
import { CheckoutValidationText as T } from './texts';

/**
 * Ordering §5: the rules of a shipping address and of the customer who receives it. One definition,
 * used by the checkout form (messages under the fields) and by the server (a 400 naming the field).
 */

/** Ordering §3: the countries whose addresses need a state, chosen from the US state list. */
export const STATE_COUNTRIES: readonly string[] = ['US'];
export const DEFAULT_COUNTRY = 'US';

export function needsState(country: string | null | undefined): boolean {
  return STATE_COUNTRIES.includes((country ?? '').trim().toUpperCase());
}

// "PO Box", "P.O. Box", "P O Box", "POBox", "P.O.B.", "Post Office Box"; not "Poblano" or "Boxwood".
const PO_BOX = /\bp\s*\.?\s*o\s*\.?\s*b(?:ox|\.|\b)|\bpost\s+office\s+box\b/i;

export function isPoBox(line: string | null | undefined): boolean {
  return PO_BOX.test(line ?? '');
}

// An address of the usual shape, name@domain.tld, without spaces; the server's mail system decides the rest.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

const text = v.nullish(v.string(), '');
/** Missing, empty or only spaces: what a required field refuses. */
export const isBlank = (value: string | null | undefined) => !value?.trim();

export const ShippingInformationSchema = v.object({
  country: text,
  state: text,
  city: text,
  zipCode: text,
  addressLine1: text,
  addressLine2: text,
});
export type ShippingInformation = v.InferOutput<typeof ShippingInformationSchema>;

export const CustomerInformationSchema = v.object({
  firstName: text,
  lastName: text,
  email: text,
  phone: text,
});
export type CustomerInformation = v.InferOutput<typeof CustomerInformationSchema>;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first broken rule of each field of a shipping address, in the order the form shows them. */
export function shippingErrors(address: Partial<ShippingInformation>): FieldErrors<keyof ShippingInformation> {
  const errors: FieldErrors<keyof ShippingInformation> = {};
  if (isBlank(address.addressLine1)) errors.addressLine1 = T.addressRequired;
  else if (isPoBox(address.addressLine1)) errors.addressLine1 = T.poBox;
  if (isPoBox(address.addressLine2)) errors.addressLine2 = T.poBox;
  if (isBlank(address.city)) errors.city = T.cityRequired;
  if (needsState(address.country) && isBlank(address.state)) errors.state = T.stateRequired;
  if (isBlank(address.zipCode)) errors.zipCode = T.zipRequired;
  if (isBlank(address.country)) errors.country = T.countryRequired;
  return errors;
}

export function customerErrors(customer: Partial<CustomerInformation>): FieldErrors<keyof CustomerInformation> {
  const errors: FieldErrors<keyof CustomerInformation> = {};
  if (isBlank(customer.firstName)) errors.firstName = T.firstNameRequired;
  if (isBlank(customer.lastName)) errors.lastName = T.lastNameRequired;
  if (isBlank(customer.email)) errors.email = T.emailRequired;
  else if (!isEmail(customer.email ?? '')) errors.email = T.emailInvalid;
  if (isBlank(customer.phone)) errors.phone = T.phoneRequired;
  return errors;
}
