import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UserType } from '../../../src/model/enums';
import { UsersPageSchema } from '../../../src/model/team/user';
import { UserRecordSchema, type UserRecord } from '../../../src/model/team/user-record';
import { UserMessageText } from '../../../src/model/team/user-texts';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type Answer, type TestServer } from '../support/harness';
import { SUMMIT, tokenOf } from './ordering-fixtures.suite';

/**
 * Issue 37 item 4: per-practice person data. Grace Hall (`multi.practice`) holds three accounts: Harbor Medical Group
 * as Provider (the one sign-in opens) and as OfficeManager, and Summit Wellness Clinic as Provider. What one practice
 * writes about her is what that practice sees, and never what another practice sees; her e-mail is her sign-in and
 * stays one for all.
 */

const MULTI = 'multi.practice';
const HARBOR_PROVIDER = { uid: 'user-grace-hall-harbor-provider', practiceId: PRACTICE_IDS.harbor } as const;
const HARBOR_MANAGER = { uid: 'user-grace-hall-harbor-office-manager', practiceId: PRACTICE_IDS.harbor } as const;
const GRACE_EMAIL = 'grace.hall@harbor-medical.example';
/** Grace as every practice sees her in the demo data. */
const AS_SEEDED = { firstName: 'Grace', lastName: 'Hall', phone: '(206) 555-0152', email: GRACE_EMAIL };

function userIn(answer: Answer, status = 200): UserRecord {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(UserRecordSchema, answer.body);
}

