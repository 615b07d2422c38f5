import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { formFieldErrors } from '../schema';
import { AddressFieldText as Label, AddressValidationText as T } from './address-texts';

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

/** Missing, empty or only spaces: what a required field refuses. */
export const isBlank = (value: string | null | undefined) => !value?.trim();

export type AddressFieldName = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode' | 'country';

/**
 * Every field of an address form as text, the country as its code (a stored name reads as its code). `Country` is
 * `string | undefined` for a form that may have none chosen, so that an untouched form sends none.
 */
export type AddressFormValues<Country extends string | undefined = string> = Record<Exclude<AddressFieldName, 'country'>, string> & {
  country: Country;
};

/** Every address form's labels (checkout, settings, profiles say the same words) and each field's length limit. */
const ADDRESS_LIMITS: Readonly<Record<AddressFieldName, readonly [label: string, max: number]>> = {
  addressLine1: [Label.addressLine1, TextLimit.addressLine],
  addressLine2: [Label.addressLine2, TextLimit.addressLine],
  city: [Label.city, TextLimit.city],
  state: [Label.state, TextLimit.state],
  zipCode: [Label.zipCode, TextLimit.zipCode],
  country: [Label.country, TextLimit.country],
};

/** An address field's own schema with the field's length limit, each refusal naming the field by its label. */
export function limitedAddressField<TSchema extends v.GenericSchema<unknown, string>>(field: AddressFieldName, schema: TSchema) {
  const [label, max] = ADDRESS_LIMITS[field];
  return limited(schema, label, max);
}

const addressText = (field: AddressFieldName) => v.nullish(limitedAddressField(field, v.string()), '');
const text = (label: string, max: number) => v.nullish(limited(v.string(), label, max), '');

export const ShippingInformationSchema = v.object({
  country: addressText('country'),
  state: addressText('state'),
  city: addressText('city'),
  zipCode: addressText('zipCode'),
  addressLine1: addressText('addressLine1'),
  addressLine2: addressText('addressLine2'),
});
export type ShippingInformation = v.InferOutput<typeof ShippingInformationSchema>;

export const CustomerInformationSchema = v.object({
  firstName: text(Label.firstName, TextLimit.name),
  lastName: text(Label.lastName, TextLimit.name),
  email: text(Label.email, TextLimit.email),
  phone: text(Label.phone, TextLimit.phone),
});
export type CustomerInformation = v.InferOutput<typeof CustomerInformationSchema>;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const SHIPPING_FIELDS: readonly (keyof ShippingInformation)[] = ['addressLine1', 'addressLine2', 'city', 'state', 'zipCode', 'country'];
const CUSTOMER_FIELDS: readonly (keyof CustomerInformation)[] = ['firstName', 'lastName', 'email', 'phone'];

/**
 * The schema's limit messages (too long, a control character) of each field, judged on the text as it is sent
 * (trimmed, see checkout.ts), so that the number and the words of each limit are written once, in the schema.
 */
function withLimitErrors<K extends string>(
  errors: FieldErrors<K>,
  schema: v.GenericSchema,
  values: Partial<Record<K, string | null>>,
  fields: readonly K[],
): FieldErrors<K> {
  const sent = Object.fromEntries(fields.map((field) => [field, values[field]?.trim() ?? null]));
  const result = v.safeParse(schema, sent);
  if (result.success) return errors;
  const limits = formFieldErrors(result.issues, fields);
  for (const field of fields) {
    const limit = limits[field];
    if (limit && !errors[field]) errors[field] = limit;
  }
  return errors;
}

/** The first broken rule of each field of a shipping address, in the order the form shows them; a limit last. */
export function shippingErrors(address: Partial<ShippingInformation>): FieldErrors<keyof ShippingInformation> {
  const errors: FieldErrors<keyof ShippingInformation> = {};
  if (isBlank(address.addressLine1)) errors.addressLine1 = T.addressRequired;
  else if (isPoBox(address.addressLine1)) errors.addressLine1 = T.poBox;
  if (isPoBox(address.addressLine2)) errors.addressLine2 = T.poBox;
  if (isBlank(address.city)) errors.city = T.cityRequired;
  if (needsState(address.country) && isBlank(address.state)) errors.state = T.stateRequired;
  if (isBlank(address.zipCode)) errors.zipCode = T.zipRequired;
  if (isBlank(address.country)) errors.country = T.countryRequired;
  return withLimitErrors(errors, ShippingInformationSchema, address, SHIPPING_FIELDS);
}

/** The first broken rule of each field of the customer who receives the kits; a limit last. */
export function customerErrors(customer: Partial<CustomerInformation>): FieldErrors<keyof CustomerInformation> {
  const errors: FieldErrors<keyof CustomerInformation> = {};
  if (isBlank(customer.firstName)) errors.firstName = T.firstNameRequired;
  if (isBlank(customer.lastName)) errors.lastName = T.lastNameRequired;
  if (isBlank(customer.email)) errors.email = T.emailRequired;
  else if (!isEmail(customer.email ?? '')) errors.email = T.emailInvalid;
  if (isBlank(customer.phone)) errors.phone = T.phoneRequired;
  return withLimitErrors(errors, CustomerInformationSchema, customer, CUSTOMER_FIELDS);
}
