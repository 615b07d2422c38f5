import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FulfilmentType } from '../../src/model/enums';
import type { Order } from '../../src/model/orders/order';
import type { CheckoutTerms } from '../../src/machines/orders/checkout-attempt';
import { checkoutMachine } from '../../src/machines/orders/checkout.machine';
import { selectCheckoutKey } from '../../src/machines/orders/cart.selectors';
import { selectCheckout } from '../../src/machines/orders/checkout.selectors';
import { recordTransitions } from '../support/path-tests';
import { line, otherAddress, practiceAddress, quietCart } from './checkout-fixtures';

/** The checkout and a real cart together (ordering §3 and §4): what the checkout tells the cart, and reads of it. */

const terms: CheckoutTerms = { fulfillment: FulfilmentType.Physical, practiceAddress, paysByCard: true, isDTC: false };
const inspect = recordTransitions();

function checkoutWithCart() {
  const cart = createActor(quietCart, { input: { items: [line], checkoutKey: 'first-key', owner: '1:101' }, inspect }).start();
  const orders: { idempotencyKey: string }[] = [];
  const machine = checkoutMachine.provide({
    actions: { invalidateQueries: () => undefined, notifyPlaced: () => undefined, goToSuccess: () => undefined },
    actors: {
      validateCountry: fromPromise(() => Promise.resolve(true)),
      placeOrder: fromPromise(({ input }) => (orders.push(input), Promise.resolve({ uid: 'ord-1', number: 'A-1001' } as Order))),
    },
  });
  const checkout = createActor(machine, { input: { cart, ...terms }, inspect }).start();
  return { cart, checkout, orders };
}

describe('the checkout and its cart', () => {
  it('prices the cart where the form says the order ships, and for the defaults again once the checkout closes', () => {
    const { cart, checkout } = checkoutWithCart();
    expect(cart.getSnapshot().context).toMatchObject({ country: 'US', zipCode: '04101' });
    checkout.send({ type: 'checkout.locate', values: { isShipToPractice: false, country: 'CA', zipCode: 'M5V 2T6' } });
    expect(cart.getSnapshot().context).toMatchObject({ country: 'CA', zipCode: 'M5V 2T6' });
    checkout.send({ type: 'checkout.locate', values: { isShipToPractice: false, country: 'CA', zipCode: 'H2X 1Y4' } });
    expect(cart.getSnapshot().context).toMatchObject({ country: 'CA', zipCode: 'H2X 1Y4' });
    checkout.stop();
    expect(cart.getSnapshot().context).toMatchObject({ country: 'US', zipCode: '' });
    cart.stop();
  });

  it('sends the key the cart has when Place Order is pressed, and empties the cart once the order is placed', async () => {
    const { cart, checkout, orders } = checkoutWithCart();
    // A quantity changed on the checkout page names another cart content.
    cart.send({ type: 'cart.setQuantity', id: line.id, quantity: 5 });
    const key = selectCheckoutKey(cart.getSnapshot());
    expect(key).not.toBe('first-key');
    checkout.send({ type: 'checkout.submit', values: otherAddress });
    await vi.waitFor(() => expect(selectCheckout(checkout.getSnapshot()).placed).toBe(true));
    expect(orders).toMatchObject([{ idempotencyKey: key, request: { items: [{ productId: line.uid, quantity: 5 }] } }]);
    expect(cart.getSnapshot().context.items).toEqual([]);
    expect(selectCheckoutKey(cart.getSnapshot())).not.toBe(key);
    checkout.stop();
    cart.stop();
  });
});
