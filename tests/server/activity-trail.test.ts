import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActivityKind } from '../../src/model/activity/activity';
import { activityWhat } from '../../src/model/activity/activity-texts';
import { KitSchema } from '../../src/model/kits/kit';
import { PatientSchema } from '../../src/model/patients/patient';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { useTestServer } from './support/harness';
import { activityPage, clearTrail, entryCannotBeWritten, filtersQuery, storedEntries, storedKinds } from './activity-support';
import { open, OTHER_PRACTICE, OWNER, READY_KIT, reportRequest, tokenFor } from './suites/kits-fixtures.suite';
import { clinicOrder, placed, placeOrder } from './suites/ordering-fixtures.suite';

/**
 * Issue 44 item 1: each event the kits, patients and orders routes record writes its entry, in the transaction of the
 * change (a refused change writes none, and a change whose entry cannot be written is not made); the trail is the
 * practice's own.
 */

const server = useTestServer('pglite');
const CORRELATION = 'activity-test-0001';

beforeEach(async () => {
  // Signing in writes its own entry (issue 44): the tokens the tests use are signed in once, before the trail is cleared.
  for (const username of [OWNER, OTHER_PRACTICE, 'patient', 'cps.user']) await tokenFor(server(), username);
  await clearTrail(server().db);
});

async function accountIdOf(username: string): Promise<number> {
  const [row] = await server().db.query<{ id: string | number }>(
    'SELECT a.id FROM accounts a JOIN people p ON p.id = a.person_id WHERE p.username = $1 ORDER BY a.position LIMIT 1',
    [username],
  );
  return Number(row?.id);
}

describe('kits: report links and opens', () => {
  it('issuing a report link and opening it record the kit, the report, the account, the address and the correlationId', async () => {
    const token = await tokenFor(server(), OWNER);
    const answer = await server().call('POST', '/Reports/', { token, body: reportRequest(), headers: { 'X-Correlation-Id': CORRELATION } });
    expect(answer.status).toBe(200);
    const link = new URL(v.parse(v.object({ presignedUrl: v.string() }), answer.body).presignedUrl);
    expect((await open(server(), `${link.pathname}${link.search}`)).status).toBe(200);

    const owner = await accountIdOf(OWNER);
    const [issued, opened] = await storedEntries(server().db);
    expect(issued).toMatchObject({ kind: ActivityKind.reportLinkIssued, object_type: 'kit', object_id: READY_KIT, detail: 'TruAge' });
    expect(issued).toMatchObject({ correlation_id: CORRELATION, address: 'local' });
    expect(Number(issued?.actor_account_id)).toBe(owner);
    expect(Number(issued?.practice_id)).toBe(PRACTICE_IDS.riverside);
    // The tab that follows the link sends no token: the link's signed `by` names the account it was issued to.
    expect(opened).toMatchObject({ kind: ActivityKind.reportOpened, object_id: READY_KIT, object_label: READY_KIT, detail: 'TruAge' });
    expect(Number(opened?.actor_account_id)).toBe(owner);

    const page = await activityPage(server(), token, filtersQuery([{ column: 'objectId', operator: 'equals', value: READY_KIT }]));
    expect(page.items.map((entry) => activityWhat(entry))).toEqual([
      `opened report TruAge of ${READY_KIT}`,
      `asked for a link to report TruAge of ${READY_KIT}`,
    ]);
    expect(page.items[0]?.actor?.name).toBe('Ava Morgan');
  });

  it('a link whose `by` is changed to another account is refused, and records nothing', async () => {
    const token = await tokenFor(server(), OWNER);
    const answer = await server().call('POST', '/Reports/', { token, body: reportRequest() });
    const link = new URL(v.parse(v.object({ presignedUrl: v.string() }), answer.body).presignedUrl);
    const by = Number(link.searchParams.get('by'));
    link.searchParams.set('by', String(by + 1));
    expect((await open(server(), `${link.pathname}${link.search}`)).status).toBe(403);
    expect(await storedKinds(server().db)).toEqual([`${ActivityKind.reportLinkIssued} kit:${READY_KIT}`]);
  });

  it('opening a diagnostics file records its kit and file name', async () => {
    const token = await tokenFor(server(), OWNER);
    const kit = v.parse(KitSchema, (await server().call('GET', `/Kits/${READY_KIT}`, { token })).body);
    const [file] = kit.diagnostics;
    const url = new URL(file?.fileUrl ?? '');
    expect((await open(server(), `${url.pathname}${url.search}`)).status).toBe(200);
    const [entry] = await storedEntries(server().db);
    expect(entry).toMatchObject({ kind: ActivityKind.diagnosticsOpened, object_id: READY_KIT, detail: file?.fileName });
    expect(Number(entry?.actor_account_id)).toBe(await accountIdOf(OWNER));
  });
});

