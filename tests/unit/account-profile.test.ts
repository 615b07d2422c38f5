import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { consentsOf, ConsentsRequestSchema } from '../../src/model/account/account-consents';
import { accountAddressErrors, accountFormValues, isBlankAddress, profileFormValues } from '../../src/model/account/account-profile';
import { AccountAddressText as A, ConsentText } from '../../src/model/account/account-texts';
import { AccountUpdateRequestSchema } from '../../src/model/account/account-update';
import { UserRecordSchema } from '../../src/model/team/user-record';
import { createHttpClient } from '../../src/services/http/http';
import { createUsersApi } from '../../src/services/account/users-me.api';
import { fakeFetch, json } from '../support/fake-fetch';
import { userRecord } from '../support/fixtures/records';

const profile = { firstName: 'Ava', lastName: 'Morgan', phone: '(916) 555-0143' };
const sacramento = { addressLine1: '1200 J Street', addressLine2: ' ', city: 'Sacramento', state: 'CA', zipCode: '95814', country: 'US' };

describe('the provider profile’s address (kits §5 "address if present")', () => {
  it('is no address when every field is blank, and then breaks no rule', () => {
    expect(isBlankAddress(null)).toBe(true);
    expect(isBlankAddress({ addressLine1: ' ', city: '', country: null })).toBe(true);
    expect(accountAddressErrors({ addressLine1: ' ', zipCode: '' })).toEqual({});
    expect(v.parse(AccountUpdateRequestSchema, { ...profile, address: { city: ' ', country: '' } }).address).toBeNull();
  });

  it('once begun, needs its line, city, zip code and country, and a state only in the US', () => {
    expect(accountAddressErrors({ city: 'Sacramento', country: 'US' })).toEqual({
      addressLine1: A.addressRequired,
      state: A.stateRequired,
      zipCode: A.zipRequired,
    });
    expect(accountAddressErrors({ ...sacramento, state: '', country: 'DE' })).toEqual({});
    expect(accountAddressErrors({ addressLine1: '1 Main' })).toEqual({
      city: A.cityRequired,
      zipCode: A.zipRequired,
      country: A.countryRequired,
    });
  });

  it('is sent as stored: trimmed, an empty second line null, the country’s code, no state abroad', () => {
    const us = v.parse(AccountUpdateRequestSchema, { ...profile, address: { ...sacramento, country: 'United States of America' } });
    expect(us.address).toEqual({ ...sacramento, addressLine2: null });
    const abroad = v.parse(AccountUpdateRequestSchema, { ...profile, address: { ...sacramento, state: 'Bavaria', country: 'DE' } });
    expect(abroad.address).toMatchObject({ state: null, country: 'DE' });
    // The account tab sends no address, which keeps the stored one.
    expect(v.parse(AccountUpdateRequestSchema, { ...profile, receiveNotifications: true })).toStrictEqual({
      ...profile,
      receiveNotifications: true,
    });
  });

  it('refuses each missing field under its own path, as the form shows it', () => {
    const result = v.safeParse(AccountUpdateRequestSchema, { ...profile, address: { city: 'Sacramento', country: 'US' } });
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['address.addressLine1', A.addressRequired],
      ['address.state', A.stateRequired],
      ['address.zipCode', A.zipRequired],
    ]);
  });
});

describe('what the account forms start with', () => {
  it('the account tab: names, the phone as text, notifications', () => {
    expect(accountFormValues(userRecord({ phone: null, receiveNotifications: false }))).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez',
      phone: '',
      receiveNotifications: false,
    });
  });

  it('the profile: no country chosen without an address, a stored country name read as its code', () => {
    expect(profileFormValues(userRecord()).address).toEqual({
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      zipCode: '',
      country: undefined,
    });
    const stored = { ...sacramento, addressLine2: null, country: 'United States of America' };
    expect(profileFormValues(userRecord({ address: stored })).address).toMatchObject({ country: 'US', addressLine2: '' });
  });
});

describe('the consents (kits §3, §4)', () => {
  it('are read leniently: missing or null is not given', () => {
    const record = v.parse(UserRecordSchema, { uid: 'u-1', username: 'ava', userType: 3, researchConsent: null });
    expect(consentsOf(record)).toEqual({ researchConsent: false, rejuvenationOlympicsConsent: false });
    expect(consentsOf({ researchConsent: true, rejuvenationOlympicsConsent: true })).toEqual({
      researchConsent: true,
      rejuvenationOlympicsConsent: true,
    });
  });

  it('are sent with the uid and both booleans', () => {
    expect(
      v.safeParse(ConsentsRequestSchema, { uid: ' ', researchConsent: true, rejuvenationOlympicsConsent: false }).issues?.[0]?.message,
    ).toBe(ConsentText.uidRequired);
    expect(v.is(ConsentsRequestSchema, { uid: 'u-1', researchConsent: true })).toBe(false);
  });
});

describe('the users API client for one’s own account (kits §7)', () => {
  it('saves with PUT /Users/Me and PATCH /Users/Me/Consents, whatever the success answers', async () => {
    const network = fakeFetch((call) => (call.method === 'PUT' ? json(true) : new Response(null, { status: 204 })));
    const users = createUsersApi(createHttpClient({ fetch: network.fetch }));
    await users.updateMe({ ...profile, receiveNotifications: false });
    await users.updateMyConsents({ uid: 'u-1', researchConsent: true, rejuvenationOlympicsConsent: false });
    expect(network.calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['PUT', '/portalApi/Users/Me', { ...profile, receiveNotifications: false }],
      ['PATCH', '/portalApi/Users/Me/Consents', { uid: 'u-1', researchConsent: true, rejuvenationOlympicsConsent: false }],
    ]);
  });
});
