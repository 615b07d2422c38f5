import { describe, expect, it } from 'vitest';
import type { PatientConsents, PatientRequest } from '../../../src/model/patients/patient';
import { PatientMessageText, PatientValidationText as T } from '../../../src/model/patients/patient-texts';
import { UserValidationText as U } from '../../../src/model/team/user-texts';
import { loadConsentStatements } from '../../../server/account/consent-statements';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';
import { createPatient, patientIn } from './patients-fixtures';

const ADDRESS = { street: '455 North Lake Shore Drive', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' };
const FULL: PatientRequest = {
  name: 'Nora Lindqvist',
  email: 'nora.lindqvist@mail.example',
  phone: '(312) 555-0101',
  dateOfBirth: '1984-05-12',
  address: ADDRESS,
};

/** A kit of the practice, registered to the patient: the patient's `kits` are such kits' barcodes. */
async function addKit(server: TestServer, practiceId: number, patientId: number | string, barcode: string): Promise<void> {
  const [product] = await server.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  await server.db.query(
    `INSERT INTO kits (uid, barcode, practice_id, product_id, patient_id, status, status_date, created_at)
     VALUES ($1, $2, $3, $4, $5, 1, now(), now() + make_interval(secs => $6))`,
    [`uid-${barcode}`, barcode, practiceId, product?.id, Number(patientId), barcode.length],
  );
}

/** The consent agreements recorded for a patient (issue 12 item 5), in the order they were written. */
async function agreements(server: TestServer, patientId: number | string) {
  return server.db.query<{ consent: string; version: number; agreed_at: Date; withdrawn_at: Date | null }>(
    'SELECT consent, version, agreed_at, withdrawn_at FROM patient_consent_agreements WHERE patient_id = $1 ORDER BY id',
    [Number(patientId)],
  );
}

/** The legacy consents call outside the base path (`PUT /api/patients/{id}/consents`), as a page makes it. */
async function legacyConsents(server: TestServer, token: string, key: number | string, body: PatientConsents): Promise<number> {
  const response = await server.app.request(`/api/patients/${key}/consents`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

/** One patient by id, by uid, create, replace, delete and consents (kits §3, §5, §7). */
export function patientsCrudSuite(server: () => TestServer): void {
  describe('one patient: GET, POST, PUT, DELETE /Patients and PATCH its consents', () => {
    it('creates a patient (201) that reads back by id and by uid, with every field as sent', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      expect(typeof created.id).toBe('number');
      expect(created).toMatchObject({ ...FULL, dateOfBirth: '1984-05-12T00:00:00.000Z', kits: [] });
      expect(created.uid).toEqual(expect.any(String));
      for (const key of [String(created.id), created.uid ?? '']) {
        expect(patientIn(await server().call('GET', `/Patients/${encodeURIComponent(key)}`, { token }))).toEqual(created);
      }
    });

    it('keeps text as given (trimmed), a date-time’s date as written, and leaves out what is not given', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const hostile = `  Robert'); DROP TABLE patients;-- 100% _\\ ${'z'.repeat(150)}  `;
      const created = await createPatient(server(), token, {
        name: hostile,
        phone: ' 312 ',
        dateOfBirth: '1990-01-31T23:30:00-05:00',
        email: '  ',
      });
      expect(created).toMatchObject({
        name: hostile.trim(),
        dateOfBirth: '1990-01-31T00:00:00.000Z',
        email: null,
        phone: '312',
        address: null,
      });
      const least = await createPatient(server(), token, { firstName: ' Ada ', lastName: 'Mae Quinn', phone: '1' });
      expect(least).toMatchObject({ name: 'Ada Mae Quinn', firstName: 'Ada', lastName: 'Mae Quinn', email: null, dateOfBirth: null });
      expect(least).toMatchObject({ address: null, kits: [], researchConsent: false, rejuvenationOlympics: false });
    });

    it('takes the first and last name over the whole name when a body sends both', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, { ...FULL, firstName: 'Mary Ann', lastName: 'Smith', name: 'ignored name' });
      expect(created).toMatchObject({ name: 'Mary Ann Smith', firstName: 'Mary Ann', lastName: 'Smith' });
    });

    it('lists the barcodes of the practice’s kits registered to the patient, oldest first', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const patient = await createPatient(server(), token, FULL);
      await addKit(server(), PRACTICE_IDS.lakeside, patient.id, 'PT-KIT-0001');
      await addKit(server(), PRACTICE_IDS.lakeside, patient.id, 'PT-KIT-00002');
      // A kit of another practice naming this patient is not this practice's to show.
      await addKit(server(), PRACTICE_IDS.riverside, patient.id, 'PT-KIT-OTHER');
      const read = patientIn(await server().call('GET', `/Patients/${patient.id}`, { token }));
      expect(read.kits).toEqual(['PT-KIT-0001', 'PT-KIT-00002']);
    });

    it.each<[string, unknown, string]>([
      ['no name at all', { phone: '1' }, `firstName: ${U.firstNameRequired}; lastName: ${U.lastNameRequired}`],
      ['a one-word name', { name: 'Cher', phone: '1' }, `lastName: ${U.lastNameRequired}`],
      ['a blank last name', { firstName: 'Ada', lastName: ' ', phone: '1' }, `lastName: ${U.lastNameRequired}`],
      ['no phone', { name: 'Ada Quinn' }, `phone: ${U.phoneRequired}`],
      ['a malformed email', { ...FULL, email: 'nora@' }, `email: ${T.emailInvalid}`],
      ['an address without street', { ...FULL, address: { ...ADDRESS, street: ' ' } }, `address.street: ${T.addressRequired}`],
      ['an address without city', { ...FULL, address: { ...ADDRESS, city: null } }, `address.city: ${T.cityRequired}`],
      ['a US address without state', { ...FULL, address: { ...ADDRESS, state: '' } }, `address.state: ${T.stateRequired}`],
      [
        'an address without postal code',
        { ...FULL, address: { ...ADDRESS, postalCode: undefined } },
        `address.postalCode: ${T.zipRequired}`,
      ],
      ['an address without country', { ...FULL, address: { ...ADDRESS, country: '' } }, `address.country: ${T.countryRequired}`],
      ['an address that is text', { ...FULL, address: 'Chicago' }, `address: ${T.addressObject}`],
      ['a date that does not exist', { ...FULL, dateOfBirth: '2023-02-30' }, `dateOfBirth: ${T.dateOfBirthInvalid}`],
      ['a date that is no date', { ...FULL, dateOfBirth: "1984-05-12'; --" }, `dateOfBirth: ${T.dateOfBirthInvalid}`],
      ['a name that is a number', { ...FULL, name: 42 }, 'name: name must be text'],
    ])('refuses %s with the field’s message, storing nothing', async (_case, body, message) => {
      const token = await tokenOf(server(), 'hcp.net30');
      const before = await snapshot(server().db);
      const answer = await server().call('POST', '/Patients/', { token, body });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('takes an address outside the countries with states without a state, and refuses a body that is not an object', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const address = { street: '1 King Street', city: 'Toronto', state: null, postalCode: 'M5H 1A1', country: 'CA' };
      expect((await createPatient(server(), token, { ...FULL, address })).address).toEqual(address);
      const answer = await server().call('POST', '/Patients/', { token, raw: '[1]' });
      expect(answer.status).toBe(400);
    });

    it('replaces every field with PUT by uid or id; a field left out is cleared', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      const byUid = patientIn(
        await server().call('PUT', `/Patients/${created.uid}`, { token, body: { name: 'Nora L. Berg', phone: '(312) 555-0199' } }),
      );
      expect(byUid).toEqual({
        ...created,
        name: 'Nora L. Berg',
        firstName: 'Nora',
        lastName: 'L. Berg',
        phone: '(312) 555-0199',
        email: null,
        dateOfBirth: null,
        address: null,
      });
      const byId = patientIn(await server().call('PUT', `/Patients/${created.id}`, { token, body: FULL }));
      expect(byId).toEqual(created);
      const refused = await server().call('PUT', `/Patients/${created.id}`, { token, body: { ...FULL, email: 'no-at-sign' } });
      expect(refused.status).toBe(400);
      expect(errorMessage(refused.body)).toBe(`email: ${T.emailInvalid}`);
    });

    it('deletes a patient (204): it is gone, its kits stay without a registrant, and a second delete is a 404', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      await addKit(server(), PRACTICE_IDS.lakeside, created.id, 'PT-KIT-DEL');
      const deleted = await server().call('DELETE', `/Patients/${created.id}`, { token });
      expect(deleted.status).toBe(204);
      const gone = await server().call('GET', `/Patients/${created.id}`, { token });
      expect(gone.status).toBe(404);
      expect(errorMessage(gone.body)).toBe(PatientMessageText.notFound);
      const kits = await server().db.query<{ patient_id: number | null }>('SELECT patient_id FROM kits WHERE barcode = $1', ['PT-KIT-DEL']);
      expect(kits).toEqual([{ patient_id: null }]);
      expect((await server().call('DELETE', `/Patients/${created.uid}`, { token })).status).toBe(404);
    });

    it('saves the consents and answers them as saved', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      const consents = { researchConsent: true, rejuvenationOlympics: false };
      const answer = await server().call('PATCH', `/Patients/${created.uid}/Consents`, { token, body: consents });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(consents);
      const [row] = await server().db.query('SELECT research_consent, rejuvenation_olympics_consent FROM patients WHERE id = $1', [
        created.id,
      ]);
      expect(row).toEqual({ research_consent: true, rejuvenation_olympics_consent: false });
      const refused = await server().call('PATCH', `/Patients/${created.uid}/Consents`, { token, body: { researchConsent: 'yes' } });
      expect(refused.status).toBe(400);
      expect(errorMessage(refused.body)).toMatch(/^researchConsent: researchConsent must be true or false/);
    });

    it('records the statement version and time of a consent turned on, and closes it when turned off, as the patient’s own call does', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      const statements = loadConsentStatements(server().config.consentsDir);
      const patch = (body: unknown) => server().call('PATCH', `/Patients/${created.uid}/Consents`, { token, body });
      server().clock.advance(60);
      const on = server().clock.now();
      expect((await patch({ researchConsent: true, rejuvenationOlympics: false })).status).toBe(200);
      const research = { consent: 'researchConsent', version: statements.researchConsent.version, agreed_at: on };
      expect(await agreements(server(), created.id)).toEqual([{ ...research, withdrawn_at: null }]);
      // The same values again, or a body the schema refuses, record nothing.
      server().clock.advance(60);
      expect((await patch({ researchConsent: true, rejuvenationOlympics: false })).status).toBe(200);
      expect((await patch({ researchConsent: 'yes', rejuvenationOlympics: true })).status).toBe(400);
      expect(await agreements(server(), created.id)).toEqual([{ ...research, withdrawn_at: null }]);
      server().clock.advance(600);
      const off = server().clock.now();
      expect((await patch({ researchConsent: false, rejuvenationOlympics: true })).status).toBe(200);
      expect(await agreements(server(), created.id)).toEqual([
        { ...research, withdrawn_at: off },
        {
          consent: 'rejuvenationOlympicsConsent',
          version: statements.rejuvenationOlympicsConsent.version,
          agreed_at: off,
          withdrawn_at: null,
        },
      ]);
    });

    it('records the agreements the same way through the legacy PUT /api/patients/{id}/consents', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const created = await createPatient(server(), token, FULL);
      const statements = loadConsentStatements(server().config.consentsDir);
      server().clock.advance(60);
      const on = server().clock.now();
      expect(await legacyConsents(server(), token, created.id, { researchConsent: true, rejuvenationOlympics: true })).toBe(200);
      server().clock.advance(600);
      const off = server().clock.now();
      expect(await legacyConsents(server(), token, created.uid ?? '', { researchConsent: true, rejuvenationOlympics: false })).toBe(200);
      expect(await agreements(server(), created.id)).toEqual([
        { consent: 'researchConsent', version: statements.researchConsent.version, agreed_at: on, withdrawn_at: null },
        {
          consent: 'rejuvenationOlympicsConsent',
          version: statements.rejuvenationOlympicsConsent.version,
          agreed_at: on,
          withdrawn_at: off,
        },
      ]);
    });

    it('treats another practice’s patient as absent: 404 to read, update, delete and consents, and nothing changes', async () => {
      const owner = await tokenOf(server(), 'hcp.net30');
      const other = await tokenOf(server(), 'hcp.checkout');
      const created = await createPatient(server(), owner, FULL);
      const before = await snapshot(server().db);
      const calls: [string, string, unknown][] = [
        ['GET', `/Patients/${created.id}`, undefined],
        ['GET', `/Patients/${created.uid}`, undefined],
        ['PUT', `/Patients/${created.uid}`, { name: 'Taken Over', phone: '1' }],
        ['PUT', `/Patients/${created.id}`, { name: 'Taken Over', phone: '1' }],
        ['DELETE', `/Patients/${created.id}`, undefined],
        ['DELETE', `/Patients/${created.uid}`, undefined],
        ['PATCH', `/Patients/${created.uid}/Consents`, { researchConsent: true, rejuvenationOlympics: true }],
      ];
      for (const [method, path, body] of calls) {
        const answer = await server().call(method, path, { token: other, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(errorMessage(answer.body)).toBe(PatientMessageText.notFound);
      }
      expect(await snapshot(server().db)).toBe(before);
      expect(patientIn(await server().call('GET', `/Patients/${created.id}`, { token: owner }))).toEqual(created);
    });

    it.each(['0', '99999999999999999999', '2147483648', "x' OR '1'='1", 'seed%25', '_'])(
      'answers an id or uid that names no patient, %s, with "Patient not found"',
      async (key) => {
        const token = await tokenOf(server(), 'hcp.net30');
        const answer = await server().call('GET', `/Patients/${encodeURIComponent(key)}`, { token });
        expect(answer.status).toBe(404);
        expect(errorMessage(answer.body)).toBe(PatientMessageText.notFound);
      },
    );

    it('needs a signed-in user for every call', async () => {
      for (const [method, path] of [
        ['GET', '/Patients/1'],
        ['POST', '/Patients/'],
        ['PUT', '/Patients/1'],
        ['DELETE', '/Patients/1'],
        ['PATCH', '/Patients/1/Consents'],
      ] as const) {
        expect((await server().call(method, path, method === 'GET' ? {} : { body: {} })).status, `${method} ${path}`).toBe(401);
      }
    });
  });
}
