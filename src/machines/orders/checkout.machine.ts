import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { DEFAULT_COUNTRY } from '../../model/address/address-rules';
import { DEFAULT_ZIP_CODE } from '../../model/orders/cart';
import { orderSuccessPath, shippingCountry, type CheckoutForm } from '../../model/orders/checkout';
import { OrderRequestSchema, type GeoShippingRequest, type Order } from '../../model/orders/order';
import { CheckoutValidationText, OrderingSuccessText } from '../../model/orders/texts';
import { firstProblem } from '../../model/validation';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { ordersApi } from '../../services/orders/orders.api';
import { queryClient } from '../../services/http/query-client';
import { orderKeys } from '../../services/orders/queries';
import { paymentKeys } from '../../services/payments/queries';
import {
  attemptOf,
  cardErrorText,
  checkoutErrorText,
  locationOf,
  noAttempt,
  type CartRef,
  type CheckoutAttempt,
  type CheckoutInput,
  type CheckoutTerms,
  type Destination,
} from './checkout-attempt';

/**
 * Checkout (ordering §4 and §5). It is given the cart and the practice's terms, and coordinates them. Two regions:
 * `country` follows where the form says the order ships: it keeps the cart priced there and checks the country
 * with the geo-shipping call on each change (refused blocks; a failed call is only logged). `order` places the
 * order: it builds the request from the form's values, the terms and the cart's lines, checks the country itself
 * and sets the `country` region to the answer, creates the card payment method for a new card, then sends the
 * order with the cart's Idempotency-Key read at that moment, and empties the cart. A second submit while busy is
 * not handled, so a double click sends one order. The form's values live in the view's form and come here only
 * when the delivery changes or the form is submitted.
 */

export interface CheckoutMachineContext {
  cart: CartRef;
  terms: CheckoutTerms;
  /** Where the form says the order ships, as the cart prices it; null for a digital order. */
  location: Destination | null;
  attempt: CheckoutAttempt | null;
  error: string | null;
}

export type CheckoutEvent =
  /** Place Order with the form's values. */
  | { type: 'checkout.submit'; values: Partial<CheckoutForm> }
  /** The delivery choice, the country or the zip code changed: the form's values now. */
  | { type: 'checkout.locate'; values: Partial<CheckoutForm> };

