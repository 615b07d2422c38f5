import { describe, expect, it } from 'vitest';
import { SortDirection } from '../../../src/model/lists/paging';
import { OrderStatus, OrderStatusGroup, orderItemsTotal, type Order } from '../../../src/model/orders/order';
import { OrderColumn } from '../../../src/model/orders/order-list';
import { UnitType } from '../../../src/model/enums';
import { ORDERING_PRACTICES, performanceOrderUid, seedPerformanceOrders } from '../../../server/seed/orders';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { listOrders } from '../../../server/store/orders/list';
import type { TestServer } from '../support/harness';

const GROUP_WALK: readonly string[] = [
  OrderStatusGroup.Draft,
  OrderStatusGroup.Received,
  OrderStatusGroup.PendingPayment,
  OrderStatusGroup.Shipped,
  OrderStatusGroup.Completed,
];

async function ordersOf(server: TestServer, practiceId: number): Promise<Order[]> {
  const query = {
    sort: { column: OrderColumn.orderDate, direction: SortDirection.desc },
    filters: [],
    page: 1,
    pageSize: 100,
  };
  return (await listOrders(server.db, practiceId, query)).items;
}

export function seedOrdersSuite(server: () => TestServer): void {
  describe('seeded demo orders', () => {
    it('every demo practice orders (ordering §1), so each has orders', () => {
      expect(ORDERING_PRACTICES.map((practice) => practice.id).sort()).toEqual(Object.values(PRACTICE_IDS).sort());
    });

    it.each(ORDERING_PRACTICES.map((practice) => [practice.name, practice] as const))(
      '%s has orders in every status group, Delivered and Completed, and a delivery by each carrier',
      async (_name, practice) => {
        const orders = await ordersOf(server(), practice.id);
        expect(orders.length).toBeGreaterThanOrEqual(practice.id === PRACTICE_IDS.riverside ? 27 : 12);
        expect(new Set(orders.map((order) => order.status?.group))).toEqual(new Set(Object.values(OrderStatusGroup)));
        const statuses = orders.map((order) => order.status?.status);
        expect(statuses).toContain(OrderStatus.Delivered);
        expect(statuses).toContain(OrderStatus.Completed);
        const shipped = orders.filter((order) => order.status?.group === OrderStatusGroup.Shipped);
        expect(new Set(shipped.map((order) => order.deliveries.at(-1)?.provider))).toEqual(new Set([1, 2, 3]));
        for (const order of shipped) expect(order.deliveries.at(-1)?.trackingNumber).toMatch(/^[0-9A-Z]{12,22}$/);
      },
    );

    it.each(ORDERING_PRACTICES.map((practice) => [practice.name, practice] as const))(
      '%s: each history walks the groups in order with increasing dates, and the money adds up',
      async (_name, practice) => {
        const processing = practice.unitType === UnitType.CPS || practice.unitType === UnitType.IRC;
        const products = processing ? [201, 202, 203, 204, 205] : [79, 1, 78, 74, 47];
        for (const order of await ordersOf(server(), practice.id)) {
          const dates = order.statusHistory.map((entry) => entry.date ?? '');
          expect(dates).toEqual([...dates].sort());
          expect(new Set(dates).size).toBe(dates.length);
          expect(dates[0]).toBe(order.orderDate);
          const walk = order.statusHistory.map((entry) => entry.group ?? '').filter((group) => group !== OrderStatusGroup.Canceled);
          const steps = walk.map((group) => GROUP_WALK.indexOf(group));
          expect(steps).toEqual([...steps].sort((a, b) => a - b));
          expect(steps).not.toContain(-1);
          expect(order.statusHistory.every((entry) => (entry.description ?? '').length > 5)).toBe(true);
          for (const item of order.items) expect(products).toContain(item.product.id);
          expect(order.total - order.discount + order.shippingPrice).toBe(orderItemsTotal(order));
          if (order.shippingType === 'None') expect(order.deliveries).toEqual([]);
        }
      },
    );

    it('the HCP demo practice has both fulfilment kinds and orders shipped to patients', async () => {
      const orders = await ordersOf(server(), PRACTICE_IDS.riverside);
      expect(new Set(orders.map((order) => order.shippingType === 'None'))).toEqual(new Set([true, false]));
      expect(orders.some((order) => order.customer !== 'Riverside Family Medicine')).toBe(true);
    });
  });

  describe('--seed-orders N (generated orders for performance work)', () => {
    it('adds N generated orders to the practice once; the same N again adds nothing', async () => {
      const practiceId = PRACTICE_IDS.lakeside;
      const count = async () =>
        (await server().db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE practice_id = $1', [practiceId]))[0]
          ?.count;
      const before = await count();
      expect(await seedPerformanceOrders(server().db, practiceId, 50)).toBe(50);
      expect(await count()).toBe((before ?? 0) + 50);
      expect(await seedPerformanceOrders(server().db, practiceId, 50)).toBe(0);
      expect(await seedPerformanceOrders(server().db, practiceId, 60)).toBe(10);
      expect(await count()).toBe((before ?? 0) + 60);
      const [row] = await server().db.query<{ uid: string }>('SELECT uid FROM orders WHERE uid = $1', [
        performanceOrderUid(practiceId, 60),
      ]);
      expect(row?.uid).toBe(performanceOrderUid(practiceId, 60));
      // Varied: several groups and more than one product among them, every one a readable order.
      const orders = await ordersOf(server(), practiceId);
      expect(new Set(orders.map((order) => order.status?.group)).size).toBe(6);
      expect(new Set(orders.flatMap((order) => order.items.map((item) => item.product.id))).size).toBeGreaterThan(3);
    });

    it('refuses a practice that is not a demo practice', async () => {
      await expect(seedPerformanceOrders(server().db, 999, 5)).rejects.toThrow(/SEED_ORDERS_PRACTICE/);
    });
  });
}
