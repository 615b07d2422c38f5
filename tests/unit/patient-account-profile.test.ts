import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  patientProfileFormValues,
  PatientProfileRequestSchema,
  PatientProfileSchema,
  PatientProfileText,
  profileAddressErrors,
} from '../../src/model/account/patient-profile';
import { fieldErrors } from '../../src/model/schema';
import { AccountAddressText as A } from '../../src/model/account/account-texts';
import { UserValidationText as T } from '../../src/model/team/user-texts';

const ADDRESS = { addressLine1: '48 Willow Lane', addressLine2: '', city: 'Sacramento', state: 'CA', zipCode: '95818', country: 'US' };
const PROFILE = { firstName: 'Isla', lastName: 'Jensen', phone: '(916) 555-0190', address: ADDRESS };

const errorsOf = (input: unknown) => {
  const result = v.safeParse(PatientProfileRequestSchema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('the patient portal’s profile form (kits §3 "Account profile", §5)', () => {
  it('accepts a whole profile and sends it as stored: trimmed, no apartment as null, the country’s code', () => {
    const parsed = v.parse(PatientProfileRequestSchema, {
      ...PROFILE,
      firstName: ' Isla ',
      address: { ...ADDRESS, addressLine1: ' 48 Willow Lane ', country: 'United States of America' },
    });
    expect(parsed).toStrictEqual({ ...PROFILE, address: { ...ADDRESS, addressLine2: null } });
  });

  it('keeps the apartment line when given, and drops a state abroad', () => {
    const parsed = v.parse(PatientProfileRequestSchema, {
      ...PROFILE,
      address: { ...ADDRESS, addressLine2: 'Apt 4', state: 'Bavaria', country: 'DE', zipCode: '80331' },
    });
    expect(parsed.address).toEqual({ ...ADDRESS, addressLine2: 'Apt 4', state: null, country: 'DE', zipCode: '80331' });
  });

  it('ignores an email: it is read-only', () => {
    expect(v.parse(PatientProfileRequestSchema, { ...PROFILE, email: 'new@mail.example' })).not.toHaveProperty('email');
  });

  it('puts each broken rule under the field the form shows it at', () => {
    expect(errorsOf({ firstName: '', lastName: ' ', phone: '', address: { country: 'US' } })).toEqual({
      firstName: T.firstNameRequired,
      lastName: T.lastNameRequired,
      phone: T.phoneRequired,
      'address.addressLine1': A.addressRequired,
      'address.city': A.cityRequired,
      'address.state': A.stateRequired,
      'address.zipCode': A.zipRequired,
    });
  });

  it('requires the address: a missing, null or blank one is refused field by field, the apartment line never', () => {
    const blank = {
      'address.addressLine1': A.addressRequired,
      'address.city': A.cityRequired,
      'address.zipCode': A.zipRequired,
      'address.country': A.countryRequired,
    };
    expect(errorsOf({ ...PROFILE, address: undefined })).toEqual(blank);
    expect(errorsOf({ ...PROFILE, address: null })).toEqual(blank);
    expect(errorsOf({ ...PROFILE, address: { addressLine1: ' ', addressLine2: ' ', city: '' } })).toEqual(blank);
    expect(profileAddressErrors(null)).toEqual({
      addressLine1: A.addressRequired,
      city: A.cityRequired,
      zipCode: A.zipRequired,
      country: A.countryRequired,
    });
  });

  it('asks for a state only where the country has a state list', () => {
    expect(errorsOf({ ...PROFILE, address: { ...ADDRESS, state: '' } })).toEqual({ 'address.state': A.stateRequired });
    expect(errorsOf({ ...PROFILE, address: { ...ADDRESS, state: '', country: 'GB' } })).toEqual({});
  });

  it('refuses an address that is not an object, and a field that is not text', () => {
    expect(errorsOf({ ...PROFILE, address: 'Sacramento' })).toEqual({ address: PatientProfileText.addressObject });
    expect(errorsOf({ ...PROFILE, address: { ...ADDRESS, city: 7 } })['address.city']).toMatch(/string/i);
  });
});

describe('GET /Patients/Me read leniently, and what the form starts with', () => {
  it('needs only the uid; a missing consent has not been given', () => {
    expect(v.parse(PatientProfileSchema, { uid: 'seed-patient-11-01', extra: 1 })).toEqual({
      uid: 'seed-patient-11-01',
      firstName: '',
      lastName: '',
      email: '',
      phone: null,
      address: null,
      researchConsent: false,
      rejuvenationOlympicsConsent: false,
    });
    expect(v.safeParse(PatientProfileSchema, { firstName: 'Isla' }).success).toBe(false);
  });

  it('fills the form from the profile: empty texts for what is missing, a stored country name as its code', () => {
    const profile = v.parse(PatientProfileSchema, {
      uid: 'u',
      firstName: 'Isla',
      lastName: 'Jensen',
      email: 'isla.jensen@mail.example',
      address: { addressLine1: '48 Willow Lane', city: 'Sacramento', state: 'CA', zipCode: '95818', country: 'United States of America' },
    });
    expect(patientProfileFormValues(profile)).toEqual({
      firstName: 'Isla',
      lastName: 'Jensen',
      phone: '',
      address: { ...ADDRESS, addressLine2: '' },
    });
    expect(patientProfileFormValues(v.parse(PatientProfileSchema, { uid: 'u' })).address).toEqual({
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      zipCode: '',
      country: undefined,
    });
  });
});