export function perPracticePeopleSuite(server: () => TestServer): void {
  const harbor = () => tokenOf(server(), MULTI);
  const harborManager = () => tokenOf(server(), MULTI, HARBOR_MANAGER);
  const summit = () => tokenOf(server(), MULTI, SUMMIT);
  const get = async (token: string, path: string) => userIn(await server().call('GET', path, { token }));
  const team = async (token: string, query = '') => {
    const answer = await server().call('GET', `/Users${query}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(UsersPageSchema, answer.body).items;
  };
  /** Name and phone of each listed member, in the list's order. */
  const shown = (users: readonly UserRecord[]) => users.map((user) => [user.uid, `${user.firstName} ${user.lastName}`, user.phone]);

  describe('per-practice person data: names and phone are the practice’s, the e-mail is the person’s', () => {
    it('an office manager’s rename of a team member shows at that practice and not at the member’s other practice', async () => {
      const rename = { firstName: 'Gracie', lastName: 'Hall-Okafor', phone: '(206) 555-0199', userType: UserType.Provider };
      const edited = userIn(
        await server().call('PUT', `/Users/${HARBOR_PROVIDER.uid}`, {
          token: await harborManager(),
          body: { ...rename, email: 'x@y.example' },
        }),
      );
      expect(edited).toMatchObject({ ...rename, email: GRACE_EMAIL, uid: HARBOR_PROVIDER.uid });

      const atHarbor = await harbor();
      expect(await get(atHarbor, `/Users/${HARBOR_PROVIDER.uid}`)).toEqual(edited);
      // The own record adds the consent decisions, which are the person's and no team list shows.
      expect(await get(atHarbor, '/Users/Me')).toEqual({
        ...edited,
        consentDecisions: { researchConsent: null, rejuvenationOlympicsConsent: null },
      });
      expect(shown(await team(atHarbor))).toEqual([
        [HARBOR_PROVIDER.uid, 'Gracie Hall-Okafor', rename.phone],
        [HARBOR_MANAGER.uid, 'Gracie Hall-Okafor', rename.phone],
      ]);

      const atSummit = await summit();
      expect(await get(atSummit, '/Users/Me')).toMatchObject({ ...AS_SEEDED, uid: SUMMIT.uid });
      expect(await get(atSummit, `/Users/${SUMMIT.uid}`)).toMatchObject(AS_SEEDED);
      expect(shown(await team(atSummit))).toEqual([[SUMMIT.uid, 'Grace Hall', AS_SEEDED.phone]]);
    });

    it('the account tab (PUT /Users/Me) at one practice leaves another practice’s view of the same person unchanged', async () => {
      const atSummit = await summit();
      const body = { firstName: 'Grace', lastName: 'Hall-Summit', phone: '(303) 555-0101', email: 'grace@elsewhere.example' };
      const saved = userIn(await server().call('PUT', '/Users/Me', { token: atSummit, body }));
      expect(saved).toMatchObject({ ...body, email: GRACE_EMAIL, uid: SUMMIT.uid });
      expect(await get(atSummit, '/Users/Me')).toEqual(saved);
      expect(shown(await team(atSummit))).toEqual([[SUMMIT.uid, 'Grace Hall-Summit', body.phone]]);

      const atHarbor = await harbor();
      expect(await get(atHarbor, '/Users/Me')).toMatchObject(AS_SEEDED);
      expect(await get(await harborManager(), '/Users/Me')).toMatchObject(AS_SEEDED);
      expect(shown(await team(atHarbor))).toEqual([
        [HARBOR_PROVIDER.uid, 'Grace Hall', AS_SEEDED.phone],
        [HARBOR_MANAGER.uid, 'Grace Hall', AS_SEEDED.phone],
      ]);
      // The e-mail is the person's, one for every practice: it still signs her in, to the account sign-in opens.
      expect((await server().signIn(GRACE_EMAIL)).practice).toMatchObject({ practiceId: PRACTICE_IDS.harbor, userType: UserType.Provider });
    });

    it('keeps a person’s two accounts at one practice in step: an edit through either shows on both, roles and notifications stay each account’s', async () => {
      const atHarbor = await harbor();
      const body = { firstName: 'Grace', lastName: 'Hall-Harbor', phone: '(206) 555-0111', receiveNotifications: false };
      userIn(await server().call('PUT', '/Users/Me', { token: atHarbor, body }));
      const manager = await harborManager();
      expect(await get(manager, '/Users/Me')).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hall-Harbor',
        phone: body.phone,
        userType: UserType.OfficeManager,
        receiveNotifications: true,
      });
      expect(await get(atHarbor, '/Users/Me')).toMatchObject({ lastName: 'Hall-Harbor', receiveNotifications: false });

      // And the other way round, through the team page's edit of the office manager's account.
      const edit = { firstName: 'G.', lastName: 'Hall', phone: '(206) 555-0122', userType: UserType.OfficeManager };
      userIn(await server().call('PUT', `/Users/${HARBOR_MANAGER.uid}`, { token: atHarbor, body: edit }));
      expect(await get(atHarbor, '/Users/Me')).toMatchObject({ firstName: 'G.', phone: edit.phone, userType: UserType.Provider });
      expect(await get(await summit(), '/Users/Me')).toMatchObject(AS_SEEDED);
    });

    it('searches, filters and sorts the team list by the practice’s own view of each member', async () => {
      const atHarbor = await harbor();
      const atSummit = await summit();
      const zoe = { firstName: 'Zoe', lastName: 'Young', phone: '(206) 555-0999' };
      userIn(await server().call('PUT', '/Users/Me', { token: atHarbor, body: zoe }));
      const mia = { firstName: 'Mia', lastName: 'Adams', phone: '(206) 555-0100', userType: UserType.Nurse };
      const harborMia = userIn(
        await server().call('POST', '/Users', { token: atHarbor, body: { ...mia, email: 'mia.adams@harbor-medical.example' } }),
        201,
      );
      const summitMia = userIn(
        await server().call('POST', '/Users', { token: atSummit, body: { ...mia, email: 'mia.adams@summit-wellness.example' } }),
        201,
      );
      const uids = (users: readonly UserRecord[]) => users.map((user) => user.uid);

      const byName = '?sortColumn=name&sortDirection=asc';
      expect(uids(await team(atHarbor, byName))).toEqual([harborMia.uid, HARBOR_PROVIDER.uid, HARBOR_MANAGER.uid]);
      expect(uids(await team(atSummit, byName))).toEqual([SUMMIT.uid, summitMia.uid]);
      // Descending reverses the tie-break (the account's id) too.
      expect(uids(await team(atHarbor, '?sortColumn=phone&sortDirection=desc'))).toEqual([
        HARBOR_MANAGER.uid,
        HARBOR_PROVIDER.uid,
        harborMia.uid,
      ]);

      expect(uids(await team(atHarbor, '?searchQuery=zoe%20young'))).toEqual([HARBOR_PROVIDER.uid, HARBOR_MANAGER.uid]);
      expect(await team(atHarbor, '?searchQuery=hall')).toEqual([]);
      expect(uids(await team(atSummit, '?searchQuery=grace%20hall'))).toEqual([SUMMIT.uid]);
      expect(await team(atSummit, '?searchQuery=young')).toEqual([]);

      expect(uids(await team(atHarbor, '?filter_phone_endsWith=0999'))).toEqual([HARBOR_PROVIDER.uid, HARBOR_MANAGER.uid]);
      expect(await team(atSummit, '?filter_phone_endsWith=0999')).toEqual([]);
      expect(uids(await team(atSummit, '?filter_name_startsWith=grace'))).toEqual([SUMMIT.uid]);
    });

    it('refuses a new member whose e-mail is a person’s at another practice (409), and changes nothing of that person', async () => {
      const lakeside = await tokenOf(server(), 'hcp.net30');
      const before = await snapshot(server().db);
      const body = {
        firstName: 'Someone',
        lastName: 'Else',
        phone: '(312) 555-0100',
        email: GRACE_EMAIL.toUpperCase(),
        userType: UserType.Nurse,
      };
      const taken = await server().call('POST', '/Users', { token: lakeside, body });
      expect([taken.status, errorMessage(taken.body)]).toEqual([409, UserMessageText.emailTaken]);
      expect(await snapshot(server().db)).toBe(before);
      expect(await get(await summit(), '/Users/Me')).toMatchObject(AS_SEEDED);
    });

    it('a patient’s own profile (PUT /Patients/Me) leaves a practice’s team view of the same person unchanged', async () => {
      // Isla Jensen, Riverside's demo patient, also works at Lakeside: a team account as migration 015 leaves one.
      const [isla] = await server().db.query<{ person_id: string }>(
        `SELECT person_id FROM accounts WHERE uid = 'user-isla-jensen-riverside'`,
      );
      await server().db.query(
        `INSERT INTO accounts (uid, person_id, practice_id, user_type, position, first_name, last_name, phone)
         SELECT 'user-isla-jensen-lakeside', id, $2, $3, 1, first_name, last_name, phone FROM people WHERE id = $1`,
        [isla?.person_id, PRACTICE_IDS.lakeside, UserType.Nurse],
      );
      const address = {
        addressLine1: '12 Elm Street',
        addressLine2: 'Apt 4',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95818',
        country: 'US',
      };
      const patient = await tokenOf(server(), 'patient');
      const own = { firstName: 'Isla', lastName: 'Jensen-Moore', phone: '(916) 555-0199', address };
      expect((await server().call('PUT', '/Patients/Me', { token: patient, body: own })).status).toBe(200);
      expect(await get(patient, '/Users/Me')).toMatchObject({ lastName: 'Jensen-Moore', phone: own.phone });

      const lakeside = await tokenOf(server(), 'hcp.net30');
      expect(await get(lakeside, '/Users/user-isla-jensen-lakeside')).toMatchObject({
        firstName: 'Isla',
        lastName: 'Jensen',
        phone: '(916) 555-0190',
        email: 'isla.jensen@mail.example',
      });
    });
  });
}
