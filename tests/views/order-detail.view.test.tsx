import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FulfilmentType, UnitType } from '../../src/model/enums';
import { json, never } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The detail page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/detail/order-detail.view');

/** As a service answers GET /Orders/{number}: unknown fields added, optional ones left out. */
const ORDER = {
  uid: 'ord-1',
  number: 'A-1001',
  orderDate: '2026-01-05T15:30:00',
  customer: 'Harbor Family Clinic',
  status: { status: 4, group: 'Shipped', date: '2026-01-08T09:00:00' },
  statusHistory: [
    { group: 'Received', status: 1, date: '2026-01-05T15:30:00', description: 'The lab has received the order.' },
    { group: 'Shipped', status: 4, date: '2026-01-08T09:00:00', description: 'On its way.' },
  ],
  deliveries: [{ trackingNumber: '1Z999', provider: 1 }],
  shippingType: 'Ground',
  items: [
    {
      product: { id: 79, name: 'Combo Panel', uid: 'uid-79', description: 'Age and health from one sample.' },
      price: 550,
      discount: 20,
      quantity: 12,
      totalPrice: 6360,
    },
    { product: { id: '90', name: 'Return Kit', uid: 'uid-90' }, price: 25, discount: 0, quantity: 1, totalPrice: 25 },
  ],
  total: 6625,
  discount: 240,
  shippingPrice: 0,
  invoiceStatus: 'Scheduled',
};

const PATH = '/orders/A-1001';

const detail = (answer: () => Response | Promise<Response>, practice = practiceRecord()) =>
  fakePortalApi({ practice, routes: { 'GET /portalApi/Orders/A-1001': answer } });

function tableRows(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('cell')].map((cell) => cell.textContent));
}

