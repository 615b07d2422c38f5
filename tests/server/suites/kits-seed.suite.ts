import { describe, expect, it } from 'vitest';
import { UnitType } from '../../../src/model/enums';
import { KitColumn, type Kit } from '../../../src/model/kits/kit';
import { isLegacyReport, KitDisplayStatus, kitDisplayStatus, KitStatus, ProcessingResult } from '../../../src/model/kits/kit-status';
import { kitStepOf } from '../../../src/model/kits/kit-steps';
import { kitSchedule } from '../../../src/model/kits/kit-story';
import { SortDirection } from '../../../src/model/lists/paging';
import { readRuntimeSettings } from '../../../server/config';
import { KIT_SEED_REFERENCE_DATE, performanceKitUid, seedPerformanceKits } from '../../../server/seed/kits';
import { REPORT_NAMES } from '../../../server/seed/kit-plans';
import { ANONYMOUS_PATIENT_UID, PORTAL_PATIENT_UID } from '../../../server/seed/patients';
import { accountIdOf, PRACTICE_IDS, SEED_PRACTICES } from '../../../server/seed/seed-data';
import { listKits } from '../../../server/store/kits/list';
import type { TestServer } from '../support/harness';

async function kitsOf(server: TestServer, practiceId: number): Promise<Kit[]> {
  const query = { sort: { column: KitColumn.createdAt, direction: SortDirection.asc }, filters: [], page: 1, pageSize: 100 };
  const page = await listKits(server.db, practiceId, query, () => 'link');
  expect(page.hasMore).toBe(false);
  return page.items;
}

const PRACTICES = SEED_PRACTICES.map((practice) => [practice.name, practice] as const);
const LAST_SEED_DAY = '2026-11-20T23:59:59.999Z';
const LEAVING: readonly string[] = [KitDisplayStatus.NotReceived, KitDisplayStatus.Disposed, KitDisplayStatus.ReplacementRequested];

