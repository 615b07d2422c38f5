import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { UnitType } from '../../src/model/enums';
import { CART_STORAGE_KEY, cartOwnerOf, parseStoredCart, serializeCart, type CartItem } from '../../src/model/orders/cart';
import * as v from 'valibot';
import { CalculationRequestSchema, type Calculation, type CalculationRequest } from '../../src/model/orders/pricing';
import type { Product } from '../../src/model/orders/product';
import { cartMachine } from '../../src/machines/orders/cart.machine';
import { selectCartCount } from '../../src/machines/orders/cart.selectors';
import { browser } from '../../src/services/platform/browser';
import { CartProvider, useCart, useCartSelector, type CartActor } from '../../src/views/orders/cart-provider';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';
import { toStoredSession } from '../../src/model/auth/session';
import { startSession } from '../../src/machines/auth/session.runtime';
import { tokenStore } from '../../src/services/auth/token-store';
import { SessionProvider } from '../../src/views/auth/session';

/** The signed-in account of sessionUser(): its cart is the one the portal shows. */
const SIGNED_IN = cartOwnerOf(practiceAccount());
const cartItem = (id: number, name: string, quantity: number): CartItem => ({
  id: String(id),
  uid: `uid-${id}`,
  name,
  subtitle: '',
  price: 100,
  image: null,
  quantity,
});
const storeCart = (owner: string, items: CartItem[]) =>
  localStorage.setItem(
    CART_STORAGE_KEY,
    serializeCart(localStorage.getItem(CART_STORAGE_KEY), owner, { items, checkoutKey: 'stored-key' }),
  );

// The catalogue is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/catalogue.view');

const product = (id: number, name: string, price: number | null = 100): Product => ({
  id,
  uid: `uid-${id}`,
  name,
  description: `About ${name}`,
  sku: `SKU-${id}`,
  price,
});

/** Deliberately out of the catalogue's order: the client sorts 79, 1, 78, 74, 47, then the rest as sent. */
const UNSORTED = [
  product(47, 'Drug Response'),
  product(5, 'Extra One'),
  product(1, 'Age Test', 375),
  product(79, 'Combo Panel', 550),
  product(78, 'Health Test'),
  product(74, 'Genetic Analysis'),
  product(3, 'Extra Two'),
];

const tiered = (request: CalculationRequest): Calculation => {
  const items = request.items.map(({ productId, quantity }) => ({
    productId,
    quantity,
    pricePerItem: 500,
    discount: { Type: 2, Name: 'Silver', NextTier: { MissingQuantity: 10 - quantity, Discount: 25, Name: 'Gold' } },
  }));
  const count = request.items.reduce((sum, item) => sum + item.quantity, 0);
  return { total: 500 * count, discount: 50 * count, shippingPrice: 0, items };
};

const calculations = (calls: RecordedCall[]) => calls.filter((call) => call.url === '/portalApi/Orders/Calculate');

function catalogue(
  options: { products?: () => Response; calculate?: (call: RecordedCall) => Response | Promise<Response>; unitType?: number } = {},
) {
  return fakePortalApi({
    practice: practiceRecord({ unitType: options.unitType ?? UnitType.HCP }),
    routes: {
      'GET /portalApi/Products': options.products ?? (() => json(UNSORTED)),
      'POST /portalApi/Orders/Calculate': options.calculate ?? ((call) => json(tiered(v.parse(CalculationRequestSchema, call.body)))),
    },
  });
}

/** Kits and array processing, told apart by the sku alone (issue 40 item 5), with skus unlike the reference server's. */
const MIXED = [
  { ...product(79, 'Combo Panel', 550), sku: 'COMBO-79' },
  { ...product(201, 'MSA Processing', 120), sku: 'MSA-201' },
  { ...product(1, 'Age Test', 375), sku: null },
  { ...product(204, 'Methylation Profiling', 185), sku: 'proc_epicv2' },
];

const headings = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

const card = (name: string) => screen.getByRole('article', { name });
const cartItems = () => screen.getByRole('list', { name: 'Cart items' });

