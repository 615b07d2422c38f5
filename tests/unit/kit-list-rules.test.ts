import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderingExperience, UnitType } from '../../src/model/enums';
import { KitSchema } from '../../src/model/kits/kit';
import {
  formatKitDate,
  formatKitHistoryDate,
  isSortableKitColumn,
  KIT_SEARCH_DEBOUNCE_MS,
  KIT_SEARCH_MIN_CHARS,
  kitColumnLabel,
  kitFilterColumns,
  kitHistoryEntries,
  kitListEmptyText,
  kitIdText,
  kitListLayout,
  kitListQuery,
  kitSearchQuery,
  kitStatusColor,
  matchingKitColumns,
  registrantName,
  showsResults,
} from '../../src/model/kits/kit-list-rules';

const { Checkout, ManifestUpload } = OrderingExperience;

const kit = (fields: Record<string, unknown> = {}) => v.parse(KitSchema, { uid: 'kit-1', barcode: 'KIT-0001', ...fields });

const CHECKOUT_COLUMNS = ['barcode', 'orderNumber', 'registeredAt', 'patient', 'product', 'status', 'results'];
const MANIFEST_COLUMNS = ['barcode', 'orderNumber', 'registeredAt', 'product', 'status', 'results'];

describe('the kit list by unit type and workflow (kits §2, §6)', () => {
  it('HCP: Kit Status, "Monitor the status of all kits in the system", the checkout columns, the search box and no filters', () => {
    expect(kitListLayout(UnitType.HCP)).toEqual({
      title: 'Kit Status',
      subtitle: 'Monitor the status of all kits in the system',
      noun: 'kits',
      workflow: Checkout,
      columns: CHECKOUT_COLUMNS,
      search: true,
      filters: false,
    });
  });

  it('Unknown counts as HCP', () => {
    expect(kitListLayout(UnitType.Unknown)).toEqual(kitListLayout(UnitType.HCP));
  });

  it('CPS, a manifest-upload client: Samples, "Manage and track all your samples", no Patient, Unique ID, filters', () => {
    const layout = kitListLayout(UnitType.CPS);
    expect(layout).toEqual({
      title: 'Samples',
      subtitle: 'Manage and track all your samples',
      noun: 'samples',
      workflow: ManifestUpload,
      columns: MANIFEST_COLUMNS,
      search: false,
      filters: true,
    });
    expect(layout.columns.map((column) => kitColumnLabel(column, layout.workflow))).toEqual([
      'Unique ID',
      'Order Number',
      'Registered Date',
      'Product',
      'Status',
      'Results',
    ]);
  });

  it('IRC: Samples, "Manage and track all samples in the system", the checkout columns and filters', () => {
    expect(kitListLayout(UnitType.IRC)).toEqual({
      title: 'Samples',
      subtitle: 'Manage and track all samples in the system',
      noun: 'samples',
      workflow: Checkout,
      columns: CHECKOUT_COLUMNS,
      search: false,
      filters: true,
    });
  });

  it('DTC and any other unit: Kits, "Manage and track all kits in the system", the checkout columns and filters', () => {
    for (const unit of [UnitType.DTC, 7]) {
      expect(kitListLayout(unit)).toMatchObject({
        title: 'Kits',
        subtitle: 'Manage and track all kits in the system',
        noun: 'kits',
        workflow: Checkout,
        columns: CHECKOUT_COLUMNS,
        search: false,
        filters: true,
      });
    }
  });

  it('checkout-flow headers read Kit ID, Order Number, Registered Date, Patient, Product, Status, Results', () => {
    const layout = kitListLayout(UnitType.HCP);
    expect(layout.columns.map((column) => kitColumnLabel(column, layout.workflow))).toEqual([
      'Kit ID',
      'Order Number',
      'Registered Date',
      'Patient',
      'Product',
      'Status',
      'Results',
    ]);
  });

  it('every data column sorts and filters; Results does neither', () => {
    expect(kitListLayout(UnitType.IRC).columns.filter(isSortableKitColumn)).toEqual(CHECKOUT_COLUMNS.slice(0, -1));
    expect(kitFilterColumns(kitListLayout(UnitType.CPS))).toEqual(MANIFEST_COLUMNS.slice(0, -1));
    expect(isSortableKitColumn('results')).toBe(false);
  });

  it('finds filter columns by part of their header, case aside, among the list’s own columns', () => {
    expect(matchingKitColumns(kitListLayout(UnitType.IRC), 'PAT')).toEqual(['patient']);
    expect(matchingKitColumns(kitListLayout(UnitType.CPS), 'pat')).toEqual([]);
    expect(matchingKitColumns(kitListLayout(UnitType.CPS), 'unique')).toEqual(['barcode']);
    expect(matchingKitColumns(kitListLayout(UnitType.IRC), ' kit id ')).toEqual(['barcode']);
    expect(matchingKitColumns(kitListLayout(UnitType.IRC), 'date')).toEqual(['registeredAt']);
    expect(matchingKitColumns(kitListLayout(UnitType.IRC), '')).toHaveLength(6);
    expect(matchingKitColumns(kitListLayout(UnitType.IRC), 'results')).toEqual([]);
  });
});

describe('what the kit list asks for', () => {
  const sort = { column: 'barcode', direction: 'asc' } as const;
  const filters = [{ column: 'barcode', operator: 'contains', value: 'KT' }] as const;
  it('sends the HCP search and never a filter left behind', () => {
    expect(kitListQuery(kitListLayout(UnitType.HCP), { sort, filters, search: 'ava' })).toEqual({ sort, filters: [], search: 'ava' });
  });
  it('sends the other units’ filters and never a search left behind', () => {
    expect(kitListQuery(kitListLayout(UnitType.CPS), { sort, filters, search: 'ava' })).toEqual({ sort, filters, search: '' });
  });
});

