import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FulfilmentType, UnitType } from '../../src/model/enums';
import type { Practice } from '../../src/model/practice/practice';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The tab is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/practice/organization-tab');

const office = {
  addressLine1: '1200 River Park Drive',
  addressLine2: 'Suite 210',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95815',
  country: 'US',
};
const practice = practiceRecord({ name: 'Riverside Family Medicine', address: office });

const puts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT' && call.url === '/portalApi/Practices');
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

function renderTab(
  options: {
    practice?: Practice;
    put?: (call: RecordedCall) => Response | Promise<Response>;
    routes?: Record<string, (call: RecordedCall) => Response>;
  } = {},
) {
  const shown = options.practice ?? practice;
  return renderApp({
    path: '/settings/organization',
    user: sessionUser(),
    respond: fakePortalApi({
      practice: shown,
      routes: { 'PUT /portalApi/Practices': options.put ?? (() => json(shown)), ...options.routes },
    }),
  });
}

describe('the Practice or Institution settings tab (ordering §2, §5, §8)', () => {
  it('is titled Practice for a healthcare practice and shows its fields with the practice’s values', async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Practice', level: 2 })).toBeTruthy();
    expect(field('Practice name').value).toBe('Riverside Family Medicine');
    expect(field('Practice phone').value).toBe('555-0100');
    expect(field('Address line 1').value).toBe('1200 River Park Drive');
    expect(field('Address line 2').value).toBe('Suite 210');
    expect(field('City').value).toBe('Sacramento');
    expect(field('Zip code').value).toBe('95815');
    expect(field('Contact first name').value).toBe('Ana');
    expect(field('Contact last name').value).toBe('Lopez');
    expect(screen.getByRole('combobox', { name: 'State' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy();
  });

  it('is titled Institution for research units', async () => {
    renderTab({ practice: practiceRecord({ unitType: UnitType.IRC, address: office }) });
    expect(await screen.findByRole('heading', { name: 'Institution', level: 2 })).toBeTruthy();
    expect(field('Institution name')).toBeTruthy();
  });

  // Kits §8 "Failed to update practice/institution" (issue 40 point 10).
  const unreadable = () => new Response('{"name": "Nor', { status: 200, headers: { 'content-type': 'application/json' } });

  for (const unitType of [UnitType.IRC, UnitType.CPS]) {
    it(`an institution (unit type ${unitType}) saving reads "Institution updated successfully."`, async () => {
      const { user } = renderTab({ practice: practiceRecord({ unitType, address: office }) });
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Institution updated successfully.')).toBeTruthy();
      expect(screen.queryByText('Practice updated successfully.')).toBeNull();
    });

    it(`an institution (unit type ${unitType}) whose save answer cannot be read reads "Failed to update institution"`, async () => {
      const { user } = renderTab({ practice: practiceRecord({ unitType, address: office }), put: unreadable });
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Failed to update institution')).toBeTruthy();
      expect(screen.queryByText('Failed to update practice')).toBeNull();
    });
  }

  it('a practice whose save answer cannot be read reads "Failed to update practice"', async () => {
    const { user } = renderTab({ put: unreadable });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update practice')).toBeTruthy();
  });

  it('every blank required field shows its §5 message and nothing is sent', async () => {
    const { user, calls } = renderTab({
      practice: practiceRecord({ phone: null, contactPersonFirstName: null, contactPersonLastName: null, address: null }),
    });
    await user.clear(await screen.findByLabelText('Practice name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    for (const message of [
      'Practice name is required',
      'Practice phone is required',
      'Contact first name is required',
      'Contact last name is required',
      'Office address is required',
      'City is required',
      'State is required',
      'Zip code is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(puts(calls)).toHaveLength(0);
  });

  it('a pasted name or address line over its limit shows the limit under its field, keeps every character and sends nothing', async () => {
    const { user, calls } = renderTab();
    const name = await screen.findByLabelText('Practice name');
    await user.clear(name);
    await user.click(name);
    await user.paste('N'.repeat(101));
    const line2 = field('Address line 2');
    await user.clear(line2);
    await user.click(line2);
    await user.paste('S'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Practice name must be at most 100 characters long')).toBeTruthy();
    expect(await screen.findByText('Address line 2 must be at most 200 characters long')).toBeTruthy();
    expect(field('Practice name').value).toHaveLength(101);
    expect(field('Address line 2').value).toHaveLength(201);
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves with PUT /Practices, toasts "Practice updated successfully." and shows "Changes saved successfully"', async () => {
    const { user, calls } = renderTab();
    const name = await screen.findByLabelText('Practice name');
    await user.clear(name);
    await user.type(name, 'Riverside North');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved successfully')).toBeTruthy();
    expect(await screen.findByText('Practice updated successfully.')).toBeTruthy();
    expect(puts(calls).map((call) => call.body)).toEqual([
      {
        id: practice.id,
        name: 'Riverside North',
        phone: '555-0100',
        contactPersonFirstName: 'Ana',
        contactPersonLastName: 'Lopez',
        address: office,
      },
    ]);
  });

  it('a refused save toasts the server’s message and keeps what was typed', async () => {
    const { user } = renderTab({
      put: () => json({ error: { message: 'address.city: City is required' }, correlationId: 'c-1' }, 400),
    });
    const name = await screen.findByLabelText('Practice name');
    await user.type(name, ' Typed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/address\.city: City is required/)).toBeTruthy();
    expect(field('Practice name').value).toBe('Riverside Family Medicine Typed');
    expect(screen.queryByText('Changes saved successfully')).toBeNull();
  });

  it('says "Error loading practice information" when the practice cannot load', async () => {
    renderApp({
      path: '/settings/organization',
      user: sessionUser(),
      respond: fakePortalApi({
        routes: { 'GET /portalApi/Practices': () => json({ error: { message: 'Down' }, correlationId: 'c' }, 500) },
      }),
    });
    expect(await screen.findByText('Error loading practice information')).toBeTruthy();
  });

  it('the fulfilment preference is saved with PATCH /Practices/Fulfillment and its toast', async () => {
    const fulfilment: unknown[] = [];
    const { user } = renderTab({
      routes: {
        'PATCH /portalApi/Practices/Fulfillment': (call) => {
          fulfilment.push(call.body);
          return json(practice);
        },
      },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Fulfillment type' });
    expect(within(group).getByRole('radio', { name: 'Physical' })).toHaveProperty('checked', true);
    await user.click(within(group).getByRole('radio', { name: 'Digital' }));
    await user.click(screen.getByRole('button', { name: 'Save Fulfillment' }));
    expect(await screen.findByText('Fulfillment preferences updated successfully.')).toBeTruthy();
    await waitFor(() => expect(fulfilment).toEqual([{ fulfilmentType: FulfilmentType.Digital }]));
  });
});
