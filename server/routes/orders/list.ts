import { Hono } from 'hono';
import { OrderSchema, OrderStatus, orderStatusGroup } from '../../../src/model/orders/order';
import { cancelRefusal, OrderCancelText } from '../../../src/model/orders/order-cancel';
import { OrdersPageSchema } from '../../../src/model/orders/order-list';
import { OrderListQuerySchema } from '../../../src/model/orders/order-list-params';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readQuery, send } from '../../http/validation';
import { listOrders } from '../../store/orders/list';
import { appendStatus, findOrder, lockOrderByUid } from '../../store/orders/orders';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';

/** The orders list and cancelling an order (ordering §2, §7). */
export function orderListRoutes({ db, clock, config, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** A page of the practice's orders, sorted and filtered as the query says (contract decisions). */
  routes.get('/Orders', requireProvider, async (c) => {
    const query = readQuery(c, OrderListQuerySchema);
    return send(c, OrdersPageSchema, await listOrders(db, c.var.account.practiceId, query));
  });

  /**
   * Cancels the practice's order with this uid ("Cancelling an order is DELETE /Orders/{order uid}"):
   * a Canceled entry joins its history and becomes its status, in one transaction. Another practice's
   * order is as absent as none (404); once shipped, completed or already canceled it is refused (409).
   */
  routes.delete('/Orders/:uid', requireProvider, async (c) => {
    const practiceId = c.var.account.practiceId;
    const number = await db.transaction(async (tx) => {
      const order = await lockOrderByUid(tx, practiceId, c.req.param('uid'));
      if (!order) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const refusal = cancelRefusal(order.group);
      if (refusal) throw new HttpError(409, refusal);
      await appendStatus(tx, order.id, {
        status: OrderStatus.OrderCanceled,
        group: orderStatusGroup(OrderStatus.OrderCanceled),
        date: clock(),
        description: OrderCancelText.historyEntry,
      });
      const object = { type: ActivityObjectType.order, id: order.number, label: order.number };
      await recordActivity(tx, activityContext(c, { clock, config }), { kind: ActivityKind.orderCancelled, object });
      return order.number;
    });
    const canceled = await findOrder(db, practiceId, number);
    if (!canceled) throw new Error(`Order ${number} was canceled but cannot be read back`);
    return send(c, OrderSchema, canceled);
  });

  return routes;
}
