import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';
import { kitDisplayStatus } from '../../src/model/kits/kit-status';
import { KIT } from './kit-detail-fixture';

await import('../../src/views/patients/patient-detail.view');

const NORA = {
  id: 14,
  uid: 'p-14',
  name: 'Nora Lindqvist',
  email: 'nora.lindqvist@mail.example',
  phone: '(312) 555-0101',
  dateOfBirth: '1984-05-12T00:00:00.000Z',
  address: { street: '455 North Lake Shore Drive', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' },
  kits: ['KIT-0001', 'KIT/0002'],
  researchConsent: true,
};

function api(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  return fakePortalApi({ routes });
}

/** The value of one labelled row of the details. */
function detail(label: string): HTMLElement {
  const row = screen.getByText(label, { selector: 'th, th *' }).closest('tr');
  const value = row?.querySelector('td');
  if (!(value instanceof HTMLElement)) throw new Error(`no detail ${label}`);
  return value;
}

describe('the patient detail (kits §2)', { timeout: 30_000 }, () => {
  it('shows name, email, phone, date of birth, the address and the kit ids linking to their kits', async () => {
    const { calls } = renderApp({
      path: '/patients/14',
      user: sessionUser(),
      respond: api({
        'GET /portalApi/Patients/14': () => json(NORA),
        'GET /portalApi/Kits/KIT-0001': () => json({ ...KIT, barcode: 'KIT-0001' }),
        'GET /portalApi/Kits/KIT%2F0002': () => json({ ...KIT, barcode: 'KIT/0002' }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Nora Lindqvist' })).toBeTruthy();
    expect(calls.some((call) => call.url === '/portalApi/Patients/14')).toBe(true);
    expect(detail('Email').textContent).toBe('nora.lindqvist@mail.example');
    expect(detail('Phone').textContent).toBe('(312) 555-0101');
    expect(detail('Date of Birth').textContent).toBe('May 12, 1984');
    const address = within(detail('Address'));
    expect(address.getByText('455 North Lake Shore Drive')).toBeTruthy();
    expect(address.getByText('Chicago, IL 60611')).toBeTruthy();
    expect(address.getByText('US')).toBeTruthy();
    const kits = within(screen.getByRole('table', { name: 'The patient’s kits' }));
    expect(kits.getByRole('link', { name: 'KIT-0001' }).getAttribute('href')).toBe('/kits/KIT-0001');
    expect(kits.getByRole('link', { name: 'KIT/0002' }).getAttribute('href')).toBe('/kits/KIT%2F0002');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Patients' }));
    await settledPath('/patients');
  });

  it('says "No address information available", "Anonymous" and "N/A" for what the patient lacks', async () => {
    renderApp({ path: '/patients/7', user: sessionUser(), respond: api({ 'GET /portalApi/Patients/7': () => json({ id: '7' }) }) });
    expect(await screen.findByRole('heading', { name: 'Anonymous' })).toBeTruthy();
    expect(detail('Address').textContent).toBe('No address information available');
    for (const label of ['Email', 'Phone', 'Date of Birth']) expect(detail(label).textContent).toBe('N/A');
    expect(within(screen.getByRole('table', { name: 'The patient’s kits' })).getByText('No kits yet')).toBeTruthy();
  });

  it('lists each kit with its product, status and current reports, read with GET /Kits/{barcode}', async () => {
    let second = 0;
    const { calls } = renderApp({
      path: '/patients/14',
      user: sessionUser(),
      respond: api({
        'GET /portalApi/Patients/14': () => json(NORA),
        // Two current reports (TruAge, TruHealth) and two legacy ones, which stay on the kit's page.
        'GET /portalApi/Kits/KIT-0001': () => json({ ...KIT, barcode: 'KIT-0001' }),
        // The first answer is a server failure, said in words; Try Again reads the kit, which has no report.
        'GET /portalApi/Kits/KIT%2F0002': () =>
          (second += 1) === 1 ? json({}, 500) : json({ ...KIT, barcode: 'KIT/0002', status: { status: 2 }, reports: [] }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'The patient’s kits' });
    const row = (barcode: string) => {
      const found = within(table).getByRole('link', { name: barcode }).closest('tr');
      if (!(found instanceof HTMLElement)) throw new Error(`no row for ${barcode}`);
      return within(found);
    };
    expect(await row('KIT-0001').findByText(kitDisplayStatus(6))).toBeTruthy();
    expect(row('KIT-0001').getByText('TruAge Complete')).toBeTruthy();
    expect(row('KIT-0001').getByRole('link', { name: '2 reports' }).getAttribute('href')).toBe('/kits/KIT-0001');
    expect(await row('KIT/0002').findByText('An internal server error occurred. Please try again later.')).toBeTruthy();
    fireEvent.click(row('KIT/0002').getByRole('button', { name: 'Try Again' }));
    expect(await row('KIT/0002').findByText(kitDisplayStatus(2))).toBeTruthy();
    expect(row('KIT/0002').getByText('No reports yet')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/portalApi/Kits/KIT%2F0002')).toHaveLength(2);
  });

  it('says "Patient not found" when the service has no such patient (404)', async () => {
    renderApp({ path: '/patients/999', user: sessionUser(), respond: api({}) });
    expect(await screen.findByRole('heading', { name: 'Patient not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Patients' })).toBeTruthy();
  });

  it('says "Failed to load patient" with the server’s message when the load fails', async () => {
    const respond = api({ 'GET /portalApi/Patients/14': () => json({ message: 'Database is asleep' }, 500) });
    renderApp({ path: '/patients/14', user: sessionUser(), respond });
    expect(await screen.findByText('Failed to load patient')).toBeTruthy();
    expect(screen.getByText('Database is asleep')).toBeTruthy();
  });

  it('shows a spinner while the patient loads', async () => {
    renderApp({ path: '/patients/14', user: sessionUser(), respond: api({ 'GET /portalApi/Patients/14': (_call) => never(undefined) }) });
    expect((await screen.findByText('Loading patient')).closest('[role="status"]')).not.toBeNull();
  });
});
