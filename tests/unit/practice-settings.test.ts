import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BillingType, FulfilmentType, UnitType } from '../../src/model/enums';
import type { Practice } from '../../src/model/practice/practice';
import { fieldErrors } from '../../src/model/schema';
import {
  BillingAddressUpdateSchema,
  billingAddressFormValues,
  billingIsPracticeAddress,
  billingPage,
  FulfilmentUpdateSchema,
  InvoiceContactUpdateSchema,
  invoiceContactFormValues,
  PracticeUpdateSchema,
  practiceFormValues,
} from '../../src/model/practice/practice-settings';
import { BillingSettingsText, SettingsValidationText as T } from '../../src/model/practice/settings-texts';

const office = {
  addressLine1: '2400 Summit Boulevard',
  addressLine2: '',
  city: 'Denver',
  state: 'CO',
  zipCode: '80205',
  country: 'US',
};

const practiceBody = {
  name: 'Summit Wellness Clinic',
  phone: '(303) 555-0189',
  contactPersonFirstName: 'Thomas',
  contactPersonLastName: 'Becker',
  address: office,
};

const practice: Practice = {
  id: 18,
  name: 'Summit Wellness Clinic',
  phone: '(303) 555-0189',
  contactPersonFirstName: 'Thomas',
  contactPersonLastName: 'Becker',
  fulfilmentType: FulfilmentType.Physical,
  billingType: BillingType.Net30,
  address: { ...office, addressLine2: null, country: 'United States' },
  billingAddress: { ...office, addressLine2: null },
  invoiceContact: { email: 'invoices@summit-wellness.example', phone: null, fax: null },
  whiteLabel: null,
  showReportsToPatients: false,
  unitType: UnitType.HCP,
};

const errorsOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('practice settings (ordering §5)', () => {
  it('every required field of a blank form names its §5 message', () => {
    const blank = {
      name: ' ',
      phone: '',
      contactPersonFirstName: '',
      contactPersonLastName: '',
      address: { ...office, addressLine1: '', city: '', state: '', zipCode: '', country: '' },
    };
    expect(errorsOf(PracticeUpdateSchema, blank)).toEqual({
      name: T.practiceNameRequired,
      phone: T.practicePhoneRequired,
      contactPersonFirstName: T.contactFirstNameRequired,
      contactPersonLastName: T.contactLastNameRequired,
      'address.addressLine1': T.officeAddressRequired,
      'address.city': T.cityRequired,
      'address.zipCode': T.zipRequired,
      'address.country': T.countryRequired,
    });
  });

  it('the texts are the specification’s own', () => {
    expect(Object.values(T).slice(0, 9)).toEqual([
      'Practice name is required',
      'Practice phone is required',
      'Contact first name is required',
      'Contact last name is required',
      'Office address is required',
      'City is required',
      'State is required',
      'Zip code is required',
      'Country is required',
    ]);
  });

  it('State is required only for the countries with a state list; elsewhere no state is stored', () => {
    expect(errorsOf(PracticeUpdateSchema, { ...practiceBody, address: { ...office, state: '' } })).toEqual({
      'address.state': T.stateRequired,
    });
    expect(errorsOf(PracticeUpdateSchema, { ...practiceBody, address: { ...office, state: '', country: 'United States' } })).toEqual({
      'address.state': T.stateRequired,
    });
    const canadian = v.parse(PracticeUpdateSchema, { ...practiceBody, address: { ...office, state: 'CO', country: 'CA' } });
    expect(canadian.address.state).toBeNull();
  });

  it('a missing field or a missing address reads like the form, as a direct call might send it', () => {
    expect(errorsOf(PracticeUpdateSchema, { phone: '1', contactPersonFirstName: 'a', contactPersonLastName: 'b' })).toEqual({
      name: T.practiceNameRequired,
      address: T.officeAddressRequired,
    });
    expect(errorsOf(PracticeUpdateSchema, { ...practiceBody, address: null })).toEqual({ address: T.officeAddressRequired });
  });

  it('what is sent is exact: trimmed text, a blank second line null, the country as its code', () => {
    const body = v.parse(PracticeUpdateSchema, {
      ...practiceBody,
      name: '  Summit  ',
      address: { ...office, country: 'United States', addressLine2: '  ' },
    });
    expect(body.name).toBe('Summit');
    expect(body.address).toEqual({ ...office, addressLine2: null, country: 'US' });
  });

  it('the form starts from the practice, a stored country name read as its code', () => {
    expect(practiceFormValues(practice)).toEqual({ ...practiceBody, address: { ...office, country: 'US' } });
    expect(practiceFormValues({ ...practice, address: null }).address).toEqual({
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      zipCode: '',
      country: 'US',
    });
  });
});