describe('the catalogue at /orders/new (ordering §2)', () => {
  it('shows the cards in the catalogue order 79, 1, 78, 74, 47 and then the rest as the server sent them', async () => {
    renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    expect(await screen.findByRole('heading', { name: 'Create New Order' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Combo Panel' });
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Combo Panel',
      'Age Test',
      'Health Test',
      'Genetic Analysis',
      'Drug Response',
      'Extra One',
      'Extra Two',
    ]);
    expect(screen.getByText('Prices shown are the standard tiers (1–9 units)')).toBeTruthy();
    expect(screen.getByText('Free shipping and handling on all domestic orders.')).toBeTruthy();
    expect(within(card('Combo Panel')).getByText('$550.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the Quiz' }).getAttribute('href')).toBe('/orders/quiz');
  });

  it('View tiers opens the drawing of the discount tiers served with the pricing data', async () => {
    const { user } = renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    await user.click(await screen.findByRole('button', { name: 'View tiers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Volume discount tiers' }));
    const drawing = dialog.getByRole('img', { name: 'Volume discount tiers: the quantity each tier starts at and the discount per kit' });
    expect(drawing.getAttribute('src')).toBe('/images/pricing/discount-tiers.svg');
  });

  it('hides every price from a practice that is not HCP; shipping reads Included', async () => {
    const { user } = renderApp({
      path: '/orders/catalog',
      user: sessionUser({ unitType: UnitType.IRC }),
      respond: catalogue({ unitType: UnitType.IRC, products: () => json(MIXED) }),
    });
    expect(await screen.findByRole('heading', { name: 'Product Catalog' })).toBeTruthy();
    await user.click(within(await screen.findByRole('article', { name: 'MSA Processing' })).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(cartItems()).findByText('MSA Processing')).toBeTruthy();
    expect(screen.getByText('Included')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toHaveProperty('disabled', false));
    expect(document.body.textContent).not.toMatch(/\$\d/);
    expect(screen.queryByText('Subtotal')).toBeNull();
    expect(screen.queryByText('Total')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('the quantity takes digits only, applies only above 0, turns invalid into 1 on blur, and minus is disabled at 1', async () => {
    const { user } = renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    const stepper = within(await screen.findByRole('group', { name: 'Quantity of Age Test' }));
    const field = stepper.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
    const minus = stepper.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' });
    expect(field.value).toBe('1');
    expect(minus.disabled).toBe(true);

    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    await user.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    expect(field.value).toBe('3');
    expect(minus.disabled).toBe(false);
    await user.click(minus);
    expect(field.value).toBe('2');

    await user.clear(field);
    await user.type(field, '1x2');
    expect(field.value).toBe('12');
    await user.clear(field);
    await user.type(field, '0');
    expect(field.value).toBe('0');
    // 0 is not applied: the quantity is still 12, so minus stays enabled until the field is left.
    expect(minus.disabled).toBe(false);
    await user.tab();
    expect(field.value).toBe('1');
    expect(minus.disabled).toBe(true);

    await user.clear(field);
    await user.type(field, '4');
    await user.click(within(card('Age Test')).getByRole('button', { name: 'Add to Cart' }));
    const line = within(
      within(await screen.findByRole('list', { name: 'Cart items' })).getByRole('group', { name: 'Quantity of Age Test' }),
    );
    expect(line.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' }).value).toBe('4');
    expect(field.value).toBe('1');
  });

  it('shows a neutral placeholder, never a broken image, when a product image fails to load', async () => {
    renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    const image = within(await screen.findByRole('article', { name: 'Combo Panel' })).getByRole<HTMLImageElement>('img', {
      name: 'Combo Panel',
    });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/images/products/sku-79.svg');
    fireEvent.error(image);
    const placeholder = within(card('Combo Panel')).getByRole('img', { name: 'Combo Panel' });
    expect(placeholder.tagName).not.toBe('IMG');
  });

  it('a failed load says Error loading products with the server message, and Try Again reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user } = renderApp({
      path: '/orders/new',
      user: sessionUser(),
      respond: catalogue({ products: () => json({ message: 'The catalogue is resting', correlationId: 'c-9' }, 503) }),
    });
    expect(await screen.findByText('Error loading products')).toBeTruthy();
    expect(screen.getByText('The catalogue is resting')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an answer outside the contract gives the fallback text Something went wrong while fetching products.', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue({ products: () => json({ products: 'many' }) }) });
    expect(await screen.findByText('Something went wrong while fetching products.')).toBeTruthy();
  });

  it('an empty list says there are no products', async () => {
    renderApp({ path: '/orders/catalog', user: sessionUser(), respond: catalogue({ products: () => json([]) }) });
    expect(await screen.findByText('No products available at the moment.')).toBeTruthy();
  });
});

describe('each unit type its own products (issue 40 item 5)', () => {
  it('offers a clinic its kits only, with the price notice and View tiers', async () => {
    renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue({ products: () => json(MIXED) }) });
    await screen.findByRole('article', { name: 'Combo Panel' });
    expect(headings()).toEqual(['Combo Panel', 'Age Test']);
    expect(screen.getByText('Prices shown are the standard tiers (1–9 units)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View tiers' })).toBeTruthy();
  });

  it('offers an institution its processing only, without the price notice or View tiers', async () => {
    renderApp({
      path: '/orders/new',
      user: sessionUser({ unitType: UnitType.IRC }),
      respond: catalogue({ unitType: UnitType.IRC, products: () => json(MIXED) }),
    });
    await screen.findByRole('article', { name: 'MSA Processing' });
    expect(headings()).toEqual(['MSA Processing', 'Methylation Profiling']);
    expect(screen.queryByText('Prices shown are the standard tiers (1–9 units)')).toBeNull();
    expect(screen.queryByText('Free shipping and handling on all domestic orders.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'View tiers' })).toBeNull();
  });

  it('says there are no products when the service offers none of the unit type’s kind', async () => {
    renderApp({ path: '/orders/new', user: sessionUser({ unitType: UnitType.CPS }), respond: catalogue({ unitType: UnitType.CPS }) });
    expect(await screen.findByText('No products available at the moment.')).toBeTruthy();
  });
});

describe('the cart button of a phone (issue 40 item 7)', () => {
  it('shows the count of kits and the total, and opens the cart in a drawer where it stays editable', async () => {
    const { user } = renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    expect(await screen.findByRole('button', { name: 'View Cart (0 items)' })).toBeTruthy();
    await user.click(within(await screen.findByRole('article', { name: 'Combo Panel' })).getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(card('Age Test')).getByRole('button', { name: 'Add to Cart' }));
    // The tiered calculation prices each kit at $500.00.
    const bar = await screen.findByRole('button', { name: 'View Cart (2 items) $1,000.00' });
    await user.click(bar);
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByRole('heading', { name: 'Cart' })).toBeTruthy();
    const items = drawer.getByRole('list', { name: 'Cart items' });
    await user.click(
      within(within(items).getByRole('group', { name: 'Quantity of Age Test' })).getByRole('button', { name: 'Increase quantity' }),
    );
    expect(await screen.findByRole('button', { name: 'View Cart (3 items) $1,500.00' })).toBeTruthy();
    await waitFor(() => expect(drawer.getByRole('button', { name: 'Proceed to Checkout' })).toHaveProperty('disabled', false));
    await user.click(drawer.getByRole('button', { name: 'Close cart' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'View Cart (3 items) $1,500.00' }).getAttribute('aria-expanded')).toBe('false'),
    );
  });

  it('shows no total where prices are hidden', async () => {
    const { user } = renderApp({
      path: '/orders/new',
      user: sessionUser({ unitType: UnitType.DTC }),
      respond: catalogue({ unitType: UnitType.DTC }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Combo Panel' })).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('button', { name: 'View Cart (1 item)' })).toBeTruthy();
  });
});

describe('the cart panel (ordering §2, §4)', () => {
  it('prices every change with the product uid, shows Calculating... meanwhile, then the totals and the tier message', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, calls } = renderApp({
      path: '/orders/new',
      user: sessionUser(),
      respond: catalogue({ calculate: () => new Promise<Response>((resolve) => (answer = resolve)) }),
    });
    const proceed = await screen.findByRole<HTMLButtonElement>('button', { name: 'Proceed to Checkout' });
    expect(proceed.disabled).toBe(true);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();

    await user.click(within(await screen.findByRole('article', { name: 'Combo Panel' })).getByRole('button', { name: 'Add to Cart' }));
    const calculating = await screen.findByRole<HTMLButtonElement>('button', { name: 'Calculating...' });
    expect(calculating.disabled).toBe(true);
    expect(calculations(calls).map((call) => call.body)).toEqual([
      { country: 'US', zipCode: '', items: [{ productId: 'uid-79', quantity: 1 }] },
    ]);

    answer(json(tiered({ country: 'US', zipCode: '', items: [{ productId: 'uid-79', quantity: 1 }] })));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Proceed to Checkout' }).disabled).toBe(false));
    expect(screen.getByText('Add 9 more kit(s) to reach Gold tier and save $25.00 per kit ($250.00 total)!')).toBeTruthy();
    expect(screen.getByText('-$50.00')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress to the next tier' }).getAttribute('aria-valuenow')).toBe('10');
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY), SIGNED_IN).items).toMatchObject([
      { id: '79', uid: 'uid-79', name: 'Combo Panel', quantity: 1 },
    ]);

    await user.click(within(cartItems()).getByRole('button', { name: 'Remove from cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(calculations(calls)).toHaveLength(1);
  });

  it('a page that never shows the cart starts no cart and sends no calculation, even with a stored cart', async () => {
    const stored: CartItem = { id: '79', uid: 'uid-79', name: 'Combo Panel', subtitle: '', price: 550, image: null, quantity: 2 };
    storeCart(SIGNED_IN, [stored]);
    const { calls } = renderApp({ path: '/kits', user: sessionUser(), respond: catalogue() });
    expect(await screen.findByRole('heading', { name: 'Kit Status' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calculations(calls)).toHaveLength(0);
  });

  it('a stored cart is shown and priced once on the catalogue, with its line and totals', async () => {
    const stored: CartItem = { id: '79', uid: 'uid-79', name: 'Combo Panel', subtitle: '', price: 550, image: null, quantity: 2 };
    storeCart(SIGNED_IN, [stored]);
    const { calls } = renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    expect(await within(await screen.findByRole('list', { name: 'Cart items' })).findByText('$1,000.00')).toBeTruthy();
    expect(screen.getByText('$1,100.00')).toBeTruthy();
    expect(calculations(calls).map((call) => call.body)).toEqual([
      { country: 'US', zipCode: '', items: [{ productId: 'uid-79', quantity: 2 }] },
    ]);
  });

  it("the cart is the signed-in practice account's: another account's stored cart is neither shown nor priced, and stays stored", async () => {
    const stored: CartItem = { id: '79', uid: 'uid-79', name: 'Combo Panel', subtitle: '', price: 550, image: null, quantity: 2 };
    const otherPractice = cartOwnerOf(practiceAccount({ practiceId: 2, userId: 202 }));
    storeCart(otherPractice, [stored]);
    const { calls } = renderApp({ path: '/orders/new', user: sessionUser(), respond: catalogue() });
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calculations(calls)).toHaveLength(0);
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY), otherPractice).items).toEqual([stored]);
  });
});

