import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { calculationRequest, cartItemOf, cartOwnerOf, CART_STORAGE_KEY, type CartItem, type StoredCart } from '../../src/model/orders/cart';
import { CalculationRequestSchema, CalculationSchema, type Calculation, type CalculationRequest } from '../../src/model/orders/pricing';
import type { Product } from '../../src/model/orders/product';
import { cartMachine, type CartContext, type CartEvent } from '../../src/machines/orders/cart.machine';
import {
  selectCalculating,
  selectCalculation,
  selectCanCheckout,
  selectCartCount,
  selectCartItems,
  selectCheckoutKey,
  selectLineCalculation,
  selectSubtotal,
} from '../../src/machines/orders/cart.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { createCartStorage } from '../../src/services/orders/cart-storage';
import { describePaths, recordTransitions, type PathTestOptions } from '../support/path-tests';

const combo: Product = { id: 79, uid: 'prod-79', name: 'Combo Panel', description: 'Age and health', sku: 'COMBO', price: 550 };
const ageTest: Product = { id: 1, uid: 'prod-1', name: 'Age Test', description: null, sku: 'AGE', price: 375 };

const line = cartItemOf;

/** Two accounts of one person: Harbor as a provider and Summit (practice 12, user 121). */
const HARBOR = cartOwnerOf({ practiceId: 11, userId: 111 });
const SUMMIT = cartOwnerOf({ practiceId: 12, userId: 121 });

const priced: Calculation = {
  total: 1_400,
  discount: 75,
  shippingPrice: 0,
  items: [{ productId: 'prod-79', pricePerItem: 512.5, quantity: 2, discount: null }],
};
const calculationFailure = new ApiError('Failed to calculate order price', 'http', 500);

/** Keys named after the content, so the graph the planner sees is the one the actor walks. */
const keyOf = (items: readonly CartItem[]) => `key:${items.map((item) => `${item.id}x${item.quantity}`).join(',')}`;

/** What this tab wrote to storage, in order. */
const writes: { items: CartItem[]; checkoutKey: string }[] = [];
const effects = {
  persist: ({ context }: { context: CartContext }) => void writes.push({ items: context.items, checkoutKey: context.checkoutKey }),
  reportWatchFailure: vi.fn(),
};

const otherTab: StoredCart = { items: [line(ageTest, 4)], checkoutKey: 'key-of-the-other-tab' };
const clearedElsewhere: StoredCart = { items: [], checkoutKey: null };

const has = (context: CartContext, product: Product) => context.items.find((item) => item.uid === product.uid);
const isSync = (event: AnyEventObject): event is Extract<CartEvent, { type: 'cart.sync' }> => event.type === 'cart.sync';
const isChange = (event: AnyEventObject) => ['cart.add', 'cart.setQuantity', 'cart.remove', 'cart.clear', 'cart.sync'].includes(event.type);

beforeEach(() => {
  writes.length = 0;
  vi.clearAllMocks();
});

