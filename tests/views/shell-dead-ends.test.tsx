import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingType, UnitType } from '../../src/model/enums';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

/** Issue 40 "no dead ends": every address a page links to opens a page of the menu, and the menu says where one is. */

async function selectedItem() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findAllByRole('menuitem');
  return nav.querySelector('.ant-menu-item-selected')?.textContent ?? null;
}

describe('where / leads', () => {
  it('a DTC account, whose menu has no kit list, lands on its first menu item: Integrations/API', async () => {
    renderApp({
      path: '/',
      user: sessionUser({ unitType: UnitType.DTC }),
      respond: fakePortalApi({ practice: practiceRecord({ unitType: UnitType.DTC, billingType: BillingType.PerOrder }) }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Developer Settings' }, { timeout: 10_000 })).toBeTruthy();
    await settledPath('/integrations');
    expect(await selectedItem()).toBe('Integrations/API');
  });

  it('a healthcare practice still lands on its kit list', async () => {
    renderApp({ path: '/', user: sessionUser(), respond: fakePortalApi() });
    await settledPath('/kits');
  });
});

describe('/developers, the address the quiz’s institution pages link to', () => {
  it('opens the developer settings (API key, webhooks) under Integrations/API', async () => {
    renderApp({ path: '/developers', user: sessionUser({ unitType: UnitType.IRC }), respond: fakePortalApi() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Developer Settings' })).toBeTruthy();
    expect(window.location.pathname).toBe('/developers');
    expect(await selectedItem()).toBe('Integrations/API');
  });
});

describe('the menu highlights Create Order while an order is being created', () => {
  it.each([
    ['/orders/new', 'Create New Order'],
    ['/orders/catalog', null],
    ['/orders/quiz', 'Order Quiz'],
    ['/orders/checkout', null],
  ])('on %s', async (path, heading) => {
    renderApp({ path, user: sessionUser(), respond: fakePortalApi() });
    if (heading) await screen.findByRole('heading', { level: 2, name: heading });
    expect(await selectedItem()).toBe('Create Order');
  });

  it('and Orders on the orders list', async () => {
    renderApp({ path: '/orders', user: sessionUser(), respond: fakePortalApi() });
    expect(await selectedItem()).toBe('Orders');
  });
});

describe('Patients in the menu of a healthcare practice (contract decisions)', () => {
  it('opens /patients, selected; a list that failed reads again with "Try Again"', async () => {
    let down = true;
    const { user } = renderApp({
      path: '/kits',
      user: sessionUser(),
      respond: fakePortalApi({
        routes: {
          'GET /portalApi/Kits': () => json({ items: [], page: 1, hasMore: false }),
          'GET /portalApi/Patients': () =>
            down ? json({ message: 'The server is restarting' }, 503) : json({ items: [], page: 1, hasMore: false, totalCount: 0 }),
        },
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(await within(nav).findByRole('link', { name: 'Patients' }));
    await settledPath('/patients');
    expect(await screen.findByRole('heading', { level: 2, name: 'Patients' })).toBeTruthy();
    expect(await selectedItem()).toBe('Patients');

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Error loading patients: The server is restarting');
    down = false;
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByText(/^Error loading patients/)).toBeNull());
  });
});
