import { AddressFieldText } from '../address/address-texts';

/**
 * Ordering §2, §5 and §8: every text of the practice (or institution) and billing settings, exactly as the
 * specification writes it. Texts the documents describe without quoting (field labels, button names) say
 * the part's own name; the few the documents elide are completed from their other sections, as noted.
 */

export const PracticeSettingsText = {
  /** Ordering §2: the tab and the form are titled by unit type (see organizationLabel). */
  name: (organization: string) => `${organization} name`,
  phone: (organization: string) => `${organization} phone`,
  address: 'Address',
  contactPerson: 'Contact person',
  contactFirstName: 'Contact first name',
  contactLastName: 'Contact last name',
  addressLine1: AddressFieldText.addressLine1,
  addressLine2: AddressFieldText.addressLine2,
  city: AddressFieldText.city,
  state: AddressFieldText.state,
  zipCode: AddressFieldText.zipCode,
  country: AddressFieldText.country,
  save: 'Save Changes',
  saving: 'Saving...',
  saved: 'Changes saved successfully',
  loadError: 'Error loading practice information',
} as const;

export const FulfilmentText = {
  title: 'Fulfillment',
  /** Not quoted: what the two fulfilment types (ordering §1) mean for the checkout. */
  description: 'How your orders are fulfilled: digital orders need no shipping address; physical orders ship kits.',
  label: 'Fulfillment type',
  digital: 'Digital',
  physical: 'Physical',
  save: 'Save Fulfillment',
} as const;

export const BillingSettingsText = {
  invoiceContact: 'Invoice Contact',
  invoiceEmail: 'Invoice email',
  invoicePhone: 'Invoice phone',
  invoiceFax: 'Invoice fax',
  saveInvoiceContact: 'Save Invoice Contact',
  billingAddress: 'Billing Address',
  sameAsPractice: 'same as Practice/Office Information address',
  saveBillingAddress: 'Save Billing Address',
  net30Title: 'Net 30',
  /** Ordering §2 quotes the start and elides the rest; §9 gives it: monthly invoicing at month end. */
  net30Message:
    'You are set up as a Net 30 customer. Orders are invoiced monthly: the invoice for the month’s orders is sent to your invoice email at the end of each month.',
  unexpectedTitle: 'Unexpected Billing Type',
  /** Ordering §2: the type is not supported and the user should contact support (at the build's address, when set). */
  unexpectedMessage: (supportEmail: string | undefined) =>
    supportEmail
      ? `Your organization's billing type is not supported. Please contact support at ${supportEmail}.`
      : "Your organization's billing type is not supported. Please contact support.",
} as const;

/** Ordering §5: the practice settings, billing address and invoice contact rules. */
export const SettingsValidationText = {
  practiceNameRequired: 'Practice name is required',
  practicePhoneRequired: 'Practice phone is required',
  contactFirstNameRequired: 'Contact first name is required',
  contactLastNameRequired: 'Contact last name is required',
  officeAddressRequired: 'Office address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'Zip code is required',
  countryRequired: 'Country is required',
  addressLine1Required: 'Address Line 1 is required',
  invoiceEmailRequired: 'Invoice email is required',
  invoicePhoneRequired: 'Invoice phone is required',
  /** Ordering §5's email format text (checkout), used for the invoice email too. */
  emailInvalid: 'Please enter a valid email',
  /** Not quoted: a direct call with another fulfilment type than Digital (0) or Physical (1). */
  fulfilmentInvalid: 'Fulfillment type must be Digital (0) or Physical (1)',
  /** Not quoted: a direct call without the same-as-practice flag. */
  sameAsPracticeRequired: 'sameAsPracticeAddress must be true or false',
  /** Not quoted: the same-as-practice choice when the practice has no address to copy. */
  noPracticeAddress: 'The practice has no address to use as the billing address. Save the practice address first.',
} as const;

/** Ordering §8: the toasts of each settings call. */
export const SettingsToastText = {
  practice: { success: 'Practice updated successfully.', failure: 'Failed to update practice' },
  invoiceContact: { success: 'Invoice contact updated successfully.', failure: 'Failed to update invoice contact' },
  billingAddress: { success: 'Billing address updated successfully.', failure: 'Failed to update billing address' },
  fulfilment: { success: 'Fulfillment preferences updated successfully.', failure: 'Failed to update fulfillment' },
} as const;

export type SettingsForm = keyof typeof SettingsToastText;

/**
 * Kits §8: "Failed to update practice/institution": the practice form of an institution (research or sample-processing
 * customer, titled Institution) names it so. Ordering §8 quotes only the practice's success text; an institution's is
 * worded the same way with its own name.
 */
export const InstitutionToastText = {
  success: 'Institution updated successfully.',
  failure: 'Failed to update institution',
} as const;

/** The toasts of a settings form, the practice form's by the organization's title (see organizationLabel). */
export function settingsToastText(form: SettingsForm, organization: 'Practice' | 'Institution'): { success: string; failure: string } {
  return form === 'practice' && organization === 'Institution' ? InstitutionToastText : SettingsToastText[form];
}

/** Issue 44: the organization tab's two-step sign-in requirement. */
export const PracticeTwoStepText = {
  title: 'Two-step sign-in',
  label: 'Require two-step sign-in for all members',
  explanation: 'Members who have not turned on two-step sign-in are asked to set it up when they next sign in.',
  unavailable: 'Two-step sign-in is not available on this server.',
  saved: 'Two-step sign-in setting saved',
  failed: 'Failed to save the two-step sign-in setting',
} as const;