const pathOptions: Omit<PathTestOptions<typeof cartMachine>, 'input' | 'name'> = {
  events: {
    // Bounded samples keep the graph finite: each product is added once, the combo once more up to 3.
    'cart.add': ({ context }) => [
      ...(has(context, combo) ? [] : [{ type: 'cart.add' as const, product: combo, quantity: 2 }]),
      ...((has(context, combo)?.quantity ?? 3) < 3 ? [{ type: 'cart.add' as const, product: combo, quantity: 1 }] : []),
      ...(has(context, ageTest) ? [] : [{ type: 'cart.add' as const, product: ageTest, quantity: 1 }]),
    ],
    'cart.setQuantity': ({ context }) =>
      context.items.filter((item) => item.quantity !== 5).map((item) => ({ type: 'cart.setQuantity' as const, id: item.id, quantity: 5 })),
    'cart.remove': ({ context }) => context.items.map((item) => ({ type: 'cart.remove' as const, id: item.id })),
    'cart.locate': [{ type: 'cart.locate', country: 'CA', zipCode: 'M5V 2T6' }],
    'cart.sync': [
      { type: 'cart.sync', cart: otherTab },
      { type: 'cart.sync', cart: clearedElsewhere },
    ],
  },
  invokes: {
    calculatePrice: { outputs: [priced], errors: [calculationFailure] },
    otherTabs: { errors: [new Error('storage events are not available')] },
  },
  provide: { actions: { ...effects, renewCheckoutKey: assign({ checkoutKey: ({ context }) => keyOf(context.items) }) } },
  strategy: 'transitions',
  check: { context: true, tags: true },
  afterPath: ({ snapshot, path, invocations }) => {
    const { context } = snapshot;
    const steps = path.steps.slice(1);
    const requests = invocations.filter((invocation) => invocation.src === 'calculatePrice');

    // One request per change that leaves something to price, each for the cart as it was then; an empty cart sends nothing.
    const repricings = path.steps.filter((step) => step.transitions.some((key) => key.endsWith('→ cart.calculating'))).length;
    expect(requests).toHaveLength(repricings);
    for (const { input } of requests) expect(v.parse(CalculationRequestSchema, input).items.length).toBeGreaterThan(0);
    if (snapshot.hasTag('calculating')) expect(requests.at(-1)?.input).toEqual(calculationRequest(context.items, context));

    // The applied answer is the last one that arrived; a failure keeps it; emptying the cart forgets it.
    let expected: Calculation | null = null;
    for (const step of path.steps) {
      if (step.event.type === 'xstate.done.actor.calculate') expected = v.parse(CalculationSchema, step.event.output);
      if (step.transitions.some((key) => key.startsWith('cart.pricing (always) #1'))) expected = null;
    }
    expect(selectCalculation(snapshot)).toEqual(expected);

    // Changes made here are in storage exactly as in the context; a change from another tab is adopted as stored.
    const lastChange = steps.filter((step) => isChange(step.event)).at(-1);
    if (lastChange && isSync(lastChange.event)) {
      const stored = lastChange.event.cart;
      expect(context.items).toEqual(stored.items);
      expect(context.checkoutKey).toBe(stored.checkoutKey ?? keyOf(stored.items));
    } else if (writes.length > 0) {
      expect(writes.at(-1)).toEqual({ items: context.items, checkoutKey: context.checkoutKey });
    }
    expect(context.items.every((item) => Number.isSafeInteger(item.quantity) && item.quantity >= 1)).toBe(true);
    expect(selectCheckoutKey(snapshot)).not.toBe('');
    expect(selectCanCheckout(snapshot)).toBe(!selectCalculating(snapshot) && context.items.length > 0);
    expect(effects.reportWatchFailure).toHaveBeenCalledTimes(
      steps.filter((step) => step.event.type === 'xstate.error.actor.otherTabs').length,
    );
  },
};

// One plan per stored cart, each walking every transition: a restored cart prices itself before any change.
const STARTS: Record<string, StoredCart> = {
  'an empty stored cart': { items: [], checkoutKey: 'stored-key' },
  'a stored cart': { items: [line(combo, 2)], checkoutKey: 'stored-key' },
  'a stored cart without a key': { items: [line(ageTest, 1)], checkoutKey: null },
};
for (const [start, input] of Object.entries(STARTS)) {
  describePaths(cartMachine, {
    ...pathOptions,
    name: `cart (ordering §3, §4) from ${start}: every change is persisted and priced, only the latest answer counts`,
    input: { ...input, owner: HARBOR },
  });
}

// Every path through quantity changes alone, so that each order of answers and failures is walked.
describePaths(cartMachine, {
  ...pathOptions,
  name: 'cart (ordering §4, §8) changing one quantity: a failed price keeps the previous one, a newer change wins',
  input: { items: [line(combo, 2)], checkoutKey: 'stored-key', owner: HARBOR },
  events: {
    'cart.setQuantity': ({ context }) =>
      context.items.map((item) => ({ type: 'cart.setQuantity' as const, id: item.id, quantity: item.quantity === 2 ? 3 : 2 })),
    'cart.add': [],
    'cart.remove': [],
    'cart.clear': [],
    'cart.locate': [],
    'cart.sync': [],
  },
  invokes: { calculatePrice: { outputs: [priced], errors: [calculationFailure] }, otherTabs: { errors: [] } },
  strategy: 'edges',
});

const inspect = recordTransitions();

/** A calculation the test answers itself, in any order, remembering each request's signal. */
interface ScriptedCall {
  input: CalculationRequest;
  signal: AbortSignal;
  resolve: (answer: Calculation) => void;
  reject: (error: unknown) => void;
}

