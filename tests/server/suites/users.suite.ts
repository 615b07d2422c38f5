import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UserType } from '../../../src/model/enums';
import { AccountAddressText as A, ConsentText } from '../../../src/model/account/account-texts';
import { UsersPageSchema, type UserCreateRequest } from '../../../src/model/team/user';
import { UserRecordSchema, type UserRecord } from '../../../src/model/team/user-record';
import { UserMessageText, UserValidationText as T } from '../../../src/model/team/user-texts';
import { USER_TYPE_NOT_TEAM } from '../../../src/model/team/user-rules';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { errorMessage, snapshot, type Answer, type TestServer } from '../support/harness';
import { queuedLink } from '../support/mail-outbox';
import { tokenOf } from './ordering-fixtures.suite';

const NEW_MEMBER: UserCreateRequest = {
  firstName: 'Nora',
  lastName: 'Lindqvist',
  email: 'nora.lindqvist@riverside-family.example',
  phone: '(916) 555-0150',
  receiveNotifications: true,
  notificationPreferences: [],
  userType: UserType.Nurse,
};
const NEW_PASSWORD = 'Team-Start-2026!';

function userIn(answer: Answer, status = 200): UserRecord {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(UserRecordSchema, answer.body);
}

/** Kits §2 Team, Add/Edit team member and Account; §3 User; §5; §7 Users. */
export function usersSuite(server: () => TestServer): void {
  const riverside = () => tokenOf(server(), 'hcp.checkout');
  const create = async (token: string, body: UserCreateRequest = NEW_MEMBER) =>
    userIn(await server().call('POST', '/Users', { token, body }), 201);
  const page = async (token: string, query = '') => {
    const answer = await server().call('GET', `/Users${query}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(UsersPageSchema, answer.body);
  };

  describe('team members: GET, POST, PUT, DELETE /Users and PATCH notifications', () => {
    it('lists the practice’s team by name, without its patients or other practices’ members', async () => {
      const list = await page(await riverside());
      expect(list.items.map((user) => user.username)).toEqual(['hcp.checkout', 'lab.user']);
      expect(list).toMatchObject({ page: 1, hasMore: false });
    });

    it('searches by name, filters, sorts and pages ten by default', async () => {
      const token = await riverside();
      for (let i = 0; i < 10; i += 1) await create(token, { ...NEW_MEMBER, lastName: `Member ${i}`, email: `member${i}@clinic.example` });
      const first = await page(token);
      expect(first.items).toHaveLength(10);
      expect(first.hasMore).toBe(true);
      expect((await page(token, '?page=2')).items).toHaveLength(2);
      expect((await page(token, '?searchQuery=ava%20MOR')).items.map((u) => u.username)).toEqual(['hcp.checkout']);
      expect((await page(token, '?filter_email_startsWith=member1')).items.map((u) => u.email)).toEqual(['member1@clinic.example']);
      const desc = await page(token, '?sortColumn=username&sortDirection=desc&pageSize=1');
      expect(desc.items.map((u) => u.username)).toEqual(['member9']);
    });

    it('refuses a bad list query with 400 naming the parameter', async () => {
      const answer = await server().call('GET', '/Users?sortColumn=password', { token: await riverside() });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(/^sortColumn: /);
    });

    it('creates a member with a derived username and a set-password link that lets them sign in', async () => {
      const token = await riverside();
      const created = await create(token, { ...NEW_MEMBER, email: '  nora.lindqvist@riverside-family.example ' });
      expect(created).toMatchObject({ ...NEW_MEMBER, username: 'nora.lindqvist', address: null });
      expect(userIn(await server().call('GET', `/Users/${created.uid}`, { token }))).toEqual(created);
      // Until the link is used no password signs the member in.
      expect(
        (await server().call('POST', '/Auth', { body: { username: 'nora.lindqvist', password: '!unset', rememberMe: false } })).status,
      ).toBe(401);
      const link = await queuedLink(server().db, 'invitation');
      expect(link.pathname).toBe('/restore-password');
      const restored = await server().call('POST', '/Auth/Password/Restore', {
        body: { restorePasswordToken: link.searchParams.get('token'), newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      const user = await server().signIn(NEW_MEMBER.email, { password: NEW_PASSWORD });
      expect(user.userType).toBe(UserType.Nurse);
      expect(user.practice?.name).toBe('Riverside Family Medicine');
    });

    it('gives a second member of the same local part the next free username, and refuses a taken email with 409', async () => {
      const token = await riverside();
      await create(token);
      const second = await create(token, { ...NEW_MEMBER, email: 'nora.lindqvist@other.example' });
      expect(second.username).toBe('nora.lindqvist2');
      const before = await snapshot(server().db);
      const taken = await server().call('POST', '/Users', { token, body: { ...NEW_MEMBER, email: 'AVA.MORGAN@riverside-family.example' } });
      expect(taken.status).toBe(409);
      expect(errorMessage(taken.body)).toBe(UserMessageText.emailTaken);
      expect(await snapshot(server().db)).toBe(before);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no first name', { firstName: '  ' }, `firstName: ${T.firstNameRequired}`],
      ['no last name', { lastName: undefined }, `lastName: ${T.lastNameRequired}`],
      ['no phone', { phone: '' }, `phone: ${T.phoneRequired}`],
      ['no email', { email: undefined }, `email: ${T.emailRequired}`],
      ['a malformed email', { email: 'nora@' }, `email: ${T.emailInvalid}`],
      ['no discipline', { userType: undefined }, `userType: ${T.disciplineRequired}`],
      ['the Patient role', { userType: UserType.Patient }, `userType: ${USER_TYPE_NOT_TEAM}`],
      ['the Shipping role, which cannot sign in', { userType: UserType.Shipping }, `userType: ${USER_TYPE_NOT_TEAM}`],
      ['the Membership Advisor role, which cannot sign in', { userType: UserType.MembershipAdvisor }, `userType: ${USER_TYPE_NOT_TEAM}`],
    ])('refuses a new member with %s (400, the field’s message, nothing stored)', async (_case, change, message) => {
      const token = await riverside();
      const before = await snapshot(server().db);
      const answer = await server().call('POST', '/Users', { token, body: { ...NEW_MEMBER, ...change } });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('edits a member (the email stays as it was) and toggles its notifications', async () => {
      const token = await riverside();
      const created = await create(token);
      const edit = { ...NEW_MEMBER, firstName: 'Nora-Lee', email: 'changed@clinic.example', userType: UserType.Pharmacist };
      const updated = userIn(await server().call('PUT', `/Users/${created.uid}`, { token, body: edit }));
      expect(updated).toMatchObject({ firstName: 'Nora-Lee', email: NEW_MEMBER.email, userType: UserType.Pharmacist });
      const refused = await server().call('PUT', `/Users/${created.uid}`, { token, body: { ...edit, userType: null } });
      expect(errorMessage(refused.body)).toBe(`userType: ${T.userTypeRequired}`);
      const body = { receiveNotifications: false, notificationPreferences: [], userType: UserType.Pharmacist };
      const toggled = userIn(await server().call('PATCH', `/Users/${created.uid}/notifications`, { token, body }));
      expect(toggled).toMatchObject({ ...updated, receiveNotifications: false });
    });

    it('never gives a role the provider portal refuses: an edit or a toggle that would is a 400 and changes nothing', async () => {
      const token = await riverside();
      const created = await create(token);
      const before = await snapshot(server().db);
      const edit = await server().call('PUT', `/Users/${created.uid}`, { token, body: { ...NEW_MEMBER, userType: UserType.LabUser } });
      expect(edit.status).toBe(400);
      expect(errorMessage(edit.body)).toBe(`userType: ${USER_TYPE_NOT_TEAM}`);
      const body = { receiveNotifications: false, notificationPreferences: [], userType: UserType.SupportTeam };
      const toggle = await server().call('PATCH', `/Users/${created.uid}/notifications`, { token, body });
      expect(toggle.status).toBe(400);
      expect(errorMessage(toggle.body)).toBe(`userType: ${USER_TYPE_NOT_TEAM}`);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('the notifications toggle of a member given a refused role earlier repeats that role and is saved', async () => {
      const token = await riverside();
      const labUser = (await page(token)).items.find((user) => user.username === 'lab.user');
      expect(labUser?.userType).toBe(UserType.LabUser);
      const body = { receiveNotifications: !labUser?.receiveNotifications, notificationPreferences: [], userType: UserType.LabUser };
      const toggled = userIn(await server().call('PATCH', `/Users/${labUser?.uid ?? ''}/notifications`, { token, body }));
      expect(toggled).toMatchObject({ userType: UserType.LabUser, receiveNotifications: !labUser?.receiveNotifications });
    });

    it('saves the signed-in user’s own account with PUT /Users/Me (the email is read-only)', async () => {
      const token = await riverside();
      const body = {
        firstName: 'Ava ',
        lastName: 'Morgan-Lee',
        phone: '(916) 555-0199',
        receiveNotifications: false,
        email: 'x@y.example',
      };
      const saved = userIn(await server().call('PUT', '/Users/Me', { token, body }));
      expect(saved).toMatchObject({
        uid: 'user-ava-morgan-riverside',
        firstName: 'Ava',
        lastName: 'Morgan-Lee',
        receiveNotifications: false,
      });
      expect(saved.email).toBe('ava.morgan@riverside-family.example');
      expect(userIn(await server().call('GET', '/Users/Me', { token }))).toEqual(saved);
      const refused = await server().call('PUT', '/Users/Me', { token, body: { ...body, phone: ' ' } });
      expect([refused.status, errorMessage(refused.body)]).toEqual([400, `phone: ${T.phoneRequired}`]);
    });

    it('deletes a member, who can no longer sign in, and refuses to delete yourself with 409', async () => {
      const token = await riverside();
      const jack = (await page(token)).items.find((user) => user.username === 'lab.user');
      expect((await server().call('DELETE', `/Users/${jack?.uid}`, { token })).status).toBe(204);
      expect((await server().call('GET', `/Users/${jack?.uid}`, { token })).status).toBe(404);
      expect(
        (await server().call('POST', '/Auth', { body: { username: 'lab.user', password: DEMO_PASSWORD, rememberMe: false } })).status,
      ).toBe(401);
      const before = await snapshot(server().db);
      const self = await server().call('DELETE', '/Users/user-ava-morgan-riverside', { token });
      expect([self.status, errorMessage(self.body)]).toEqual([409, UserMessageText.cannotDeleteYourself]);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('answers 404 for another practice’s member and for a patient, and changes nothing', async () => {
      const lakeside = await tokenOf(server(), 'hcp.net30');
      const before = await snapshot(server().db);
      for (const uid of ['user-ava-morgan-riverside', 'user-isla-jensen-riverside']) {
        const calls: [string, string, unknown][] = [
          ['GET', `/Users/${uid}`, undefined],
          ['PUT', `/Users/${uid}`, NEW_MEMBER],
          ['PATCH', `/Users/${uid}/notifications`, { receiveNotifications: false, userType: UserType.Provider }],
          ['DELETE', `/Users/${uid}`, undefined],
        ];
        for (const [method, path, body] of calls) {
          const answer = await server().call(method, path, { token: lakeside, body });
          expect([method, answer.status, errorMessage(answer.body)]).toEqual([method, 404, UserMessageText.notFound]);
        }
      }
      expect(await snapshot(server().db)).toBe(before);
    });
  });

  describe('the signed-in user’s own profile: the address of PUT /Users/Me and PATCH /Users/Me/Consents', () => {
    const PROFILE = { firstName: 'Ava', lastName: 'Morgan', phone: '(916) 555-0101' };
    const ADDRESS = {
      addressLine1: ' 1200 J Street ',
      addressLine2: '',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95814',
      country: 'United States of America',
    };
    const STORED = { addressLine1: '1200 J Street', addressLine2: null, city: 'Sacramento', state: 'CA', zipCode: '95814', country: 'US' };
    const CONSENTS = { uid: 'user-ava-morgan-riverside', researchConsent: true, rejuvenationOlympicsConsent: false };
    const putMe = async (token: string, body: unknown) => server().call('PUT', '/Users/Me', { token, body });

    it('stores the address (trimmed, the country as its code) and answers it, also on a later GET /Users/Me', async () => {
      const token = await riverside();
      const saved = userIn(await putMe(token, { ...PROFILE, address: ADDRESS }));
      expect(saved.address).toEqual(STORED);
      expect(userIn(await server().call('GET', '/Users/Me', { token }))).toEqual(saved);
    });

    it('keeps the address when the body leaves it out (the account tab), and clears it with null or every field blank', async () => {
      const token = await riverside();
      await putMe(token, { ...PROFILE, address: ADDRESS });
      expect(userIn(await putMe(token, { ...PROFILE, receiveNotifications: false })).address).toEqual(STORED);
      expect(userIn(await putMe(token, { ...PROFILE, address: null })).address).toBeNull();
      await putMe(token, { ...PROFILE, address: ADDRESS });
      const blank = { addressLine1: ' ', addressLine2: '', city: '', state: null, zipCode: '', country: '' };
      expect(userIn(await putMe(token, { ...PROFILE, address: blank })).address).toBeNull();
    });

    it('stores no state for a country without a state list', async () => {
      const token = await riverside();
      const abroad = { ...ADDRESS, state: 'Bavaria', city: 'Munich', zipCode: '80331', country: 'DE' };
      expect(userIn(await putMe(token, { ...PROFILE, address: abroad })).address).toMatchObject({ country: 'DE', state: null });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no address line', { addressLine1: ' ' }, `address.addressLine1: ${A.addressRequired}`],
      ['no city', { city: '' }, `address.city: ${A.cityRequired}`],
      ['no state in the US', { state: null }, `address.state: ${A.stateRequired}`],
      ['no zip code', { zipCode: undefined }, `address.zipCode: ${A.zipRequired}`],
      ['no country', { country: '', state: '' }, `address.country: ${A.countryRequired}`],
      ['a line that is not text', { addressLine1: 5 }, 'address.addressLine1: Invalid type: Expected string but received 5'],
    ])('refuses an address with %s (400, the field’s message, nothing stored)', async (_case, change, message) => {
      const token = await riverside();
      const before = await snapshot(server().db);
      const answer = await putMe(token, { ...PROFILE, address: { ...ADDRESS, ...change } });
      expect([answer.status, errorMessage(answer.body)]).toEqual([400, message]);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('refuses an address that is not an object', async () => {
      const answer = await putMe(await riverside(), { ...PROFILE, address: '1200 J Street' });
      expect([answer.status, errorMessage(answer.body)]).toEqual([400, `address: ${A.addressObject}`]);
    });

    it('names every missing field of a partly filled address at once', async () => {
      const answer = await putMe(await riverside(), { ...PROFILE, address: { city: 'Sacramento' } });
      expect(errorMessage(answer.body)).toBe(
        [`address.addressLine1: ${A.addressRequired}`, `address.zipCode: ${A.zipRequired}`, `address.country: ${A.countryRequired}`].join(
          '; ',
        ),
      );
    });

    it('stores both consents and answers them, also on a later GET /Users/Me; a new user has given none', async () => {
      const token = await riverside();
      const before = userIn(await server().call('GET', '/Users/Me', { token }));
      expect([before.researchConsent, before.rejuvenationOlympicsConsent]).toEqual([false, false]);
      const saved = userIn(await server().call('PATCH', '/Users/Me/Consents', { token, body: CONSENTS }));
      const { consentDecisions: _decisions, ...unchanged } = before;
      expect(saved).toMatchObject({ ...unchanged, researchConsent: true, rejuvenationOlympicsConsent: false });
      const both = { ...CONSENTS, rejuvenationOlympicsConsent: true };
      userIn(await server().call('PATCH', '/Users/Me/Consents', { token, body: both }));
      expect(userIn(await server().call('GET', '/Users/Me', { token }))).toMatchObject({
        researchConsent: true,
        rejuvenationOlympicsConsent: true,
      });
    });

    it('records informed consent for the person: version and time on agreeing, the withdrawal on turning off (issue 41)', async () => {
      const token = await riverside();
      const off = { ...CONSENTS, researchConsent: false, rejuvenationOlympicsConsent: false };
      userIn(await server().call('PATCH', '/Users/Me/Consents', { token, body: off }));
      const rowsOf = () =>
        server().db.query<{ consent: string; version: number; agreed_at: Date; withdrawn_at: Date | null }>(
          `SELECT c.consent, c.version, c.agreed_at, c.withdrawn_at FROM person_consent_agreements c
           JOIN accounts a ON a.person_id = c.person_id
           WHERE a.uid = $1 ORDER BY c.id`,
          [CONSENTS.uid],
        );
      const earlier = (await rowsOf()).length;
      server().clock.advance(60);
      const agreedAt = server().clock.now();
      const agreed = userIn(await server().call('PATCH', '/Users/Me/Consents', { token, body: CONSENTS }));
      expect(agreed.consentDecisions?.researchConsent).toEqual({ version: 1, agreedAt: agreedAt.toISOString(), withdrawnAt: null });
      // The same values again record nothing.
      userIn(await server().call('PATCH', '/Users/Me/Consents', { token, body: CONSENTS }));
      server().clock.advance(86_400);
      const withdrawnAt = server().clock.now();
      // A day later: signed in again.
      const later = await riverside();
      userIn(await server().call('PATCH', '/Users/Me/Consents', { token: later, body: { ...CONSENTS, researchConsent: false } }));
      expect((await rowsOf()).slice(earlier)).toEqual([
        { consent: 'researchConsent', version: 1, agreed_at: agreedAt, withdrawn_at: withdrawnAt },
      ]);
      expect(userIn(await server().call('GET', '/Users/Me', { token: later })).consentDecisions?.researchConsent).toEqual({
        version: 1,
        agreedAt: agreedAt.toISOString(),
        withdrawnAt: withdrawnAt.toISOString(),
      });
    });

    it.each<[string, Record<string, unknown>, number, string]>([
      ['another user’s uid', { uid: 'user-jack-kim-riverside' }, 403, ConsentText.notYours],
      ['no uid', { uid: ' ' }, 400, `uid: ${ConsentText.uidRequired}`],
      [
        'a consent missing',
        { researchConsent: undefined },
        400,
        'researchConsent: researchConsent must be true or false, received nothing',
      ],
      [
        'a consent as text',
        { rejuvenationOlympicsConsent: 'yes' },
        400,
        'rejuvenationOlympicsConsent: rejuvenationOlympicsConsent must be true or false, received "yes"',
      ],
    ])('refuses consents with %s (403 for another’s uid, else 400; nothing stored)', async (_case, change, status, message) => {
      const token = await riverside();
      const before = await snapshot(server().db);
      const answer = await server().call('PATCH', '/Users/Me/Consents', { token, body: { ...CONSENTS, ...change } });
      expect([answer.status, errorMessage(answer.body)]).toEqual([status, message]);
      expect(await snapshot(server().db)).toBe(before);
    });
  });
}
