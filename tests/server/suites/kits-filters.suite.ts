import { describe, expect, it } from 'vitest';
import { KIT_COLUMNS, type Kit, type KitColumn } from '../../../src/model/kits/kit';
import { FILTER_OPERATORS, type FilterOperator } from '../../../src/model/lists/paging';
import { errorMessage, type TestServer } from '../support/harness';
import {
  barcodes,
  columnTexts,
  everyKit,
  filtersParam,
  matches,
  OWNER,
  RIVERSIDE,
  RIVERSIDE_KITS,
  searchTexts,
  tokenFor,
} from './kits-fixtures.suite';

/** A value for a case, taken from the data (order numbers and dates come from the seed), or given. */
type Value = string | ((kits: readonly Kit[]) => string);

const text = (barcode: string, column: KitColumn) => (kits: readonly Kit[]) => {
  const kit = kits.find((candidate) => candidate.barcode === barcode);
  return kit ? (columnTexts(kit, column)[0] ?? '') : '';
};

/** Every column with every operator; the oracle decides what each must answer. */
const CASES: readonly [KitColumn, FilterOperator, Value][] = [
  ['barcode', 'contains', '-002'],
  ['barcode', 'equals', 'kt-11-0007'],
  ['barcode', 'startsWith', 'KT-11-001'],
  ['barcode', 'endsWith', '5'],
  ['orderNumber', 'contains', (kits) => text('KT-11-0001', 'orderNumber')(kits).slice(2, 5)],
  ['orderNumber', 'equals', text('KT-11-0010', 'orderNumber')],
  ['orderNumber', 'startsWith', (kits) => text('KT-11-0018', 'orderNumber')(kits).slice(0, -1)],
  ['orderNumber', 'endsWith', (kits) => text('KT-11-0001', 'orderNumber')(kits).slice(-1)],
  ['registeredAt', 'contains', '-11-'],
  ['registeredAt', 'equals', text('KT-11-0016', 'registeredAt')],
  ['registeredAt', 'startsWith', '2026-0'],
  ['registeredAt', 'endsWith', (kits) => text('KT-11-0007', 'registeredAt')(kits).slice(-3)],
  ['createdAt', 'contains', '-10-'],
  ['createdAt', 'equals', text('KT-11-0013', 'createdAt')],
  ['createdAt', 'startsWith', '2026-1'],
  ['createdAt', 'endsWith', (kits) => text('KT-11-0002', 'createdAt')(kits).slice(-2)],
  ['patient', 'contains', (kits) => text('KT-11-0005', 'patient')(kits).slice(2, 6).toUpperCase()],
  ['patient', 'equals', 'isla jensen'],
  ['patient', 'startsWith', (kits) => text('KT-11-0009', 'patient')(kits).split(' ')[0] ?? ''],
  ['patient', 'endsWith', (kits) => text('KT-11-0012', 'patient')(kits).split(' ')[1] ?? ''],
  ['product', 'contains', 'TEST'],
  ['product', 'equals', 'health test'],
  ['product', 'startsWith', 'Bio'],
  ['product', 'endsWith', 'analysis'],
  ['status', 'contains', 'sample'],
  ['status', 'equals', 'result ready'],
  ['status', 'startsWith', 'Re'],
  ['status', 'endsWith', 'registered'],
];

/** Search cases: one for each field the search looks in. */
const SEARCHES: readonly [string, Value][] = [
  ['barcode', 'kt-11-0021'],
  ['product', 'genetic'],
  ['first name', 'ISLA'],
  ['last name', 'jensen'],
  ['full name', 'Isla Jensen'],
  ['order number', text('KT-11-0006', 'orderNumber')],
];

const HOSTILE = ["'", '"', '%', '_', '\\', "' OR 1=1 --", "'; DROP TABLE kits; --", '%_%', '\\%', "O'Neill"] as const;

