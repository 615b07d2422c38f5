import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { Stripe } from '@stripe/stripe-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingType } from '../../src/model/enums';
import type { PaymentMethod } from '../../src/model/payments/payment';
import { CardProviderLoaderContext } from '../../src/views/payments/card-context';
import { BillingTab } from '../../src/views/practice/billing-tab';
import { Toaster } from '../../src/views/shell/toaster';
import { createFakeProvider, DECLINED_MESSAGE } from '../support/fake-stripe-provider';
import { fakeFetch, json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp } from '../support/render-app';
import { queryClient } from '../../src/services/http/query-client';

// The billing tab and the provider's parts are their own chunks; loading them here keeps the waits about behaviour.
await Promise.all([import('../../src/views/practice/billing-tab'), import('../../src/views/payments/card-elements')]);

/** The same fake of the provider's browser script that the journeys serve: it defines window.Stripe. */
function installProviderScript() {
  if (!window.Stripe) runInThisContext(readFileSync(join(import.meta.dirname, '../e2e/fakes/stripe-js.js'), 'utf8'));
}

const PUBLISHABLE_KEY = 'pk_test_viewTests';
/** happy-dom never finishes antd's motions, so a closed dialog would linger; without motion it leaves at once. */
const WITHOUT_MOTION = { token: { motion: false } };
const STRIPE_API = 'https://api.stripe.com/v1/';

const card = (overrides: Partial<PaymentMethod> & Pick<PaymentMethod, 'id'>): PaymentMethod => ({
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: false,
  ...overrides,
});

/** The reference server's saved cards of one practice; `refuse` may answer a call in its place. */
function portalCards(initial: PaymentMethod[], refuse: (call: RecordedCall) => Promise<Response> | Response | undefined = () => undefined) {
  let cards = [...initial];
  return (call: RecordedCall): Promise<Response> | Response | undefined => {
    const match = /^\/portalApi\/Payments\/Methods(?:\/([^/]+))?(?:\/(Attach|SetDefault))?$/.exec(call.url);
    if (!match) return undefined;
    const [, id = '', action] = match;
    const refused = refuse(call);
    if (refused) return refused;
    if (call.method === 'GET') return json(cards);
    if (action === 'Attach') cards = [...cards, card({ id, isDefault: cards.length === 0 })];
    else if (action === 'SetDefault') cards = cards.map((saved) => ({ ...saved, isDefault: saved.id === id }));
    else cards = cards.filter((saved) => saved.id !== id);
    return json(true);
  };
}

/**
 * The billing tab with the provider's fake script, the portalApi fake and the provider's API fake: the browser
 * script's one call (POST /v1/payment_methods) goes to the same in-memory provider the journeys run.
 */
function renderBilling(options: { practice?: ReturnType<typeof practiceRecord>; cards?: ReturnType<typeof portalCards> } = {}) {
  const cards = options.cards ?? portalCards([]);
  const portal = fakePortalApi({ practice: options.practice });
  const network = fakeFetch((call) => cards(call) ?? portal(call, undefined));
  const provider = createFakeProvider();
  const providerCalls: { url: string; authorization: string | null; form: URLSearchParams }[] = [];
  vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(STRIPE_API)) return network.fetch(input, init);
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    providerCalls.push({ url, authorization: new Headers(init.headers).get('authorization'), form });
    const answer = provider.dispatch({ method: init.method ?? 'GET', path: new URL(url).pathname, form }, 'publishable');
    return Promise.resolve(json(answer.body, answer.status));
  });
  installProviderScript();
  const stripe = window.Stripe?.(PUBLISHABLE_KEY) ?? null;
  const load = vi.fn((): Promise<Stripe | null> => Promise.resolve(stripe));
  render(
    <ConfigProvider theme={WITHOUT_MOTION}>
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <CardProviderLoaderContext value={load}>
          <BillingTab />
        </CardProviderLoaderContext>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { calls: network.calls, providerCalls, load, user: userEvent.setup() };
}

const portalCalls = (calls: RecordedCall[], method: string, pattern: RegExp) =>
  calls.filter((call) => call.method === method && pattern.test(call.url));
