import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { Stripe } from '@stripe/stripe-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { BillingType, FulfilmentType } from '../../src/model/enums';
import { CART_STORAGE_KEY, cartOwnerOf, serializeCart } from '../../src/model/orders/cart';
import { toStoredSession } from '../../src/model/auth/session';
import { startSession } from '../../src/machines/auth/session.runtime';
import { tokenStore } from '../../src/services/auth/token-store';
import { SessionProvider } from '../../src/views/auth/session';
import type { CalculationRequest } from '../../src/model/orders/pricing';
import { queryClient } from '../../src/services/http/query-client';
import { CartProvider } from '../../src/views/orders/cart-provider';
import { CheckoutForm } from '../../src/views/orders/checkout/checkout-form';
import { CardProviderLoaderContext } from '../../src/views/payments/card-context';
import { json, fakeFetch, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { createFakeProvider, DECLINED_MESSAGE } from '../support/fake-stripe-provider';
import { practiceRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';

// The provider's parts are their own chunk; loading it here keeps the waits about behaviour.
await import('../../src/views/payments/card-elements');

/** The same fake of the provider's browser script that the journeys serve: it defines window.Stripe. */
function installProviderScript() {
  if (!window.Stripe) runInThisContext(readFileSync(join(import.meta.dirname, '../e2e/fakes/stripe-js.js'), 'utf8'));
}

const STRIPE_API = 'https://api.stripe.com/v1/';
/** happy-dom never finishes antd's motions; without motion the form settles at once. */
const WITHOUT_MOTION = { token: { motion: false } };

const address = { addressLine1: '12 Harbor Way', addressLine2: null, city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' };
const practice = practiceRecord({ billingType: BillingType.PerOrder, fulfilmentType: FulfilmentType.Physical, address });
const orders = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/portalApi/Orders/');

/**
 * The checkout form of a card payer with no saved card, its cart, and the card provider's fake script whose one
 * call (POST /v1/payment_methods) goes to the in-memory provider the journeys run.
 */
function renderCheckout({ refuseCards = false } = {}) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    serializeCart(null, cartOwnerOf(practiceAccount()), {
      items: [{ id: '1', uid: 'uid-1', name: 'Age Test', subtitle: '', price: 375, image: null, quantity: 2 }],
      checkoutKey: 'checkout-key-1',
    }),
  );
  tokenStore.write(toStoredSession(sessionUser()), false);
  const session = startSession();
  const portal = fakePortalApi({
    practice,
    routes: {
      'POST /portalApi/Orders/Calculate': (call) => {
        const request = call.body as CalculationRequest;
        return json({ total: 100, discount: 0, shippingPrice: 0, items: request.items.map((item) => ({ ...item, pricePerItem: 50 })) });
      },
      'POST /portalApi/Orders/ValidateGeoShipping': () => json(true),
      'POST /portalApi/Orders/': () => json({ uid: 'ord-1', number: 'A-1001', orderDate: '2026-01-05T08:30:00Z', items: [] }),
      'GET /portalApi/Payments/Methods': () => json([]),
    },
  });
  const network = fakeFetch(portal);
  const provider = createFakeProvider();
  const created: string[] = [];
  vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(STRIPE_API)) return network.fetch(input, init);
    if (refuseCards) return Promise.resolve(json({ error: { type: 'card_error', code: 'card_declined', message: DECLINED_MESSAGE } }, 402));
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const answer = provider.dispatch({ method: init.method ?? 'GET', path: new URL(url).pathname, form }, 'publishable');
    const id: unknown = (answer.body as { id?: unknown } | null)?.id;
    if (typeof id === 'string') created.push(id);
    return Promise.resolve(json(answer.body, answer.status));
  });
  installProviderScript();
  const stripe = window.Stripe?.('pk_test_viewTests') ?? null;
  const load = (): Promise<Stripe | null> => Promise.resolve(stripe);
  render(
    <ConfigProvider theme={WITHOUT_MOTION}>
      <QueryClientProvider client={queryClient}>
        <CardProviderLoaderContext value={load}>
          <SessionProvider actor={session}>
            <CartProvider>
              <CheckoutForm practice={practice} />
            </CartProvider>
          </SessionProvider>
        </CardProviderLoaderContext>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { calls: network.calls, created, user: userEvent.setup() };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const group = await screen.findByRole('group', { name: 'Card details' });
  for (const [name, text] of [
    ['Card number', number],
    ['Expiration date (MM/YY)', '12 / 34'],
    ['CVC', '123'],
  ] as const) {
    await user.type(within(group).getByRole('textbox', { name }), text);
  }
}

describe('a new card at checkout (ordering §4 and §5)', () => {
  it('the order is paid with the payment method created from the card input when Place Order is pressed', async () => {
    const { calls, created, user } = renderCheckout();
    await typeCard(user, '4242424242424242');
    expect(created).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(orders(calls)).toHaveLength(1));
    expect(created).toHaveLength(1);
    expect(orders(calls)[0]?.body).toMatchObject({ paymentMethod: created[0] });
  });

  it("a card the provider refuses shows the provider's message and sends no order", async () => {
    const { calls, user } = renderCheckout({ refuseCards: true });
    await typeCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(DECLINED_MESSAGE)).toBeTruthy();
    expect(orders(calls)).toHaveLength(0);
  });
});