/** The parameters of a `checkout.locate`: where the form now says the order ships. */
const located = ({ context, event }: { context: CheckoutMachineContext; event: CheckoutEvent }) => ({
  to: locationOf(context.terms, event.values),
});

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutMachineContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    validateCountry: fromPromise<boolean, GeoShippingRequest>(({ input, signal }) => ordersApi.validateGeoShipping(input, { signal })),
    // The card boundary provides the card input's; without one there is nothing to create it from.
    createCardPaymentMethod: fromPromise<string>(() => Promise.reject(new Error(CheckoutValidationText.cardElementMissing))),
    placeOrder: fromPromise<Order, CheckoutAttempt>(({ input, signal }) =>
      ordersApi.place(input.request, input.idempotencyKey, { signal }),
    ),
    // Ordering §4: away from the checkout the cart prices for the default country and an empty zip code again.
    restoreCartLocation: fromCallback<EventObject, { cart: CartRef }>(
      ({ input }) =>
        () =>
          input.cart.send({ type: 'cart.locate', country: DEFAULT_COUNTRY, zipCode: DEFAULT_ZIP_CODE }),
    ),
  },
  guards: {
    validSubmit: ({ context }, params: { values: Partial<CheckoutForm> }) =>
      firstProblem(OrderRequestSchema, attemptOf(context, params.values).request) === null,
    /** A valid submit of an order that ships to a country: the country is checked again first. */
    validSubmitToCountry: ({ context }, params: { values: Partial<CheckoutForm> }) => {
      const { request } = attemptOf(context, params.values);
      return firstProblem(OrderRequestSchema, request) === null && shippingCountry(request) !== null;
    },
    shipsNowhere: ({ context }) => context.location === null,
    hasCountry: ({ context }) => (context.location?.country ?? '') !== '',
    movesCountry: ({ context }, params: { to: Destination | null }) =>
      params.to !== null && params.to.country !== (context.location?.country ?? ''),
    /** The country changes to one there is to ask about. */
    movesToCountry: ({ context }, params: { to: Destination | null }) =>
      params.to !== null && params.to.country !== '' && params.to.country !== (context.location?.country ?? ''),
    movesZipCode: ({ context }, params: { to: Destination | null }) =>
      params.to !== null && params.to.zipCode !== (context.location?.zipCode ?? ''),
    shippable: (_, params: { shippable: boolean }) => params.shippable,
    needsNewCard: ({ context }) => context.attempt?.newCard === true,
  },
  actions: {
    assignAttempt: assign(({ context }, params: { values: Partial<CheckoutForm> }) => ({
      attempt: attemptOf(context, params.values),
      error: null,
    })),
    assignProblem: assign(({ context }, params: { values: Partial<CheckoutForm> }) => ({
      error: firstProblem(OrderRequestSchema, attemptOf(context, params.values).request),
    })),
    assignLocation: assign((_, params: { to: Destination | null }) => ({ location: params.to })),
    // Ordering §4: the price follows the shipping country and zip code.
    locateCart: sendTo(
      ({ context }) => context.cart,
      ({ context }) => ({
        type: 'cart.locate' as const,
        country: context.location?.country ?? DEFAULT_COUNTRY,
        zipCode: context.location?.zipCode ?? DEFAULT_ZIP_CODE,
      }),
    ),
    assignCard: assign(({ context }, params: { paymentMethod: string }) => ({
      attempt: context.attempt && { ...context.attempt, request: { ...context.attempt.request, paymentMethod: params.paymentMethod } },
    })),
    assignCardError: assign((_, params: { error: unknown }) => ({ error: cardErrorText(params.error) })),
    assignOrderError: assign(({ context }, params: { error: unknown }) => ({
      error: checkoutErrorText(params.error, context.terms.paysByCard),
    })),
    // Ordering §5: a failed check does not block and shows nothing; the integrator reads why in the console.
    logCountryCheckFailure: (_, params: { error: unknown }) =>
      console.warn('The geo-shipping check failed; the country is not blocked', params.error),
    logCartLocationFailure: (_, params: { error: unknown }) =>
      console.warn('The cart may keep pricing for the checkout’s address', params.error),
    // The cart persists the empty cart with a fresh key, for every tab.
    clearCart: sendTo(({ context }) => context.cart, { type: 'cart.clear' }),
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
  context: ({ input: { cart, ...terms } }) => ({
    cart,
    terms,
    location: locationOf(terms, {}),
    attempt: null,
    error: null,
  }),
  invoke: {
    id: 'cartLocation',
    src: 'restoreCartLocation',
    input: ({ context }) => ({ cart: context.cart }),
    onError: { actions: { type: 'logCartLocationFailure', params: ({ event }) => ({ error: event.error }) } },
  },
  states: {
    country: {
      description: 'Where the order ships: the cart is priced there, and its country is one the lab ships to or not.',
      initial: 'opening',
      on: {
        'checkout.locate': [
          {
            guard: { type: 'movesToCountry', params: located },
            target: '.checking',
            actions: [{ type: 'assignLocation', params: located }, 'locateCart'],
          },
          {
            guard: { type: 'movesCountry', params: located },
            target: '.unchecked',
            actions: [{ type: 'assignLocation', params: located }, 'locateCart'],
          },
          { guard: { type: 'movesZipCode', params: located }, actions: [{ type: 'assignLocation', params: located }, 'locateCart'] },
        ],
      },
      states: {
        opening: {
          description: 'Where the form starts: the practice, for a physical order.',
          always: [
            { guard: 'shipsNowhere', target: 'unchecked' },
            { guard: 'hasCountry', target: 'checking', actions: 'locateCart' },
            { target: 'unchecked', actions: 'locateCart' },
          ],
        },
        unchecked: {},
        checking: {
          tags: ['checkingCountry'],
          invoke: {
            id: 'validateCountry',
            src: 'validateCountry',
            input: ({ context }) => ({ countryCode: context.location?.country ?? '', isDTC: context.terms.isDTC }),
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
                guard: { type: 'validSubmitToCountry', params: ({ event }) => ({ values: event.values }) },
                target: 'validatingCountry',
                actions: { type: 'assignAttempt', params: ({ event }) => ({ values: event.values }) },
              },
              {
                guard: { type: 'validSubmit', params: ({ event }) => ({ values: event.values }) },
                target: 'payment',
                actions: { type: 'assignAttempt', params: ({ event }) => ({ values: event.values }) },
              },
              { target: '.failed', actions: { type: 'assignProblem', params: ({ event }) => ({ values: event.values }) } },
            ],
          },
          states: {
            idle: {},
            failed: { description: 'The message is shown; the form keeps every value and may be sent again.' },
          },
        },
        validatingCountry: {
          tags: ['busy'],
          description: 'Checks the country this order ships to, and puts the country region where the answer says.',
          invoke: {
            id: 'validateOrderCountry',
            src: 'validateCountry',
            input: ({ context }) => ({
              countryCode: shippingCountry((context.attempt ?? noAttempt).request) ?? '',
              isDTC: context.terms.isDTC,
            }),
            onDone: [
              {
                guard: { type: 'shippable', params: ({ event }) => ({ shippable: event.output }) },
                target: ['#checkout.order.payment', '#checkout.country.shippable'],
              },
              { target: ['#checkout.order.editing', '#checkout.country.refused'] },
            ],
            onError: {
              target: ['#checkout.order.payment', '#checkout.country.unverified'],
              actions: { type: 'logCountryCheckFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
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
            input: ({ context }) => context.attempt ?? noAttempt,
            onDone: {
              target: 'placed',
              // The page leaves before the cart empties, so that it never says the cart is empty.
              actions: [
                { type: 'invalidateQueries', params: ({ context }) => ({ newCard: context.attempt?.newCard === true }) },
                'notifyPlaced',
                { type: 'goToSuccess', params: ({ event }) => ({ number: event.output.number }) },
                'clearCart',
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
