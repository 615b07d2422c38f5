import { and, assign, fromPromise, or, setup, stateIn } from 'xstate';
import { orderSuccessPath, shippingCountry } from '../../model/orders/checkout';
import { OrderRequestSchema, type GeoShippingRequest, type Order, type OrderRequest } from '../../model/orders/order';
import { CheckoutValidationText, OrderingFailureText, OrderingSuccessText } from '../../model/orders/texts';
import { firstProblem } from '../../model/validation';
import { ApiError, defaultTextForStatus, UserFacingError } from '../../services/http/api-error';
import { browser } from '../../services/platform/browser';
import { cartStorage, newCheckoutKey } from '../../services/orders/cart-storage';
import { notify } from '../../services/platform/notify';
import { ordersApi } from '../../services/orders/orders.api';
import { queryClient } from '../../services/http/query-client';
import { orderKeys } from '../../services/orders/queries';
import { paymentKeys } from '../../services/payments/queries';

/**
 * Checkout (ordering §4 and §5). Two regions: `country` checks the shipping country with the geo-shipping call
 * whenever it changes and again on submit (refused blocks; a failed call is only logged); `order` places the
 * order: it waits for the country, creates the card payment method for a new card, then sends the order with
 * the cart's Idempotency-Key. A second submit while busy is not handled, so a double click sends one order.
 * The form's values live in the view's form and are never touched here.
 */

export interface CheckoutAttempt {
  request: OrderRequest;
  idempotencyKey: string;
  /** Pay with a card created now from the card input, instead of `request.paymentMethod`. */
  newCard: boolean;
}

export interface CheckoutMachineContext {
  attempt: CheckoutAttempt | null;
  /** The country the last geo-shipping check asked about. */
  countryCheck: GeoShippingRequest | null;
  error: string | null;
}

export type CheckoutEvent =
  | ({ type: 'checkout.submit'; isDTC: boolean } & CheckoutAttempt)
  /** The country the order would ship to changed (empty when there is none to check). */
  | { type: 'checkout.countryChanged'; countryCode: string; isDTC: boolean };

type SubmitEvent = Extract<CheckoutEvent, { type: 'checkout.submit' }>;

/** Never sent: `submitting` is only entered with an attempt. */
const emptyRequest: OrderRequest = {
  customerInformation: null,
  shippingInformation: null,
  items: [],
  paymentMethod: null,
  fulfillment: 0,
  shipTo: 'Clinic',
};

const attemptOf = (event: SubmitEvent): CheckoutAttempt => ({
  request: event.request,
  idempotencyKey: event.idempotencyKey,
  newCard: event.newCard,
});

/** Ordering §8: the server's own message, else the checkout's fallback; the shared texts for no connection or a time-out. */
export function checkoutErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== null && error.message === defaultTextForStatus(error.status)) {
    return OrderingFailureText.checkoutFallback;
  }
  return error instanceof UserFacingError ? error.message : OrderingFailureText.checkoutFallback;
}

