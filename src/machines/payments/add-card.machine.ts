import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { PaymentMethodIdSchema } from '../../model/payments/payment';
import { CheckoutValidationText, OrderingFailureText, OrderingSuccessText } from '../../model/orders/texts';
import { messageOf } from '../../services/http/api-error';
import { CardProviderError } from '../../services/payments/card-provider';
import { notify } from '../../services/platform/notify';
import { paymentsApi } from '../../services/payments/payments.api';
import { queryClient } from '../../services/http/query-client';
import { paymentKeys } from '../../services/payments/queries';

/**
 * The Add Payment Method modal (ordering §2 and §4: closed, open, adding, closed on success). Adding
 * creates a card payment method with the provider's script in the browser, then attaches its `pm_…` id
 * to the practice (PATCH /Payments/Methods/{id}/Attach, contract decisions). A refusal keeps the modal
 * open with the reason (ordering §5 and §8); success closes it, toasts and refreshes the saved cards.
 */

export interface AddCardContext {
  /** The payment method the provider created, while it is being attached. */
  paymentMethodId: string | null;
  error: string | null;
}

export type AddCardEvent =
  | { type: 'addCard.open' }
  | { type: 'addCard.cancel' }
  /** `complete`: the card input says its details are complete and valid. */
  | { type: 'addCard.submit'; complete: boolean };

export const addCardMachine = setup({
  types: {
    context: {} as AddCardContext,
    events: {} as AddCardEvent,
  },
  actors: {
    /**
     * The provider's card input lives in the view, which provides this actor; without the view there is no
     * card input to create a payment method from.
     */
    createPaymentMethod: fromPromise<string>(() => Promise.reject(new CardProviderError(CheckoutValidationText.cardElementMissing))),
    attachPaymentMethod: fromPromise<void, { id: string }>(({ input, signal }) => paymentsApi.attach(input.id, { signal })),
  },
  guards: {
    cardComplete: (_, params: { complete: boolean }) => params.complete,
    hasPaymentMethodId: (_, params: { id: string }) => v.is(PaymentMethodIdSchema, params.id),
  },
  actions: {
    reset: assign({ paymentMethodId: null, error: null }),
    forgetError: assign({ error: null }),
    assignCardDetailsProblem: assign({ error: CheckoutValidationText.cardDetails }),
    assignPaymentMethodId: assign((_, params: { id: string }) => ({ paymentMethodId: params.id })),
    assignIdMissing: assign({ paymentMethodId: null, error: CheckoutValidationText.paymentMethodIdMissing }),
    assignCreateError: assign((_, params: { error: unknown }) => ({
      paymentMethodId: null,
      error: messageOf(params.error, OrderingFailureText.createPaymentMethod),
    })),
    assignAttachError: assign((_, params: { error: unknown }) => ({
      paymentMethodId: null,
      error: messageOf(params.error, OrderingFailureText.attach),
    })),
    notifyAttached: () => notify.success(OrderingSuccessText.attached),
    refreshPaymentMethods: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.methods }),
  },
}).createMachine({
  id: 'addCard',
  context: { paymentMethodId: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: { 'addCard.open': 'open' },
    },
    open: {
      tags: ['open'],
      on: {
        'addCard.cancel': 'closed',
        'addCard.submit': [
          {
            guard: { type: 'cardComplete', params: ({ event }) => ({ complete: event.complete }) },
            target: 'adding',
            actions: 'forgetError',
          },
          { actions: 'assignCardDetailsProblem' },
        ],
      },
    },
    adding: {
      description: 'The modal stays open and takes no input until the card is created and attached.',
      tags: ['open', 'busy'],
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createPaymentMethod',
            src: 'createPaymentMethod',
            onDone: [
              {
                guard: { type: 'hasPaymentMethodId', params: ({ event }) => ({ id: event.output }) },
                target: 'attaching',
                actions: { type: 'assignPaymentMethodId', params: ({ event }) => ({ id: event.output }) },
              },
              { target: '#addCard.open', actions: 'assignIdMissing' },
            ],
            onError: { target: '#addCard.open', actions: { type: 'assignCreateError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        attaching: {
          invoke: {
            id: 'attachPaymentMethod',
            src: 'attachPaymentMethod',
            input: ({ context }) => ({ id: context.paymentMethodId ?? '' }),
            onDone: { target: '#addCard.closed', actions: ['notifyAttached', 'refreshPaymentMethods'] },
            onError: { target: '#addCard.open', actions: { type: 'assignAttachError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
