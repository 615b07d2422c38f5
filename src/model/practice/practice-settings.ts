import * as v from 'valibot';
import { BillingType, FulfilmentType } from '../enums';
import { idSchema } from '../id';
import { limited, TextLimit } from '../limits';
import {
  DEFAULT_COUNTRY,
  isBlank,
  isEmail,
  limitedAddressField,
  needsState,
  type AddressFieldName,
  type AddressFormValues,
} from '../address/address-rules';
import { normalizedCountry } from '../address/countries';
import type { Address, Practice } from './practice';
import { requiredText, request } from '../schema';
import { BillingSettingsText, PracticeSettingsText, SettingsValidationText as T } from './settings-texts';

/**
 * Ordering §2, §3, §5 and §7: the bodies of PUT /Practices and the three PATCH /Practices/* calls, one
 * definition for the settings forms (messages under the fields) and the server (a 400 naming each field).
 * What a form sends is exact: text trimmed, an empty optional line null, the country as its two-letter
 * code, and a state only where the country has a state list.
 */

const trimmed = () => v.pipe(v.string(), v.trim());

/**
 * An optional text: `text` (trimmed and limited), missing as empty, empty as null. The limit comes before the
 * transform, where the OpenAPI document, which describes what is sent, still reads it.
 */
function optionalLine(text: v.GenericSchema<string, string>) {
  return v.pipe(
    v.nullish(text, ''),
    v.transform((value) => value || null),
  );
}
const optionalAddressLine = (field: AddressFieldName) => optionalLine(limitedAddressField(field, trimmed()));
const requiredAddressLine = (field: AddressFieldName, message: string) => limitedAddressField(field, requiredText(message));

/** An object whose absence, and each missing field, reads with its own message (`request` for nested parts). */
function requiredObject<TEntries extends v.ObjectEntries>(entries: TEntries, missing: string) {
  return v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    if (typeof key === 'string' && key in entries) {
      const result = v.safeParse(entries[key] as v.GenericSchema, undefined);
      if (!result.success) return result.issues[0].message;
    }
    return missing;
  });
}

/** An address with §5's messages; `line1Message` differs between the office and the billing address. */
function addressSchema(line1Message: string) {
  return v.pipe(
    requiredObject(
      {
        addressLine1: requiredAddressLine('addressLine1', line1Message),
        addressLine2: optionalAddressLine('addressLine2'),
        city: requiredAddressLine('city', T.cityRequired),
        state: optionalAddressLine('state'),
        zipCode: requiredAddressLine('zipCode', T.zipRequired),
        country: requiredAddressLine('country', T.countryRequired),
      },
      line1Message,
    ),
    v.forward(
      v.partialCheck(
        [['country'], ['state']],
        (address) => !needsState(normalizedCountry(address.country)) || !isBlank(address.state),
        T.stateRequired,
      ),
      ['state'],
    ),
    v.transform((address): Address => {
      const country = normalizedCountry(address.country);
      return { ...address, country, state: needsState(country) ? address.state : null };
    }),
  );
}

export const PracticeUpdateSchema = request({
  /** The practice's own id may come along (the form sends the record it read); another practice's is a 404. */
  id: v.optional(idSchema()),
  // The form titles the name and phone by the unit type ("Institution name"); the required messages and these say "Practice".
  name: limited(requiredText(T.practiceNameRequired), PracticeSettingsText.name('Practice'), TextLimit.name),
  phone: limited(requiredText(T.practicePhoneRequired), PracticeSettingsText.phone('Practice'), TextLimit.phone),
  contactPersonFirstName: limited(requiredText(T.contactFirstNameRequired), PracticeSettingsText.contactFirstName, TextLimit.name),
  contactPersonLastName: limited(requiredText(T.contactLastNameRequired), PracticeSettingsText.contactLastName, TextLimit.name),
  address: addressSchema(T.officeAddressRequired),
});
export type PracticeUpdate = v.InferOutput<typeof PracticeUpdateSchema>;
export type PracticeUpdateInput = v.InferInput<typeof PracticeUpdateSchema>;