const answer = (total: number): Calculation => ({ total, discount: 0, shippingPrice: 0, items: [] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function startCart(stored: StoredCart = { items: [], checkoutKey: 'k0' }) {
  const calls: ScriptedCall[] = [];
  let key = 0;
  const machine = cartMachine.provide({
    actors: {
      calculatePrice: fromPromise<Calculation, CalculationRequest>(
        ({ input, signal }) => new Promise((resolve, reject) => void calls.push({ input, signal, resolve, reject })),
      ),
      watchOtherTabs: fromCallback<CartEvent, { owner: string }>(() => () => undefined),
    },
    actions: {
      reportWatchFailure: () => undefined,
      persist: () => undefined,
      renewCheckoutKey: assign({ checkoutKey: () => `k${++key}` }),
    },
  });
  return { actor: createActor(machine, { input: { ...stored, owner: HARBOR }, inspect }).start(), calls };
}

describe('the cart while answers arrive out of order (ordering §4)', () => {
  it('sends one request per change, aborts the older ones and applies only the answer to the latest', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.add', product: combo, quantity: 1 });
    actor.send({ type: 'cart.add', product: ageTest, quantity: 2 });
    actor.send({ type: 'cart.setQuantity', id: '79', quantity: 3 });
    expect(calls).toHaveLength(3);
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, true, false]);
    expect(calls[2]?.input).toEqual({
      country: 'US',
      zipCode: '',
      items: [
        { productId: 'prod-79', quantity: 3 },
        { productId: 'prod-1', quantity: 2 },
      ],
    });

    calls[2]?.resolve(answer(3));
    calls[0]?.resolve(answer(1));
    calls[1]?.resolve(answer(2));
    await settle();
    expect(selectCalculation(actor.getSnapshot())?.total).toBe(3);
    expect(selectCalculating(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('a failed calculation keeps the previous price and its lines, and stops calculating', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.add', product: combo, quantity: 1 });
    calls[0]?.resolve({ ...priced, total: 550 });
    await settle();
    expect(selectLineCalculation(actor.getSnapshot(), 'prod-79')?.pricePerItem).toBe(512.5);
    expect(selectLineCalculation(actor.getSnapshot(), 'prod-1')).toBeUndefined();
    actor.send({ type: 'cart.setQuantity', id: '79', quantity: 2 });
    expect(selectCanCheckout(actor.getSnapshot())).toBe(false);
    calls[1]?.reject(calculationFailure);
    await settle();
    expect(selectCalculation(actor.getSnapshot())?.total).toBe(550);
    expect(selectLineCalculation(actor.getSnapshot(), 'prod-79')?.pricePerItem).toBe(512.5);
    expect(selectCanCheckout(actor.getSnapshot())).toBe(true);
    expect(selectCartCount(actor.getSnapshot())).toBe(2);
    actor.stop();
  });

  it('the shipping country or zip code reprices with the new location; the same location again sends nothing', () => {
    const { actor, calls } = startCart({ items: [line(combo, 1)], checkoutKey: 'k0' });
    actor.send({ type: 'cart.locate', country: 'CA', zipCode: 'M5V' });
    actor.send({ type: 'cart.locate', country: 'CA', zipCode: 'M5V' });
    expect(calls.map((call) => [call.input.country, call.input.zipCode])).toEqual([
      ['US', ''],
      ['CA', 'M5V'],
    ]);
    expect(selectCheckoutKey(actor.getSnapshot())).toBe('k0');
    actor.stop();
  });
});

describe('the cart refuses what is not a change or not a quantity (ordering §5)', () => {
  it('quantities that are not whole numbers of at least 1 never enter, and send nothing', () => {
    const { actor, calls } = startCart();
    for (const quantity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) actor.send({ type: 'cart.add', product: combo, quantity });
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'cart.add', product: combo, quantity: 2 });
    for (const quantity of [0, -3, 2.5, 2]) actor.send({ type: 'cart.setQuantity', id: '79', quantity });
    actor.send({ type: 'cart.setQuantity', id: 'not-in-cart', quantity: 4 });
    actor.send({ type: 'cart.remove', id: 'not-in-cart' });
    expect(selectCartItems(actor.getSnapshot())).toEqual([line(combo, 2)]);
    expect([selectCartCount(actor.getSnapshot()), selectSubtotal(actor.getSnapshot())]).toEqual([2, 1_100]);
    expect(calls).toHaveLength(1);
    actor.stop();
  });

  it('a new checkout key for every change of the items or clearing, none for a location change', () => {
    const { actor } = startCart({ items: [], checkoutKey: 'k0' });
    const keys = [selectCheckoutKey(actor.getSnapshot())];
    actor.send({ type: 'cart.add', product: combo, quantity: 1 });
    keys.push(selectCheckoutKey(actor.getSnapshot()));
    actor.send({ type: 'cart.locate', country: 'CA', zipCode: '' });
    keys.push(selectCheckoutKey(actor.getSnapshot()));
    actor.send({ type: 'cart.clear' });
    keys.push(selectCheckoutKey(actor.getSnapshot()));
    expect(keys).toEqual(['k0', 'k1', 'k1', 'k2']);
    actor.stop();
  });
});

