import { describe, expect, it } from 'vitest';
import {
  addItem,
  calculationRequest,
  canDecrease,
  cartCount,
  cartChanged,
  cartItemOf,
  cartOwnerOf,
  cartSubtotal,
  CART_STORAGE_KEY,
  EMPTY_STORED_CART,
  isQuantity,
  lineCalculation,
  NO_CART_OWNER,
  parseQuantityInput,
  parseStoredCart,
  quantityDigits,
  quantityOnBlur,
  removeItem,
  serializeCart,
  setQuantity,
  standingQuantity,
  summaryLine,
  summaryTotals,
  type CartItem,
} from '../../src/model/orders/cart';
import type { Calculation } from '../../src/model/orders/pricing';
import type { Product } from '../../src/model/orders/product';
import { createCartStorage, type CartStorageArea } from '../../src/services/orders/cart-storage';
import { newCheckoutKey, type RandomSource } from '../../src/services/orders/idempotency-key';

const combo: Product = {
  id: 79,
  uid: 'prod-79',
  name: 'Combo Panel',
  description: 'Age and health in one kit',
  sku: 'TRU-Combo',
  price: 550,
};
const bare: Product = { id: '12', uid: 'prod-12', name: 'Bare Kit', description: '  ', sku: 'BARE', price: null };

const comboLine: CartItem = {
  id: '79',
  uid: 'prod-79',
  name: 'Combo Panel',
  subtitle: 'Age and health in one kit',
  price: 550,
  image: '/images/products/tru-combo.svg',
  quantity: 2,
};

