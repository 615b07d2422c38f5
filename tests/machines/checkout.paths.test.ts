import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FulfilmentType } from '../../src/model/enums';
import { ErrorText } from '../../src/model/messages';
import type { CheckoutForm } from '../../src/model/orders/checkout';
import { ShipTo, type Order, type OrderRequest } from '../../src/model/orders/order';
import { CheckoutValidationText, OrderingFailureText } from '../../src/model/orders/texts';
import type { CheckoutInput, CheckoutTerms } from '../../src/machines/orders/checkout-attempt';
import { checkoutMachine } from '../../src/machines/orders/checkout.machine';
import { selectCheckout } from '../../src/machines/orders/checkout.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';
import { cartOf, CHECKOUT_KEY as KEY, line, otherAddress, practiceAddress } from './checkout-fixtures';

const physical: OrderRequest = {
  customerInformation: null,
  shippingInformation: { country: 'US', state: 'ME', city: 'Portland', zipCode: '04101', addressLine1: '12 Harbor Way', addressLine2: '' },
  items: [{ productId: 'prd-age', quantity: 3 }],
  paymentMethod: 'pm_saved',
  fulfillment: FulfilmentType.Physical,
  shipTo: ShipTo.Clinic,
};
const digital: OrderRequest = { ...physical, shippingInformation: null, paymentMethod: null, fulfillment: FulfilmentType.Digital };

const terms: CheckoutTerms = { fulfillment: FulfilmentType.Physical, practiceAddress, paysByCard: true, isDTC: false };
const digitalTerms: CheckoutTerms = { ...terms, fulfillment: FulfilmentType.Digital };
/** A practice without an address: the form starts with no country to check. */
const noAddress: CheckoutTerms = { ...terms, practiceAddress: null };

const savedCard: Partial<CheckoutForm> = { isShipToPractice: true, paymentMode: 'saved', cardId: 'pm_saved' };
const newCard: Partial<CheckoutForm> = { paymentMode: 'new', cardId: null };
const submit = (values: Partial<CheckoutForm>) => ({ type: 'checkout.submit' as const, values });
const locate = (values: Partial<CheckoutForm>) => ({ type: 'checkout.locate' as const, values });

const placedOrder = { uid: 'ord-1', number: 'A-1001' } as Partial<Order>;
const serverMessage = new ApiError('Card declined by issuer', 'http', 500);
const bareServerError = new ApiError(ErrorText.server, 'http', 500);

const effects = {
  clearCart: vi.fn(),
  locateCart: vi.fn(),
  invalidateQueries: vi.fn(),
  notifyPlaced: vi.fn(),
  goToSuccess: vi.fn(),
  logCountryCheckFailure: vi.fn(),
  logCartLocationFailure: vi.fn(),
};

const inspect = recordTransitions();
const start = (input: CheckoutInput, machine = checkoutMachine.provide({ actions: effects })) =>
  createActor(machine, { input, inspect }).start();

beforeEach(() => vi.clearAllMocks());