describe('the order detail page (ordering §2 "Order detail")', () => {
  it('shows the title, date, badges, the items with prices and the order total, and a link back to the orders', async () => {
    const { calls } = renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER)) });
    expect(await screen.findByRole('heading', { name: 'Order # A-1001' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Order # A-1001/));
    expect(screen.getByText('Jan 5, 2026 3:30 PM')).toBeTruthy();
    // Ground is a physical shipment (ordering §3: only None means Digital).
    expect(await screen.findByText('Physical')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status: Shipped. Show status history' })).toBeTruthy();
    expect(tableRows(screen.getByRole('table', { name: 'Order items' }))).toEqual([
      ['Product', 'Unit Price', 'Discount', 'Quantity', 'Total'],
      ['Combo Panel', '$550.00', '$20.00', '12', '$6,360.00'],
      ['Return Kit', '$25.00', '$0.00', '1', '$25.00'],
      ['Order Total', '$6,385.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe('/orders');
    expect(calls.filter((call) => call.url === '/portalApi/Orders/A-1001')).toHaveLength(1);
  });

  it('shows no price where prices are hidden (a non-HCP unit sees products and quantities)', async () => {
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER), practiceRecord({ unitType: UnitType.IRC })) });
    const table = await screen.findByRole('table', { name: 'Order items' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Status: Shipped/ })).toBeTruthy());
    expect(tableRows(table)).toEqual([
      ['Product', 'Quantity'],
      ['Combo Panel', '12'],
      ['Return Kit', '1'],
    ]);
    expect(document.body.textContent).not.toMatch(/\$\d/);
    // IRC with physical fulfilment lists its fulfilment, so the detail shows the kind.
    expect(screen.getByText('Physical')).toBeTruthy();
  });

  it('CPS lists only number and date, so its detail shows neither badge', async () => {
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER), practiceRecord({ unitType: UnitType.CPS })) });
    await screen.findByRole('table', { name: 'Order items' });
    await waitFor(() => expect(screen.getByText('Jan 5, 2026 3:30 PM')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Status:/ })).toBeNull();
    expect(screen.queryByText('Physical')).toBeNull();
  });

  it('a shipping type of None is a Digital order (ordering §3)', async () => {
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json({ ...ORDER, shippingType: 'None' })) });
    // The shipping badge, and the ship-to fact.
    await waitFor(() => expect(screen.getAllByText('Digital')).toHaveLength(2));
  });

  it('a product name opens Product Details with name, description, What\u2019s Included and the example reports in a new tab', async () => {
    const { user } = renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER)) });
    const opener = await screen.findByRole('button', { name: 'Combo Panel' });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: 'Product Details' });
    expect(within(panel).getByRole('heading', { name: 'Combo Panel' })).toBeTruthy();
    expect(within(panel).getByText('Age and health from one sample.')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: "What's Included" })).toBeTruthy();
    expect(within(panel).getByText('combined age and health report')).toBeTruthy();
    const links = within(panel).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]),
    ).toEqual([
      ['Example report 1 (opens in a new tab)', '/examples/reports/79/1', '_blank', 'noopener noreferrer'],
      ['Example report 2 (opens in a new tab)', '/examples/reports/79/2', '_blank', 'noopener noreferrer'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product Details' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a product without a built-in list shows its name only: no What\u2019s Included, no example report', async () => {
    const { user } = renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER)) });
    await user.click(await screen.findByRole('button', { name: 'Return Kit' }));
    const panel = await screen.findByRole('dialog', { name: 'Product Details' });
    expect(within(panel).getByRole('heading', { name: 'Return Kit' })).toBeTruthy();
    expect(within(panel).queryByText("What's Included")).toBeNull();
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('the status badge opens the status history; Escape closes it and focus goes back to the badge', async () => {
    const { user } = renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(ORDER)) });
    const badge = await screen.findByRole('button', { name: 'Status: Shipped. Show status history' });
    await user.click(badge);
    const history = await screen.findByRole('dialog', { name: 'Order Status History' });
    expect(within(history).getByText('Via UPS')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order Status History' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(badge));
  });

  it('shows a spinner while the order loads', async () => {
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => never(undefined)) });
    await waitFor(() => expect(document.querySelector('.ant-spin')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: /Order #/ })).toBeNull();
  });

  it('an order that matches nothing says Order Not Found with its text', async () => {
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(null)) });
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByText('The order with number "A-1001" could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toBeTruthy();
  });

  it('a failed load says Failed to load order, then Error: with the server message, and Try Again loads it again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: PATH,
      user: sessionUser(),
      respond: detail(() => (fail ? json({ message: 'The orders service is resting' }, 503) : json(ORDER))),
    });
    expect(await screen.findByText('Failed to load order')).toBeTruthy();
    expect(screen.getByText('Error: The orders service is resting')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Order items' })).toBeTruthy();
  });

  it('shows ship-to, payment, the last delivery\u2019s tracking link and the order\u2019s kits, each linking to its kit page', async () => {
    const full = {
      ...ORDER,
      shipTo: 'Patient',
      shippingInformation: {
        addressLine1: '9 Elm Street',
        addressLine2: null,
        city: 'Bangor',
        state: 'ME',
        zipCode: '04401',
        country: 'US',
      },
      customerInformation: { firstName: 'Rosa', lastName: 'Reyes' },
      payment: { method: 'Card', brand: 'visa', last4: '4242' },
      deliveries: [
        { trackingNumber: 'OLD1', provider: 2 },
        { trackingNumber: '1Z999', provider: 1 },
      ],
      kits: [
        { barcode: 'KIT-1', status: 3, productName: 'Combo Panel' },
        { barcode: 'KIT-2', status: null },
      ],
    };
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(full)) });
    const facts = await screen.findByRole('region', { name: 'Order details' });
    expect(within(facts).getByText('Other address')).toBeTruthy();
    expect(within(facts).getByText('Rosa Reyes')).toBeTruthy();
    expect(within(facts).getByText('9 Elm Street')).toBeTruthy();
    expect(within(facts).getByText('Bangor, ME 04401')).toBeTruthy();
    expect(within(facts).getByText('Visa ending in 4242')).toBeTruthy();
    const track = within(facts).getByRole('link', { name: /^Track with UPS/ });
    expect(track.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(tableRows(within(facts).getByRole('table', { name: 'Kits and samples' }))).toEqual([
      ['Kit ID', 'Product', 'Status'],
      ['KIT-1', 'Combo Panel', 'Sample Received'],
      ['KIT-2', '', 'Unknown'],
    ]);
    expect(within(facts).getByRole('link', { name: 'KIT-1' }).getAttribute('href')).toBe('/kits/KIT-1');
    // Product names, never bare ids.
    expect(document.body.textContent).not.toMatch(/ID: \d/);
  });

  it('a practice order paid by invoice says so', async () => {
    const practiceOrder = {
      ...ORDER,
      shipTo: 'Clinic',
      shippingInformation: { addressLine1: '100 Harbor Way', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
      payment: { method: 'Invoice' },
      kits: [],
    };
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(practiceOrder)) });
    const facts = await screen.findByRole('region', { name: 'Order details' });
    expect(within(facts).getByText('The practice')).toBeTruthy();
    expect(within(facts).getByText('100 Harbor Way')).toBeTruthy();
    expect(within(facts).getByText('Net 30 invoice')).toBeTruthy();
    expect(within(facts).getByText('No kits or samples yet')).toBeTruthy();
  });

  it('a digital order ships nothing: no address, no tracking', async () => {
    const digitalOrder = { ...ORDER, shippingType: 'None', deliveries: [], shipTo: 'Clinic', payment: { method: 'Invoice' } };
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(digitalOrder)) });
    const digital = await screen.findByRole('region', { name: 'Order details' });
    expect(within(digital).getByText('Nothing is shipped for a digital order.')).toBeTruthy();
    expect(within(digital).queryByText('Tracking')).toBeNull();
  });

  it('a service that leaves ship-to, payment and kits out: the page says they are not available and still shows the items', async () => {
    const bare = { ...ORDER, deliveries: undefined, items: [{ product: { id: 74 }, quantity: 2 }] };
    renderApp({ path: PATH, user: sessionUser(), respond: detail(() => json(bare)) });
    const facts = await screen.findByRole('region', { name: 'Order details' });
    expect(within(facts).getAllByText('Not available')).toHaveLength(2);
    expect(within(facts).getByText('Not shipped yet')).toBeTruthy();
    expect(within(facts).getByText('The kits of this order are not available.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unnamed product' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/ID: 74/);
  });

  it('a number with characters a path must escape is asked for escaped and shown as typed', async () => {
    const respond = fakePortalApi({
      practice: practiceRecord({ fulfilmentType: FulfilmentType.Digital }),
      routes: { 'GET /portalApi/Orders/A%2F1': () => json(null) },
    });
    const { calls } = renderApp({ path: '/orders/A%2F1', user: sessionUser(), respond });
    expect(await screen.findByText('The order with number "A/1" could not be found.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/portalApi/Orders/A%2F1')).toBe(true);
  });
});
