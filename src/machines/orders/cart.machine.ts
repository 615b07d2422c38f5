import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { DEFAULT_COUNTRY } from '../../model/address/address-rules';
import {
  addItem,
  calculationRequest,
  cartItemOf,
  DEFAULT_ZIP_CODE,
  findItem,
  isQuantity,
  removeItem,
  setQuantity,
  type CartItem,
  type CartOwner,
  type StoredCart,
} from '../../model/orders/cart';
import type { Calculation, CalculationRequest } from '../../model/orders/pricing';
import type { Product } from '../../model/orders/product';
import { cartStorage } from '../../services/orders/cart-storage';
import { newCheckoutKey } from '../../services/orders/idempotency-key';
import { afterNextPaint } from '../../services/platform/after-paint';
import { ordersApi } from '../../services/orders/orders.api';

/**
 * The cart (ordering §3 and §4) of one practice account: its items persisted under `cart-storage` in that
 * account's entry and followed across the tabs of that account, and
 * its price, recalculated on every change of items, country or zip code. Each change re-enters `pricing`,
 * which stops the calculation in flight (its request is aborted), so only the answer to the latest
 * request is ever applied. A failed calculation keeps the previous answer and shows nothing (ordering §8).
 */

export interface CartContext {
  /** The practice account the cart was filled in: only its own entry of `cart-storage` is read and written. */
  owner: CartOwner;
  items: CartItem[];
  /** Names this cart content at checkout (the order's Idempotency-Key): fresh whenever the items change. */
  checkoutKey: string;
  country: string;
  zipCode: string;
  /** The last applied answer of POST /Orders/Calculate; null for an empty cart. */
  calculation: Calculation | null;
}

export type CartInput = StoredCart & { owner: CartOwner };

export type CartEvent =
  | { type: 'cart.add'; product: Product; quantity: number }
  | { type: 'cart.setQuantity'; id: string; quantity: number }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.clear' }
  /** The checkout's shipping country or zip code changed. */
  | { type: 'cart.locate'; country: string; zipCode: string }
  /** Another tab changed the stored cart. */
  | { type: 'cart.sync'; cart: StoredCart };

/**
 * The request leaves after the frame that shows the change: sent at once, it was made inside the keystroke or click
 * that changed the cart, and held that frame back (issue 45). A change made meanwhile aborts it before it is sent.
 */
const calculatePrice = fromPromise<Calculation, CalculationRequest>(async ({ input, signal }) => {
  await afterNextPaint();
  signal.throwIfAborted();
  return ordersApi.calculate(input, { signal });
});

