import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The success page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/order-success.view');

/** As a service answers GET /Orders/{number}: unknown fields added, optional ones left out. */
const ORDER = {
  uid: 'ord-1',
  number: 'A-1001',
  orderDate: '2026-01-05T15:30:00',
  customer: 'Harbor Family Clinic',
  status: { status: 1, group: 'Received', date: '2026-01-05T15:30:00' },
  shippingType: 'Ground',
  items: [
    { product: { id: 79, name: 'Combo Panel', uid: 'uid-79' }, price: 550, discount: 20, quantity: 12, totalPrice: 6360 },
    { product: { id: 1, name: 'Age Test', uid: 'uid-1' }, price: 375, discount: 0, quantity: 1, totalPrice: 375 },
  ],
  total: 6975,
  discount: 240,
  shippingPrice: 0,
  invoiceStatus: 'Scheduled',
};

const success = (answer: () => Response, unitType: number = UnitType.HCP) =>
  fakePortalApi({ practice: practiceRecord({ unitType }), routes: { 'GET /portalApi/Orders/A-1001': answer } });

describe('the order success page (ordering §2)', () => {
  it('reads the order by its number: title, number, date, items with unit price after discount and line totals, the total', async () => {
    const { calls } = renderApp({ path: '/orders/success?number=A-1001', user: sessionUser(), respond: success(() => json(ORDER)) });
    expect(await screen.findByRole('heading', { name: 'Order Placed Successfully!' })).toBeTruthy();
    expect(screen.getByText('A-1001')).toBeTruthy();
    expect(screen.getByText('Jan 5, 2026 3:30 PM')).toBeTruthy();
    const items = screen.getByText('Combo Panel').closest('table');
    if (!items) throw new Error('no items table');
    const rows = within(items)
      .getAllByRole('row')
      .map((row) => [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('cell')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Items', 'Quantity', 'Unit price', 'Line total'],
      ['Combo Panel', '12', '$530.00', '$6,360.00'],
      ['Age Test', '1', '$375.00', '$375.00'],
      ['Order total', '$6,735.00'],
    ]);
    // The help contact of the provider portal, on the page itself as well as in the shell.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'providers@support.example.test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Orders' }).getAttribute('href')).toBe('/orders');
    expect(calls.filter((call) => call.url === '/portalApi/Orders/A-1001')).toHaveLength(1);
  });

  it('shows no price where prices are hidden', async () => {
    renderApp({ path: '/orders/success?number=A-1001', user: sessionUser(), respond: success(() => json(ORDER), UnitType.IRC) });
    expect(await screen.findByText('Combo Panel')).toBeTruthy();
    expect(screen.queryByText('Unit price')).toBeNull();
    expect(screen.queryByText('Order total')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  it('an order that matches nothing says Order Not Found with its text', async () => {
    renderApp({ path: '/orders/success?number=A-1001', user: sessionUser(), respond: success(() => json(null)) });
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByText('The order with number "A-1001" could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Orders' })).toBeTruthy();
  });

  it('a failed load says Error: with the server message', async () => {
    renderApp({
      path: '/orders/success?number=A-1001',
      user: sessionUser(),
      respond: success(() => json({ message: 'The orders service is resting' }, 503)),
    });
    expect(await screen.findByText('Error: The orders service is resting')).toBeTruthy();
  });

  it('without a number there is no order to find: it goes to the orders list and asks for no single order', async () => {
    const { calls } = renderApp({ path: '/orders/success', user: sessionUser(), respond: success(() => json(ORDER)) });
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(window.location.pathname).toBe('/orders');
    // The list asks for its first page (GET /Orders?…); nothing asks for one order (GET /Orders/{number}).
    expect(calls.filter((call) => call.url.startsWith('/portalApi/Orders/'))).toHaveLength(0);
  });
});
