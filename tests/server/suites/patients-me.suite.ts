import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PatientProfileSchema, PatientProfileText, type PatientProfile } from '../../../src/model/account/patient-profile';
import { PatientMessageText } from '../../../src/model/patients/patient-texts';
import { AccountAddressText as A, ConsentText } from '../../../src/model/account/account-texts';
import { UserValidationText as T } from '../../../src/model/team/user-texts';
import { MISSING_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import { accountIdOf } from '../../../server/seed/seed-data';
import { PORTAL_PATIENT_UID } from '../../../server/seed/patients';
import { buildServer, errorMessage, snapshot, testConfig, type Answer, type TestServer } from '../support/harness';
import { patientsMeDeactivationSuite } from './patients-me-deactivation.suite';
import { tokenOf } from './ordering-fixtures.suite';

/** The demo patient account (Isla Jensen, Riverside) and a provider of the same practice. */
export const PATIENT = 'patient';
export const PATIENT_ACCOUNT = 'user-isla-jensen-riverside';
const PROVIDER = 'hcp.checkout';

const PROFILE_KEYS = Object.keys(PatientProfileSchema.entries).sort();

const ADDRESS = { addressLine1: '12 Elm Street', addressLine2: 'Apt 4', city: 'Sacramento', state: 'CA', zipCode: '95818', country: 'US' };
const BODY = { firstName: 'Isla', lastName: 'Jensen-Moore', phone: '(916) 555-0199', address: ADDRESS };

export function profileIn(answer: Answer, status = 200): PatientProfile {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(Object.keys(answer.body as object).sort()).toEqual(PROFILE_KEYS);
  return v.parse(PatientProfileSchema, answer.body);
}

/** What the database holds of the patient: the oracle of GET /Patients/Me. */
async function stored(server: TestServer) {
  const [row] = await server.db.query<Record<string, unknown>>(
    `SELECT p.id AS patient_id, p.uid, p.first_name AS record_first, p.last_name AS record_last, p.phone AS record_phone,
            p.email AS record_email, p.address AS record_address, p.research_consent, p.rejuvenation_olympics_consent,
            pe.first_name, pe.last_name, pe.email, pe.phone, pe.address,
            pe.research_consent AS person_research, pe.rejuvenation_olympics_consent AS person_olympics
     FROM patients p JOIN accounts a ON a.id = p.account_id JOIN people pe ON pe.id = a.person_id WHERE a.id = $1`,
    [accountIdOf(PATIENT_ACCOUNT)],
  );
  if (!row) throw new Error('The demo patient has no patient record');
  return row;
}

async function agreements(server: TestServer) {
  return server.db.query<{ consent: string; version: number; agreed_at: Date; withdrawn_at: Date | null }>(
    `SELECT c.consent, c.version, c.agreed_at, c.withdrawn_at FROM patient_consent_agreements c
     JOIN patients p ON p.id = c.patient_id WHERE p.account_id = $1 ORDER BY c.id`,
    [accountIdOf(PATIENT_ACCOUNT)],
  );
}

/** The oracle of `consentDecisions`: each consent's latest agreement row, as the answer spells it. */
function decisionsFrom(rows: Awaited<ReturnType<typeof agreements>>) {
  const latest = (consent: string) => {
    const row = rows.filter((candidate) => candidate.consent === consent).at(-1);
    return row
      ? { version: row.version, agreedAt: row.agreed_at.toISOString(), withdrawnAt: row.withdrawn_at?.toISOString() ?? null }
      : null;
  };
  return { researchConsent: latest('researchConsent'), rejuvenationOlympicsConsent: latest('rejuvenationOlympicsConsent') };
}

/** GET/PUT/DELETE /Patients/Me and PATCH /Patients/Me/Consents: the signed-in patient's own record. */
export function patientsMeSuite(server: () => TestServer): void {
  const call = async (method: string, path: string, body?: unknown, username = PATIENT) =>
    server().call(method, path, { token: await tokenOf(server(), username), body });
  const consents = async (change: Record<string, unknown>) => {
    const own = await stored(server());
    return call('PATCH', '/Patients/Me/Consents', {
      uid: own.uid,
      researchConsent: own.research_consent,
      rejuvenationOlympicsConsent: own.rejuvenation_olympics_consent,
      ...change,
    });
  };

  describe('the patient’s own record (GET, PUT /Patients/Me, PATCH /Patients/Me/Consents)', () => {
    it('answers the account profile, the patient record’s uid and its consents', async () => {
      const own = await stored(server());
      expect(profileIn(await call('GET', '/Patients/Me'))).toEqual({
        uid: PORTAL_PATIENT_UID,
        firstName: own.first_name,
        lastName: own.last_name,
        email: own.email,
        phone: own.phone,
        address: own.address,
        researchConsent: own.research_consent,
        rejuvenationOlympicsConsent: own.rejuvenation_olympics_consent,
        consentDecisions: decisionsFrom(await agreements(server())),
      });
      expect(own.email).toBe('isla.jensen@mail.example');
    });

    it('refuses every call without a token (401) and from a provider account (403), storing nothing', async () => {
      const calls: [string, string, unknown][] = [
        ['GET', '/Patients/Me', undefined],
        ['PUT', '/Patients/Me', BODY],
        ['PATCH', '/Patients/Me/Consents', { uid: PORTAL_PATIENT_UID, researchConsent: false, rejuvenationOlympicsConsent: true }],
        ['DELETE', '/Patients/Me', undefined],
      ];
      const token = await tokenOf(server(), PROVIDER);
      const before = await snapshot(server().db);
      for (const [method, path, body] of calls) {
        const anonymous = await server().call(method, path, { body });
        expect([anonymous.status, errorMessage(anonymous.body)], `${method} ${path}`).toEqual([401, MISSING_TOKEN_MESSAGE]);
        const provider = await server().call(method, path, { token, body });
        expect([provider.status, errorMessage(provider.body)], `${method} ${path}`).toEqual([403, PatientProfileText.notPatient]);
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('saves the profile on the person and on the practice’s patient record, ignoring an email', async () => {
      const saved = profileIn(await call('PUT', '/Patients/Me', { ...BODY, email: 'someone.else@mail.example' }));
      expect(saved).toMatchObject({ ...BODY, email: 'isla.jensen@mail.example', uid: PORTAL_PATIENT_UID });
      expect(profileIn(await call('GET', '/Patients/Me'))).toEqual(saved);
      const own = await stored(server());
      expect(own).toMatchObject({ first_name: 'Isla', last_name: 'Jensen-Moore', phone: BODY.phone, address: ADDRESS });
      expect(own).toMatchObject({ record_first: 'Isla', record_last: 'Jensen-Moore', record_phone: BODY.phone });
      expect(own.record_email).toBe('isla.jensen@mail.example');
      expect(own.record_address).toEqual({
        street: '12 Elm Street, Apt 4',
        city: 'Sacramento',
        state: 'CA',
        postalCode: '95818',
        country: 'US',
      });
      // The session's own record says the same.
      const me = await call('GET', '/Users/Me');
      expect(me.body).toMatchObject({ firstName: 'Isla', lastName: 'Jensen-Moore', email: 'isla.jensen@mail.example' });
    });

    it('stores the address as the provider profile does: trimmed, no apartment as null, the country’s code, no state abroad', async () => {
      const abroad = {
        addressLine1: ' 5 Rue Royale ',
        addressLine2: ' ',
        city: 'Paris',
        state: 'Île-de-France',
        zipCode: '75008',
        country: 'France',
      };
      const saved = profileIn(await call('PUT', '/Patients/Me', { ...BODY, address: abroad }));
      expect(saved.address).toEqual({
        addressLine1: '5 Rue Royale',
        addressLine2: null,
        city: 'Paris',
        state: null,
        zipCode: '75008',
        country: 'FR',
      });
      expect((await stored(server())).record_address).toMatchObject({ street: '5 Rue Royale', state: '', country: 'FR' });
    });

    it.each([
      ['no first name', { ...BODY, firstName: undefined }, `firstName: ${T.firstNameRequired}`],
      ['a blank last name', { ...BODY, lastName: '  ' }, `lastName: ${T.lastNameRequired}`],
      ['no phone', { ...BODY, phone: '' }, `phone: ${T.phoneRequired}`],
      ['no address', { ...BODY, address: null }, `address.addressLine1: ${A.addressRequired}`],
      ['a blank street', { ...BODY, address: { ...ADDRESS, addressLine1: ' ' } }, `address.addressLine1: ${A.addressRequired}`],
      ['no city', { ...BODY, address: { ...ADDRESS, city: '' } }, `address.city: ${A.cityRequired}`],
      ['a US address without a state', { ...BODY, address: { ...ADDRESS, state: null } }, `address.state: ${A.stateRequired}`],
      ['no zip code', { ...BODY, address: { ...ADDRESS, zipCode: undefined } }, `address.zipCode: ${A.zipRequired}`],
      ['no country', { ...BODY, address: { ...ADDRESS, country: '' } }, `address.country: ${A.countryRequired}`],
      ['an address that is not an object', { ...BODY, address: 'Sacramento' }, `address: ${PatientProfileText.addressObject}`],
      ['a phone that is not text', { ...BODY, phone: 9165550199 }, 'phone: Expected text but received 9165550199'],
    ])('refuses a profile with %s: 400 with the rule’s message, nothing stored', async (_case, body, message) => {
      const token = await tokenOf(server(), PATIENT);
      const before = await snapshot(server().db);
      const answer = await server().call('PUT', '/Patients/Me', { token, body });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)?.split('; ')[0]).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('saves the consents on the patient record and the person, and answers the profile with them', async () => {
      const own = await stored(server());
      const flipped = { researchConsent: !own.research_consent, rejuvenationOlympicsConsent: !own.rejuvenation_olympics_consent };
      const saved = profileIn(await consents(flipped));
      expect(saved).toMatchObject({ uid: own.uid, ...flipped });
      expect(await stored(server())).toMatchObject({
        research_consent: flipped.researchConsent,
        rejuvenation_olympics_consent: flipped.rejuvenationOlympicsConsent,
        person_research: flipped.researchConsent,
        person_olympics: flipped.rejuvenationOlympicsConsent,
      });
      expect(profileIn(await call('GET', '/Patients/Me'))).toEqual(saved);
    });

    it('records the statement version and time of a consent turned on, and closes it when turned off', async () => {
      await consents({ researchConsent: false, rejuvenationOlympicsConsent: false });
      const closed = await agreements(server());
      server().clock.advance(60);
      const on = server().clock.now();
      await consents({ rejuvenationOlympicsConsent: true });
      const added = (await agreements(server())).slice(closed.length);
      expect(added).toEqual([{ consent: 'rejuvenationOlympicsConsent', version: 1, agreed_at: on, withdrawn_at: null }]);
      // Saving the same values again records nothing.
      await consents({});
      expect(await agreements(server())).toHaveLength(closed.length + 1);
      server().clock.advance(3600);
      const off = server().clock.now();
      await consents({ rejuvenationOlympicsConsent: false, researchConsent: true });
      expect((await agreements(server())).slice(closed.length)).toEqual([
        { consent: 'rejuvenationOlympicsConsent', version: 1, agreed_at: on, withdrawn_at: off },
        { consent: 'researchConsent', version: 1, agreed_at: off, withdrawn_at: null },
      ]);
    });

    it('a withdrawal is one call: the database closes the agreement and GET /Patients/Me answers both dates', async () => {
      await consents({ researchConsent: false });
      server().clock.advance(120);
      const agreedAt = server().clock.now();
      const agreed = profileIn(await consents({ researchConsent: true }));
      expect(agreed.consentDecisions?.researchConsent).toEqual({ version: 1, agreedAt: agreedAt.toISOString(), withdrawnAt: null });
      server().clock.advance(86_400);
      const withdrawnAt = server().clock.now();
      await consents({ researchConsent: false });
      const [row] = await server().db.query<{ research_consent: boolean; version: number; agreed_at: Date; withdrawn_at: Date | null }>(
        `SELECT p.research_consent, c.version, c.agreed_at, c.withdrawn_at FROM patient_consent_agreements c
         JOIN patients p ON p.id = c.patient_id
         WHERE p.account_id = $1 AND c.consent = 'researchConsent' ORDER BY c.id DESC LIMIT 1`,
        [accountIdOf(PATIENT_ACCOUNT)],
      );
      expect(row).toEqual({ research_consent: false, version: 1, agreed_at: agreedAt, withdrawn_at: withdrawnAt });
      const read = profileIn(await call('GET', '/Patients/Me'));
      expect(read.researchConsent).toBe(false);
      expect(read.consentDecisions?.researchConsent).toEqual({
        version: 1,
        agreedAt: agreedAt.toISOString(),
        withdrawnAt: withdrawnAt.toISOString(),
      });
    });

    it('records the version of the statement in the configured folder (CONSENTS_DIR)', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'portal-consents-'));
      try {
        const file = (consent: string, version: number) =>
          `---\nconsent: ${consent}\nversion: ${version}\ndate: 2027-01-15\ntitle: ${consent}\n---\n\nThe approved text.\n`;
        await writeFile(join(dir, 'a.md'), file('researchConsent', 7));
        await writeFile(join(dir, 'b.md'), file('rejuvenationOlympicsConsent', 3));
        const configured = buildServer(server().db, server().adapter, testConfig({ consentsDir: dir }));
        const token = await tokenOf(configured, PATIENT);
        await configured.call('PATCH', '/Patients/Me/Consents', {
          token,
          body: { uid: PORTAL_PATIENT_UID, researchConsent: false, rejuvenationOlympicsConsent: false },
        });
        const before = (await agreements(server())).length;
        const answer = await configured.call('PATCH', '/Patients/Me/Consents', {
          token,
          body: { uid: PORTAL_PATIENT_UID, researchConsent: true, rejuvenationOlympicsConsent: true },
        });
        expect(answer.status).toBe(200);
        expect((await agreements(server())).slice(before).map((row) => [row.consent, row.version])).toEqual([
          ['researchConsent', 7],
          ['rejuvenationOlympicsConsent', 3],
        ]);
        // A folder whose statement is malformed stops the server from starting, naming the file.
        await writeFile(join(dir, 'b.md'), file('rejuvenationOlympicsConsent', 0));
        expect(() => buildServer(server().db, server().adapter, testConfig({ consentsDir: dir }))).toThrow(
          /b\.md: Malformed consent statement/,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it.each([
      ['another patient’s uid', { uid: 'seed-patient-11-02' }, 403, ConsentText.notYours],
      ['the account’s uid instead of the patient record’s', { uid: PATIENT_ACCOUNT }, 403, ConsentText.notYours],
      ['no uid', { uid: undefined }, 400, `uid: ${ConsentText.uidRequired}`],
      ['a consent as text', { researchConsent: 'true' }, 400, 'researchConsent: researchConsent must be true or false, received "true"'],
      [
        'a consent left out',
        { rejuvenationOlympicsConsent: undefined },
        400,
        'rejuvenationOlympicsConsent: rejuvenationOlympicsConsent must be true or false, received nothing',
      ],
    ])('refuses consents with %s, storing nothing', async (_case, change, status, message) => {
      const own = await stored(server());
      const token = await tokenOf(server(), PATIENT);
      const before = await snapshot(server().db);
      const body = { uid: own.uid, researchConsent: !own.research_consent, rejuvenationOlympicsConsent: true, ...change };
      const answer = await server().call('PATCH', '/Patients/Me/Consents', { token, body });
      expect([answer.status, errorMessage(answer.body)]).toEqual([status, message]);
      expect(await snapshot(server().db)).toBe(before);
      expect(await agreements(server())).toEqual([]);
    });

    it('answers 404 "Patient not found" to a patient account without a patient record', async () => {
      const token = await tokenOf(server(), PATIENT);
      await server().db.query('UPDATE patients SET account_id = NULL WHERE account_id = $1', [accountIdOf(PATIENT_ACCOUNT)]);
      for (const [method, path, body] of [
        ['GET', '/Patients/Me', undefined],
        ['PUT', '/Patients/Me', BODY],
        ['PATCH', '/Patients/Me/Consents', { uid: PORTAL_PATIENT_UID, researchConsent: true, rejuvenationOlympicsConsent: true }],
      ] as const) {
        const answer = await server().call(method, path, { token, body });
        expect([answer.status, errorMessage(answer.body)], `${method} ${path}`).toEqual([404, PatientMessageText.notFound]);
      }
    });
  });

  patientsMeDeactivationSuite(server);
}
