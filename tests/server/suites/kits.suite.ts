import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KIT_SORT, KIT_COLUMNS, KitSchema, type Kit } from '../../../src/model/kits/kit';
import type { Queryable, Row } from '../../../server/db/database';
import { NOT_FOUND_MESSAGE } from '../../../server/http/errors';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { listKits as listKitsPage } from '../../../server/store/kits/list';
import { errorMessage, type TestServer } from '../support/harness';
import {
  barcodes,
  everyKit,
  kitIds,
  listKits,
  oracleSort,
  OTHER_PRACTICE,
  OWNER,
  RIVERSIDE,
  RIVERSIDE_KITS,
  tokenFor,
} from './kits-fixtures.suite';
import { kitFiltersSuite } from './kits-filters.suite';
import { seedKitsSuite } from './kits-seed.suite';

/** The keys KitSchema reads, and no others: the server answers exactly the contract's shape. */
const KIT_KEYS = Object.keys(KitSchema.entries).sort();
const DEFAULT_QUERY = { sort: DEFAULT_KIT_SORT, filters: [], page: 1, pageSize: 10 };

export function kitsSuite(server: () => TestServer): void {
  describe('GET /Kits (kit list)', () => {
    it('answers the first page of ten, newest first, with more to come (kits §9)', async () => {
      const token = await tokenFor(server(), OWNER);
      const answer = await server().call('GET', '/Kits', { token });
      expect(answer.status).toBe(200);
      const raw = (answer.body as { items: Record<string, unknown>[] }).items;
      for (const item of raw) expect(Object.keys(item).sort()).toEqual(KIT_KEYS);
      const page = await listKits(server(), token, '');
      expect([page.page, page.items.length, page.hasMore]).toEqual([1, 10, true]);
      const created = page.items.map((kit) => kit.createdAt ?? '');
      expect(created).toEqual([...created].sort().reverse());
      // Each item is the whole kit, exactly as the detail answers it (apart from the links' fresh signatures).
      for (const kit of page.items) {
        const detail = await server().call('GET', `/Kits/${encodeURIComponent(kit.barcode)}`, { token });
        expect(v.parse(KitSchema, detail.body)).toEqual(kit);
      }
    });

    it('pages to the end without a duplicate or a gap, the last page saying no more', async () => {
      const token = await tokenFor(server(), OWNER);
      const pages = [];
      for (let page = 1; page <= 4; page += 1) pages.push(await listKits(server(), token, `?page=${page}&pageSize=10`));
      expect(pages.map((page) => [page.page, page.items.length, page.hasMore])).toEqual([
        [1, 10, true],
        [2, 10, true],
        [3, RIVERSIDE_KITS - 20, false],
        [4, 0, false],
      ]);
      const paged = pages.flatMap((page) => barcodes(page.items));
      const stored = await server().db.query<{ barcode: string }>('SELECT barcode FROM kits WHERE practice_id = $1', [RIVERSIDE]);
      expect([...paged].sort()).toEqual(stored.map((row) => row.barcode).sort());
      expect(new Set(paged).size).toBe(RIVERSIDE_KITS);
      // A page that holds exactly the rest says no more.
      expect((await listKits(server(), token, `?page=2&pageSize=${RIVERSIDE_KITS - 14}`)).hasMore).toBe(false);
      expect((await listKits(server(), token, `?page=1&pageSize=${RIVERSIDE_KITS}`)).hasMore).toBe(false);
      expect((await listKits(server(), token, `?page=1&pageSize=${RIVERSIDE_KITS - 1}`)).hasMore).toBe(true);
    });

    it.each(KIT_COLUMNS)(
      'sorts by %s both ways as the oracle does, ties broken by id so descending is ascending reversed',
      async (column) => {
        const token = await tokenFor(server(), OWNER);
        const all = await everyKit(server(), token);
        const expected = barcodes(oracleSort(all, column, await kitIds(server(), RIVERSIDE)));
        const ascending = await everyKit(server(), token, `&sortColumn=${column}&sortDirection=asc`);
        const descending = await everyKit(server(), token, `&sortColumn=${column}&sortDirection=desc`);
        expect(barcodes(ascending)).toEqual(expected);
        expect(barcodes(descending)).toEqual([...expected].reverse());
        // The same order across pages as in one page, both ways.
        for (const direction of ['asc', 'desc']) {
          const paged = [1, 2, 3].map((page) => listKits(server(), token, `?sortColumn=${column}&sortDirection=${direction}&page=${page}`));
          const joined = (await Promise.all(paged)).flatMap((page) => barcodes(page.items));
          expect(joined).toEqual(direction === 'asc' ? expected : [...expected].reverse());
        }
      },
    );

    it('sorts kits without a registrant, an order or a registration last going up and first going down', async () => {
      const token = await tokenFor(server(), OWNER);
      const byPatient = await everyKit(server(), token, '&sortColumn=patient&sortDirection=asc');
      expect(byPatient.at(-1)?.registrant).toBeNull();
      expect(byPatient[0]?.registrant).not.toBeNull();
      const byRegistration = await everyKit(server(), token, '&sortColumn=registeredAt&sortDirection=desc');
      expect(byRegistration[0]?.registeredAt).toBeNull();
      expect(byRegistration.at(-1)?.registeredAt).not.toBeNull();
    });

    it('reads a page whole in one query, however many kits it holds (no query per kit)', async () => {
      let queries = 0;
      const db = server().db;
      const counting: Queryable = {
        query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
          queries += 1;
          return db.query<T>(sql, params);
        },
        exec: (sql) => db.exec(sql),
      };
      const counts = [];
      for (const pageSize of [1, 10, 100]) {
        queries = 0;
        const page = await listKitsPage(counting, RIVERSIDE, { ...DEFAULT_QUERY, pageSize }, () => '');
        expect(page.items.length).toBe(Math.min(pageSize, RIVERSIDE_KITS));
        counts.push(queries);
      }
      expect(counts).toEqual([1, 1, 1]);
    });

    it('needs a signed-in user', async () => {
      expect((await server().call('GET', '/Kits')).status).toBe(401);
      expect((await server().call('GET', '/Kits/KT-11-0001')).status).toBe(401);
    });

    it('lists only the signed-in practice’s kits', async () => {
      const token = await tokenFor(server(), OTHER_PRACTICE);
      const listed = barcodes(await everyKit(server(), token));
      const stored = await server().db.query<{ barcode: string }>('SELECT barcode FROM kits WHERE practice_id = $1', [
        PRACTICE_IDS.lakeside,
      ]);
      expect([...listed].sort()).toEqual(stored.map((row) => row.barcode).sort());
      expect(listed.filter((barcode) => barcode.startsWith(`KT-${RIVERSIDE}-`))).toEqual([]);
      // Not even a search or a filter for another practice's barcode finds it.
      expect(await everyKit(server(), token, '&searchQuery=KT-11-0001')).toEqual([]);
      expect(await everyKit(server(), token, '&filter_barcode_equals=KT-11-0001')).toEqual([]);
    });
  });

  describe('GET /Kits/{barcode} (kit detail)', () => {
    async function kitOf(token: string, id: string): Promise<Kit> {
      const answer = await server().call('GET', `/Kits/${encodeURIComponent(id)}`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(Object.keys(answer.body as object).sort()).toEqual(KIT_KEYS);
      return v.parse(KitSchema, answer.body);
    }

    it('answers the kit by its barcode and by its uid, the same kit either way', async () => {
      const token = await tokenFor(server(), OWNER);
      const byBarcode = await kitOf(token, 'KT-11-0004');
      const byUid = await kitOf(token, 'seed-kit-11-0004');
      expect(byUid).toEqual(byBarcode);
      expect(byBarcode.uid).toBe('seed-kit-11-0004');
    });

    it('answers a replacement kit with the kit it replaced, its history in date order and its registrant', async () => {
      const token = await tokenFor(server(), OWNER);
      const kit = await kitOf(token, 'KT-11-0004');
      expect(kit.source).toEqual({ uid: 'seed-kit-11-0003', barcode: 'KT-11-0003' });
      const source = await kitOf(token, 'KT-11-0003');
      expect(source.source).toBeNull();
      expect(source.samples.map((sample) => sample.status)).toEqual([10]);
      expect(kit.product).toEqual(source.product);
      expect(kit.registrant).toEqual(source.registrant);
      const dates = kit.statusHistory.map((entry) => entry.date ?? '');
      expect(dates).toEqual([...dates].sort());
      expect(kit.status).toEqual(kit.statusHistory.at(-1));
      const [stored] = await server().db.query<{ first_name: string; date_of_birth: string }>(
        `SELECT pt.first_name, to_char(pt.date_of_birth, 'YYYY-MM-DD') AS date_of_birth
         FROM kits k JOIN patients pt ON pt.id = k.patient_id WHERE k.barcode = 'KT-11-0004'`,
      );
      expect(kit.registrant?.firstName).toBe(stored?.first_name);
      expect(kit.registrant?.dateOfBirth).toBe(`${stored?.date_of_birth}T00:00:00.000Z`);
    });

    const unknown = ['KT-11-9999', 'seed-kit-11-9999', "KT-11-0001' OR '1'='1", 'KT-11-0001%', '%', 'kt-11-0001', ' KT-11-0001'];
    it.each(unknown)('answers 404 with the not-found text for %j, never a 500', async (id) => {
      const token = await tokenFor(server(), OWNER);
      const answer = await server().call('GET', `/Kits/${encodeURIComponent(id)}`, { token });
      expect(answer.status).toBe(404);
      expect(errorMessage(answer.body)).toBe(NOT_FOUND_MESSAGE);
    });

    it('answers another practice’s kit as absent as an unknown one (404), by barcode and by uid', async () => {
      const token = await tokenFor(server(), OTHER_PRACTICE);
      for (const id of ['KT-11-0001', 'seed-kit-11-0001']) {
        const answer = await server().call('GET', `/Kits/${id}`, { token });
        expect(answer.status).toBe(404);
        expect(errorMessage(answer.body)).toBe(NOT_FOUND_MESSAGE);
      }
      expect((await kitOf(token, `KT-${PRACTICE_IDS.lakeside}-0001`)).barcode).toBe(`KT-${PRACTICE_IDS.lakeside}-0001`);
    });

    it('never names another practice’s kit as the one a kit replaced', async () => {
      await server().db.query(
        `UPDATE kits SET source_kit_id = (SELECT id FROM kits WHERE barcode = 'KT-12-0003') WHERE barcode = 'KT-11-0004'`,
      );
      const kit = await kitOf(await tokenFor(server(), OWNER), 'KT-11-0004');
      expect(kit.source).toBeNull();
    });
  });

  kitFiltersSuite(server);
  seedKitsSuite(server);
}
