import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingType, FulfilmentType, UnitType } from '../../src/model/enums';
import { CART_STORAGE_KEY, cartOwnerOf, parseStoredCart, serializeCart, type CartItem } from '../../src/model/orders/cart';
import type { Order } from '../../src/model/orders/order';
import type { PaymentMethod } from '../../src/model/payments/payment';
import type { CalculationRequest } from '../../src/model/orders/pricing';
import type { Practice } from '../../src/model/practice/practice';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

// The checkout is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/checkout/checkout.view');

const line = (id: number, name: string, quantity: number, price = 375): CartItem => ({
  id: String(id),
  uid: `uid-${id}`,
  name,
  subtitle: '',
  price,
  image: null,
  quantity,
});

const CART = [line(79, 'Combo Panel', 2, 550), line(1, 'Age Test', 1)];
const KEY = 'checkout-key-1';

function storeCart(items: CartItem[] = CART) {
  localStorage.setItem(CART_STORAGE_KEY, serializeCart(null, cartOwnerOf(practiceAccount()), { items, checkoutKey: KEY }));
}

const address = { addressLine1: '12 Harbor Way', addressLine2: null, city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' };

/** An HCP Net 30 practice that ships kits, with complete billing information. */
const net30 = (overrides: Partial<Practice> = {}) =>
  practiceRecord({
    billingType: BillingType.Net30,
    fulfilmentType: FulfilmentType.Physical,
    address,
    billingAddress: address,
    invoiceContact: { email: 'ap@harbor.test', phone: '555-0102', fax: null },
    ...overrides,
  });

const placed: Partial<Order> & { uid: string; number: string } = {
  uid: 'ord-1',
  number: 'A-1001',
  orderDate: '2026-01-05T08:30:00Z',
  items: [],
};

interface Options {
  practice?: Practice;
  shippable?: (call: RecordedCall) => boolean;
  place?: (call: RecordedCall) => Response | Promise<Response>;
  cards?: PaymentMethod[];
}

function checkout({ practice = net30(), shippable = () => true, place = () => json(placed), cards = [] }: Options = {}) {
  return fakePortalApi({
    practice,
    routes: {
      'POST /portalApi/Orders/Calculate': (call) => {
        const request = call.body as CalculationRequest;
        return json({ total: 100, discount: 0, shippingPrice: 0, items: request.items.map((item) => ({ ...item, pricePerItem: 50 })) });
      },
      'POST /portalApi/Orders/ValidateGeoShipping': (call) => json(shippable(call)),
      'POST /portalApi/Orders/': place,
      'GET /portalApi/Orders/A-1001': () => json(placed),
      'GET /portalApi/Payments/Methods': () => json(cards),
    },
  });
}

const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url);
const orders = (calls: RecordedCall[]) => callsTo(calls, 'POST', '/portalApi/Orders/');
const placeOrder = () => screen.findByRole<HTMLButtonElement>('button', { name: 'Place Order' });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** Fills a field as pasting does: one change, so that a long form does not take a keystroke at a time. */
async function fill(user: ReturnType<typeof renderApp>['user'], label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

/** Searches a select and clicks the shown option (antd's options carry their text as a title). */
async function choose(user: ReturnType<typeof renderApp>['user'], label: string, search: string, option: string) {
  await user.click(field(label));
  await user.type(field(label), search);
  await user.click(await screen.findByTitle(option));
}

describe('the checkout at /orders/checkout (ordering §2)', () => {
  it('an empty cart says so and leads back to the catalogue', async () => {
    renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout() });
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Catalog' }).getAttribute('href')).toBe('/orders/catalog');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('until the practice is known it shows the title alone, then the banner, the form and the summary at once', async () => {
    storeCart();
    let answer: (response: Response) => void = () => undefined;
    const practice = new Promise<Response>((resolve) => (answer = resolve));
    const respond = checkout();
    renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: (call, signal) => (call.method === 'GET' && call.url === '/portalApi/Practices' ? practice : respond(call, signal)),
    });
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    // Drawn before the banner and the form above and beside it, the summary would jump when they arrive.
    expect(screen.queryByRole('list', { name: 'Cart items' })).toBeNull();
    expect(screen.queryByText('Volume discounts apply to larger orders.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();

    answer(json(net30()));
    expect(await screen.findByText('Volume discounts apply to larger orders.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Cart items' })).toBeTruthy();
    expect(await placeOrder()).toBeTruthy();
  });

  it('puts the order summary before Place Order in reading order, so that a phone shows it first (issue 40 item 7)', async () => {
    storeCart();
    renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout() });
    const button = await placeOrder();
    const summary = screen.getByRole('list', { name: 'Cart items' });
    expect(summary.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a Net 30 practice ships to the practice: the order goes out as the README decides, then the success page', async () => {
    storeCart();
    const { user, calls } = renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout() });
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Order' }).getAttribute('href')).toBe('/orders/new');
    // HCP: the tier promo banner with View tiers, and the order summary with the cart's lines.
    expect(await screen.findByText('Volume discounts apply to larger orders.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View tiers' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getByText('Combo Panel')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Ship to Practice' })).toHaveProperty('checked', true);
    expect(screen.getByText('12 Harbor Way')).toBeTruthy();
    expect(screen.getByText('Net 30 Payment Terms')).toBeTruthy();
    expect(screen.queryByText('Payment Method')).toBeNull();

    await user.click(await placeOrder());
    await settledPath('/orders/success?number=A-1001');
    const [order] = orders(calls);
    expect(orders(calls)).toHaveLength(1);
    expect(order?.body).toStrictEqual({
      customerInformation: null,
      shippingInformation: {
        country: 'US',
        state: 'ME',
        city: 'Portland',
        zipCode: '04101',
        addressLine1: '12 Harbor Way',
        addressLine2: '',
      },
      items: [
        { productId: 'uid-79', quantity: 2 },
        { productId: 'uid-1', quantity: 1 },
      ],
      paymentMethod: null,
      fulfillment: FulfilmentType.Physical,
      shipTo: 'Clinic',
    });
    // The practice's country was checked, and the price follows the practice's zip code.
    expect(callsTo(calls, 'POST', '/portalApi/Orders/ValidateGeoShipping').at(-1)?.body).toEqual({ isDTC: false, countryCode: 'US' });
    expect(
      callsTo(calls, 'POST', '/portalApi/Orders/Calculate').some((call) => (call.body as CalculationRequest).zipCode === '04101'),
    ).toBe(true);
    expect(await screen.findByText('Order placed successfully.')).toBeTruthy();
    expect(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY), cartOwnerOf(practiceAccount())).items).toEqual([]);
  });

  it('another address asks for every field with the §5 texts and sends nothing', async () => {
    storeCart();
    const { user, calls } = renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout() });
    await user.click(await screen.findByRole('radio', { name: 'Ship to Other Address' }));
    expect(screen.getByRole('heading', { name: 'Customer Information' })).toBeTruthy();
    await user.click(await placeOrder());
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'State is required',
      'Zip code is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    await user.type(field('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(orders(calls)).toHaveLength(0);
  });

  it('refuses a PO box in either address line before sending', async () => {
    storeCart();
    const { user, calls } = renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout() });
    await user.click(await screen.findByRole('radio', { name: 'Ship to Other Address' }));
    await fill(user, 'Address line 1', 'P.O. Box 42');
    await fill(user, 'Address line 2', 'PO Box 7');
    await user.click(await placeOrder());
    await waitFor(() => expect(screen.getAllByText('We cannot ship to PO Boxes. Please enter a new address.')).toHaveLength(2));
    expect(orders(calls)).toHaveLength(0);
  });

  it('a refused country blocks Place Order with its text; another country clears it; the state is asked only for the US', async () => {
    storeCart();
    const { user } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ shippable: (call) => (call.body as { countryCode: string }).countryCode !== 'BR' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Ship to Other Address' }));
    expect(field('State')).toBeTruthy();
    await choose(user, 'Country', 'Brazil', 'Brazil');
    expect(
      await screen.findByText('We currently do not support shipping to this country. Please select a different country.'),
    ).toBeTruthy();
    expect((await placeOrder()).disabled).toBe(true);
    expect(screen.queryByLabelText('State')).toBeNull();
    await choose(user, 'Country', 'Canada', 'Canada');
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place Order' }).disabled).toBe(false));
    await waitFor(() => expect(screen.queryByText(/We currently do not support shipping/)).toBeNull());
  });

  it('a server error shows its message and keeps the cart and every value in the form', async () => {
    storeCart();
    const { user, calls } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ place: () => json({ message: 'Card declined by issuer' }, 500) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Ship to Other Address' }));
    await fill(user, 'First name', 'Ada');
    await fill(user, 'Last name', 'Lovelace');
    await fill(user, 'Email', 'ada@example.test');
    await fill(user, 'Phone number', '555-0101');
    await fill(user, 'Address line 1', '1 Analytical Row');
    await fill(user, 'City', 'Boston');
    await choose(user, 'State', 'Massach', 'Massachusetts');
    await fill(user, 'Zip code', '02110');
    await user.click(await placeOrder());
    expect(await screen.findByText('Card declined by issuer')).toBeTruthy();
    expect(orders(calls)[0]?.body).toMatchObject({
      shipTo: 'Patient',
      customerInformation: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '555-0101' },
      shippingInformation: {
        country: 'US',
        state: 'MA',
        city: 'Boston',
        zipCode: '02110',
        addressLine1: '1 Analytical Row',
        addressLine2: '',
      },
    });
    expect(window.location.pathname).toBe('/orders/checkout');
    expect(field('First name').value).toBe('Ada');
    expect(field('Zip code').value).toBe('02110');
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getByText('Combo Panel')).toBeTruthy();
    // Place Order may be pressed again (happy-dom never ends the spinner's leaving motion, hence the text).
    expect(screen.getByText('Place Order').closest('button')?.disabled).toBe(false);
  });

  it('a Net 30 payer whose order fails without a message reads "Failed to place order", not card advice', async () => {
    storeCart();
    const { user } = renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout({ place: () => json(null, 500) }) });
    await user.click(await placeOrder());
    expect(await screen.findByText('Failed to place order')).toBeTruthy();
    expect(screen.queryByText('Please try checking out with another credit card.')).toBeNull();
  });

  it('a card payer whose order fails without a message says "Please try checking out with another credit card."', async () => {
    storeCart();
    const cards: PaymentMethod[] = [{ id: 'pm_default', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, isDefault: true }];
    const { user } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ practice: net30({ billingType: BillingType.PerOrder }), cards, place: () => json(null, 500) }),
    });
    const saved = await screen.findByRole('radiogroup', { name: 'Saved cards' });
    await waitFor(() => expect(within(saved).getByRole('radio', { name: /4242/ })).toHaveProperty('checked', true));
    await user.click(await placeOrder());
    expect(await screen.findByText('Please try checking out with another credit card.')).toBeTruthy();
    expect(screen.queryByText('Failed to place order')).toBeNull();
  });

  it('a digital practice sees the Digital Order note, no shipping part, and sends neither customer nor address', async () => {
    storeCart();
    const { user, calls } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ practice: net30({ fulfilmentType: FulfilmentType.Digital }) }),
    });
    expect(await screen.findByText('Digital Order')).toBeTruthy();
    expect(screen.queryByText('Delivery Method')).toBeNull();
    await user.click(await placeOrder());
    await settledPath('/orders/success?number=A-1001');
    expect(orders(calls)[0]?.body).toMatchObject({
      customerInformation: null,
      shippingInformation: null,
      shipTo: 'Clinic',
      fulfillment: 0,
    });
    expect(callsTo(calls, 'POST', '/portalApi/Orders/ValidateGeoShipping')).toHaveLength(0);
  });

  it('a practice without an address line says Practice Address Required, links to its settings and disables Place Order', async () => {
    storeCart();
    renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout({ practice: net30({ address: null }) }) });
    expect(await screen.findByText('Practice Address Required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'organization settings' }).getAttribute('href')).toBe('/settings/organization');
    expect((await placeOrder()).disabled).toBe(true);
  });

  it('incomplete Net 30 billing shows the red notice with what is missing and a link to billing settings; Place Order is disabled', async () => {
    storeCart();
    renderApp({ path: '/orders/checkout', user: sessionUser(), respond: checkout({ practice: net30({ invoiceContact: null }) }) });
    expect(await screen.findByText(/Your billing information is incomplete/)).toBeTruthy();
    expect(screen.getByText('Invoice contact email is required')).toBeTruthy();
    expect(screen.getByText('Invoice contact phone is required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'billing settings' }).getAttribute('href')).toBe('/settings/billing');
    expect((await placeOrder()).disabled).toBe(true);
  });

  it('a card payer pays with the default card, preselected, and the order carries its id', async () => {
    storeCart();
    const cards: PaymentMethod[] = [
      { id: 'pm_first', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, isDefault: false },
      { id: 'pm_default', brand: 'mastercard', last4: '5454', expMonth: 1, expYear: 2030, isDefault: true },
    ];
    const { user, calls } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ practice: net30({ billingType: BillingType.PerOrder }), cards }),
    });
    const saved = await screen.findByRole('radiogroup', { name: 'Saved cards' });
    await waitFor(() => expect(within(saved).getByRole('radio', { name: /5454/ })).toHaveProperty('checked', true));
    expect(screen.queryByText('Net 30 Payment Terms')).toBeNull();
    await user.click(await placeOrder());
    await settledPath('/orders/success?number=A-1001');
    expect(orders(calls)[0]?.body).toMatchObject({ paymentMethod: 'pm_default' });
  });

  it('a card payer without saved cards must add a new card: "Please enter valid card details"', async () => {
    storeCart();
    const { user, calls } = renderApp({
      path: '/orders/checkout',
      user: sessionUser(),
      respond: checkout({ practice: net30({ billingType: BillingType.PerOrder }) }),
    });
    const mode = await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await waitFor(() => expect(within(mode).getByRole('radio', { name: 'Add a new card' })).toHaveProperty('checked', true));
    expect(within(mode).queryByRole('radio', { name: 'Use a saved card' })).toBeNull();
    await user.click(await placeOrder());
    expect(await screen.findByText('Please enter valid card details')).toBeTruthy();
    expect(orders(calls)).toHaveLength(0);
  });

  it('HCP users see required asterisks; others do not, nor any price', async () => {
    storeCart();
    const { user } = renderApp({
      path: '/orders/checkout',
      user: sessionUser({ unitType: UnitType.IRC }),
      respond: checkout({ practice: net30({ unitType: UnitType.IRC }) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Ship to Other Address' }));
    const label = field('First name').closest('.ant-form-item')?.querySelector('label');
    expect(label?.className).toContain('ant-form-item-required-mark-hidden');
    expect(screen.queryByText('Volume discounts apply to larger orders.')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });
});
