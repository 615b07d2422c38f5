import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CartItem } from '../../src/model/orders/cart';
import type { CheckoutForm } from '../../src/model/orders/checkout';
import type { Calculation, CalculationRequest } from '../../src/model/orders/pricing';
import type { Address } from '../../src/model/practice/practice';
import { cartMachine, type CartEvent } from '../../src/machines/orders/cart.machine';

/** What the checkout's tests share: a cart, the practice's address and a customer's. */

export const CHECKOUT_KEY = 'key-3f1c';

export const line: CartItem = { id: '7', uid: 'prd-age', name: 'Age Test', subtitle: '', price: 375, image: null, quantity: 3 };

export const practiceAddress: Address = {
  addressLine1: '12 Harbor Way',
  addressLine2: null,
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  country: 'US',
};

/** Shipping to a customer in the US, paid with a saved card. */
export const otherAddress: Partial<CheckoutForm> = {
  isShipToPractice: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '555-0101',
  addressLine1: '1 Analytical Row',
  city: 'Boston',
  state: 'MA',
  zipCode: '02110',
  country: 'US',
  paymentMode: 'saved',
  cardId: 'pm_saved',
};

/** The cart's effects made inert: its price never arrives, nothing is stored and no other tab is followed. */
export const quietCart = cartMachine.provide({
  actors: {
    calculatePrice: fromPromise<Calculation, CalculationRequest>(() => new Promise(() => undefined)),
    watchOtherTabs: fromCallback<CartEvent, { owner: string }>(() => () => undefined),
  },
  actions: { persist: () => undefined },
});

/** A cart of these lines under the checkout key, not started: the checkout reads it and its events are spied on. */
export function cartOf(items: CartItem[]) {
  return createActor(quietCart, { input: { items, checkoutKey: CHECKOUT_KEY, owner: '1:101' } });
}