describe('patients', () => {
  it('viewing, adding, editing, changing consents and deleting a patient each write one entry, naming the patient by id only', async () => {
    const token = await tokenFor(server(), OWNER);
    const body = { name: 'Trail Person', email: 'trail.person@mail.example', phone: '(312) 555-0190', dateOfBirth: '1980-01-02' };
    const created = v.parse(PatientSchema, (await server().call('POST', '/Patients/', { token, body })).body);
    const id = String(created.id);
    expect((await server().call('GET', `/Patients/${id}`, { token })).status).toBe(200);
    expect((await server().call('PUT', `/Patients/${id}`, { token, body: { ...body, name: 'Trail Person Two' } })).status).toBe(200);
    const consents = { researchConsent: true, rejuvenationOlympics: false };
    expect((await server().call('PATCH', `/Patients/${created.uid}/Consents`, { token, body: consents })).status).toBe(200);
    expect((await server().call('DELETE', `/Patients/${id}`, { token })).status).toBe(204);
    expect(await storedKinds(server().db)).toEqual([
      `${ActivityKind.patientCreated} patient:${id}`,
      `${ActivityKind.patientViewed} patient:${id}`,
      `${ActivityKind.patientEdited} patient:${id}`,
      `${ActivityKind.patientConsentsChanged} patient:${id}`,
      `${ActivityKind.patientDeleted} patient:${id}`,
    ]);
    // The trail is never edited, so it holds no name to erase.
    const stored = JSON.stringify(await storedEntries(server().db));
    expect(stored).not.toContain('Trail');
  });

  it('a refused change writes no entry: a bad body, a patient that is not there, another practice’s patient', async () => {
    const token = await tokenFor(server(), OWNER);
    expect((await server().call('POST', '/Patients/', { token, body: { name: '' } })).status).toBe(400);
    expect((await server().call('PUT', '/Patients/999999', { token, body: { name: 'X Y', phone: '(312) 555-0100' } })).status).toBe(404);
    expect((await server().call('DELETE', '/Patients/999999', { token })).status).toBe(404);
    expect((await server().call('GET', '/Patients/999999', { token })).status).toBe(404);
    expect(await storedEntries(server().db)).toEqual([]);
  });

  it('a change whose entry cannot be written is not made: the entry is in the change’s transaction', async () => {
    const token = await tokenFor(server(), OWNER);
    const db = server().db;
    const body = { name: 'Never Stored', email: 'never@mail.example', phone: '(312) 555-0191', dateOfBirth: '1980-01-02' };
    const status = (expected: number) => (answer: { status: number }) => expect(answer.status).toBe(expected);
    await entryCannotBeWritten(db, ActivityKind.patientCreated, async () =>
      status(500)(await server().call('POST', '/Patients/', { token, body })),
    );
    const created = v.parse(PatientSchema, (await server().call('POST', '/Patients/', { token, body })).body);
    await clearTrail(db);
    const id = String(created.id);
    const edit = { ...body, name: 'Never Renamed' };
    await entryCannotBeWritten(db, ActivityKind.patientEdited, async () =>
      status(500)(await server().call('PUT', `/Patients/${id}`, { token, body: edit })),
    );
    const consents = { researchConsent: true, rejuvenationOlympics: false };
    await entryCannotBeWritten(db, ActivityKind.patientConsentsChanged, async () =>
      status(500)(await server().call('PATCH', `/Patients/${created.uid}/Consents`, { token, body: consents })),
    );
    await entryCannotBeWritten(db, ActivityKind.patientDeleted, async () =>
      status(500)(await server().call('DELETE', `/Patients/${id}`, { token })),
    );
    const patient = await tokenFor(server(), 'patient');
    const own = (await server().call('GET', '/Patients/Me', { token: patient })).body as { uid: string; researchConsent: boolean };
    const change = { uid: own.uid, researchConsent: !own.researchConsent, rejuvenationOlympicsConsent: false };
    await entryCannotBeWritten(db, ActivityKind.ownConsentsChanged, async () =>
      status(500)(await server().call('PATCH', '/Patients/Me/Consents', { token: patient, body: change })),
    );
  });

  it('a patient’s own consents go into their own trail (GET /Activity/My), which shows no one else’s entries', async () => {
    const patient = await tokenFor(server(), 'patient');
    const own = (await server().call('GET', '/Patients/Me', { token: patient })).body as { uid: string; researchConsent: boolean };
    const change = { uid: own.uid, researchConsent: !own.researchConsent, rejuvenationOlympicsConsent: false };
    expect((await server().call('PATCH', '/Patients/Me/Consents', { token: patient, body: change })).status).toBe(200);
    await server().call('POST', '/Reports/', { token: await tokenFor(server(), OWNER), body: reportRequest() });
    const mine = await activityPage(server(), patient, '', '/Activity/My');
    expect(mine.items.map((entry) => entry.kind)).toEqual([ActivityKind.ownConsentsChanged]);
    expect(mine.items[0]?.actor?.accountId).toBe(await accountIdOf('patient'));
    // The practice's trail is the provider side's: a patient is refused it.
    expect((await server().call('GET', '/Activity', { token: patient })).status).toBe(403);
  });
});