const watchOtherTabs = fromCallback<CartEvent, { owner: CartOwner }>(({ sendBack, input }) =>
  cartStorage.subscribe(input.owner, (cart) => sendBack({ type: 'cart.sync', cart })),
);

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: { calculatePrice, watchOtherTabs },
  guards: {
    lacksCheckoutKey: ({ context }) => context.checkoutKey === '',
    isEmpty: ({ context }) => context.items.length === 0,
    /** Ordering §5: a quantity that is not a whole number of at least 1 never enters the cart. */
    validQuantity: (_, params: { quantity: number }) => isQuantity(params.quantity),
    /** Only a change is a change: the same quantity again sends no request. */
    changesQuantity: ({ context }, params: { id: string; quantity: number }) => {
      const line = findItem(context.items, params.id);
      return line !== undefined && isQuantity(params.quantity) && line.quantity !== params.quantity;
    },
    inCart: ({ context }, params: { id: string }) => findItem(context.items, params.id) !== undefined,
    changesLocation: ({ context }, params: { country: string; zipCode: string }) =>
      context.country !== params.country || context.zipCode !== params.zipCode,
  },
  actions: {
    addToCart: assign(({ context }, params: { product: Product; quantity: number }) => ({
      items: addItem(context.items, cartItemOf(params.product, params.quantity)),
    })),
    changeQuantity: assign(({ context }, params: { id: string; quantity: number }) => ({
      items: setQuantity(context.items, params.id, params.quantity),
    })),
    removeFromCart: assign(({ context }, params: { id: string }) => ({ items: removeItem(context.items, params.id) })),
    emptyCart: assign({ items: [] }),
    assignLocation: assign((_, params: { country: string; zipCode: string }) => ({ country: params.country, zipCode: params.zipCode })),
    adoptStoredCart: assign((_, cart: StoredCart) => ({ items: cart.items, checkoutKey: cart.checkoutKey ?? '' })),
    /** Injectable so that tests name the keys; the app draws a random UUID. */
    renewCheckoutKey: assign({ checkoutKey: () => newCheckoutKey() }),
    assignCalculation: assign((_, calculation: Calculation) => ({ calculation })),
    forgetCalculation: assign({ calculation: null }),
    persist: ({ context }) => cartStorage.write(context.owner, { items: context.items, checkoutKey: context.checkoutKey }),
    /** Without other tabs' news this tab keeps its own cart; nothing for the user to act on. */
    reportWatchFailure: (_, params: { error: unknown }) => console.warn('Cannot follow the cart of other tabs', params.error),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    owner: input.owner,
    items: input.items,
    checkoutKey: input.checkoutKey ?? '',
    country: DEFAULT_COUNTRY,
    zipCode: DEFAULT_ZIP_CODE,
    calculation: null,
  }),
  invoke: {
    id: 'otherTabs',
    src: 'watchOtherTabs',
    input: ({ context }) => ({ owner: context.owner }),
    onError: { actions: { type: 'reportWatchFailure', params: ({ event }) => ({ error: event.error }) } },
  },
  on: {
    'cart.add': {
      guard: { type: 'validQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
      target: '.pricing',
      actions: [
        { type: 'addToCart', params: ({ event }) => ({ product: event.product, quantity: event.quantity }) },
        'renewCheckoutKey',
        'persist',
      ],
    },
    'cart.setQuantity': {
      guard: { type: 'changesQuantity', params: ({ event }) => ({ id: event.id, quantity: event.quantity }) },
      target: '.pricing',
      actions: [
        { type: 'changeQuantity', params: ({ event }) => ({ id: event.id, quantity: event.quantity }) },
        'renewCheckoutKey',
        'persist',
      ],
    },
    'cart.remove': {
      guard: { type: 'inCart', params: ({ event }) => ({ id: event.id }) },
      target: '.pricing',
      actions: [{ type: 'removeFromCart', params: ({ event }) => ({ id: event.id }) }, 'renewCheckoutKey', 'persist'],
    },
    'cart.clear': { target: '.pricing', actions: ['emptyCart', 'renewCheckoutKey', 'persist'] },
    'cart.locate': {
      guard: { type: 'changesLocation', params: ({ event }) => ({ country: event.country, zipCode: event.zipCode }) },
      target: '.pricing',
      actions: { type: 'assignLocation', params: ({ event }) => ({ country: event.country, zipCode: event.zipCode }) },
    },
    'cart.sync': { target: '.pricing', actions: { type: 'adoptStoredCart', params: ({ event }) => event.cart } },
  },
  initial: 'pricing',
  states: {
    pricing: {
      description: 'Decides, after every change, whether there is anything to price.',
      always: [
        // A cart stored without a key (or by another version) gets one, shared with the other tabs.
        { guard: 'lacksCheckoutKey', actions: ['renewCheckoutKey', 'persist'] },
        { guard: 'isEmpty', target: 'priced', actions: 'forgetCalculation' },
        { target: 'calculating' },
      ],
    },
    calculating: {
      tags: ['calculating'],
      invoke: {
        id: 'calculate',
        src: 'calculatePrice',
        input: ({ context }) => calculationRequest(context.items, context),
        onDone: { target: 'priced', actions: { type: 'assignCalculation', params: ({ event }) => event.output } },
        // Ordering §8: a failed calculation shows nothing; the previous price stays.
        onError: { target: 'priced' },
      },
    },
    priced: {
      description: 'The last answer (if any) is the price shown; the next change prices the cart again.',
    },
  },
});