/** Ordering §8: the card provider's own message, else "Failed to process card.". */
export function cardErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : OrderingFailureText.processCard;
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutMachineContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    validateCountry: fromPromise<boolean, GeoShippingRequest>(({ input, signal }) => ordersApi.validateGeoShipping(input, { signal })),
    // The checkout view provides the card provider's; without a card input there is nothing to create it from.
    createCardPaymentMethod: fromPromise<string>(() => Promise.reject(new Error(CheckoutValidationText.cardElementMissing))),
    placeOrder: fromPromise<Order, CheckoutAttempt>(({ input, signal }) =>
      ordersApi.place(input.request, input.idempotencyKey, { signal }),
    ),
  },
  guards: {
    validRequest: (_, params: { request: OrderRequest }) => firstProblem(OrderRequestSchema, params.request) === null,
    /** A submit the order region takes, of an order that ships to a country: the country is checked again. */
    submitShipsToCountry: ({ event }) =>
      event.type === 'checkout.submit' &&
      firstProblem(OrderRequestSchema, event.request) === null &&
      shippingCountry(event.request) !== null,
    hasCountry: (_, params: { countryCode: string }) => params.countryCode.trim() !== '',
    shippable: (_, params: { shippable: boolean }) => params.shippable,
    nothingToShip: ({ context }) => !context.attempt || shippingCountry(context.attempt.request) === null,
    needsNewCard: ({ context }) => context.attempt?.newCard === true,
    acceptsSubmit: stateIn('#checkout.order.editing'),
    countryRefused: stateIn('#checkout.country.refused'),
    countryCleared: or([stateIn('#checkout.country.shippable'), stateIn('#checkout.country.unverified')]),
  },
  actions: {
    assignAttempt: assign((_, attempt: CheckoutAttempt) => ({ attempt, error: null })),
    assignProblem: assign((_, params: { request: OrderRequest }) => ({ error: firstProblem(OrderRequestSchema, params.request) })),
    assignCountryCheck: assign((_, countryCheck: GeoShippingRequest) => ({ countryCheck })),
    forgetCountryCheck: assign({ countryCheck: null }),
    assignCard: assign(({ context }, params: { paymentMethod: string }) => ({
      attempt: context.attempt && { ...context.attempt, request: { ...context.attempt.request, paymentMethod: params.paymentMethod } },
    })),
    assignCardError: assign((_, params: { error: unknown }) => ({ error: cardErrorText(params.error) })),
    assignOrderError: assign((_, params: { error: unknown }) => ({ error: checkoutErrorText(params.error) })),
    // Ordering §5: a failed check does not block and shows nothing; the integrator reads why in the console.
    logCountryCheckFailure: (_, params: { error: unknown }) =>
      console.warn('The geo-shipping check failed; the country is not blocked', params.error),
    // The checkout view sends `cart.clear` to its cart; this default empties the stored cart for every tab.
    clearCart: () => cartStorage.write({ items: [], checkoutKey: newCheckoutKey() }),
    invalidateQueries: (_, params: { newCard: boolean }) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.orders });
      if (params.newCard) void queryClient.invalidateQueries({ queryKey: paymentKeys.methods });
    },
    notifyPlaced: () => notify.success(OrderingSuccessText.orderPlaced),
    // Replace, so that Back does not return to a checkout that has done its job.
    goToSuccess: (_, params: { number: string }) => browser.navigate(orderSuccessPath(params.number), { replace: true }),
  },
}).createMachine({
  id: 'checkout',
  type: 'parallel',
  context: { attempt: null, countryCheck: null, error: null },
  states: {
    country: {
      description: 'Whether the country the order would ship to is one the lab ships to.',
      initial: 'unchecked',
      on: {
        'checkout.countryChanged': [
          {
            guard: { type: 'hasCountry', params: ({ event }) => ({ countryCode: event.countryCode }) },
            target: '.checking',
            actions: { type: 'assignCountryCheck', params: ({ event }) => ({ countryCode: event.countryCode, isDTC: event.isDTC }) },
          },
          { target: '.unchecked', actions: 'forgetCountryCheck' },
        ],
        'checkout.submit': {
          guard: and(['acceptsSubmit', 'submitShipsToCountry']),
          target: '.checking',
          actions: {
            type: 'assignCountryCheck',
            params: ({ event }) => ({ countryCode: shippingCountry(event.request) ?? '', isDTC: event.isDTC }),
          },
        },
      },
      states: {
        unchecked: {},
        checking: {
          tags: ['checkingCountry'],
          invoke: {
            id: 'validateCountry',
            src: 'validateCountry',
            input: ({ context }) => context.countryCheck ?? { countryCode: '', isDTC: false },
            onDone: [
              { guard: { type: 'shippable', params: ({ event }) => ({ shippable: event.output }) }, target: 'shippable' },
              { target: 'refused' },
            ],
            onError: { target: 'unverified', actions: { type: 'logCountryCheckFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shippable: {},
        refused: { tags: ['countryRefused'] },
        unverified: { description: 'The check failed: logged, and not blocking.' },
      },
    },
    order: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editable'],
          initial: 'idle',
          on: {
            'checkout.submit': [
              {
                guard: { type: 'validRequest', params: ({ event }) => ({ request: event.request }) },
                target: 'validatingCountry',
                actions: { type: 'assignAttempt', params: ({ event }) => attemptOf(event) },
              },
              { target: '.failed', actions: { type: 'assignProblem', params: ({ event }) => ({ request: event.request }) } },
            ],
          },
          states: {
            idle: {},
            failed: { description: 'The message is shown; the form keeps every value and may be sent again.' },
          },
        },
        validatingCountry: {
          tags: ['busy'],
          description: 'Waits for the country region to answer about the country this order ships to.',
          always: [
            { guard: 'nothingToShip', target: 'payment' },
            { guard: 'countryRefused', target: 'editing.idle' },
            { guard: 'countryCleared', target: 'payment' },
          ],
        },
        payment: {
          tags: ['busy'],
          always: [{ guard: 'needsNewCard', target: 'creatingCard' }, { target: 'submitting' }],
        },
        creatingCard: {
          tags: ['busy'],
          invoke: {
            id: 'createCardPaymentMethod',
            src: 'createCardPaymentMethod',
            onDone: { target: 'submitting', actions: { type: 'assignCard', params: ({ event }) => ({ paymentMethod: event.output }) } },
            onError: { target: 'editing.failed', actions: { type: 'assignCardError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => context.attempt ?? { request: emptyRequest, idempotencyKey: '', newCard: false },
            onDone: {
              target: 'placed',
              actions: [
                'clearCart',
                { type: 'invalidateQueries', params: ({ context }) => ({ newCard: context.attempt?.newCard === true }) },
                'notifyPlaced',
                { type: 'goToSuccess', params: ({ event }) => ({ number: event.output.number }) },
              ],
            },
            onError: { target: 'editing.failed', actions: { type: 'assignOrderError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        placed: { tags: ['placed'], description: 'The page is on its way to the order success page.' },
      },
    },
  },
});
