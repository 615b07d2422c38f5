import * as v from 'valibot';
import { integer } from './schema';

/** Ordering §3: the practice record, which also carries its unit type (contract decisions). */

const optionalText = v.nullable(v.string());

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
  id: v.string(),
  name: v.string(),
  phone: optionalText,
  contactPersonFirstName: optionalText,
  contactPersonLastName: optionalText,
  fulfilmentType: integer('fulfilmentType'),
  /** Any number loads, so that the billing page can say "Unexpected Billing Type". */
  billingType: integer('billingType'),
  address: v.nullable(AddressSchema),
  billingAddress: v.nullable(AddressSchema),
  invoiceContact: v.nullable(InvoiceContactSchema),
  whiteLabel: v.nullable(v.object({ logoUrl: optionalText })),
  showReportsToPatients: v.boolean(),
  unitType: integer('unitType'),
});
export type Practice = v.InferOutput<typeof PracticeSchema>;
