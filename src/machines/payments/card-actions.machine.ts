import { assign, fromPromise, setup } from 'xstate';
import { OrderingFailureText, OrderingSuccessText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { paymentsApi } from '../../services/payments/payments.api';
import { queryClient } from '../../services/http/query-client';
import { paymentKeys } from '../../services/payments/queries';

/**
 * A saved card's actions in the Payment Methods panel (ordering §2, §7, §8): Set Default, and Delete after
 * the question "Are you sure you want to remove this payment method?". One action at a time; each ends
 * with the §8 toast and, on success, a refresh of the saved cards. Which card may be deleted (ordering §4)
 * is the model's rule, applied where the button is shown and again by the server.
 */

export interface CardActionsContext {
  /** The card being asked about, set as default or deleted. */
  cardId: string | null;
}

export type CardActionsEvent =
  | { type: 'card.setDefault'; id: string }
  | { type: 'card.delete'; id: string }
  | { type: 'card.confirmDelete' }
  | { type: 'card.cancelDelete' };

export const cardActionsMachine = setup({
  types: {
    context: {} as CardActionsContext,
    events: {} as CardActionsEvent,
  },
  actors: {
    setDefault: fromPromise<void, { id: string }>(({ input, signal }) => paymentsApi.setDefault(input.id, { signal })),
    remove: fromPromise<void, { id: string }>(({ input, signal }) => paymentsApi.remove(input.id, { signal })),
  },
  actions: {
    assignCard: assign((_, params: { id: string }) => ({ cardId: params.id })),
    forgetCard: assign({ cardId: null }),
    notifyDefaultSet: () => notify.success(OrderingSuccessText.setDefault),
    notifyDefaultFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, OrderingFailureText.setDefault)),
    notifyDeleted: () => notify.success(OrderingSuccessText.deleted),
    notifyDeleteFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, OrderingFailureText.deletePaymentMethod)),
    refreshPaymentMethods: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.methods }),
  },
}).createMachine({
  id: 'cardActions',
  context: { cardId: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetCard',
      on: {
        'card.setDefault': { target: 'settingDefault', actions: { type: 'assignCard', params: ({ event }) => ({ id: event.id }) } },
        'card.delete': { target: 'confirmingDelete', actions: { type: 'assignCard', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: { 'card.confirmDelete': 'deleting', 'card.cancelDelete': 'idle' },
    },
    settingDefault: {
      tags: ['busy'],
      invoke: {
        id: 'setDefault',
        src: 'setDefault',
        input: ({ context }) => ({ id: context.cardId ?? '' }),
        onDone: { target: 'idle', actions: ['notifyDefaultSet', 'refreshPaymentMethods'] },
        onError: { target: 'idle', actions: { type: 'notifyDefaultFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      // The question stays up, its Delete button loading, until the server answers.
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.cardId ?? '' }),
        onDone: { target: 'idle', actions: ['notifyDeleted', 'refreshPaymentMethods'] },
        onError: { target: 'idle', actions: { type: 'notifyDeleteFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
