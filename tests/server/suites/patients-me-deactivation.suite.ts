import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../../src/model/auth/auth';
import { UserType } from '../../../src/model/enums';
import { UserRecordSchema } from '../../../src/model/team/user-record';
import { INVALID_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import { ServerText } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { buildServer, errorMessage, testConfig, type TestServer } from '../support/harness';
import { silentLogger } from '../../../server/logger';
import { createMailSender } from '../../../server/mail/sender';
import { MailText } from '../../../server/mail/templates/messages';
import type { OutgoingMail } from '../../../server/mail/transport';

const PATIENT = 'patient';
const PATIENT_ACCOUNT = 'user-isla-jensen-riverside';
const EXTERNAL_ID = 'EXT-ISLA-0001';

/** Everything that identifies the demo patient, read before she is forgotten. */
interface Identity {
  personId: string;
  patientId: number;
  patientUid: string;
  email: string;
  recordEmail: string;
  phone: string;
  lastName: string;
  dateOfBirth: string;
  kitIds: number[];
}

async function identity(server: TestServer): Promise<Identity> {
  const [row] = await server.db.query<Record<string, unknown>>(
    `SELECT pe.id AS person_id, p.id AS patient_id, p.uid, pe.email, p.email AS record_email, pe.phone, pe.last_name,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob,
            ARRAY(SELECT k.id FROM kits k WHERE k.patient_id = p.id ORDER BY k.id) AS kit_ids
     FROM accounts a JOIN people pe ON pe.id = a.person_id JOIN patients p ON p.account_id = a.id WHERE a.id = $1`,
    [accountIdOf(PATIENT_ACCOUNT)],
  );
  if (!row) throw new Error('The demo patient is missing');
  return {
    personId: String(row.person_id),
    patientId: Number(row.patient_id),
    patientUid: String(row.uid),
    email: String(row.email),
    recordEmail: String(row.record_email),
    phone: String(row.phone),
    lastName: String(row.last_name),
    dateOfBirth: String(row.dob),
    kitIds: (row.kit_ids as number[]).map(Number),
  };
}

/** Every row of every table of the database, as text: what "forgotten in every table" is checked against. */
async function everyRow(server: TestServer): Promise<{ table: string; row: string }[]> {
  const tables = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const rows: { table: string; row: string }[] = [];
  for (const { table_name: table } of tables) {
    for (const { row } of await server.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table}" t`)) rows.push({ table, row });
  }
  return rows;
}

/** A manifest sample of a practice carrying a patient external id. */
async function manifestSample(server: TestServer, practiceId: number, externalId: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `INSERT INTO manifest_samples (order_id, practice_id, row_number, unique_id, product_id, collection_date, dob, sex, clinic_id,
                                   patient_external_id)
     SELECT o.id, o.practice_id, 2, 'SAMPLE0001', (SELECT min(id) FROM products), '2026-01-10', '1980-01-01', 'F', 'CLINIC1', $2
     FROM orders o WHERE o.practice_id = $1 ORDER BY o.id LIMIT 1 RETURNING id`,
    [practiceId, externalId],
  );
  if (!row) throw new Error(`Practice ${practiceId} has no order to hang a manifest sample on`);
  return row.id;
}

