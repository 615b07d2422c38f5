import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KitSchema, type Kit } from '../../../src/model/kits/kit';
import { hasResultsReady, isLegacyReport, KitStatus, ProcessingResult, ReportType } from '../../../src/model/kits/kit-status';
import { MISSING_TOKEN_MESSAGE } from '../../../server/auth/require-auth';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { MyKitsText } from '../../../server/routes/kits/my-kits';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { ONE_KIT_PATIENT_UID, PORTAL_PATIENT_UID, seedPatientUid } from '../../../server/seed/patients';
import { errorMessage, type TestServer } from '../support/harness';
import { barcodes, OTHER_PRACTICE, OWNER, tokenFor } from './kits-fixtures.suite';

/** The demo patient with several kits (Isla Jensen) and the one with exactly one (Henry Chen), both of Riverside. */
const SEVERAL = 'patient';
const ONE_KIT = 'patient.one';
const SEVERAL_KITS = ['KT-11-0020', 'KT-11-0021', 'KT-11-0022', 'KT-11-0023', 'KT-11-0024', 'KT-11-0026'];
const ONE_KIT_BARCODE = 'KT-11-0011';

const KIT_KEYS = Object.keys(KitSchema.entries).sort();
const OwnKitsSchema = v.array(KitSchema);

const byBarcode = (kits: readonly Kit[], barcode: string): Kit => {
  const kit = kits.find((candidate) => candidate.barcode === barcode);
  if (!kit) throw new Error(`${barcode} is not among ${barcodes(kits).join(', ')}`);
  return kit;
};

