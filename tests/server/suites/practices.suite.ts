import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FulfilmentType } from '../../../src/model/enums';
import { PracticeSchema, type Practice } from '../../../src/model/practice/practice';
import { SettingsValidationText as T } from '../../../src/model/practice/settings-texts';
import { MALFORMED_JSON_MESSAGE } from '../../../server/http/validation';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type TestServer } from '../support/harness';

/** Riverside Family Medicine (PerOrder) and Lakeside Internal Medicine (Net30). */
const OWNER = 'hcp.checkout';
const NEIGHBOUR = 'hcp.net30';

const office = {
  addressLine1: '77 Market Street',
  addressLine2: 'Floor 3',
  city: 'Portland',
  state: 'OR',
  zipCode: '97205',
  country: 'US',
};
const practiceBody = {
  name: 'Riverside Family Medicine North',
  phone: '(916) 555-0199',
  contactPersonFirstName: 'Maya',
  contactPersonLastName: 'Ortiz',
  address: office,
};

export function practicesSuite(server: () => TestServer): void {
  const tokenOf = async (username: string) => (await server().signIn(username)).accessToken.token;
  const practiceOf = async (token: string): Promise<Practice> => {
    const answer = await server().call('GET', '/Practices', { token });
    expect(answer.status).toBe(200);
    return v.parse(PracticeSchema, answer.body);
  };

  /** A refused call: its status, its message, and proof that no table changed. */
  async function expectRefused(method: string, path: string, body: unknown, status: number, token: string): Promise<string> {
    const before = await snapshot(server().db);
    const answer = await server().call(method, path, { token, body });
    expect(answer.status).toBe(status);
    expect(await snapshot(server().db)).toBe(before);
    return errorMessage(answer.body) ?? '';
  }

  describe('what a patient may read of the practice (issue 37 item 11)', () => {
    const SUMMARY_FIELDS = ['id', 'name', 'showReportsToPatients', 'unitType', 'whiteLabel'];

    it.each(['patient', 'lab.user'])(
      'GET /Practices answers %s only the summary: no billing, invoice contact or addresses',
      async (username) => {
        const answer = await server().call('GET', '/Practices', { token: await tokenOf(username) });
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body as object).sort()).toEqual(SUMMARY_FIELDS);
        expect(JSON.stringify(answer.body)).not.toMatch(/billing|invoice|address|contactPerson|phone/i);
      },
    );

    it('a provider of the same practice still reads the whole record', async () => {
      const practice = await practiceOf(await tokenOf(OWNER));
      expect(practice.billingType).toBeTypeOf('number');
      expect(practice.billingAddress).not.toBeNull();
    });
  });

  describe('practice settings: PUT /Practices, PATCH /Practices/InvoiceContact, /BillingAddress, /Fulfillment', () => {
    it('PUT /Practices saves the practice and answers it; GET reads the same back; another practice is untouched', async () => {
      const token = await tokenOf(OWNER);
      const neighbour = await practiceOf(await tokenOf(NEIGHBOUR));
      const answer = await server().call('PUT', '/Practices', { token, body: { ...practiceBody, id: PRACTICE_IDS.riverside } });
      expect(answer.status).toBe(200);
      const saved = v.parse(PracticeSchema, answer.body);
      expect(saved).toMatchObject({ ...practiceBody, id: PRACTICE_IDS.riverside });
      expect(await practiceOf(token)).toEqual(saved);
      expect(await practiceOf(await tokenOf(NEIGHBOUR))).toEqual(neighbour);
    });

    it('stores the country as its code and drops the state of a country without a state list', async () => {
      const token = await tokenOf(OWNER);
      const answer = await server().call('PUT', '/Practices', {
        token,
        body: { ...practiceBody, name: '  Spaced  ', address: { ...office, country: 'United States', addressLine2: ' ' } },
      });
      expect(answer.status).toBe(200);
      expect(v.parse(PracticeSchema, answer.body)).toMatchObject({
        name: 'Spaced',
        address: { ...office, addressLine2: null, country: 'US' },
      });
      const canada = await server().call('PUT', '/Practices', {
        token,
        body: { ...practiceBody, address: { ...office, country: 'CA', state: 'OR' } },
      });
      expect(v.parse(PracticeSchema, canada.body).address).toMatchObject({ country: 'CA', state: null });
    });

    it('refuses blank required fields with a 400 naming each with its §5 message, and stores nothing', async () => {
      const token = await tokenOf(OWNER);
      const blank = {
        name: '',
        phone: ' ',
        contactPersonFirstName: '',
        contactPersonLastName: '',
        address: { ...office, addressLine1: '', city: '', state: '', zipCode: '', country: 'US' },
      };
      const message = await expectRefused('PUT', '/Practices', blank, 400, token);
      for (const part of [
        `name: ${T.practiceNameRequired}`,
        `phone: ${T.practicePhoneRequired}`,
        `contactPersonFirstName: ${T.contactFirstNameRequired}`,
        `contactPersonLastName: ${T.contactLastNameRequired}`,
        `address.addressLine1: ${T.officeAddressRequired}`,
        `address.city: ${T.cityRequired}`,
        `address.zipCode: ${T.zipRequired}`,
      ]) {
        expect(message).toContain(part);
      }
      expect(await expectRefused('PUT', '/Practices', { ...practiceBody, address: { ...office, state: '' } }, 400, token)).toBe(
        `address.state: ${T.stateRequired}`,
      );
      expect(await expectRefused('PUT', '/Practices', { ...practiceBody, address: { ...office, country: '' } }, 400, token)).toBe(
        `address.country: ${T.countryRequired}`,
      );
      expect(await expectRefused('PUT', '/Practices', { ...practiceBody, address: undefined }, 400, token)).toBe(
        `address: ${T.officeAddressRequired}`,
      );
    });

    it('a body naming another practice’s record is a 404 and changes nothing', async () => {
      const token = await tokenOf(OWNER);
      expect(await expectRefused('PUT', '/Practices', { ...practiceBody, id: PRACTICE_IDS.lakeside }, 404, token)).toBe(NOT_FOUND_MESSAGE);
    });

    it('every call needs a signed-in account, and a body that is not JSON is a 400', async () => {
      for (const [method, path] of [
        ['PUT', '/Practices'],
        ['PATCH', '/Practices/InvoiceContact'],
        ['PATCH', '/Practices/BillingAddress'],
        ['PATCH', '/Practices/Fulfillment'],
      ] as const) {
        expect((await server().call(method, path, { body: {} })).status).toBe(401);
      }
      const answer = await server().call('PATCH', '/Practices/InvoiceContact', { token: await tokenOf(OWNER), raw: '{nope' });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(MALFORMED_JSON_MESSAGE);
    });

    it('PATCH /Practices/InvoiceContact saves email, phone and fax (fax optional), only for the signed-in practice', async () => {
      const token = await tokenOf(NEIGHBOUR);
      const owner = await practiceOf(await tokenOf(OWNER));
      const answer = await server().call('PATCH', '/Practices/InvoiceContact', {
        token,
        body: { email: 'ap@lakeside.example', phone: '555-0111', fax: '' },
      });
      expect(answer.status).toBe(200);
      expect(v.parse(PracticeSchema, answer.body).invoiceContact).toEqual({ email: 'ap@lakeside.example', phone: '555-0111', fax: null });
      expect(await practiceOf(await tokenOf(OWNER))).toEqual(owner);
    });

    it('PATCH /Practices/InvoiceContact refuses a missing email or phone and a malformed email, storing nothing', async () => {
      const token = await tokenOf(NEIGHBOUR);
      expect(await expectRefused('PATCH', '/Practices/InvoiceContact', { fax: '1' }, 400, token)).toBe(
        `email: ${T.invoiceEmailRequired}; phone: ${T.invoicePhoneRequired}`,
      );
      expect(await expectRefused('PATCH', '/Practices/InvoiceContact', { email: 'ap@', phone: '1' }, 400, token)).toBe(
        `email: ${T.emailInvalid}`,
      );
    });

    it('PATCH /Practices/BillingAddress with its own fields saves them; same as practice copies the practice address', async () => {
      const token = await tokenOf(NEIGHBOUR);
      const own = await server().call('PATCH', '/Practices/BillingAddress', {
        token,
        body: { sameAsPracticeAddress: false, billingAddress: office },
      });
      expect(own.status).toBe(200);
      const practice = v.parse(PracticeSchema, own.body);
      expect(practice.billingAddress).toEqual(office);
      expect(practice.address).not.toEqual(office);
      const same = await server().call('PATCH', '/Practices/BillingAddress', {
        token,
        body: { sameAsPracticeAddress: true, billingAddress: { addressLine1: '' } },
      });
      expect(same.status).toBe(200);
      const copied = v.parse(PracticeSchema, same.body);
      expect(copied.billingAddress).toEqual(copied.address);
    });

    it('PATCH /Practices/BillingAddress without the flag, or off without its fields, is a 400 naming them; nothing stored', async () => {
      const token = await tokenOf(NEIGHBOUR);
      expect(await expectRefused('PATCH', '/Practices/BillingAddress', { billingAddress: office }, 400, token)).toBe(
        `sameAsPracticeAddress: ${T.sameAsPracticeRequired}`,
      );
      const blank = { addressLine1: ' ', city: '', state: '', zipCode: '', country: 'US' };
      expect(
        await expectRefused('PATCH', '/Practices/BillingAddress', { sameAsPracticeAddress: false, billingAddress: blank }, 400, token),
      ).toBe(
        [
          `billingAddress.addressLine1: ${T.addressLine1Required}`,
          `billingAddress.city: ${T.cityRequired}`,
          `billingAddress.zipCode: ${T.zipRequired}`,
          `billingAddress.state: ${T.stateRequired}`,
        ].join('; '),
      );
    });

    it('same as practice is refused (409) when the practice has no address, and nothing is stored', async () => {
      const token = await tokenOf(NEIGHBOUR);
      await server().db.query('UPDATE practices SET address = NULL WHERE id = $1', [PRACTICE_IDS.lakeside]);
      expect(await expectRefused('PATCH', '/Practices/BillingAddress', { sameAsPracticeAddress: true }, 409, token)).toBe(
        T.noPracticeAddress,
      );
    });

    it('PATCH /Practices/Fulfillment saves Digital (0) or Physical (1) and refuses anything else', async () => {
      const token = await tokenOf(OWNER);
      const answer = await server().call('PATCH', '/Practices/Fulfillment', { token, body: { fulfilmentType: FulfilmentType.Digital } });
      expect(answer.status).toBe(200);
      expect(v.parse(PracticeSchema, answer.body).fulfilmentType).toBe(FulfilmentType.Digital);
      expect(await expectRefused('PATCH', '/Practices/Fulfillment', { fulfilmentType: 2 }, 400, token)).toBe(
        `fulfilmentType: ${T.fulfilmentInvalid}`,
      );
      expect(await expectRefused('PATCH', '/Practices/Fulfillment', { fulfilmentType: '1' }, 400, token)).toBe(
        `fulfilmentType: ${T.fulfilmentInvalid}`,
      );
    });
  });
}