describe('orders', () => {
  it('an order whose entry cannot be written is neither placed nor cancelled', async () => {
    const token = await tokenFor(server(), OTHER_PRACTICE);
    await entryCannotBeWritten(server().db, ActivityKind.orderPlaced, async () =>
      expect((await placeOrder(server(), token, clinicOrder(), 'trail-refused-0001')).status).toBe(500),
    );
    const order = placed(await placeOrder(server(), token, clinicOrder()));
    await clearTrail(server().db);
    await entryCannotBeWritten(server().db, ActivityKind.orderCancelled, async () =>
      expect((await server().call('DELETE', `/Orders/${order.uid}`, { token })).status).toBe(500),
    );
  });

  it('placing and cancelling an order each write one entry naming the order’s number; a refused cancel writes none', async () => {
    const token = await tokenFor(server(), OTHER_PRACTICE);
    const order = placed(await placeOrder(server(), token, clinicOrder()));
    expect((await server().call('DELETE', `/Orders/${order.uid}`, { token })).status).toBe(200);
    expect((await server().call('DELETE', `/Orders/${order.uid}`, { token })).status).toBe(409);
    expect(await storedKinds(server().db)).toEqual([
      `${ActivityKind.orderPlaced} order:${order.number}`,
      `${ActivityKind.orderCancelled} order:${order.number}`,
    ]);
    const page = await activityPage(server(), token);
    expect(page.items.map((entry) => activityWhat(entry))).toEqual([`cancelled order ${order.number}`, `placed order ${order.number}`]);
  });

  it('an uploaded manifest writes one entry naming its order and file; without its entry, no order is made', async () => {
    const token = await tokenFor(server(), 'cps.user');
    const upload = async (uniqueId: string) => {
      const rows = [
        'Unique ID,Product ID,Date of Collection,DOB,Sex,Clinic ID,Type,Concentration (ug/mL),Volume (uL),Patient External ID',
        `${uniqueId},MSA,02/20/2026,05/17/1980,F,LAB1,Blood,50,20,P1`,
      ];
      const form = new FormData();
      form.append('manifest', new File([rows.join('\r\n') + '\r\n'], 'trail-manifest.csv'));
      return server().app.request('/portalApi/Orders/bulk', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    };
    await entryCannotBeWritten(server().db, ActivityKind.manifestUploaded, async () => expect((await upload('S20002')).status).toBe(500));
    const response = await upload('S20001');
    expect(response.status, await response.clone().text()).toBe(200);
    const [number] = (
      await server().db.query<{ number: string }>('SELECT number FROM orders WHERE practice_id = $1 ORDER BY id DESC LIMIT 1', [
        PRACTICE_IDS.northgate,
      ])
    ).map((row) => row.number);
    expect(await storedEntries(server().db)).toMatchObject([
      { kind: ActivityKind.manifestUploaded, object_id: number, detail: 'trail-manifest.csv' },
    ]);
  });
});

describe('GET /Activity: the practice’s own, with the list conventions', () => {
  it('another practice’s trail shows none of these entries, and their object has none', async () => {
    const token = await tokenFor(server(), OWNER);
    await server().call('POST', '/Reports/', { token, body: reportRequest() });
    const other = await tokenFor(server(), OTHER_PRACTICE);
    expect((await activityPage(server(), other)).items).toEqual([]);
    expect(
      (await activityPage(server(), other, filtersQuery([{ column: 'objectId', operator: 'equals', value: READY_KIT }]))).items,
    ).toEqual([]);
    expect((await activityPage(server(), token)).items).toHaveLength(1);
  });

  it('pages, sorts and filters by kind (code or name), actor, object and date range; a bad filter is a 400 naming it', async () => {
    const token = await tokenFor(server(), OWNER);
    const ids: string[] = [];
    for (const name of ['Page One', 'Page Two', 'Page Three']) {
      const body = { name, email: 'page@mail.example', phone: '(312) 555-0192', dateOfBirth: '1980-01-02' };
      ids.push(String(v.parse(PatientSchema, (await server().call('POST', '/Patients/', { token, body })).body).id));
      server().clock.advance(60);
    }
    await server().call('GET', `/Patients/${ids[0]}`, { token });
    const first = await activityPage(server(), token, '?pageSize=2');
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.items.map((entry) => entry.kind)).toEqual([ActivityKind.patientViewed, ActivityKind.patientCreated]);
    const second = await activityPage(server(), token, '?pageSize=2&page=2');
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((entry) => entry.object.id)).toEqual([ids[1], ids[0]]);
    const oldest = await activityPage(server(), token, '?sortColumn=at&sortDirection=asc&pageSize=1');
    expect(oldest.items[0]?.object.id).toBe(ids[0]);

    const created = (query: string) => activityPage(server(), token, query).then((page) => page.items.map((entry) => entry.object.id));
    expect(await created(filtersQuery([{ column: 'kind', operator: 'equals', value: 'patient.created' }]))).toEqual([...ids].reverse());
    expect(await created(filtersQuery([{ column: 'kind', operator: 'equals', value: 'Patient viewed' }]))).toEqual([ids[0]]);
    expect(await created(`?filter_actor_contains=ava&filter_kind_contains=viewed`)).toEqual([ids[0]]);
    expect(await created(filtersQuery([{ column: 'object', operator: 'equals', value: `patient #${ids[1]}` }]))).toEqual([ids[1]]);
    // A minute apart from 09:00: only the second patient was added between 09:00:30 and 09:01:30.
    const range = `2026-03-02T09:00:30.000Z/2026-03-02T09:01:30.000Z`;
    expect(await created(filtersQuery([{ column: 'at', operator: 'equals', value: range }]))).toEqual([ids[1]]);

    const bad = await server().call('GET', `/Activity${filtersQuery([{ column: 'colour', operator: 'equals', value: 'x' }])}`, { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('column');
    const backwards = await server().call(
      'GET',
      `/Activity${filtersQuery([{ column: 'at', operator: 'equals', value: '2026-03-03T00:00:00Z/2026-03-02T00:00:00Z' }])}`,
      { token },
    );
    expect(backwards.status).toBe(400);
  });
});