/** An order of a practice shipped to a recipient with this email, copied from the practice's first order. */
async function orderShippedTo(server: TestServer, practiceId: number, number: string, recipient: Record<string, string>): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `INSERT INTO orders (uid, number, practice_id, order_date, customer, shipping_type, fulfillment, ship_to,
                         customer_information, shipping_information, payment_method, total, discount, shipping_price, status)
     SELECT 'ord-' || $2, $2, practice_id, order_date, $3, shipping_type, 1, 'Patient', $4::jsonb, $5::jsonb, payment_method,
            total, discount, shipping_price, status
     FROM orders WHERE practice_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
    [
      practiceId,
      number,
      `${recipient.firstName} ${recipient.lastName}`,
      JSON.stringify(recipient),
      JSON.stringify({
        addressLine1: '48 Willow Lane',
        addressLine2: null,
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95818',
        country: 'US',
      }),
    ],
  );
  if (!row) throw new Error(`Practice ${practiceId} has no order to copy`);
  return row.id;
}

/** DELETE /Patients/Me: deactivation forgets the person (kits §2 "Deactivate Account", issue 12 item 8). */
export function patientsMeDeactivationSuite(shared: () => TestServer): void {
  // A server of its own over the shared database, so that no other suite's remembered tokens meet a forgotten account;
  // the harness seeds the database afresh after every test that wrote to it.
  const fresh = () => buildServer(shared().db, shared().adapter, testConfig());

  describe('deactivation (DELETE /Patients/Me)', () => {
    it('forgets the person in every table, keeps her kits without a registrant, and revokes every token', async () => {
      const server = fresh();
      const first = await server.signIn(PATIENT, { rememberMe: true });
      const second = await server.signIn('isla.jensen@mail.example');
      expect((await server.call('POST', '/Auth/Password/Forgot', { body: { username: PATIENT } })).status).toBe(200);
      await server.db.query('UPDATE patients SET external_id = $2 WHERE account_id = $1', [accountIdOf(PATIENT_ACCOUNT), EXTERNAL_ID]);
      const ownSample = await manifestSample(server, PRACTICE_IDS.riverside, EXTERNAL_ID);
      // The same text at another practice is that practice's identifier of someone else.
      const otherSample = await manifestSample(server, PRACTICE_IDS.lakeside, EXTERNAL_ID);
      const who = await identity(server);
      const token = first.accessToken.token;
      // Kits shipped to her: by her practice, and by another practice to her email written in capitals.
      const her = { firstName: 'Isla', lastName: who.lastName, email: who.email, phone: who.phone };
      const shippedToHer = [
        await orderShippedTo(server, PRACTICE_IDS.riverside, 'T-900001', her),
        await orderShippedTo(server, PRACTICE_IDS.lakeside, 'T-900002', { ...her, email: who.email.toUpperCase() }),
      ];
      const someoneElse = { firstName: 'Noah', lastName: 'Reyes', email: 'noah.reyes@mail.example', phone: '(916) 555-0111' };
      const shippedToOther = await orderShippedTo(server, PRACTICE_IDS.riverside, 'T-900003', someoneElse);
      const agreed = await server.call('PATCH', '/Patients/Me/Consents', {
        token,
        body: { uid: who.patientUid, researchConsent: true, rejuvenationOlympicsConsent: true },
      });
      expect(agreed.status).toBe(200);
      expect(await server.db.query('SELECT 1 FROM patient_consent_agreements WHERE patient_id = $1', [who.patientId])).not.toEqual([]);
      expect(await server.db.query('SELECT 1 FROM restore_tokens WHERE person_id = $1', [who.personId])).not.toEqual([]);
      expect(who.kitIds.length).toBeGreaterThan(0);

      const traces = [who.personId, PATIENT_ACCOUNT, who.patientUid, who.email, who.recordEmail, who.phone, who.lastName, who.dateOfBirth];
      const tracesIn = async () => (await everyRow(server)).filter(({ row }) => traces.some((trace) => row.includes(trace)));
      // The scan finds her before (the rows keyed by a number only are checked one by one below); her kits hold a copy
      // of her name for the kit list's patient sort, filter and search (migration 024), which must go with her too.
      expect(new Set((await tracesIn()).map(({ table }) => table))).toEqual(
        new Set(['people', 'accounts', 'patients', 'kits', 'restore_tokens', 'orders', 'mail_messages']),
      );

      const answer = await server.call('DELETE', '/Patients/Me', { token });
      expect([answer.status, answer.body]).toEqual([204, undefined]);

      const db = server.db;
      expect(
        await db.query('SELECT 1 FROM people WHERE id = $1 OR lower(username) = $2 OR lower(email) = $3', [
          who.personId,
          PATIENT,
          who.email,
        ]),
      ).toEqual([]);
      expect(
        await db.query('SELECT 1 FROM accounts WHERE id = $1 OR person_id = $2', [accountIdOf(PATIENT_ACCOUNT), who.personId]),
      ).toEqual([]);
      expect(await db.query('SELECT 1 FROM patients WHERE id = $1 OR uid = $2', [who.patientId, who.patientUid])).toEqual([]);
      expect(await db.query('SELECT 1 FROM refresh_tokens WHERE account_id = $1', [accountIdOf(PATIENT_ACCOUNT)])).toEqual([]);
      expect(await db.query('SELECT 1 FROM restore_tokens WHERE person_id = $1', [who.personId])).toEqual([]);
      expect(await db.query('SELECT 1 FROM patient_consent_agreements WHERE patient_id = $1', [who.patientId])).toEqual([]);
      const kits = await db.query<{ id: number; patient_id: number | null }>(
        'SELECT id, patient_id FROM kits WHERE id = ANY($1::int[]) ORDER BY id',
        [who.kitIds],
      );
      expect(kits).toEqual(who.kitIds.map((id) => ({ id, patient_id: null })));
      const samples = await db.query<{ id: number; patient_external_id: string | null }>(
        'SELECT id, patient_external_id FROM manifest_samples WHERE id = ANY($1::int[]) ORDER BY id',
        [[ownSample, otherSample]],
      );
      expect(samples).toEqual([
        { id: ownSample, patient_external_id: null },
        { id: otherSample, patient_external_id: EXTERNAL_ID },
      ]);
      // Only the deactivation's confirmation, on its way to her, still holds her address; once sent, it no longer does.
      expect((await tracesIn()).map(({ table }) => table)).toEqual(['mail_messages']);
      const sent: OutgoingMail[] = [];
      const transport = {
        send: (mail: OutgoingMail) => {
          sent.push(mail);
          return Promise.resolve();
        },
        close: () => undefined,
      };
      await createMailSender({ db, config: server.config, transport, clock: server.clock.now, logger: silentLogger }).runOnce();
      expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[who.email, MailText.deactivatedSubject]]);
      expect(await tracesIn()).toEqual([]);
      // The orders stay the practices', their recipient anonymous; an order to someone else is untouched.
      const orders = await db.query<{ id: number; customer: string; customer_information: unknown; shipping_information: unknown }>(
        'SELECT id, customer, customer_information, shipping_information FROM orders WHERE id = ANY($1::int[]) ORDER BY id',
        [[...shippedToHer, shippedToOther]],
      );
      expect(orders).toEqual([
        ...shippedToHer.map((id) => ({ id, customer: 'Anonymous', customer_information: null, shipping_information: null })),
        expect.objectContaining({ id: shippedToOther, customer: 'Noah Reyes', customer_information: someoneElse }),
      ]);

      // Every token issued before is refused: the access token, a second deactivation, both sessions' refresh tokens.
      for (const [method, path] of [
        ['GET', '/Patients/Me'],
        ['DELETE', '/Patients/Me'],
        ['GET', '/Kits/My'],
        ['GET', '/Users/Me'],
      ]) {
        for (const access of [token, second.accessToken.token]) {
          const refused = await server.call(method ?? '', path ?? '', { token: access });
          expect([refused.status, errorMessage(refused.body)], `${method} ${path}`).toEqual([401, INVALID_TOKEN_MESSAGE]);
        }
      }
      for (const session of [first, second]) {
        const refreshed = await server.call('POST', '/Auth/refresh', { body: { refreshToken: session.refreshToken?.token } });
        expect([refreshed.status, errorMessage(refreshed.body)]).toEqual([401, ServerText.invalidRefreshToken]);
      }
      // The old password signs nobody in, by username or by email.
      for (const username of [PATIENT, who.email]) {
        const signIn = await server.call('POST', '/Auth', { body: { username, password: DEMO_PASSWORD, rememberMe: false } });
        expect([signIn.status, errorMessage(signIn.body)], username).toEqual([401, ServerText.invalidCredentials]);
      }
    });

    it('frees the username and the email for a new account', async () => {
      const server = fresh();
      const { email } = await identity(server);
      expect((await server.call('DELETE', '/Patients/Me', { token: (await server.signIn(PATIENT)).accessToken.token })).status).toBe(204);
      const provider = (await server.signIn('hcp.checkout')).accessToken.token;
      const member = { firstName: 'Pat', lastName: 'Ient', phone: '(916) 555-0100', userType: UserType.Nurse };
      const taken = await server.call('POST', '/Users', {
        token: provider,
        body: { ...member, email: 'patient@riverside-family.example' },
      });
      expect(v.parse(UserRecordSchema, taken.body).username).toBe(PATIENT);
      const again = await server.call('POST', '/Users', { token: provider, body: { ...member, email } });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
    });

    it('keeps a person who also works at a practice: the team account and its sign-in stay, the patient is forgotten', async () => {
      const server = fresh();
      const who = await identity(server);
      const [team] = await server.db.query<{ id: number }>(
        `INSERT INTO accounts (uid, person_id, practice_id, user_type, position) VALUES ('user-isla-jensen-lakeside', $1, $2, $3, 1) RETURNING id`,
        [who.personId, PRACTICE_IDS.lakeside, UserType.Nurse],
      );
      const token = (await server.signIn(PATIENT)).accessToken.token;
      expect((await server.call('DELETE', '/Patients/Me', { token })).status).toBe(204);
      expect(await server.db.query('SELECT 1 FROM patients WHERE id = $1', [who.patientId])).toEqual([]);
      expect(await server.db.query<{ id: number }>('SELECT id FROM accounts WHERE person_id = $1', [who.personId])).toEqual([
        { id: team?.id },
      ]);
      const signIn = await server.call('POST', '/Auth', { body: { username: PATIENT, password: DEMO_PASSWORD, rememberMe: false } });
      expect(signIn.status).toBe(200);
      const session = v.parse(SessionUserSchema, signIn.body);
      expect(session.practices.map(({ userId, practiceId }) => ({ userId, practiceId }))).toEqual([
        { userId: team?.id, practiceId: PRACTICE_IDS.lakeside },
      ]);
    });

    it('deactivates a patient account that has no patient record', async () => {
      const server = fresh();
      const who = await identity(server);
      await server.db.query('UPDATE patients SET account_id = NULL WHERE id = $1', [who.patientId]);
      const token = (await server.signIn(PATIENT)).accessToken.token;
      expect((await server.call('DELETE', '/Patients/Me', { token })).status).toBe(204);
      expect(await server.db.query('SELECT 1 FROM people WHERE id = $1', [who.personId])).toEqual([]);
      expect(await server.db.query('SELECT 1 FROM accounts WHERE id = $1', [accountIdOf(PATIENT_ACCOUNT)])).toEqual([]);
    });
  });
}