describe('quantity input (ordering §5)', () => {
  it('keeps digits only and applies a whole number only above 0', () => {
    expect(quantityDigits('1a2-')).toBe('12');
    expect(parseQuantityInput('12')).toBe(12);
    expect(parseQuantityInput('0012')).toBe(12);
    expect(parseQuantityInput('3x')).toBe(3);
    expect(parseQuantityInput('0')).toBeNull();
    expect(parseQuantityInput('')).toBeNull();
    expect(parseQuantityInput('-')).toBeNull();
    expect(parseQuantityInput('abc')).toBeNull();
    expect(parseQuantityInput('99999999999999999999')).toBeNull();
  });

  it('on blur anything invalid or below 1 becomes 1', () => {
    expect(quantityOnBlur('')).toBe(1);
    expect(quantityOnBlur('0')).toBe(1);
    expect(quantityOnBlur('abc')).toBe(1);
    expect(quantityOnBlur('7')).toBe(7);
  });

  it('minimum 1: the minus button is disabled at 1', () => {
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
  });

  it('a quantity is a safe whole number of at least 1', () => {
    expect([1, 5, 1_000].every(isQuantity)).toBe(true);
    expect([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', null].some(isQuantity)).toBe(false);
  });
});

describe('cart items (ordering §3)', () => {
  it('a line carries the product id as a string, uid, name, subtitle, price, image and quantity', () => {
    expect(cartItemOf(combo, 2)).toEqual(comboLine);
    expect(cartItemOf(bare, 1)).toEqual({
      id: '12',
      uid: 'prod-12',
      name: 'Bare Kit',
      subtitle: 'SKU: BARE',
      price: null,
      image: '/images/products/bare.svg',
      quantity: 1,
    });
  });

  it('adding adds a line or adds to its quantity; set and remove touch only their line', () => {
    const one = addItem([], cartItemOf(combo, 2));
    const two = addItem(one, cartItemOf(bare, 1));
    expect(addItem(two, cartItemOf(combo, 3)).map((item) => [item.id, item.quantity])).toEqual([
      ['79', 5],
      ['12', 1],
    ]);
    expect(setQuantity(two, '12', 4).map((item) => item.quantity)).toEqual([2, 4]);
    expect(removeItem(two, '79').map((item) => item.id)).toEqual(['12']);
    expect(cartCount(two)).toBe(3);
  });

  it('subtotal is catalogue price times quantity; a line without a price adds nothing', () => {
    expect(cartSubtotal([comboLine, cartItemOf(bare, 3)])).toBe(1_100);
    expect(cartSubtotal([])).toBe(0);
  });

  it('the calculation request sends each product uid with its quantity, country US and an empty zip by default', () => {
    expect(calculationRequest([comboLine, cartItemOf(bare, 1)])).toEqual({
      country: 'US',
      zipCode: '',
      items: [
        { productId: 'prod-79', quantity: 2 },
        { productId: 'prod-12', quantity: 1 },
      ],
    });
    expect(calculationRequest([comboLine], { country: 'CA', zipCode: 'M5V' })).toMatchObject({ country: 'CA', zipCode: 'M5V' });
  });
});

describe('stored cart (cart-storage, one cart per practice account)', () => {
  const HARBOR = cartOwnerOf({ practiceId: 11, userId: 111 });
  const HARBOR_AS_MANAGER = cartOwnerOf({ practiceId: '11', userId: '112' });
  const inEntry = (entry: unknown, owner = HARBOR) => JSON.stringify({ carts: { [owner]: entry } });

  it('a practice account is its practice and its user; 11 and "11" name the same one; no account is none', () => {
    expect(HARBOR).toBe('11:111');
    expect(cartOwnerOf({ practiceId: '11', userId: '111' })).toBe(HARBOR);
    expect(HARBOR_AS_MANAGER).toBe('11:112');
    expect(cartOwnerOf(null)).toBe(NO_CART_OWNER);
    expect(cartOwnerOf(undefined)).toBe(NO_CART_OWNER);
  });

  it("round-trips items and checkout key in the account's entry and keeps the other accounts' carts", () => {
    const harbor = serializeCart(null, HARBOR, { items: [comboLine], checkoutKey: 'key-1' });
    expect(parseStoredCart(harbor, HARBOR)).toEqual({ items: [comboLine], checkoutKey: 'key-1' });
    expect(parseStoredCart(harbor, HARBOR_AS_MANAGER)).toEqual(EMPTY_STORED_CART);
    const both = serializeCart(harbor, HARBOR_AS_MANAGER, { items: [], checkoutKey: 'key-2' });
    expect(parseStoredCart(both, HARBOR)).toEqual({ items: [comboLine], checkoutKey: 'key-1' });
    expect(parseStoredCart(both, HARBOR_AS_MANAGER)).toEqual({ items: [], checkoutKey: 'key-2' });
    expect(JSON.parse(both)).toEqual({
      carts: { [HARBOR]: { items: [comboLine], checkoutKey: 'key-1' }, [HARBOR_AS_MANAGER]: { items: [], checkoutKey: 'key-2' } },
    });
  });

  it("a change is this account's news only when its own cart changed", () => {
    const before = serializeCart(null, HARBOR, { items: [comboLine], checkoutKey: 'key-1' });
    const otherAccount = serializeCart(before, HARBOR_AS_MANAGER, { items: [comboLine], checkoutKey: 'key-2' });
    expect(cartChanged(before, otherAccount, HARBOR)).toBe(false);
    expect(cartChanged(before, otherAccount, HARBOR_AS_MANAGER)).toBe(true);
    expect(cartChanged(before, null, HARBOR)).toBe(true);
    expect(cartChanged(null, null, HARBOR)).toBe(false);
  });

  it('a missing or unparseable value, or a single cart of an earlier version (no account), reads as an empty cart, without throwing', () => {
    const earlierVersion = JSON.stringify({ items: [comboLine], checkoutKey: 'key-1' });
    for (const raw of [null, undefined, '', '{', 'null', '42', '[]', '{"carts":[]}', '{"carts":"many"}', earlierVersion]) {
      expect(parseStoredCart(raw, HARBOR)).toEqual(EMPTY_STORED_CART);
    }
    for (const entry of [null, 42, { items: 'many' }, { state: { items: [] } }]) {
      expect(parseStoredCart(inEntry(entry), HARBOR)).toEqual(EMPTY_STORED_CART);
    }
    // Writing over an unreadable value starts the carts afresh.
    expect(JSON.parse(serializeCart('{', HARBOR, { items: [], checkoutKey: 'k' }))).toEqual({
      carts: { [HARBOR]: { items: [], checkoutKey: 'k' } },
    });
  });

  it('reads leniently: a numeric id becomes a string, optional fields get defaults, broken and repeated lines are left out', () => {
    const raw = inEntry({
      items: [
        { id: 79, uid: 'prod-79', name: 'Combo Panel', quantity: 2 },
        { id: '1', uid: 'prod-1', name: 'Age Test', quantity: 0 },
        { id: '2', name: 'No uid', quantity: 1 },
        { id: '79', uid: 'prod-79', name: 'Combo again', quantity: 9 },
        'not a line',
      ],
    });
    expect(parseStoredCart(raw, HARBOR)).toEqual({
      items: [{ id: '79', uid: 'prod-79', name: 'Combo Panel', subtitle: '', price: null, image: null, quantity: 2 }],
      checkoutKey: null,
    });
  });

  it('the storage adapter reads and writes under cart-storage and survives a storage that refuses', () => {
    const data = new Map<string, string>();
    const memory: CartStorageArea = {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
    };
    const storage = createCartStorage(
      () => memory,
      () => new EventTarget(),
    );
    storage.write(HARBOR, { items: [comboLine], checkoutKey: 'key-1' });
    expect(JSON.parse(data.get(CART_STORAGE_KEY) ?? 'null')).toEqual({ carts: { [HARBOR]: { items: [comboLine], checkoutKey: 'key-1' } } });
    expect(storage.read(HARBOR)).toEqual({ items: [comboLine], checkoutKey: 'key-1' });
    expect(storage.read(HARBOR_AS_MANAGER)).toEqual(EMPTY_STORED_CART);

    const refusing = createCartStorage(() => {
      throw new Error('SecurityError: storage is disabled');
    });
    expect(refusing.read(HARBOR)).toEqual(EMPTY_STORED_CART);
    expect(() => refusing.write(HARBOR, { items: [comboLine], checkoutKey: 'key-1' })).not.toThrow();
  });

  it('a checkout key is a random version 4 UUID, also where randomUUID is missing (plain HTTP)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newCheckoutKey()).toMatch(uuid);
    const insecure: RandomSource = { getRandomValues: (array) => crypto.getRandomValues(array) };
    const keys = new Set(Array.from({ length: 20 }, () => newCheckoutKey(insecure)));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});

describe('order summary (ordering §2)', () => {
  const calculation: Calculation = {
    total: 1_025,
    discount: 75,
    shippingPrice: 0,
    items: [
      {
        productId: 'prod-79',
        pricePerItem: 512.5,
        quantity: 2,
        discount: { Type: 2, Name: 'Silver', NextTier: { MissingQuantity: 3, Discount: 50, Name: 'Gold' } },
      },
    ],
  };

  it('a line shows the price per item of the last calculation, else the catalogue price', () => {
    expect(summaryLine(comboLine, calculation)).toMatchObject({ unitPrice: 512.5, lineTotal: 1_025 });
    expect(summaryLine(comboLine, null)).toMatchObject({ unitPrice: 550, lineTotal: 1_100, calculated: undefined });
    expect(summaryLine(cartItemOf(bare, 2), null)).toMatchObject({ unitPrice: null, lineTotal: null });
    expect(lineCalculation(calculation, 'prod-79')?.pricePerItem).toBe(512.5);
    const numericIds = { ...calculation, items: calculation.items.map((item) => ({ ...item, productId: 79 })) };
    expect(lineCalculation(numericIds, '79')?.pricePerItem).toBe(512.5);
  });

  it('totals: subtotal from the catalogue prices; discount, shipping and total from the calculation, else none, 0 and the subtotal', () => {
    expect(summaryTotals([comboLine], calculation)).toEqual({ subtotal: 1_100, discount: 75, shipping: 0, total: 1_025 });
    expect(summaryTotals([comboLine], null)).toEqual({ subtotal: 1_100, discount: 0, shipping: 0, total: 1_100 });
  });

  it('a tier standing counts the quantity the calculation priced, else the cart quantity', () => {
    expect(standingQuantity(summaryLine({ ...comboLine, quantity: 4 }, calculation))).toBe(2);
    expect(standingQuantity(summaryLine({ ...comboLine, quantity: 4 }, null))).toBe(4);
  });
});