describe('the cart with the real browser storage (ordering §3: cart-storage, one cart per practice account)', () => {
  const stubCalculation = fromPromise<Calculation, CalculationRequest>(() => Promise.resolve(answer(0)));
  const machine = cartMachine.provide({ actors: { calculatePrice: stubCalculation } });
  const storage = createCartStorage(() => localStorage);
  const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;
  const start = (owner: string) => createActor(machine, { input: { ...storage.read(owner), owner }, inspect }).start();

  beforeEach(() => localStorage.clear());

  it("persists items and checkout key in the account's entry of cart-storage, and a new cart (a reload) reads them back", () => {
    const first = start(HARBOR);
    first.send({ type: 'cart.add', product: combo, quantity: 2 });
    const key = selectCheckoutKey(first.getSnapshot());
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stored()).toEqual({ carts: { [HARBOR]: { items: [line(combo, 2)], checkoutKey: key } } });
    first.stop();

    const reloaded = start(HARBOR);
    expect(selectCartItems(reloaded.getSnapshot())).toEqual([line(combo, 2)]);
    expect(selectCheckoutKey(reloaded.getSnapshot())).toBe(key);
    reloaded.stop();
  });

  it("another practice account starts with its own empty cart, and each keeps its own through the other's changes", () => {
    const harbor = start(HARBOR);
    harbor.send({ type: 'cart.add', product: combo, quantity: 2 });
    harbor.stop();

    // Switching practice reloads the page: the cart then is Summit's, and Harbor's waits for Harbor.
    const summit = start(SUMMIT);
    expect(selectCartItems(summit.getSnapshot())).toEqual([]);
    summit.send({ type: 'cart.add', product: ageTest, quantity: 1 });
    summit.send({ type: 'cart.clear' });
    summit.send({ type: 'cart.add', product: ageTest, quantity: 4 });
    summit.stop();

    expect(selectCartItems(start(HARBOR).getSnapshot())).toEqual([line(combo, 2)]);
    expect(selectCartItems(start(SUMMIT).getSnapshot())).toEqual([line(ageTest, 4)]);
    expect(Object.keys((stored() as { carts: object }).carts).sort()).toEqual([HARBOR, SUMMIT].sort());
  });

  it("a cart stored by an earlier version names no account, so no account's cart is taken from it", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [line(combo, 2)], checkoutKey: 'old' }));
    const actor = start(HARBOR);
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'cart.add', product: ageTest, quantity: 1 });
    expect(stored()).toEqual({ carts: { [HARBOR]: { items: [line(ageTest, 1)], checkoutKey: selectCheckoutKey(actor.getSnapshot()) } } });
    actor.stop();
  });

  it("follows another tab's change of this account's cart through the storage event, not another account's, and an unreadable value empties the cart without throwing", () => {
    const actor = createActor(machine, { input: { items: [line(combo, 1)], checkoutKey: 'mine', owner: HARBOR }, inspect }).start();
    const harborCart = JSON.stringify({ carts: { [HARBOR]: { items: [line(ageTest, 3)], checkoutKey: 'theirs' } } });
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: harborCart, storageArea: localStorage }));
    expect(selectCartItems(actor.getSnapshot())).toEqual([line(ageTest, 3)]);
    expect(selectCheckoutKey(actor.getSnapshot())).toBe('theirs');

    // A tab signed in to Summit fills Summit's cart: Harbor's stays as it is.
    const summitToo = JSON.stringify({
      carts: {
        [HARBOR]: { items: [line(ageTest, 3)], checkoutKey: 'theirs' },
        [SUMMIT]: { items: [line(combo, 9)], checkoutKey: 'summit' },
      },
    });
    window.dispatchEvent(
      new StorageEvent('storage', { key: CART_STORAGE_KEY, oldValue: harborCart, newValue: summitToo, storageArea: localStorage }),
    );
    expect(selectCartItems(actor.getSnapshot())).toEqual([line(ageTest, 3)]);

    window.dispatchEvent(new StorageEvent('storage', { key: 'another-key', newValue: '{}', storageArea: localStorage }));
    expect(selectCartItems(actor.getSnapshot())).toEqual([line(ageTest, 3)]);

    window.dispatchEvent(
      new StorageEvent('storage', { key: CART_STORAGE_KEY, oldValue: summitToo, newValue: '{not json', storageArea: localStorage }),
    );
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectCartItems(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});
