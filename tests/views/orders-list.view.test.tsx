import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

// The list is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/orders/list/orders.view');

type Group = 'Draft' | 'Received' | 'Shipped' | 'Completed' | 'Canceled';
const CODE: Record<Group, number> = { Draft: 0, Received: 1, Shipped: 4, Completed: 12, Canceled: 5 };

/** An order as a service answers it in a list: unknown fields added, optional ones left out or null. */
function order(n: number, group: Group, extra: Record<string, unknown> = {}) {
  const date = `2026-03-${String(10 + (n % 18)).padStart(2, '0')}T15:30:00`;
  return {
    uid: `ord-${n}`,
    number: String(1000 + n),
    orderDate: date,
    customer: `Patient ${n}`,
    status: { status: CODE[group], group, date },
    statusHistory: [{ group: 'Received', status: 1, date: '2026-03-01T08:00:00', description: 'Order received' }],
    shippingType: n % 2 ? 'Ground' : 'None',
    items: [{ product: { id: 1, name: 'Biological Age Test', uid: 'p-1' }, price: 375, discount: 0, quantity: 1, totalPrice: 375 }],
    total: 375,
    discount: null,
    invoiceStatus: 'Scheduled',
    ...extra,
  };
}

const SHIPPED = order(1, 'Shipped', {
  statusHistory: [
    { group: 'Received', status: 1, date: '2026-03-01T08:00:00', description: 'Order received' },
    { group: 'Shipped', status: 4, date: '2026-03-04T15:07:00', description: 'On its way' },
  ],
  deliveries: [{ trackingNumber: '1Z999AA10123456784', provider: 1 }],
  total: 1100,
  discount: 40.5,
  shippingPrice: 12.25,
});
const ORDERS = [SHIPPED, order(2, 'Received'), ...Array.from({ length: 13 }, (_, i) => order(i + 3, i % 2 ? 'Draft' : 'Completed'))];

const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://portal.test').searchParams);
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/portalApi/Orders?')).map(params);

function ordersApi(options: { unitType?: number; fail?: (call: RecordedCall) => Response | undefined } = {}) {
  const canceled = new Set<string>();
  return fakePortalApi({
    practice: practiceRecord({ unitType: options.unitType ?? UnitType.HCP }),
    routes: {
      'GET /portalApi/Orders': (call) => {
        const failed = options.fail?.(call);
        if (failed) return failed;
        const page = Number(params(call).page);
        const all = ORDERS.map((each) =>
          canceled.has(each.uid) ? { ...each, status: { status: 5, group: 'Canceled', date: null } } : each,
        );
        return json({ items: all.slice((page - 1) * 10, page * 10), page, hasMore: page * 10 < all.length, total: all.length });
      },
      'DELETE /portalApi/Orders/ord-2': () => {
        canceled.add('ord-2');
        return json(null, 200);
      },
    },
  });
}