describe('an empty kit list', () => {
  const filter = { column: 'barcode', operator: 'contains', value: 'KT' };
  it('says there are none, in the unit’s word, when nothing narrows the list', () => {
    expect(kitListEmptyText('kits', { search: '', filters: [] })).toBe('No kits found');
    expect(kitListEmptyText('samples', { search: '', filters: [] })).toBe('No samples found');
  });

  it('says that nothing matches the search or the filters when one narrows it; the search first', () => {
    expect(kitListEmptyText('kits', { search: 'Age', filters: [] })).toBe('No kits match the search');
    expect(kitListEmptyText('samples', { search: '', filters: [filter] })).toBe('No samples match the filters');
    expect(kitListEmptyText('kits', { search: 'Age', filters: [filter] })).toBe('No kits match the search');
  });
});

describe('what a kit row shows (kits §2)', () => {
  it('the kit ID: a manifest-upload client’s external barcode when present, else the barcode; checkout clients the barcode', () => {
    const external = kit({ externalBarcode: 'LAB-77' });
    expect(kitIdText(external, ManifestUpload)).toBe('LAB-77');
    expect(kitIdText(external, Checkout)).toBe('KIT-0001');
    expect(kitIdText(kit({ externalBarcode: null }), ManifestUpload)).toBe('KIT-0001');
    expect(kitIdText(kit({ externalBarcode: '  ' }), ManifestUpload)).toBe('KIT-0001');
    expect(kitIdText(kit(), ManifestUpload)).toBe('KIT-0001');
  });

  it('the patient is the registrant’s name; missing parts are left out', () => {
    expect(registrantName(kit({ registrant: { firstName: 'Ada', lastName: 'Byron' } }))).toBe('Ada Byron');
    expect(registrantName(kit({ registrant: { firstName: null, lastName: 'Byron' } }))).toBe('Byron');
    expect(registrantName(kit({ registrant: null }))).toBe('');
  });

  it('dates: the registered day, and the history’s MMM D, YYYY h:mm A; missing or unreadable dates show nothing', () => {
    expect(formatKitDate('2026-03-04T15:07:00')).toBe('Mar 4, 2026');
    expect(formatKitHistoryDate('2026-03-04T15:07:00')).toBe('Mar 4, 2026 3:07 PM');
    expect(formatKitHistoryDate('2026-11-24T00:05:00')).toBe('Nov 24, 2026 12:05 AM');
    for (const date of [null, undefined, '', 'not a date']) {
      expect(formatKitDate(date)).toBe('');
      expect(formatKitHistoryDate(date)).toBe('');
    }
  });

  it('"View Results" only once the results are ready (Result Ready), else "Coming Soon"', () => {
    expect(showsResults(kit({ status: { status: 17, date: null } }))).toBe(true);
    for (const code of [0, 2, 19, 22, 25, 99]) expect(showsResults(kit({ status: { status: code, date: null } }))).toBe(false);
    expect(showsResults(kit({ status: null }))).toBe(false);
  });

  it('the status history panel lists each entry’s display status and date, oldest first so the newest is last', () => {
    const entries = kitHistoryEntries(
      kit({
        statusHistory: [
          { status: 17, date: '2026-03-20T09:00:00' },
          { status: 2, date: '2026-03-01T08:30:00' },
          { status: 51, date: '2026-03-10T14:00:00' },
          { status: 99, date: null },
        ],
      }),
    );
    expect(entries).toEqual([
      { code: 99, status: 'Unknown', date: '' },
      { code: 2, status: 'Registered', date: 'Mar 1, 2026 8:30 AM' },
      { code: 51, status: 'Sample Processing', date: 'Mar 10, 2026 2:00 PM' },
      { code: 17, status: 'Result Ready', date: 'Mar 20, 2026 9:00 AM' },
    ]);
    expect(kitHistoryEntries(kit({ statusHistory: null }))).toEqual([]);
  });

  it('the status badge’s colour by stage', () => {
    expect(kitStatusColor(17)).toBe('success');
    expect([1, 2, 3, 51, 25, 19, 22, 23].map(kitStatusColor)).toEqual(Array(8).fill('processing'));
    expect([24, 21].map(kitStatusColor)).toEqual(['warning', 'warning']);
    expect([0, 26, 99, null].map(kitStatusColor)).toEqual(Array(4).fill('default'));
  });
});

describe('the HCP search (kits §5, §9)', () => {
  it('waits 400 ms and needs 3 characters', () => {
    expect(KIT_SEARCH_DEBOUNCE_MS).toBe(400);
    expect(KIT_SEARCH_MIN_CHARS).toBe(3);
  });

  it('sends the trimmed text from 3 characters, no search for an empty box, nothing for 1–2 characters', () => {
    expect(kitSearchQuery('')).toBe('');
    expect(kitSearchQuery('   ')).toBe('');
    expect(kitSearchQuery('a')).toBeNull();
    expect(kitSearchQuery(' ab ')).toBeNull();
    expect(kitSearchQuery('abc')).toBe('abc');
    expect(kitSearchQuery('  Age Test ')).toBe('Age Test');
  });

  it('the hint shows for 1–2 characters only', () => {
    expect(['', ' ', 'a', 'ab', ' ab ', 'abc'].map((text) => kitSearchQuery(text) === null)).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