export const InvoiceContactUpdateSchema = request({
  email: limited(
    v.pipe(
      requiredText(T.invoiceEmailRequired),
      v.check((email) => isEmail(email), T.emailInvalid),
    ),
    BillingSettingsText.invoiceEmail,
    TextLimit.email,
  ),
  phone: limited(requiredText(T.invoicePhoneRequired), BillingSettingsText.invoicePhone, TextLimit.phone),
  fax: optionalLine(limited(trimmed(), BillingSettingsText.invoiceFax, TextLimit.phone)),
});
export type InvoiceContactUpdate = v.InferOutput<typeof InvoiceContactUpdateSchema>;
export type InvoiceContactUpdateInput = v.InferInput<typeof InvoiceContactUpdateSchema>;

/**
 * Ordering §4 "Billing address": on, the server copies the practice's address (nothing else is read); off,
 * the billing address's own fields are required.
 */
export const BillingAddressUpdateSchema = v.variant(
  'sameAsPracticeAddress',
  [
    v.object({ sameAsPracticeAddress: v.literal(true) }),
    request({ sameAsPracticeAddress: v.literal(false), billingAddress: addressSchema(T.addressLine1Required) }),
  ],
  T.sameAsPracticeRequired,
);
export type BillingAddressUpdateInput = v.InferInput<typeof BillingAddressUpdateSchema>;

export const FulfilmentUpdateSchema = request({
  fulfilmentType: v.picklist([FulfilmentType.Digital, FulfilmentType.Physical], T.fulfilmentInvalid),
});
export type FulfilmentUpdate = v.InferOutput<typeof FulfilmentUpdateSchema>;

// ---- What the forms start with ---------------------------------------------------------------------

export function addressFormValues(address: Address | null | undefined): AddressFormValues {
  return {
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipCode: address?.zipCode ?? '',
    // Ordering §3: the country select defaults to US.
    country: normalizedCountry(address?.country) || DEFAULT_COUNTRY,
  };
}

export interface PracticeFormValues {
  name: string;
  phone: string;
  contactPersonFirstName: string;
  contactPersonLastName: string;
  address: AddressFormValues;
}

export function practiceFormValues(practice: Practice): PracticeFormValues {
  return {
    name: practice.name,
    phone: practice.phone ?? '',
    contactPersonFirstName: practice.contactPersonFirstName ?? '',
    contactPersonLastName: practice.contactPersonLastName ?? '',
    address: addressFormValues(practice.address),
  };
}

export function invoiceContactFormValues(practice: Pick<Practice, 'invoiceContact'>): { email: string; phone: string; fax: string } {
  const contact = practice.invoiceContact;
  return { email: contact?.email ?? '', phone: contact?.phone ?? '', fax: contact?.fax ?? '' };
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();

/** The billing address is the practice's own when every field matches (the country compared by its code). */
export function billingIsPracticeAddress(practice: Pick<Practice, 'address' | 'billingAddress'>): boolean {
  const { address, billingAddress } = practice;
  if (!address?.addressLine1?.trim() || !billingAddress) return false;
  const a = addressFormValues(address);
  const b = addressFormValues(billingAddress);
  return (Object.keys(a) as (keyof AddressFormValues)[]).every((key) => same(a[key], b[key]));
}

export interface BillingAddressFormValues {
  sameAsPracticeAddress: boolean;
  billingAddress: AddressFormValues;
}

export function billingAddressFormValues(practice: Pick<Practice, 'address' | 'billingAddress'>): BillingAddressFormValues {
  return { sameAsPracticeAddress: billingIsPracticeAddress(practice), billingAddress: addressFormValues(practice.billingAddress) };
}

// ---- Ordering §2 "Settings: billing": which billing page ------------------------------------------

export type BillingPage = 'net30' | 'perOrder' | 'unexpected';

/** The practice's own billing type, not the Net30 default of the ordering configuration: any other value is unexpected. */
export function billingPage(billingType: number): BillingPage {
  if (billingType === BillingType.Net30) return 'net30';
  if (billingType === BillingType.PerOrder) return 'perOrder';
  return 'unexpected';
}

/** Ordering §9: "Changes saved successfully" stays 3 s after the practice is saved. */
export const SAVED_BANNER_MS = 3000;

/** What the billing address form sends: the flag alone when on (the server copies), else the flag and its fields. */
export function billingAddressRequest(values: BillingAddressFormValues): BillingAddressUpdateInput {
  return values.sameAsPracticeAddress
    ? { sameAsPracticeAddress: true }
    : { sameAsPracticeAddress: false, billingAddress: values.billingAddress };
}
