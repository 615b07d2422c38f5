import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderLookupSchema, OrderSchema, OrderStatus, OrderStatusGroup } from '../../../src/model/orders/order';
import { OrderCancelText } from '../../../src/model/orders/order-cancel';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, START, snapshot, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';

/** Riverside's demo orders by uid (server/seed/orders.ts DEMO_ROUND, oldest first). */
const seeded = (n: number) => `seed-order-${PRACTICE_IDS.riverside}-${String(n).padStart(2, '0')}`;
const RIVERSIDE = {
  completed: seeded(1),
  delivered: seeded(2),
  canceled: seeded(3),
  partlyShipped: seeded(4),
  shipped: seeded(5),
  pendingPayment: seeded(9),
  received: seeded(11),
  draft: seeded(12),
} as const;

async function stored(server: TestServer, uid: string): Promise<{ number: string; status: number }> {
  const [row] = await server.db.query<{ number: string; status: number }>('SELECT number, status FROM orders WHERE uid = $1', [uid]);
  if (!row) throw new Error(`No seeded order ${uid}`);
  return row;
}

export function orderCancelSuite(server: () => TestServer): void {
  describe('DELETE /Orders/{uid} (cancel an order)', () => {
    it.each([RIVERSIDE.received, RIVERSIDE.pendingPayment, RIVERSIDE.draft])(
      'cancels %s: status OrderCanceled, a Canceled entry appended to its history, the detail shows it',
      async (uid) => {
        const token = await tokenOf(server(), 'hcp.checkout');
        const { number } = await stored(server(), uid);
        const before = v.parse(OrderLookupSchema, (await server().call('GET', `/Orders/${number}`, { token })).body);
        const answer = await server().call('DELETE', `/Orders/${uid}`, { token });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const canceled = v.parse(OrderSchema, answer.body);
        const entry = { status: OrderStatus.OrderCanceled, group: OrderStatusGroup.Canceled, date: START.toISOString() };
        expect(canceled.status).toEqual(entry);
        expect(canceled.statusHistory).toEqual([...(before?.statusHistory ?? []), { ...entry, description: OrderCancelText.historyEntry }]);
        expect(canceled.items).toEqual(before?.items);
        const detail = v.parse(OrderLookupSchema, (await server().call('GET', `/Orders/${number}`, { token })).body);
        expect(detail).toEqual(canceled);
        expect((await stored(server(), uid)).status).toBe(OrderStatus.OrderCanceled);
        // And the list shows it canceled.
        const listed = await server().call('GET', `/Orders?filter_number_equals=${number}`, { token });
        expect(listed.body).toMatchObject({ items: [{ uid, status: { group: OrderStatusGroup.Canceled } }], hasMore: false });
      },
    );

    it.each([
      [RIVERSIDE.shipped, OrderCancelText.shipped],
      [RIVERSIDE.partlyShipped, OrderCancelText.shipped],
      [RIVERSIDE.delivered, OrderCancelText.completed],
      [RIVERSIDE.completed, OrderCancelText.completed],
      [RIVERSIDE.canceled, OrderCancelText.alreadyCanceled],
    ])('refuses %s with 409 "%s" and stores nothing', async (uid, message) => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const before = await snapshot(server().db);
      const answer = await server().call('DELETE', `/Orders/${uid}`, { token });
      expect(answer.status).toBe(409);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('answers 404 for another practice’s order and for an unknown uid, changing nothing', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const { status } = await stored(server(), RIVERSIDE.received);
      const before = await snapshot(server().db);
      for (const uid of [RIVERSIDE.received, 'no-such-order']) {
        const answer = await server().call('DELETE', `/Orders/${uid}`, { token });
        expect(answer.status).toBe(404);
      }
      expect(await snapshot(server().db)).toBe(before);
      expect((await stored(server(), RIVERSIDE.received)).status).toBe(status);
    });

    it('needs a signed-in user', async () => {
      expect((await server().call('DELETE', `/Orders/${RIVERSIDE.received}`)).status).toBe(401);
    });

    it('cancels an order only once: a second cancel is a 409', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      expect((await server().call('DELETE', `/Orders/${RIVERSIDE.draft}`, { token })).status).toBe(200);
      const again = await server().call('DELETE', `/Orders/${RIVERSIDE.draft}`, { token });
      expect(again.status).toBe(409);
      expect(errorMessage(again.body)).toBe(OrderCancelText.alreadyCanceled);
      const [row] = await server().db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM order_status_history h JOIN orders o ON o.id = h.order_id
         WHERE o.uid = $1 AND h.status = $2`,
        [RIVERSIDE.draft, OrderStatus.OrderCanceled],
      );
      expect(row?.count).toBe(1);
    });
  });
}