export function seedKitsSuite(server: () => TestServer): void {
  describe('seeded demo kits and patients', () => {
    it.each(PRACTICES)('%s has kits in every display status, failures of both kinds and a replacement', async (_name, practice) => {
      const kits = await kitsOf(server(), practice.id);
      expect(kits.length).toBe(practice.id === PRACTICE_IDS.riverside ? 28 : 19);
      const shown = new Set(kits.map((kit) => kitDisplayStatus(kit.status?.status)));
      expect(shown).toEqual(new Set(Object.values(KitDisplayStatus).filter((status) => status !== KitDisplayStatus.Unknown)));
      const processing = kits.filter((kit) => kitDisplayStatus(kit.status?.status) === KitDisplayStatus.SampleProcessing);
      expect(new Set(processing.map((kit) => kit.status?.status)).size).toBeGreaterThanOrEqual(4);
      const results = kits.flatMap((kit) => kit.samples.map((sample) => sample.status));
      expect(results).toContain(ProcessingResult.QcFailed);
      expect(results).toContain(ProcessingResult.Failed);
      const failed = kits.find((kit) => kit.samples.some((sample) => sample.status === ProcessingResult.Failed));
      const replacement = kits.find((kit) => kit.source?.barcode === failed?.barcode);
      expect(replacement?.source?.uid).toBe(failed?.uid);
      expect(replacement?.product).toEqual(failed?.product);
      expect(replacement?.registrant).toEqual(failed?.registrant);
    });

    it.each(PRACTICES)('%s: each history walks forward in 2026, of its own orders and patients', async (_name, practice) => {
      const kits = await kitsOf(server(), practice.id);
      const orders = await server().db.query<{ number: string; order_date: Date }>(
        `SELECT number, order_date FROM orders WHERE practice_id = $1 AND uid LIKE 'seed-order-%'`,
        [practice.id],
      );
      const patients = await server().db.query<{ uid: string }>('SELECT uid FROM patients WHERE practice_id = $1', [practice.id]);
      for (const kit of kits) {
        const dates = kit.statusHistory.map((entry) => entry.date ?? '');
        expect(dates).toEqual([...dates].sort());
        expect(new Set(dates).size).toBe(dates.length);
        expect(dates[0]).toBe(kit.createdAt);
        expect((dates[0] ?? '') >= '2026-01-01' && (dates.at(-1) ?? '') <= LAST_SEED_DAY, kit.barcode).toBe(true);
        expect(kit.statusHistory[0]?.status).toBe(KitStatus.NotRegistered);
        // The four steps in order; leaving them (not received, disposed, replaced) ends a walk.
        const steps = kit.statusHistory
          .filter((entry) => !LEAVING.includes(kitDisplayStatus(entry.status)))
          .map((entry) => kitStepOf(entry.status));
        expect(steps, kit.barcode).toEqual([...steps].sort((a, b) => a - b));
        expect(
          kit.statusHistory.slice(0, -1).some((entry) => LEAVING.includes(kitDisplayStatus(entry.status))),
          kit.barcode,
        ).toBe(false);
        expect(kit.status).toEqual(kit.statusHistory.at(-1));
        const registered = kit.statusHistory.find((entry) => entry.status === KitStatus.HealthAssessmentCompleted);
        expect(kit.registeredAt).toBe(registered?.date ?? null);
        const order = orders.find((candidate) => candidate.number === kit.order?.orderNumber);
        expect(order, kit.barcode).toBeDefined();
        expect((order?.order_date.toISOString() ?? '') < (kit.createdAt ?? ''), kit.barcode).toBe(true);
        if (kit.registrant) expect(patients.map((row) => row.uid)).toContain(kit.registrant.uid);
        else expect(kit.status?.status, kit.barcode).toBe(KitStatus.NotRegistered);
        for (const sample of kit.samples) expect(dates).toContain(sample.processingDate);
        const cps = practice.unitType === UnitType.CPS;
        expect(kit.externalBarcode === null, kit.barcode).toBe(!cps);
        if (cps) expect(kit.externalBarcode).toMatch(/^[A-Za-z0-9]{6,}$/);
        expect(kit.barcode).toMatch(new RegExp(`^KT-${practice.id}-\\d{4}$`));
      }
    });

    it.each(PRACTICES)(
      '%s: result-ready kits have named reports, current and legacy, and some kits diagnostics files',
      async (_name, practice) => {
        const kits = await kitsOf(server(), practice.id);
        const ready = kits.filter((kit) => kitDisplayStatus(kit.status?.status) === KitDisplayStatus.ResultReady);
        expect(ready.length).toBeGreaterThanOrEqual(2);
        for (const kit of ready) {
          expect(
            kit.reports.some((report) => !isLegacyReport(report.type)),
            kit.barcode,
          ).toBe(true);
          for (const report of kit.reports) expect(report.name).toBe(REPORT_NAMES[report.type as keyof typeof REPORT_NAMES]);
        }
        expect(ready.some((kit) => kit.reports.some((report) => isLegacyReport(report.type)))).toBe(true);
        expect(ready.some((kit) => kit.reports.every((report) => !isLegacyReport(report.type)))).toBe(true);
        expect(kits.filter((kit) => !ready.includes(kit)).every((kit) => kit.reports.length === 0)).toBe(true);
        expect(kits.filter((kit) => kit.diagnostics.length > 0).length).toBeGreaterThanOrEqual(2);
      },
    );

    it('Riverside has overdue kits on the seed’s reference date, and in-progress kits that are on time', async () => {
      const kits = await kitsOf(server(), PRACTICE_IDS.riverside);
      const late = kits.filter((kit) => kitSchedule(kit, KIT_SEED_REFERENCE_DATE).daysLate > 0);
      expect(late.map((kit) => kit.barcode).sort()).toEqual(['KT-11-0011', 'KT-11-0015', 'KT-11-0019']);
      const onTime = kits.filter((kit) => kit.statusHistory.length > 1 && kitSchedule(kit, KIT_SEED_REFERENCE_DATE).daysLate === 0);
      expect(onTime.length).toBeGreaterThan(10);
      // A chain: a failed kit replaced by a kit that failed too, itself replaced.
      const chain = ['KT-11-0023', 'KT-11-0022', 'KT-11-0021'].map((barcode) => kits.find((kit) => kit.barcode === barcode));
      expect(chain.map((kit) => kit?.source?.barcode ?? null)).toEqual(['KT-11-0022', 'KT-11-0021', null]);
    });

    it('every practice has patients; Riverside’s include one without name or email, some without address, and the patient account', async () => {
      const rows = await server().db.query<{
        practice_id: number;
        uid: string;
        first_name: string | null;
        email: string | null;
        address: unknown;
        account_id: number | null;
      }>('SELECT practice_id, uid, first_name, email, address, account_id FROM patients ORDER BY uid');
      expect(new Set(rows.map((row) => row.practice_id))).toEqual(new Set(Object.values(PRACTICE_IDS)));
      const anonymous = rows.find((row) => row.uid === ANONYMOUS_PATIENT_UID);
      expect([anonymous?.first_name, anonymous?.email]).toEqual([null, null]);
      expect(rows.filter((row) => row.practice_id === PRACTICE_IDS.riverside && row.address === null).length).toBeGreaterThan(1);
      const portal = rows.find((row) => row.account_id !== null);
      expect(portal?.uid).toBe(PORTAL_PATIENT_UID);
      expect(portal?.account_id).toBe(accountIdOf('user-isla-jensen-riverside'));
      expect(portal?.email).toBe('isla.jensen@mail.example');
      const own = (await kitsOf(server(), PRACTICE_IDS.riverside)).filter((kit) => kit.registrant?.uid === PORTAL_PATIENT_UID);
      expect(own.map((kit) => kit.barcode).sort()).toEqual([
        'KT-11-0020',
        'KT-11-0021',
        'KT-11-0022',
        'KT-11-0023',
        'KT-11-0024',
        'KT-11-0026',
      ]);
    });
  });

  describe('--seed-kits N (generated kits for performance work)', () => {
    it('adds N generated kits to the practice once; the same N again adds nothing', async () => {
      const practiceId = PRACTICE_IDS.lakeside;
      const count = async () =>
        (await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM kits WHERE practice_id = $1', [practiceId]))[0]?.n ?? 0;
      const before = await count();
      expect(await seedPerformanceKits(server().db, practiceId, 50)).toBe(50);
      expect(await count()).toBe(before + 50);
      expect(await seedPerformanceKits(server().db, practiceId, 50)).toBe(0);
      expect(await seedPerformanceKits(server().db, practiceId, 60)).toBe(10);
      expect(await count()).toBe(before + 60);
      const [row] = await server().db.query<{ uid: string }>('SELECT uid FROM kits WHERE uid = $1', [performanceKitUid(practiceId, 60)]);
      expect(row?.uid).toBe(performanceKitUid(practiceId, 60));
      const generated = (await kitsOf(server(), practiceId)).filter((kit) => kit.barcode.includes('-P'));
      expect(generated).toHaveLength(60);
      expect(new Set(generated.map((kit) => kitDisplayStatus(kit.status?.status))).size).toBeGreaterThan(6);
      expect(generated.every((kit) => kit.order !== null && kit.statusHistory.length > 0)).toBe(true);
    });

    it('refuses a practice that is not a demo practice', async () => {
      await expect(seedPerformanceKits(server().db, 999, 5)).rejects.toThrow(/SEED_KITS_PRACTICE/);
    });

    it('reads --seed-kits N, --seed-kits=N or SEED_KITS, for SEED_KITS_PRACTICE or Riverside', () => {
      expect(readRuntimeSettings({}).seedKits).toBeUndefined();
      expect(readRuntimeSettings({}, ['--seed-kits', '10000']).seedKits).toEqual({ count: 10_000, practiceId: PRACTICE_IDS.riverside });
      expect(readRuntimeSettings({ SEED_KITS_PRACTICE: '13' }, ['--seed-kits=25']).seedKits).toEqual({ count: 25, practiceId: 13 });
      expect(readRuntimeSettings({ SEED_KITS: '7' }).seedKits).toEqual({ count: 7, practiceId: PRACTICE_IDS.riverside });
      expect(readRuntimeSettings({ SEED_KITS: '7' }, ['--seed-kits', '9']).seedKits?.count).toBe(9);
      expect(() => readRuntimeSettings({}, ['--seed-kits', 'many'])).toThrow(/SEED_KITS/);
      expect(() => readRuntimeSettings({ SEED_KITS: '5', SEED_KITS_PRACTICE: '-1' })).toThrow(/SEED_KITS_PRACTICE/);
    });
  });
}