/** GET /Kits/My and GET /Reports/My, checked to be a plain array of kits in exactly the contract's shape. */
async function ownList(server: TestServer, path: '/Kits/My' | '/Reports/My', username: string): Promise<Kit[]> {
  const answer = await server.call('GET', path, { token: await tokenFor(server, username) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Array.isArray(answer.body)).toBe(true);
  for (const item of answer.body as object[]) expect(Object.keys(item).sort()).toEqual(KIT_KEYS);
  return v.parse(OwnKitsSchema, answer.body);
}

/** What the practice's provider sees of the same kit: the patient's answer must be that kit, whole. */
async function providerKit(server: TestServer, barcode: string): Promise<Kit> {
  const answer = await server.call('GET', `/Kits/${barcode}`, { token: await tokenFor(server, OWNER) });
  expect(answer.status).toBe(200);
  return v.parse(KitSchema, answer.body);
}

/** A kit with its file links cut to the signed path: each link also names the account it was issued to (issue 44). */
function withoutIssuedTo(kit: Kit): Kit {
  const cut = (url: string | null) => (url === null ? null : url.replace(/&by=\d+&bySignature=[\w-]+$/, ''));
  return { ...kit, diagnostics: kit.diagnostics.map((file) => ({ ...file, fileUrl: cut(file.fileUrl) })) };
}

/** The stored kits of the patient record of this account, newest first: the oracle of GET /Kits/My. */
async function storedOwn(server: TestServer, accountUid: string): Promise<string[]> {
  const rows = await server.db.query<{ barcode: string }>(
    `SELECT k.barcode FROM kits k JOIN patients pt ON pt.id = k.patient_id
     WHERE pt.account_id = $1 ORDER BY k.created_at DESC, k.id DESC`,
    [accountIdOf(accountUid)],
  );
  return rows.map((row) => row.barcode);
}

async function expectAbsent(server: TestServer, username: string, id: string): Promise<void> {
  const answer = await server.call('GET', `/Kits/${encodeURIComponent(id)}/My`, { token: await tokenFor(server, username) });
  expect(answer.status, id).toBe(404);
  expect(errorMessage(answer.body), id).toBe(NOT_FOUND_MESSAGE);
}

const ROUTES = ['/Kits/My', `/Kits/${ONE_KIT_BARCODE}/My`, '/Reports/My'] as const;

export function myKitsSuite(server: () => TestServer): void {
  describe('the patient’s own kits and reports (GET /Kits/My, GET /Kits/{barcode}/My, GET /Reports/My)', () => {
    it('answers the several-kit patient exactly the kits registered to her, newest first, each whole as the provider sees it', async () => {
      const kits = await ownList(server(), '/Kits/My', SEVERAL);
      expect([...barcodes(kits)].sort()).toEqual(SEVERAL_KITS);
      expect(barcodes(kits)).toEqual(await storedOwn(server(), 'user-isla-jensen-riverside'));
      const created = kits.map((kit) => kit.createdAt ?? '');
      expect(created).toEqual([...created].sort().reverse());
      for (const kit of kits) {
        expect(kit.registrant?.uid).toBe(PORTAL_PATIENT_UID);
        expect(withoutIssuedTo(kit)).toEqual(withoutIssuedTo(await providerKit(server(), kit.barcode)));
      }
    });

    it('shows her the failed kit, the replacement chain with each kit’s source, the kit in processing and the ready one', async () => {
      const kits = await ownList(server(), '/Kits/My', SEVERAL);
      const [first, second, third] = ['KT-11-0021', 'KT-11-0022', 'KT-11-0023'].map((barcode) => byBarcode(kits, barcode));
      expect(first?.source).toBeNull();
      expect(second?.source).toEqual({ uid: first?.uid, barcode: 'KT-11-0021' });
      expect(third?.source).toEqual({ uid: second?.uid, barcode: 'KT-11-0022' });
      for (const replaced of [first, second]) {
        expect(replaced?.status?.status).toBe(KitStatus.ReplacementRequested);
        expect(replaced?.samples.map((sample) => sample.status)).toContain(ProcessingResult.Failed);
      }
      const rerun = byBarcode(kits, 'KT-11-0024');
      expect(rerun.samples.map((sample) => sample.status)).toContain(ProcessingResult.QcFailed);
      expect(byBarcode(kits, 'KT-11-0026').status?.status).toBe(KitStatus.ImageBeadChipCompleted);
      const ready = byBarcode(kits, 'KT-11-0020');
      expect(hasResultsReady(ready.status?.status)).toBe(true);
      expect(ready.reports.some((report) => isLegacyReport(report.type))).toBe(true);
      expect(ready.diagnostics.length).toBeGreaterThan(0);
    });

    it('answers the one-kit patient exactly that kit, and no reports while it is not ready', async () => {
      const kits = await ownList(server(), '/Kits/My', ONE_KIT);
      expect(barcodes(kits)).toEqual([ONE_KIT_BARCODE]);
      expect(kits[0]?.registrant?.uid).toBe(ONE_KIT_PATIENT_UID);
      expect(barcodes(kits)).toEqual(await storedOwn(server(), 'user-henry-chen-riverside'));
      expect(await ownList(server(), '/Reports/My', ONE_KIT)).toEqual([]);
    });

    it('answers one of her kits by its barcode and by its uid, the same kit as in her list', async () => {
      const token = await tokenFor(server(), SEVERAL);
      const listed = byBarcode(await ownList(server(), '/Kits/My', SEVERAL), 'KT-11-0023');
      for (const id of ['KT-11-0023', 'seed-kit-11-0023']) {
        const answer = await server().call('GET', `/Kits/${id}/My`, { token });
        expect(answer.status, id).toBe(200);
        expect(Object.keys(answer.body as object).sort()).toEqual(KIT_KEYS);
        expect(v.parse(KitSchema, answer.body)).toEqual(listed);
      }
    });

    it('answers another patient’s kit as absent as a missing one (404), by barcode and by uid, both ways round', async () => {
      for (const id of [ONE_KIT_BARCODE, 'seed-kit-11-0011']) await expectAbsent(server(), SEVERAL, id);
      for (const id of ['KT-11-0020', 'seed-kit-11-0020', 'KT-11-0023']) await expectAbsent(server(), ONE_KIT, id);
    });

    const notHers = [
      ['a kit of her practice registered to another patient', 'KT-11-0001'],
      ['a kit of her practice registered to nobody', 'KT-11-0018'],
      ['a kit of another practice', 'KT-12-0001'],
      ['a kit that does not exist', 'KT-11-9999'],
      ['a pattern', 'KT-11-002%'],
      ['an injection', "KT-11-0020' OR '1'='1"],
      ['her own barcode in another case', 'kt-11-0020'],
    ] as const;
    it.each(notHers)('answers %s as absent (404)', async (_case, id) => {
      await expectAbsent(server(), SEVERAL, id);
    });

    it('never answers a kit of another practice, even one naming her patient record', async () => {
      await server().db.query(`UPDATE kits SET patient_id = (SELECT id FROM patients WHERE uid = $1) WHERE barcode = 'KT-12-0001'`, [
        PORTAL_PATIENT_UID,
      ]);
      expect([...barcodes(await ownList(server(), '/Kits/My', SEVERAL))].sort()).toEqual(SEVERAL_KITS);
      await expectAbsent(server(), SEVERAL, 'KT-12-0001');
    });

    it('Reports/My lists only her result-ready kits, each with all its reports, current and legacy, oldest result first', async () => {
      const all = await ownList(server(), '/Kits/My', SEVERAL);
      const reports = await ownList(server(), '/Reports/My', SEVERAL);
      expect([...barcodes(reports)].sort()).toEqual(barcodes(all.filter((kit) => hasResultsReady(kit.status?.status))).sort());
      // The ready kit with legacy reports, and the chain's last replacement, ready later.
      expect(barcodes(reports)).toEqual(['KT-11-0020', 'KT-11-0023']);
      const [ready] = reports;
      expect(ready).toEqual(byBarcode(all, 'KT-11-0020'));
      expect(ready?.product?.name).toBeTruthy();
      expect(ready?.status?.date).toBe(ready?.statusHistory.at(-1)?.date);
      const types = ready?.reports.map((report) => report.type) ?? [];
      expect(types.some(isLegacyReport)).toBe(true);
      expect(types.some((type) => !isLegacyReport(type))).toBe(true);
      expect(ready?.reports).toEqual((await providerKit(server(), 'KT-11-0020')).reports);
    });

    it('Reports/My sorts by the date the results became ready, ascending', async () => {
      // Her kit in processing becomes ready earlier than KT-11-0020 did, with a report of its own.
      const [ready] = await server().db.query<{ status_date: Date }>(`SELECT status_date FROM kits WHERE barcode = 'KT-11-0020'`);
      const earlier = new Date((ready?.status_date.getTime() ?? 0) - 86_400_000);
      await server().db.query(`UPDATE kits SET status = $1, status_date = $2 WHERE barcode = 'KT-11-0026'`, [
        KitStatus.ResultReady,
        earlier,
      ]);
      await server().db.query(
        `INSERT INTO kit_reports (kit_id, type, name) SELECT id, $1, 'TruAge' FROM kits WHERE barcode = 'KT-11-0026'`,
        [ReportType.TruAge],
      );
      const reports = await ownList(server(), '/Reports/My', SEVERAL);
      expect(barcodes(reports)).toEqual(['KT-11-0026', 'KT-11-0020', 'KT-11-0023']);
      expect(reports[0]?.reports).toEqual([{ type: ReportType.TruAge, name: 'TruAge' }]);
      expect(reports[0]?.status).toEqual({ status: KitStatus.ResultReady, date: earlier.toISOString() });
    });

    it('gives her diagnostics files signed links that open without a token', async () => {
      const [file] = byBarcode(await ownList(server(), '/Kits/My', SEVERAL), 'KT-11-0020').diagnostics;
      const url = new URL(file?.fileUrl ?? '');
      expect(url.pathname).toMatch(/^\/portalApi\/Diagnostics\/Files\/11\/\d+$/);
      const response = await server().app.request(`${url.pathname}${url.search}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Disposition')).toContain(file?.fileName ?? '');
    });

    it('answers a patient account without a patient record at its practice no kits: empty lists and 404', async () => {
      await server().db.query('UPDATE patients SET account_id = NULL WHERE uid = $1', [ONE_KIT_PATIENT_UID]);
      // A record at another practice is not the account's at the practice it signed in to, even one a kit there names.
      const elsewhere = seedPatientUid(PRACTICE_IDS.lakeside, 1);
      await server().db.query('UPDATE patients SET account_id = $1 WHERE uid = $2', [accountIdOf('user-henry-chen-riverside'), elsewhere]);
      await server().db.query('UPDATE kits SET patient_id = (SELECT id FROM patients WHERE uid = $1) WHERE barcode = $2', [
        elsewhere,
        ONE_KIT_BARCODE,
      ]);
      expect(await ownList(server(), '/Kits/My', ONE_KIT)).toEqual([]);
      expect(await ownList(server(), '/Reports/My', ONE_KIT)).toEqual([]);
      await expectAbsent(server(), ONE_KIT, ONE_KIT_BARCODE);
    });

    it.each([OWNER, OTHER_PRACTICE, 'lab.user'])(
      'refuses an account that is not a patient’s (%s) with 403, whatever the kit',
      async (username) => {
        const token = await tokenFor(server(), username);
        for (const path of [...ROUTES, '/Kits/KT-11-9999/My']) {
          const answer = await server().call('GET', path, { token });
          expect(answer.status, path).toBe(403);
          expect(errorMessage(answer.body), path).toBe(MyKitsText.patientsOnly);
        }
      },
    );

    it('needs a signed-in user (401)', async () => {
      for (const path of ROUTES) {
        const answer = await server().call('GET', path);
        expect(answer.status, path).toBe(401);
        expect(errorMessage(answer.body), path).toBe(MISSING_TOKEN_MESSAGE);
      }
    });
  });
}