export function kitFiltersSuite(server: () => TestServer): void {
  describe('GET /Kits filters and search', () => {
    it.each(CASES)('filters %s %s as the oracle does, in both filter forms', async (column, operator, given) => {
      const token = await tokenFor(server(), OWNER);
      const all = await everyKit(server(), token, '&sortColumn=barcode');
      const value = typeof given === 'function' ? given(all) : given;
      expect(value.trim(), 'a value from the data').not.toBe('');
      const expected = all.filter((kit) => columnTexts(kit, column).some((candidate) => matches(candidate, operator, value)));
      expect(expected.length, 'the demo data has matches').toBeGreaterThan(0);
      expect(expected.length, 'and kits that do not match').toBeLessThan(all.length);
      const json = await everyKit(server(), token, `&sortColumn=barcode&${filtersParam([{ column, operator, value }])}`);
      expect(barcodes(json)).toEqual(barcodes(expected));
      const named = await everyKit(server(), token, `&sortColumn=barcode&filter_${column}_${operator}=${encodeURIComponent(value)}`);
      expect(barcodes(named)).toEqual(barcodes(expected));
    });

    it('covers every column with every operator in the cases above', () => {
      for (const column of KIT_COLUMNS) {
        const operators = CASES.filter(([candidate]) => candidate === column).map(([, operator]) => operator);
        expect(new Set(operators), column).toEqual(new Set(FILTER_OPERATORS));
      }
    });

    it('filters the kit ID on the external barcode too (a manifest client’s Unique ID)', async () => {
      const token = await tokenFor(server(), 'cps.user');
      const all = await everyKit(server(), token);
      const target = all.find((kit) => kit.barcode.endsWith('-0005'));
      expect(target?.externalBarcode).toMatch(/^[A-Za-z0-9]{6,}$/);
      const found = await everyKit(server(), token, `&filter_barcode_equals=${target?.externalBarcode?.toLowerCase()}`);
      expect(barcodes(found)).toEqual([target?.barcode]);
      const searched = await everyKit(server(), token, `&searchQuery=${target?.externalBarcode}`);
      expect(barcodes(searched)).toEqual([target?.barcode]);
    });

    it('combines filters of both forms and the search: every one must hold', async () => {
      const token = await tokenFor(server(), OWNER);
      const all = await everyKit(server(), token);
      const expected = all.filter(
        (kit) =>
          matches(columnTexts(kit, 'status')[0] ?? '', 'contains', 'sample') &&
          matches(kit.product?.name ?? '', 'contains', 'test') &&
          matches(columnTexts(kit, 'patient')[0] ?? '', 'contains', 'a') &&
          searchTexts(kit).some((candidate) => matches(candidate, 'contains', 'kt-11-00')),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const json = filtersParam([
        { column: 'status', operator: 'contains', value: 'Sample' },
        { column: 'product', operator: 'contains', value: 'test' },
      ]);
      const combined = await everyKit(server(), token, `&${json}&filter_patient_contains=a&searchQuery=kt-11-00`);
      expect(barcodes(combined)).toEqual(barcodes(expected));
    });

    it.each(SEARCHES)('searches the %s', async (_field, given) => {
      const token = await tokenFor(server(), OWNER);
      const all = await everyKit(server(), token);
      const value = typeof given === 'function' ? given(all) : given;
      const expected = all.filter((kit) => searchTexts(kit).some((candidate) => matches(candidate, 'contains', value)));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const found = await everyKit(server(), token, `&searchQuery=${encodeURIComponent(value)}`);
      expect(barcodes(found)).toEqual(barcodes(expected));
    });

    it.each(HOSTILE)('answers the search and filter text %j as plain text, never as SQL or a wildcard', async (hostile) => {
      const token = await tokenFor(server(), OWNER);
      // One registrant whose name holds every character that means something to SQL or LIKE.
      await server().db.query(`UPDATE patients SET last_name = $1 WHERE id = (SELECT patient_id FROM kits WHERE barcode = 'KT-11-0009')`, [
        `O'Neill "100%" off_\\ quote`,
      ]);
      const all = await everyKit(server(), token);
      const expected = barcodes(all.filter((kit) => searchTexts(kit).some((candidate) => matches(candidate, 'contains', hostile))));
      const searched = await server().call('GET', `/Kits?pageSize=100&searchQuery=${encodeURIComponent(hostile)}`, { token });
      expect(searched.status).toBe(200);
      expect(barcodes((searched.body as { items: Kit[] }).items)).toEqual(expected);
      const filtered = await everyKit(server(), token, `&filter_patient_contains=${encodeURIComponent(hostile)}`);
      const byName = all.filter((kit) => matches(columnTexts(kit, 'patient')[0] ?? '', 'contains', hostile));
      expect(barcodes(filtered)).toEqual(barcodes(byName));
      const json = await everyKit(server(), token, `&${filtersParam([{ column: 'status', operator: 'equals', value: hostile }])}`);
      expect(json).toEqual([]);
      // Nothing was dropped or changed.
      const [count] = await server().db.query<{ n: number }>('SELECT count(*)::int AS n FROM kits WHERE practice_id = $1', [RIVERSIDE]);
      expect(count?.n).toBe(RIVERSIDE_KITS);
    });

    it('finds the registrant with quotes and wildcards in the name, and only that kit', async () => {
      const token = await tokenFor(server(), OWNER);
      await server().db.query(`UPDATE patients SET last_name = $1 WHERE id = (SELECT patient_id FROM kits WHERE barcode = 'KT-11-0009')`, [
        `O'Neill "100%" off_\\ quote`,
      ]);
      const [others] = await server().db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM kits WHERE practice_id = $1 AND patient_id = (SELECT patient_id FROM kits WHERE barcode = 'KT-11-0009')`,
        [RIVERSIDE],
      );
      for (const value of ["o'neill", '"100%"', 'off_\\', '%" off']) {
        const found = await everyKit(server(), token, `&searchQuery=${encodeURIComponent(value)}`);
        expect(found.length, value).toBe(others?.n);
        expect(barcodes(found), value).toContain('KT-11-0009');
      }
    });

    const refused: { label: string; query: string; parameter: string }[] = [
      { label: 'an unknown sort column', query: '?sortColumn=price', parameter: 'sortColumn' },
      { label: 'an unknown sort direction', query: '?sortDirection=sideways', parameter: 'sortDirection' },
      { label: 'page 0', query: '?page=0', parameter: 'page' },
      { label: 'a page size of 101', query: '?pageSize=101', parameter: 'pageSize' },
      { label: 'filters that are not JSON', query: '?filters=not-json', parameter: 'filters' },
      {
        label: 'an unknown filter column',
        query: `?${filtersParam([{ column: 'price' as KitColumn, operator: 'contains', value: 'a' }])}`,
        parameter: 'filters.0.column',
      },
      {
        label: 'an unknown operator',
        query: `?${filtersParam([{ column: 'status', operator: 'like' as FilterOperator, value: 'a' }])}`,
        parameter: 'filters.0.operator',
      },
      {
        label: 'a filter value of 5,000 characters',
        query: `?${filtersParam([{ column: 'status', operator: 'contains', value: 'x'.repeat(5000) }])}`,
        parameter: 'filters.0.value',
      },
      { label: 'filter_{column}_{operator} with an unknown column', query: '?filter_price_contains=a', parameter: 'filter_price_contains' },
      { label: 'a blank filter value', query: '?filter_status_contains=%20', parameter: 'filter_status_contains' },
      {
        label: 'an SQL fragment repeated to 5,500 characters as a filter',
        query: `?filter_patient_contains=${encodeURIComponent("' OR 1=1 --".repeat(500))}`,
        parameter: 'filter_patient_contains',
      },
      { label: 'a search of 5,000 characters', query: `?searchQuery=${'x'.repeat(5000)}`, parameter: 'searchQuery' },
      {
        label: 'a search of 5,000 quotes and wildcards',
        query: `?searchQuery=${encodeURIComponent("%_\\'".repeat(1250))}`,
        parameter: 'searchQuery',
      },
    ];

    it.each(refused)('refuses $label with a 400 that names $parameter', async ({ query, parameter }) => {
      const token = await tokenFor(server(), OWNER);
      const answer = await server().call('GET', `/Kits${query}`, { token });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toMatch(new RegExp(`^${parameter.replace(/\./g, '\\.')}: `));
    });
  });
}
