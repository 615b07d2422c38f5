import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dateRangeValue, DateRangeText } from '../../../src/model/lists/date-range';
import { OrdersPageSchema } from '../../../src/model/orders/order-list';
import type { Order } from '../../../src/model/orders/order';
import { errorMessage, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';

/**
 * Issue 40: the orders list's order date filter is a date range, one `equals` filter on orderDate whose value is an
 * ISO 8601 interval `start/end`; the server keeps the orders placed from the start, up to but not at the end.
 */

async function ordersWith(server: TestServer, token: string, query: string): Promise<Order[]> {
  const answer = await server.call('GET', `/Orders?pageSize=100&sortColumn=number${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(OrdersPageSchema, answer.body).items;
}

const rangeFilter = (value: string) =>
  `&filters=${encodeURIComponent(JSON.stringify([{ column: 'orderDate', operator: 'equals', value }]))}`;

const numbers = (orders: readonly Order[]) => orders.map((order) => order.number);

/** The orders placed from `start`, up to but not at `end`. */
function within(orders: readonly Order[], start: Date, end: Date): Order[] {
  return orders.filter((order) => {
    const placed = new Date(order.orderDate ?? '').getTime();
    return placed >= start.getTime() && placed < end.getTime();
  });
}

export function orderingDateRangeSuite(server: () => TestServer): void {
  describe('GET /Orders with an order date range', () => {
    it('answers the orders placed from the start up to but not at the end, in both filter forms', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const all = await ordersWith(server(), token, '');
      const dates = [...new Set(all.map((order) => order.orderDate ?? ''))].sort();
      expect(dates.length, 'the demo orders have several dates').toBeGreaterThan(6);
      // From the third oldest date to the third newest: orders before, inside and after (the end's own excluded).
      const start = new Date(dates[2] ?? '');
      const end = new Date(dates[dates.length - 3] ?? '');
      const expected = within(all, start, end);
      expect(expected.length).toBeGreaterThan(0);
      expect(all.some((order) => new Date(order.orderDate ?? '') < start)).toBe(true);
      expect(all.some((order) => new Date(order.orderDate ?? '') >= end)).toBe(true);
      const value = `${start.toISOString()}/${end.toISOString()}`;
      expect(numbers(await ordersWith(server(), token, rangeFilter(value)))).toEqual(numbers(expected));
      const named = await ordersWith(server(), token, `&filter_orderDate_equals=${encodeURIComponent(value)}`);
      expect(numbers(named)).toEqual(numbers(expected));
    });

    it('keeps whole days as the picker sends them, and combines with the status filter', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const all = await ordersWith(server(), token, '');
      const days = [...new Set(all.map((order) => new Date(order.orderDate ?? '').toISOString().slice(0, 10)))].sort();
      const [first = '', last = ''] = [days[1], days[days.length - 2]];
      const value = dateRangeValue(first, last);
      const [from = '', to = ''] = value.split('/');
      const expected = within(all, new Date(from), new Date(to));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      expect(numbers(await ordersWith(server(), token, rangeFilter(value)))).toEqual(numbers(expected));
      const group = expected[0]?.status?.group ?? '';
      const both = encodeURIComponent(
        JSON.stringify([
          { column: 'orderDate', operator: 'equals', value },
          { column: 'status', operator: 'equals', value: group },
        ]),
      );
      const combined = await ordersWith(server(), token, `&filters=${both}`);
      expect(numbers(combined)).toEqual(numbers(expected.filter((order) => order.status?.group === group)));
    });

    it('answers no order for a range before every order', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      expect(await ordersWith(server(), token, rangeFilter('2001-01-01T00:00:00.000Z/2001-02-01T00:00:00.000Z'))).toEqual([]);
    });

    const refused: [string, string][] = [
      ['an end before the start', '2026-10-18T00:00:00.000Z/2026-10-01T00:00:00.000Z'],
      ['an end at the start', '2026-10-01T00:00:00.000Z/2026-10-01T00:00:00.000Z'],
      ['days without times', '2026-10-01/2026-10-18'],
      ['a missing end', '2026-10-01T00:00:00.000Z/'],
      ['three parts', '2026-10-01T00:00:00.000Z/2026-10-05T00:00:00.000Z/2026-10-18T00:00:00.000Z'],
      ['a date that does not exist', '2026-13-45T00:00:00.000Z/2026-10-18T00:00:00.000Z'],
      ['words', 'last week/this week'],
    ];

    it.each(refused)('refuses %s with a 400 that says what a range must be', async (_, value) => {
      const token = await tokenOf(server(), 'hcp.checkout');
      for (const query of [rangeFilter(value), `&filter_orderDate_equals=${encodeURIComponent(value)}`]) {
        const answer = await server().call('GET', `/Orders?${query.slice(1)}`, { token });
        expect(answer.status, query).toBe(400);
        expect(errorMessage(answer.body)).toBe(DateRangeText.server);
      }
    });
  });
}