const savedCards = async () => within(await screen.findByRole('list', { name: 'Payment Methods' })).getAllByRole('listitem');
const cardRow = async (text: string) => {
  const rows = await savedCards();
  const row = rows.find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no saved card shows ${text}`);
  return row;
};

/** Types the card into the provider's inputs, as a user does. */
async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '12 / 34', cvc = '123') {
  const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
  const group = await within(dialog).findByRole('group', { name: 'Card details' });
  const fields: [string, string][] = [
    ['Card number', number],
    ['Expiration date (MM/YY)', expiry],
    ['CVC', cvc],
  ];
  for (const [name, text] of fields) if (text) await user.type(within(group).getByRole('textbox', { name }), text);
  return dialog;
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('without the card provider (contract decisions; ordering §8; issue 40 point 5)', () => {
  const NOT_CONFIGURED = 'Payment system is not properly configured. Please contact support.';
  const withCards =
    (cards: ReturnType<typeof portalCards>) =>
    (call: RecordedCall): Promise<Response> | Response =>
      cards(call) ?? fakePortalApi()(call, undefined);
  const saved = [
    card({ id: 'pm_visa', isDefault: true }),
    card({ id: 'pm_mastercard', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 }),
  ];

  it('a build without a publishable key lists the saved cards, requests no script, and says the text only on Add', async () => {
    Reflect.deleteProperty(window, 'Stripe');
    const { calls } = renderApp({
      path: '/settings/billing',
      user: sessionUser(),
      respond: withCards(portalCards(saved)),
    });
    expect((await cardRow('4242')).textContent).toContain('visa •••• 4242');
    expect((await cardRow('4444')).textContent).toContain('mastercard •••• 4444');
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NOT_CONFIGURED);
    // Nothing to add a card with: only Cancel.
    expect(within(dialog).queryByRole('button', { name: 'Add Payment Method' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Card details' })).toBeNull();
    expect(document.querySelector('script[src*="stripe"]')).toBeNull();
    expect(window.Stripe).toBeUndefined();
    expect(calls.filter((call) => call.url.includes('/Payments/')).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /portalApi/Payments/Methods',
    ]);
  });

  it('a provider that cannot load keeps the cards listed and their Set Default and Delete working', async () => {
    const load = vi.fn((): Promise<Stripe | null> => Promise.resolve(null));
    const network = fakeFetch(withCards(portalCards(saved)));
    vi.stubGlobal('fetch', network.fetch);
    const user = userEvent.setup();
    render(
      <ConfigProvider theme={WITHOUT_MOTION}>
        <QueryClientProvider client={queryClient}>
          <Toaster />
          <CardProviderLoaderContext value={load}>
            <BillingTab />
          </CardProviderLoaderContext>
        </QueryClientProvider>
      </ConfigProvider>,
    );
    await user.click(within(await cardRow('4444')).getByRole('button', { name: 'Set Default' }));
    expect(await screen.findByText('Payment method set as default')).toBeTruthy();
    await waitFor(async () => expect(within(await cardRow('4444')).queryByText('Default')).toBeTruthy());
    await user.click(within(await cardRow('4242')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Payment method deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await savedCards()).toHaveLength(1));
    // The provider is asked for only when a card is to be added.
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    // The test setup gives every useId the same id, so the closed delete question would name this dialog too.
    const dialog = (await screen.findByText(NOT_CONFIGURED)).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('the text is not in the Add Payment Method dialog');
    expect(within(dialog).getByText('Add Payment Method')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await savedCards()).toHaveLength(1);
  });
});

describe('the billing tab (ordering §2 "Settings: billing")', () => {
  it('an invoice (Net 30) practice gets no card panel, and the provider is never loaded', async () => {
    const { load, calls } = renderBilling({ practice: practiceRecord({ billingType: BillingType.Net30 }) });
    await waitFor(() => expect(calls.some((call) => call.url === '/portalApi/Practices')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Payment Methods' })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the Payment Methods panel (ordering §2, §4, §8)', () => {
  it('says "Loading payment methods..." and then "No payment methods added yet."', async () => {
    renderBilling();
    expect(await screen.findByText('Loading payment methods...')).toBeTruthy();
    expect(await screen.findByText('No payment methods added yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Methods' })).toBeTruthy();
  });

  it('a failed load says "Failed to load payment methods. Please try again."', async () => {
    renderBilling({ cards: portalCards([], (call) => (call.method === 'GET' ? json({ message: 'down' }, 500) : undefined)) });
    expect(await screen.findByText('Failed to load payment methods. Please try again.')).toBeTruthy();
  });

  it('lists each card with brand, last four, expiry and the Default badge; the default card alone has no Set Default', async () => {
    renderBilling({
      cards: portalCards([
        card({ id: 'pm_visa', isDefault: true }),
        card({ id: 'pm_mastercard', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 }),
      ]),
    });
    const visa = await cardRow('4242');
    expect(visa.textContent).toContain('visa •••• 4242');
    expect(visa.textContent).toContain('12/2030');
    expect(within(visa).getByText('Default')).toBeTruthy();
    expect(within(visa).queryByRole('button', { name: 'Set Default' })).toBeNull();
    const mastercard = await cardRow('4444');
    expect(mastercard.textContent).toContain('03/2031');
    expect(within(mastercard).queryByText('Default')).toBeNull();
    expect(within(mastercard).getByRole('button', { name: 'Set Default' })).toBeTruthy();
  });

  it('a default card cannot be deleted while other cards exist, and says why; alone it can', async () => {
    const cards = portalCards([card({ id: 'pm_visa', isDefault: true }), card({ id: 'pm_other', last4: '1881' })]);
    const { user } = renderBilling({ cards });
    const deleteDefault = within(await cardRow('4242')).getByRole('button', { name: 'Delete' });
    expect(deleteDefault).toHaveProperty('disabled', true);
    expect(deleteDefault.getAttribute('aria-description')).toBe('Set another card as default before deleting this one');
    expect(within(await cardRow('1881')).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);

    await user.click(within(await cardRow('1881')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await savedCards()).toHaveLength(1));
    expect(within(await cardRow('4242')).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
  });

  it('Set Default sets the card as default, toasts "Payment method set as default" and shows the new default', async () => {
    const { user, calls } = renderBilling({
      cards: portalCards([card({ id: 'pm_visa', isDefault: true }), card({ id: 'pm_other', last4: '1881' })]),
    });
    await user.click(within(await cardRow('1881')).getByRole('button', { name: 'Set Default' }));
    expect(await screen.findByText('Payment method set as default')).toBeTruthy();
    await waitFor(async () => expect(within(await cardRow('1881')).queryByText('Default')).toBeTruthy());
    expect(portalCalls(calls, 'PATCH', /SetDefault$/).map((call) => call.url)).toEqual(['/portalApi/Payments/Methods/pm_other/SetDefault']);
  });

  it('Delete asks "Are you sure you want to remove this payment method?"; Cancel keeps the card, Delete removes it with a toast', async () => {
    const { user, calls } = renderBilling({
      cards: portalCards([card({ id: 'pm_visa', isDefault: true }), card({ id: 'pm_other', last4: '1881' })]),
    });
    await user.click(within(await cardRow('1881')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure you want to remove this payment method?' });
    expect(question.textContent).toContain('visa •••• 1881');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portalCalls(calls, 'DELETE', /Payments/)).toEqual([]);

    await user.click(within(await cardRow('1881')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Payment method deleted.')).toBeTruthy();
    await waitFor(async () => expect(await savedCards()).toHaveLength(1));
    expect(portalCalls(calls, 'DELETE', /Payments/).map((call) => call.url)).toEqual(['/portalApi/Payments/Methods/pm_other']);
  });

  it('a refused delete toasts the server message and keeps the card', async () => {
    const refusing = (call: RecordedCall) =>
      call.method === 'DELETE' ? json({ error: { message: 'Card is in use' }, correlationId: 'c-2' }, 400) : undefined;
    const { user } = renderBilling({
      cards: portalCards([card({ id: 'pm_visa', isDefault: true }), card({ id: 'pm_other', last4: '1881' })], refusing),
    });
    await user.click(within(await cardRow('1881')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Card is in use (Correlation ID: c-2)')).toBeTruthy();
    expect(await savedCards()).toHaveLength(2);
  });
});

describe('the Add Payment Method modal (ordering §2, §4, §5, §8)', () => {
  it("adds a card: the provider's script creates it with the publishable key, the portal attaches it, the modal closes with a toast", async () => {
    const { user, calls, providerCalls } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await typeCard(user, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Payment Method' }));

    expect(await screen.findByText('Payment method attached successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(providerCalls).toHaveLength(1);
    expect(providerCalls[0]?.url).toBe('https://api.stripe.com/v1/payment_methods');
    expect(providerCalls[0]?.authorization).toBe(`Bearer ${PUBLISHABLE_KEY}`);
    expect(Object.fromEntries(providerCalls[0]?.form ?? [])).toEqual({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    });
    const attach = portalCalls(calls, 'PATCH', /Attach$/);
    expect(attach).toHaveLength(1);
    expect(attach[0]?.url).toMatch(/^\/portalApi\/Payments\/Methods\/pm_[a-f0-9]+\/Attach$/);
    expect((await cardRow('4242')).textContent).toContain('Default');
  });

  it('incomplete details are refused with "Please enter valid card details" and nothing is sent', async () => {
    const { user, calls, providerCalls } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await typeCard(user, '4242 4242', '', '');
    await user.click(within(dialog).getByRole('button', { name: 'Add Payment Method' }));
    expect(await within(dialog).findByText('Please enter valid card details')).toBeTruthy();
    expect(providerCalls).toEqual([]);
    expect(portalCalls(calls, 'PATCH', /Attach$/)).toEqual([]);
  });

  it("the provider's words about a wrong number show under the input as it is typed", async () => {
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await typeCard(user, '4242 4242 4242 4241');
    expect(within(dialog).getByRole('alert').textContent).toBe('Your card number is invalid.');
  });

  it('a refused attach shows the message in the modal, which stays open; Cancel then closes it with nothing added', async () => {
    const declining = (call: RecordedCall) =>
      call.url.endsWith('/Attach') ? json({ error: { message: DECLINED_MESSAGE }, correlationId: 'c-5' }, 400) : undefined;
    const { user } = renderBilling({ cards: portalCards([], declining) });
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await typeCard(user, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Payment Method' }));
    expect(await within(dialog).findByText(`${DECLINED_MESSAGE} (Correlation ID: c-5)`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add Payment Method' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('No payment methods added yet.')).toBeTruthy();
  });

  it('shows "Adding..." while the card is created and attached, and cannot be cancelled then', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<Response>((resolve) => (release = () => resolve(json(true))));
    const { user } = renderBilling({ cards: portalCards([], (call) => (call.url.endsWith('/Attach') ? held : undefined)) });
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await typeCard(user, '4242 4242 4242 4242');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Payment Method' }));
    expect(await within(dialog).findByRole('button', { name: /Adding\.\.\./ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
