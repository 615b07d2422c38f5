import { assign, fromPromise, setup } from 'xstate';
import { DeleteOrderText } from '../../model/orders/order-list-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { ordersApi } from '../../services/orders/orders.api';
import { queryClient } from '../../services/http/query-client';
import { orderKeys } from '../../services/orders/queries';
import { activityKeys } from '../../services/activity/queries';

/**
 * Deleting an order from the list (ordering §2, §8): the question "Delete Order", then `DELETE /Orders/{uid}`
 * (contract decisions: cancel by the order's uid). Success refreshes the list and that order (both live under
 * ['orders']) and says "Order canceled successfully"; a failure says the server's message, else
 * "Failed to cancel orders". Which order may be deleted is the model's rule, applied where Delete is offered and
 * again by the server.
 */

export interface OrderCancelContext {
  /** The order asked about or being canceled. */
  uid: string | null;
}

export type OrderCancelEvent = { type: 'order.delete'; uid: string } | { type: 'order.confirmDelete' } | { type: 'order.cancelDelete' };

export const orderCancelMachine = setup({
  types: {
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
  },
  actors: {
    cancelOrder: fromPromise<void, { uid: string }>(({ input, signal }) => ordersApi.cancel(input.uid, { signal })),
  },
  actions: {
    assignOrder: assign((_, params: { uid: string }) => ({ uid: params.uid })),
    forgetOrder: assign({ uid: null }),
    notifyCanceled: () => notify.success(DeleteOrderText.canceled),
    notifyCancelFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, DeleteOrderText.failed)),
    // The order page's Activity section names the cancellation the server has just recorded.
    refreshOrders: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.orders });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  },
}).createMachine({
  id: 'orderCancel',
  context: { uid: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetOrder',
      on: {
        'order.delete': { target: 'confirming', actions: { type: 'assignOrder', params: ({ event }) => ({ uid: event.uid }) } },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'order.confirmDelete': 'canceling', 'order.cancelDelete': 'idle' },
    },
    canceling: {
      // The question stays up, its Delete button loading, until the server answers.
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ uid: context.uid ?? '' }),
        onDone: { target: 'idle', actions: ['notifyCanceled', 'refreshOrders'] },
        onError: { target: 'idle', actions: { type: 'notifyCancelFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