describePaths(checkoutMachine, {
  name: 'checkout (ordering §4, §5): every path from the form to the placed order',
  // A physical order paid with a saved card, a digital one paid with a new card, and one with no items.
  inputs: {
    physical: { cart: cartOf([line]), ...terms },
    digital: { cart: cartOf([line]), ...digitalTerms },
    empty: { cart: cartOf([]), ...terms },
  },
  events: {
    // Another address whose country is not chosen yet, the practice again, and another zip code in the same country.
    'checkout.locate': [
      locate({ isShipToPractice: false, country: '', zipCode: '' }),
      locate({ isShipToPractice: true }),
      locate({ isShipToPractice: false, country: 'US', zipCode: '02110' }),
    ],
    'checkout.submit': ({ context }) => [submit(context.terms.fulfillment === FulfilmentType.Digital ? newCard : savedCard)],
  },
  invokes: {
    validateCountry: { outputs: [true, false], errors: [new ApiError(ErrorText.network, 'network', null)] },
    createCardPaymentMethod: { outputs: ['pm_new'], errors: [new Error('Your card was declined.')] },
    placeOrder: { outputs: [placedOrder], errors: [serverMessage, bareServerError] },
    restoreCartLocation: { errors: [new Error('the cart is gone')] },
  },
  provide: { actions: effects },
  // What identifies a state: where each region is, where the order ships, which attempt is under way and what is shown.
  stateKey: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.location,
      snapshot.context.attempt?.request.fulfillment ?? null,
      snapshot.context.attempt?.newCard ?? null,
      snapshot.context.error,
    ]),
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations }) => {
    const view = selectCheckout(snapshot);
    const placed = view.placed;
    // The country is asked about as the order or the form names it, never for a digital order.
    for (const call of invocations.filter((each) => each.src === 'validateCountry'))
      expect(call.input).toEqual({ countryCode: 'US', isDTC: false });
    // An order without items is refused before anything is sent, with the model's own words.
    for (const call of invocations.filter((each) => each.src === 'placeOrder')) {
      expect(call.input).toMatchObject({ idempotencyKey: KEY });
      const { request, newCard } = call.input as { request: OrderRequest; newCard: boolean };
      // A new card's payment method is the one just created; a saved card's is the one chosen.
      expect(request).toEqual(newCard ? { ...digital, paymentMethod: 'pm_new' } : physical);
    }
    // Success clears the cart, refreshes the orders, says so and goes to the success page, each once.
    for (const effect of [effects.clearCart, effects.invalidateQueries, effects.notifyPlaced])
      expect(effect).toHaveBeenCalledTimes(placed ? 1 : 0);
    expect(effects.goToSuccess).toHaveBeenCalledTimes(placed ? 1 : 0);
    if (placed) expect(effects.goToSuccess.mock.calls[0]?.[1]).toEqual({ number: 'A-1001' });
    if (view.error !== null) {
      expect([
        CheckoutValidationText.itemsRequired,
        'Your card was declined.',
        'Card declined by issuer',
        OrderingFailureText.checkoutFallback,
      ]).toContain(view.error);
      expect(snapshot.matches({ order: { editing: 'failed' } })).toBe(true);
    }
    // Place Order is offered only while the form is editable and the country is not refused.
    expect(view.canSubmit).toBe(snapshot.matches({ order: 'editing' }) && !snapshot.matches({ country: 'refused' }));
    expect(view.busy).toBe(!snapshot.matches({ order: 'editing' }) && !placed);
  },
});

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('checkout while the order is being placed (ordering §4)', () => {
  it('a second Place Order (a double click) sends no second check and no second order', async () => {
    const countryCalls: unknown[] = [];
    const orderCalls: unknown[] = [];
    const answer = deferred<Order>();
    const machine = checkoutMachine.provide({
      actions: effects,
      actors: {
        validateCountry: fromPromise(({ input }) => (countryCalls.push(input), Promise.resolve(true))),
        placeOrder: fromPromise(({ input }) => (orderCalls.push(input), answer.promise)),
      },
    });
    const actor = start({ cart: cartOf([line]), ...noAddress }, machine);
    actor.send(submit(otherAddress));
    actor.send(submit(otherAddress));
    await vi.waitFor(() => expect(orderCalls).toHaveLength(1));
    actor.send(submit(otherAddress));
    expect(selectCheckout(actor.getSnapshot()).busy).toBe(true);
    answer.resolve({ ...placedOrder } as Order);
    await vi.waitFor(() => expect(selectCheckout(actor.getSnapshot()).placed).toBe(true));
    expect(countryCalls).toHaveLength(1);
    expect(orderCalls).toHaveLength(1);
    actor.stop();
  });

  it('a refused country at submit sends no order and leaves Place Order disabled until the country changes', async () => {
    const orderCalls: unknown[] = [];
    let shippable = false;
    const machine = checkoutMachine.provide({
      actions: effects,
      actors: {
        validateCountry: fromPromise(() => Promise.resolve(shippable)),
        placeOrder: fromPromise(({ input }) => (orderCalls.push(input), new Promise<Order>(() => undefined))),
      },
    });
    const actor = start({ cart: cartOf([line]), ...noAddress }, machine);
    actor.send(submit(otherAddress));
    await vi.waitFor(() => expect(selectCheckout(actor.getSnapshot()).countryRefused).toBe(true));
    expect(selectCheckout(actor.getSnapshot())).toMatchObject({ canSubmit: false, busy: false, error: null });
    shippable = true;
    actor.send(locate({ isShipToPractice: false, country: 'CA', zipCode: 'M5V 2T6' }));
    await vi.waitFor(() => expect(selectCheckout(actor.getSnapshot()).canSubmit).toBe(true));
    expect(orderCalls).toEqual([]);
    actor.stop();
  });

  it('a country chosen while the previous one is being checked is the one whose answer counts', async () => {
    const answers = new Map([
      ['BR', deferred<boolean>()],
      ['US', deferred<boolean>()],
    ]);
    const asked: string[] = [];
    const machine = checkoutMachine.provide({
      actions: effects,
      actors: {
        validateCountry: fromPromise(({ input }) => {
          asked.push(input.countryCode);
          return answers.get(input.countryCode)?.promise ?? Promise.resolve(true);
        }),
      },
    });
    const actor = start({ cart: cartOf([line]), ...noAddress }, machine);
    actor.send(locate({ isShipToPractice: false, country: 'BR', zipCode: '' }));
    actor.send(locate({ isShipToPractice: false, country: 'US', zipCode: '' }));
    answers.get('US')?.resolve(true);
    answers.get('BR')?.resolve(false);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ country: 'shippable' })).toBe(true));
    await Promise.resolve();
    expect(asked).toEqual(['BR', 'US']);
    expect(selectCheckout(actor.getSnapshot())).toMatchObject({ countryRefused: false, canSubmit: true });
    actor.stop();
  });

  it('a failed check is only logged: the order goes out', async () => {
    const orderCalls: unknown[] = [];
    const machine = checkoutMachine.provide({
      actions: effects,
      actors: {
        validateCountry: fromPromise(() => Promise.reject(new ApiError(ErrorText.server, 'http', 500))),
        placeOrder: fromPromise(({ input }) => (orderCalls.push(input), new Promise<Order>(() => undefined))),
      },
    });
    const actor = start({ cart: cartOf([line]), ...noAddress }, machine);
    actor.send(submit(otherAddress));
    await vi.waitFor(() => expect(orderCalls).toHaveLength(1));
    expect(effects.logCountryCheckFailure).toHaveBeenCalledTimes(1);
    expect(selectCheckout(actor.getSnapshot())).toMatchObject({ countryRefused: false, error: null, busy: true });
    actor.stop();
  });

  it('without the checkout view, the default card step says the card element is missing', async () => {
    const actor = start({ cart: cartOf([line]), ...digitalTerms });
    actor.send(submit(newCard));
    await vi.waitFor(() => expect(selectCheckout(actor.getSnapshot()).error).toBe('Card element not found'));
    actor.stop();
  });
});
