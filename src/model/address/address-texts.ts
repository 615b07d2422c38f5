/**
 * Ordering §2 and §5: the labels and messages of a person's contact fields and an address, the same words in every
 * form that has them (the checkout, the practice's settings, the profiles); each area's texts take them from here.
 */

export const AddressFieldText = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  country: 'Country',
} as const;

export const AddressValidationText = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  zipRequired: 'Zip code is required',
  poBox: 'We cannot ship to PO Boxes. Please enter a new address.',
} as const;
