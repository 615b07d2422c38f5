import { describe, expect, it } from 'vitest';
import { LIST_FILTER_MAX_LENGTH } from '../../../src/model/lists/list-params';
import type { FilterOperator } from '../../../src/model/lists/paging';
import { PATIENT_COLUMNS, type PatientColumn } from '../../../src/model/patients/patient';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';
import {
  ascending,
  columnText,
  createFixturePatients,
  everyPatient,
  filtersParam,
  ids,
  listPage,
  LONG_NAME,
  matches,
} from './patients-fixtures';
import { patientsCrudSuite } from './patients-crud.suite';
import { patientsLegacySuite } from './patients-legacy.suite';

/** The patients list (kits §2, §7, §9; contract decisions), for Lakeside Internal Medicine (hcp.net30). */
export function patientsSuite(server: () => TestServer): void {
  describe('GET /Patients (patients list)', () => {
    it('pages by ten, sorted by name, every patient once, the last page saying no more; total counts them all', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const stored = await server().db.query<{ id: number }>('SELECT id FROM patients WHERE practice_id = $1', [PRACTICE_IDS.lakeside]);
      const all = await everyPatient(server(), token);
      expect(ids(all)).toEqual(ids(ascending(all, 'name')));
      const pageCount = Math.ceil(stored.length / 10);
      const pages = [];
      for (let page = 1; page <= pageCount + 1; page += 1) pages.push(await listPage(server(), token, page === 1 ? '' : `?page=${page}`));
      expect(pages.map((page) => [page.page, page.hasMore, page.total])).toEqual(
        pages.map((_, i) => [i + 1, i + 1 < pageCount, stored.length]),
      );
      expect(pages.map((page) => page.items.length)).toEqual(pages.map((_, i) => Math.max(0, Math.min(10, stored.length - i * 10))));
      const paged = pages.flatMap((page) => ids(page.items));
      expect(paged).toEqual(ids(all));
      expect([...paged].sort()).toEqual(stored.map((row) => row.id).sort());
    });

    it('answers only the signed-in practice’s patients', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const riverside = await everyPatient(server(), await tokenOf(server(), 'hcp.checkout'));
      const stored = await server().db.query<{ id: number }>('SELECT id FROM patients WHERE practice_id = $1', [PRACTICE_IDS.riverside]);
      expect([...ids(riverside)].sort()).toEqual(stored.map((row) => row.id).sort());
      expect(riverside.some((patient) => patient.email === 'ada.quinn@mail.example')).toBe(false);
    });

    it.each(PATIENT_COLUMNS)('sorts by %s both ways, missing values last going up, descending being ascending reversed', async (column) => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const up = await everyPatient(server(), token, `&sortColumn=${column}&sortDirection=asc`);
      const down = await everyPatient(server(), token, `&sortColumn=${column}&sortDirection=desc`);
      expect(ids(up)).toEqual(ids(ascending(up, column)));
      expect(ids(down)).toEqual(ids(up).reverse());
      const pages = await Promise.all(
        [1, 2].map((page) => listPage(server(), token, `?sortColumn=${column}&sortDirection=asc&page=${page}&pageSize=10`)),
      );
      expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(up).slice(0, 20));
    });

    const cases: [PatientColumn, FilterOperator, string][] = [
      ['name', 'contains', 'QUINN'],
      ['name', 'equals', 'ada quinn'],
      ['name', 'startsWith', 'dara o'],
      ['name', 'endsWith', 'table patients;--'],
      ['name', 'contains', '%'],
      ['name', 'contains', '_'],
      ['name', 'contains', '\\'],
      ['name', 'contains', "'"],
      ['name', 'startsWith', LONG_NAME.slice(0, LIST_FILTER_MAX_LENGTH)],
      ['email', 'endsWith', '@MAIL.EXAMPLE'],
      ['email', 'contains', '_'],
      ['phone', 'startsWith', '(312)'],
      ['phone', 'equals', '312-555-0112'],
      ['dateOfBirth', 'startsWith', '1984-05'],
      ['dateOfBirth', 'equals', '1990-01-31'],
      ['dateOfBirth', 'endsWith', '-12'],
    ];

    it.each(cases)('filters %s %s "%s" without regard to case, %% and _ matching only themselves', async (column, operator, value) => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const all = await everyPatient(server(), token);
      const expected = all.filter((patient) => matches(columnText(patient, column), operator, value));
      expect(expected.length, 'the data has matches').toBeGreaterThan(0);
      expect(expected.length, 'and patients that do not match').toBeLessThan(all.length);
      const json = await everyPatient(server(), token, `&${filtersParam([{ column, operator, value }])}`);
      expect(ids(json)).toEqual(ids(expected));
      const named = await everyPatient(server(), token, `&filter_${column}_${operator}=${encodeURIComponent(value)}`);
      expect(ids(named)).toEqual(ids(expected));
      const page = await listPage(server(), token, `?${filtersParam([{ column, operator, value }])}`);
      expect(page.total).toBe(expected.length);
    });

    it('needs every filter of both forms to hold', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      await createFixturePatients(server(), token);
      const all = await everyPatient(server(), token);
      const expected = all.filter(
        (patient) =>
          matches(columnText(patient, 'name'), 'contains', 'a') && matches(columnText(patient, 'dateOfBirth'), 'startsWith', '1984'),
      );
      expect(expected.length).toBeGreaterThan(0);
      const both = await everyPatient(
        server(),
        token,
        `&${filtersParam([{ column: 'name', operator: 'contains', value: 'a' }])}&filter_dateOfBirth_startsWith=1984`,
      );
      expect(ids(both)).toEqual(ids(expected));
    });

    it('answers SQL-looking and quoted filter text as plain text, matching nothing rather than failing', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      for (const value of ["' OR '1'='1", '%%', '"; SELECT * FROM accounts; --', '\\%_']) {
        const page = await listPage(server(), token, `?${filtersParam([{ column: 'email', operator: 'contains', value }])}`);
        expect(page).toMatchObject({ items: [], hasMore: false, total: 0 });
      }
    });

    const refused: [string, string][] = [
      ['sortColumn=kits', 'sortColumn'],
      ['sortDirection=up', 'sortDirection'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['filters=not-json', 'filters'],
      [filtersParam([{ column: 'address', operator: 'contains', value: 'x' }]), 'filters.0.column'],
      [filtersParam([{ column: 'name', operator: 'like', value: 'x' }]), 'filters.0.operator'],
      [filtersParam([{ column: 'name', operator: 'contains', value: '   ' }]), 'filters.0.value'],
      [`filter_name_contains=${'y'.repeat(5_000)}`, 'filter_name_contains'],
      ['filter_address_contains=x', 'filter_address_contains'],
    ];
    const labelled = refused.map(([query, parameter]): [string, string, string] => [
      query.length > 80 ? `${query.slice(0, 30)}… (${query.length} characters)` : query,
      query,
      parameter,
    ]);

    it.each(labelled)('refuses %s with a 400 naming its parameter', async (_label, query, parameter) => {
      const token = await tokenOf(server(), 'hcp.net30');
      const answer = await server().call('GET', `/Patients?${query}`, { token });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(new RegExp(`^${parameter.replace(/\./g, '\\.')}: `));
    });

    it('needs a signed-in user', async () => {
      const answer = await server().call('GET', '/Patients');
      expect(answer.status).toBe(401);
    });
  });

  patientsCrudSuite(server);
  patientsLegacySuite(server);
}
