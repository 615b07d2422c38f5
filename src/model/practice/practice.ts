import * as v from 'valibot';
import { FulfilmentType } from '../enums';
import { IdSchema } from '../id';
import { integer, optionalText } from '../schema';

/**
 * Ordering §3: the practice record, which also carries its unit type (contract decisions). Read
 * leniently: every part a screen can do without may be missing or null and reads as null.
 */

export const AddressSchema = v.object({
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  country: optionalText,
});
export type Address = v.InferOutput<typeof AddressSchema>;

export const InvoiceContactSchema = v.object({
  email: optionalText,
  phone: optionalText,
  fax: optionalText,
});

export const PracticeSchema = v.object({
  id: IdSchema,
  name: v.string(),
  phone: optionalText,
  contactPersonFirstName: optionalText,
  contactPersonLastName: optionalText,
  fulfilmentType: v.nullish(integer('fulfilmentType'), null),
  /** Any number loads, so that the billing page can say "Unexpected Billing Type". */
  billingType: integer('billingType'),
  address: v.nullish(AddressSchema, null),
  billingAddress: v.nullish(AddressSchema, null),
  invoiceContact: v.nullish(InvoiceContactSchema, null),
  whiteLabel: v.nullish(v.object({ logoUrl: optionalText }), null),
  showReportsToPatients: v.nullish(v.boolean(), false),
  unitType: integer('unitType'),
});
export type Practice = v.InferOutput<typeof PracticeSchema>;

/**
 * Ordering §1 and §2: how the practice's orders are fulfilled, as the checkout builds them and the server expects
 * them. Only Digital (0) ships nothing; a practice that names no type, or a number the documents do not define,
 * ships kits, since an order request can only say 0 or 1 and a shipped order is the one that asks for an address.
 */
export function fulfilmentOf(practice: { fulfilmentType: number | null } | null | undefined): FulfilmentType {
  return practice?.fulfilmentType === FulfilmentType.Digital ? FulfilmentType.Digital : FulfilmentType.Physical;
}

/**
 * What a patient (or an account of neither portal) reads of its practice: only what the patient portal uses (issue
 * 37 item 11). Billing, invoice contact, addresses and contacts are the practice's business, not its patients'.
 */
export const PracticeSummarySchema = v.object({
  id: IdSchema,
  name: v.string(),
  unitType: integer('unitType'),
  showReportsToPatients: v.nullish(v.boolean(), false),
  whiteLabel: v.nullish(v.object({ logoUrl: optionalText }), null),
});
export type PracticeSummary = v.InferOutput<typeof PracticeSummarySchema>;
