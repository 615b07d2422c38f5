import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { dayRange } from '../../server/store/day-filter';
import { listKits } from '../../server/store/kits/list';
import { listOrders } from '../../server/store/orders/list';
import type { FilterOperator } from '../../src/model/lists/paging';
import { openTestDatabase } from './support/harness';

/**
 * The date filters' ranges (server/store/day-filter.ts) only let an index find the rows: the lists answer exactly
 * what the day's text match answers, for a day as for values that name no range (a month, a year).
 */

describe('dayRange', () => {
  it('reads a real day given whole, and nothing else', () => {
    expect(dayRange('equals', '2025-06-14')).toEqual({ start: new Date('2025-06-14T00:00:00Z'), end: new Date('2025-06-15T00:00:00Z') });
    expect(dayRange('equals', '2024-12-31')).toEqual({ start: new Date('2024-12-31T00:00:00Z'), end: new Date('2025-01-01T00:00:00Z') });
    for (const [operator, value] of [
      ['equals', '2025-02-30'],
      ['equals', '2025-06'],
      // A month or a year is too wide a range to help (see dayRange).
      ['startsWith', '2025-12'],
      ['startsWith', '2025'],
      ['startsWith', '2025-13'],
      ['startsWith', '2025-0'],
      ['startsWith', '202'],
      ['contains', '2025-06-14'],
      ['endsWith', '2025-06-14'],
      ['equals', 'june'],
    ] as const) {
      expect(dayRange(operator, value), `${operator} ${value}`).toBeNull();
    }
  });
});

describe('date filters with a range answer what the text match answers', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const practiceId = PRACTICE_IDS.riverside;
  const noLink = () => '';

  async function allKits(filters: { column: 'createdAt' | 'registeredAt'; operator: FilterOperator; value: string }[]) {
    const query = { sort: { column: 'createdAt', direction: 'asc' }, filters, page: 1, pageSize: 100 } as const;
    return (await listKits(db, practiceId, query, noLink)).items;
  }

  it('kits by created and registered day, and by month and year', async () => {
    const kits = await allKits([]);
    expect(kits.length).toBeGreaterThan(20);
    const days = kits.flatMap((kit) => (kit.createdAt ? [kit.createdAt.slice(0, 10)] : []));
    const registered = kits.flatMap((kit) => (kit.registeredAt ? [kit.registeredAt.slice(0, 10)] : []));
    const [someDay] = days;
    const [someRegistration] = registered;
    if (!someDay || !someRegistration) throw new Error('The seed has no kit dates');
    const cases: { column: 'createdAt' | 'registeredAt'; operator: FilterOperator; value: string; keep: (day: string) => boolean }[] = [
      { column: 'createdAt', operator: 'equals', value: someDay, keep: (day) => day === someDay },
      { column: 'createdAt', operator: 'startsWith', value: someDay.slice(0, 7), keep: (day) => day.startsWith(someDay.slice(0, 7)) },
      { column: 'createdAt', operator: 'startsWith', value: someDay.slice(0, 5), keep: (day) => day.startsWith(someDay.slice(0, 5)) },
      { column: 'registeredAt', operator: 'equals', value: someRegistration, keep: (day) => day === someRegistration },
      {
        column: 'registeredAt',
        operator: 'startsWith',
        value: someRegistration.slice(0, 8),
        keep: (day) => day.startsWith(someRegistration.slice(0, 8)),
      },
    ];
    for (const { column, operator, value, keep } of cases) {
      const expected = kits.filter((kit) => {
        const day = (column === 'createdAt' ? kit.createdAt : kit.registeredAt)?.slice(0, 10);
        return day !== undefined && keep(day);
      });
      expect(expected.length, `${column} ${operator} ${value} matches some kits`).toBeGreaterThan(0);
      const found = await allKits([{ column, operator, value }]);
      expect(
        found.map((kit) => kit.barcode),
        `${column} ${operator} ${value}`,
      ).toEqual(expected.map((kit) => kit.barcode));
    }
    // A day that does not exist is no range, and no kit's day either.
    expect(await allKits([{ column: 'createdAt', operator: 'equals', value: '2026-02-30' }])).toEqual([]);
  });

  it('orders by order day and month', async () => {
    const all = (filters: { column: 'orderDate'; operator: FilterOperator; value: string }[]) =>
      listOrders(db, practiceId, { sort: { column: 'orderDate', direction: 'asc' }, filters, page: 1, pageSize: 100 });
    const orders = (await all([])).items;
    const [first] = orders;
    if (!first?.orderDate) throw new Error('The seed has no orders');
    const day = first.orderDate.slice(0, 10);
    for (const [operator, value] of [
      ['equals', day],
      ['startsWith', day.slice(0, 7)],
    ] as const) {
      const expected = orders.filter((order) => order.orderDate?.slice(0, 10).startsWith(value)).map((order) => order.uid);
      expect(expected.length).toBeGreaterThan(0);
      expect(
        (await all([{ column: 'orderDate', operator, value }])).items.map((order) => order.uid),
        `${operator} ${value}`,
      ).toEqual(expected);
    }
  });
});
