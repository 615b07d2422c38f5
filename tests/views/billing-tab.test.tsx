import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingType, UnitType } from '../../src/model/enums';
import type { Practice } from '../../src/model/practice/practice';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The tab is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/practice/billing-tab');

const office = { addressLine1: '2400 Summit Boulevard', addressLine2: null, city: 'Denver', state: 'CO', zipCode: '80205', country: 'US' };
const net30 = practiceRecord({
  billingType: BillingType.Net30,
  address: office,
  billingAddress: office,
  invoiceContact: { email: 'invoices@summit.example', phone: null, fax: null },
});

function renderBilling(practice: Practice, routes: Record<string, (call: RecordedCall) => Response> = {}) {
  const sent: RecordedCall[] = [];
  const record = (call: RecordedCall) => {
    sent.push(call);
    return json(practice);
  };
  const rendered = renderApp({
    path: '/settings/billing',
    user: sessionUser(),
    respond: fakePortalApi({
      practice,
      routes: { 'PATCH /portalApi/Practices/InvoiceContact': record, 'PATCH /portalApi/Practices/BillingAddress': record, ...routes },
    }),
  });
  return { ...rendered, sent };
}

// happy-dom never ends antd's motions, so a button that was loading keeps its leaving spinner's "loading" in its name.
const saveBillingAddress = () => screen.getByRole('button', { name: /Save Billing Address$/ });
const saveInvoiceContact = () => screen.getByRole('button', { name: /Save Invoice Contact$/ });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('the billing settings tab by billing type (ordering §2, §4, §5, §8)', () => {
  it('Net 30: the Net 30 message, the invoice contact and the billing address', async () => {
    renderBilling(net30);
    expect(await screen.findByText(/^You are set up as a Net 30 customer\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Invoice Contact' })).toBeTruthy();
    expect(field('Invoice email').value).toBe('invoices@summit.example');
    expect(screen.getByRole('heading', { name: 'Billing Address' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'same as Practice/Office Information address' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('heading', { name: 'Payment Methods' })).toBeNull();
  });

  it('the invoice contact needs email and phone: "Invoice email is required", "Invoice phone is required"; then saves', async () => {
    const { user, sent } = renderBilling(net30);
    await user.clear(await screen.findByLabelText('Invoice email'));
    await user.click(saveInvoiceContact());
    expect(await screen.findByText('Invoice email is required')).toBeTruthy();
    expect(await screen.findByText('Invoice phone is required')).toBeTruthy();
    await user.type(field('Invoice email'), 'ap@summit');
    await user.type(field('Invoice phone'), '303-555-0100');
    await user.click(saveInvoiceContact());
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await user.type(field('Invoice email'), '.example');
    await user.click(saveInvoiceContact());
    expect(await screen.findByText('Invoice contact updated successfully.')).toBeTruthy();
    expect(sent.map((call) => call.body)).toEqual([{ email: 'ap@summit.example', phone: '303-555-0100', fax: '' }]);
  });

  it('same as the practice sends the flag alone; off shows its own fields, each required', async () => {
    const { user, sent } = renderBilling(net30);
    await user.click(await screen.findByRole('button', { name: 'Save Billing Address' }));
    expect(await screen.findByText('Billing address updated successfully.')).toBeTruthy();
    expect(sent.map((call) => call.body)).toEqual([{ sameAsPracticeAddress: true }]);

    await user.click(screen.getByRole('checkbox', { name: 'same as Practice/Office Information address' }));
    await user.clear(field('Address line 1'));
    await user.clear(field('City'));
    await user.clear(field('Zip code'));
    await user.click(saveBillingAddress());
    expect(await screen.findByText('Address Line 1 is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Zip code is required')).toBeTruthy();
    expect(sent).toHaveLength(1);

    await user.type(field('Address line 1'), '9 Ledger Lane');
    await user.type(field('City'), 'Boulder');
    await user.type(field('Zip code'), '80302');
    await user.click(saveBillingAddress());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({
      sameAsPracticeAddress: false,
      billingAddress: { addressLine1: '9 Ledger Lane', addressLine2: '', city: 'Boulder', state: 'CO', zipCode: '80302', country: 'US' },
    });
  });

  it('a refused billing address toasts the server’s message and keeps the choice', async () => {
    const refusal = 'The practice has no address to use as the billing address. Save the practice address first.';
    const { user } = renderBilling(net30, {
      'PATCH /portalApi/Practices/BillingAddress': () => json({ error: { message: refusal }, correlationId: 'c-2' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Save Billing Address' }));
    expect(await screen.findByText(new RegExp(`^${refusal}`))).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'same as Practice/Office Information address' })).toHaveProperty('checked', true);
  });

  it('PerOrder: the payment methods section and the billing address, no invoice contact', async () => {
    renderBilling(practiceRecord({ billingType: BillingType.PerOrder, address: office, billingAddress: null }), {
      'GET /portalApi/Payments/Methods': () => json([]),
    });
    expect(await screen.findByRole('heading', { name: 'Billing Address' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'same as Practice/Office Information address' })).toHaveProperty('checked', false);
    // Without a card provider key (view tests have none) the saved cards still show; only adding one needs the provider.
    expect(await screen.findByRole('heading', { name: 'Payment Methods' })).toBeTruthy();
    expect(await screen.findByText('No payment methods added yet.')).toBeTruthy();
    expect(screen.queryByText('Payment system is not properly configured. Please contact support.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invoice Contact' })).toBeNull();
  });

  it('any other billing type: "Unexpected Billing Type" with the support address of the build', async () => {
    renderBilling(practiceRecord({ billingType: 2, unitType: UnitType.HCP }));
    expect(await screen.findByRole('heading', { name: 'Unexpected Billing Type' })).toBeTruthy();
    expect(
      screen.getByText("Your organization's billing type is not supported. Please contact support at providers@support.example.test."),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Billing Address' })).toBeNull();
  });
});