describe('invoice contact (ordering §5)', () => {
  it('email and phone are required, fax optional, the email must look like one', () => {
    expect(errorsOf(InvoiceContactUpdateSchema, { email: '', phone: '' })).toEqual({
      email: T.invoiceEmailRequired,
      phone: T.invoicePhoneRequired,
    });
    expect(errorsOf(InvoiceContactUpdateSchema, { email: 'not-an-email', phone: '1' })).toEqual({ email: 'Please enter a valid email' });
    expect(v.parse(InvoiceContactUpdateSchema, { email: ' a@b.co ', phone: '555', fax: '' })).toEqual({
      email: 'a@b.co',
      phone: '555',
      fax: null,
    });
    expect(T.invoiceEmailRequired).toBe('Invoice email is required');
    expect(T.invoicePhoneRequired).toBe('Invoice phone is required');
  });

  it('starts from the practice’s contact', () => {
    expect(invoiceContactFormValues(practice)).toEqual({ email: 'invoices@summit-wellness.example', phone: '', fax: '' });
    expect(invoiceContactFormValues({ invoiceContact: null })).toEqual({ email: '', phone: '', fax: '' });
  });
});

describe('billing address (ordering §4, §5)', () => {
  it('same as the practice: nothing else is read', () => {
    expect(v.parse(BillingAddressUpdateSchema, { sameAsPracticeAddress: true, billingAddress: { addressLine1: '' } })).toEqual({
      sameAsPracticeAddress: true,
    });
  });

  it('its own address: every §5 field is required with the billing texts', () => {
    const blank = { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: 'US' };
    expect(errorsOf(BillingAddressUpdateSchema, { sameAsPracticeAddress: false, billingAddress: blank })).toEqual({
      'billingAddress.addressLine1': 'Address Line 1 is required',
      'billingAddress.city': 'City is required',
      'billingAddress.state': 'State is required',
      'billingAddress.zipCode': 'Zip code is required',
    });
    expect(errorsOf(BillingAddressUpdateSchema, { sameAsPracticeAddress: false, billingAddress: { ...blank, country: '' } })).toMatchObject(
      {
        'billingAddress.country': 'Country is required',
      },
    );
    expect(errorsOf(BillingAddressUpdateSchema, { sameAsPracticeAddress: false })).toEqual({ billingAddress: T.addressLine1Required });
    expect(errorsOf(BillingAddressUpdateSchema, {})).toEqual({ sameAsPracticeAddress: T.sameAsPracticeRequired });
  });

  it('the checkbox starts on when the billing address is the practice’s own', () => {
    expect(billingIsPracticeAddress(practice)).toBe(true);
    expect(billingIsPracticeAddress({ ...practice, billingAddress: { ...office, addressLine2: null, city: 'Boulder' } })).toBe(false);
    expect(billingIsPracticeAddress({ ...practice, billingAddress: null })).toBe(false);
    expect(billingIsPracticeAddress({ ...practice, address: null })).toBe(false);
    expect(billingAddressFormValues({ ...practice, billingAddress: null })).toMatchObject({ sameAsPracticeAddress: false });
  });
});

describe('fulfilment and the billing page', () => {
  it('only Digital (0) and Physical (1) are fulfilment types', () => {
    expect(v.parse(FulfilmentUpdateSchema, { fulfilmentType: 0 })).toEqual({ fulfilmentType: FulfilmentType.Digital });
    expect(errorsOf(FulfilmentUpdateSchema, { fulfilmentType: 2 })).toEqual({ fulfilmentType: T.fulfilmentInvalid });
    expect(errorsOf(FulfilmentUpdateSchema, {})).toEqual({ fulfilmentType: T.fulfilmentInvalid });
  });

  it('Net30 (4) and PerOrder (1) have their pages; any other type is unexpected', () => {
    expect([4, 1, 0, 2, 99].map(billingPage)).toEqual(['net30', 'perOrder', 'unexpected', 'unexpected', 'unexpected']);
  });

  it('the unexpected type names the support address when the build has one', () => {
    expect(BillingSettingsText.unexpectedMessage('help@lab.example')).toBe(
      "Your organization's billing type is not supported. Please contact support at help@lab.example.",
    );
    expect(BillingSettingsText.unexpectedMessage(undefined)).toBe(
      "Your organization's billing type is not supported. Please contact support.",
    );
  });
});