describe('the cart provider', () => {
  function Probe({ onCart }: { onCart: (cart: CartActor) => void }) {
    const cart = useCart();
    onCart(cart);
    return <span>{useCartSelector(selectCartCount)}</span>;
  }

  const quiet = cartMachine.provide({ actors: { calculatePrice: fromPromise(() => new Promise<Calculation>(() => undefined)) } });

  function signedIn() {
    tokenStore.write(toStoredSession(sessionUser()), false);
    return startSession();
  }

  it("keeps one running cart through React's strict-mode remount, and stops it when the portal goes", async () => {
    const seen = new Set<CartActor>();
    const { unmount } = render(
      <StrictMode>
        <SessionProvider actor={signedIn()}>
          <CartProvider logic={quiet}>
            <Probe onCart={(cart) => seen.add(cart)} />
          </CartProvider>
        </SessionProvider>
      </StrictMode>,
    );
    await act(() => Promise.resolve());
    expect(seen.size).toBe(1);
    const [cart] = [...seen];
    expect(cart?.getSnapshot().status).toBe('active');
    act(() => cart?.send({ type: 'cart.add', product: product(79, 'Combo Panel'), quantity: 3 }));
    expect(screen.getByText('3')).toBeTruthy();
    unmount();
    await act(() => Promise.resolve());
    expect(cart?.getSnapshot().status).toBe('stopped');
  });

  it("a session that changes practice account without a reload gets that account's cart, and the previous cart stops", async () => {
    const summit = practiceAccount({ practiceId: 2, userId: 202, name: 'Summit Clinic' });
    storeCart(cartOwnerOf(summit), [cartItem(1, 'Age Test', 4)]);
    const session = signedIn();
    const seen: CartActor[] = [];
    render(
      <SessionProvider actor={session}>
        <CartProvider logic={quiet}>
          <Probe onCart={(cart) => void (seen.includes(cart) || seen.push(cart))} />
        </CartProvider>
      </SessionProvider>,
    );
    act(() => seen[0]?.send({ type: 'cart.add', product: product(79, 'Combo Panel'), quantity: 3 }));
    expect(screen.getByText('3')).toBeTruthy();

    act(() => session.send({ type: 'session.renew', user: sessionUser({ practice: summit, practices: [practiceAccount(), summit] }) }));
    expect(await screen.findByText('4')).toBeTruthy();
    expect(seen).toHaveLength(2);
    expect(seen[0]?.getSnapshot().status).toBe('stopped');
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY), SIGNED_IN).items).toMatchObject([{ id: '79', quantity: 3 }]);
  });
});