const columnNames = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const rowOf = (number: string) => {
  const row = screen.getByText(number).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${number}`);
  return row;
};

/**
 * happy-dom lays nothing out, so the scroll area would measure 0 px and the virtual table would show no row;
 * it measures the 600 px of ordering §9 here (and nothing is below it, so every page is asked for in turn).
 */
const measured = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Orders list, scroll to load more' ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (measured) Object.defineProperty(HTMLElement.prototype, 'clientHeight', measured);
});

// Each test renders the whole app and walks a workflow; on a shared, loaded machine that takes longer than the default.
describe('the orders list (ordering §2)', { timeout: 40_000 }, () => {
  it('shows the heading, subtitle, Create Order and the HCP columns; asks page 1 by orderDate descending, then the next while hasMore', async () => {
    const { calls } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('Manage and review all customer orders')).toBeTruthy();
    expect(await screen.findByText('1001')).toBeTruthy();
    expect(columnNames()).toEqual(['Order Date', 'Order Number', 'Products', 'Status', 'Shipping', 'Actions']);
    expect(within(screen.getAllByRole('columnheader')[0] as HTMLElement).getByRole('button')).toBeTruthy();
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBe('descending');
    expect(listCalls(calls)[0]).toEqual({ sortColumn: 'orderDate', sortDirection: 'desc', page: '1', pageSize: '10' });
    await waitFor(() => expect(listCalls(calls).map((call) => call.page)).toEqual(['1', '2']));
    const row = rowOf('1002');
    expect(within(row).getByRole('link', { name: '1002' }).getAttribute('href')).toBe('/orders/1002');
    expect(within(row).getByText('Biological Age Test')).toBeTruthy();
    expect(within(row).getByText('Digital')).toBeTruthy();
    expect(within(rowOf('1001')).getByText('Ground')).toBeTruthy();
    expect(within(row).getByText('Mar 12, 2026 3:30 PM')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Order' }));
    await settledPath('/orders/new');
  });

  it('sorts remotely by a header: ascending first, then descending, each from page 1', async () => {
    const { calls, user } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    await screen.findByText('1001');
    await user.click(screen.getByRole('button', { name: 'Order Number' }));
    await waitFor(() => expect(listCalls(calls)).toContainEqual({ sortColumn: 'number', sortDirection: 'asc', page: '1', pageSize: '10' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending'));
    await user.click(screen.getByRole('button', { name: 'Order Number' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({ sortColumn: 'number', sortDirection: 'desc', page: '1', pageSize: '10' }),
    );
  });

  it('filters remotely by a text column: find the column, Enter picks it, Enter applies; a blank value is not applied; the chip removes it', async () => {
    const { calls, user } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    await screen.findByText('1001');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Find column...' }), 'cust{Enter}');
    const value = await screen.findByRole('textbox', { name: 'Value' });
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
    await user.type(value, '   {Enter}');
    expect(screen.getByRole('textbox', { name: 'Value' })).toBeTruthy();
    await user.type(value, 'Lee{Enter}');
    const filter = JSON.stringify([{ column: 'customer', operator: 'contains', value: 'Lee' }]);
    await waitFor(() =>
      expect(listCalls(calls)).toContainEqual({
        sortColumn: 'orderDate',
        sortDirection: 'desc',
        page: '1',
        pageSize: '10',
        filters: filter,
      }),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Customer contains "Lee"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove filter Customer contains "Lee"' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('opens the status history from the status cell: number, customer, groups with dates, Via UPS to its tracking page, the total', async () => {
    const { user } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    await screen.findByText('1001');
    await user.click(screen.getByRole('button', { name: 'Shipped: status history of order 1001' }));
    const panel = await screen.findByRole('dialog', { name: 'Order Status History' });
    expect(within(panel).getByText('1001')).toBeTruthy();
    expect(within(panel).getByText('Patient 1')).toBeTruthy();
    expect(within(panel).getByText('Mar 4, 2026 3:07 PM')).toBeTruthy();
    expect(within(panel).getByText('On its way')).toBeTruthy();
    const link = within(panel).getByRole('link', { name: 'Via UPS' });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(panel).getByText('$1,071.75')).toBeTruthy();
  });

  it('deletes after the question: DELETE /Orders/{uid}, the toast, and the row shows Canceled after the refresh', async () => {
    const { calls, user } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    await screen.findByText('1001');
    // A shipped order offers View only.
    await user.click(screen.getByRole('button', { name: 'Actions for order 1001' }));
    const shippedMenu = await screen.findByRole('menu', { name: 'Actions for order 1001' });
    expect(
      within(shippedMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for order 1002' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for order 1002' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Order' });
    expect(within(dialog).getByText('Are you sure you want to delete this order? This action cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order canceled successfully')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/portalApi/Orders/ord-2']);
    await waitFor(() => expect(within(rowOf('1002')).getByRole('button', { name: /^Canceled:/ })).toBeTruthy());
  });

  it('the row menu works from the keyboard: Enter opens it on its first item, Escape closes it and gives focus back', async () => {
    const { user } = renderApp({ path: '/orders', user: sessionUser(), respond: ordersApi() });
    await screen.findByText('1002');
    screen.getByRole('button', { name: 'Actions for order 1002' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for order 1002' });
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for order 1002' })));
  });

  it('a refused delete shows the server message', async () => {
    const refuse = fakePortalApi({ routes: {} });
    const respond = (call: RecordedCall, signal: AbortSignal | undefined) =>
      call.method === 'DELETE'
        ? json({ error: { message: 'This order has shipped and can no longer be canceled.' }, correlationId: 'c-7' }, 409)
        : call.url.startsWith('/portalApi/Orders')
          ? ordersApi()(call, signal)
          : refuse(call, signal);
    const { user } = renderApp({ path: '/orders', user: sessionUser(), respond });
    await screen.findByText('1002');
    await user.click(screen.getByRole('button', { name: 'Actions for order 1002' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Actions for order 1002' })).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Order' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/This order has shipped and can no longer be canceled\./)).toBeTruthy();
  });

  it('CPS sees only the order number and date, and Sample Manifest Registration', async () => {
    renderApp({ path: '/orders', user: sessionUser({ unitType: UnitType.CPS }), respond: ordersApi({ unitType: UnitType.CPS }) });
    expect(await screen.findByText('1001')).toBeTruthy();
    expect(columnNames()).toEqual(['Order Number', 'Order Date']);
    expect(screen.queryByRole('link', { name: '1001' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sample Manifest Registration' })).toBeTruthy();
  });

  it('IRC sees number, date, fulfilment, status and actions', async () => {
    renderApp({ path: '/orders', user: sessionUser({ unitType: UnitType.IRC }), respond: ordersApi({ unitType: UnitType.IRC }) });
    expect(await screen.findByText('1001')).toBeTruthy();
    expect(columnNames()).toEqual(['Order Number', 'Order Date', 'Fulfillment', 'Status', 'Actions']);
    expect(within(rowOf('1001')).getByText('Physical')).toBeTruthy();
  });

  it('says "Error loading orders" when nothing loaded, and keeps the rows when a later page fails', async () => {
    const failing = ordersApi({ fail: () => json({ error: { message: 'Database is asleep' }, correlationId: 'c-1' }, 500) });
    renderApp({ path: '/orders', user: sessionUser(), respond: failing });
    expect(await screen.findByText('Error loading orders')).toBeTruthy();
  });

  it('keeps the rows when a later page fails and says so', async () => {
    const secondFails = ordersApi({ fail: (call) => (params(call).page === '2' ? json({ message: 'Page two is gone' }, 500) : undefined) });
    renderApp({ path: '/orders', user: sessionUser(), respond: secondFails });
    expect(await screen.findByText('Page two is gone')).toBeTruthy();
    expect(screen.getByText('1001')).toBeTruthy();
    expect(screen.queryByText('Error loading orders')).toBeNull();
  });

  it('says so when there are no orders', async () => {
    const none = fakePortalApi({ routes: { 'GET /portalApi/Orders': () => json({ items: [], page: 1, hasMore: false }) } });
    renderApp({ path: '/orders', user: sessionUser(), respond: none });
    expect(await screen.findByText('No orders found')).toBeTruthy();
  });
});
