import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserType } from '../../src/model/enums';
import { consentStatement } from '../../src/services/account/consent-statements';
import { tokenStore } from '../../src/services/auth/token-store';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

// The account page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/account/patient/account.view');

const isla = {
  uid: 'pat-isla',
  firstName: 'Isla',
  lastName: 'Jensen',
  email: 'isla@example.test',
  phone: '(951) 555-0142',
  address: { addressLine1: '12 River Rd', addressLine2: null, city: 'Riverside', state: 'CA', zipCode: '92501', country: 'US' },
  researchConsent: false,
  rejuvenationOlympicsConsent: true,
};
const patient = sessionUser({ userType: UserType.Patient });

/**
 * "Reduce motion", as the journeys run: antd then opens and closes its dialogs at once, where happy-dom would
 * never end a closing animation.
 */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

type Route = (call: RecordedCall) => Response | Promise<Response>;

/** The patient shell's reads, GET /Patients/Me (the record as last saved) and whatever the test adds. */
function patientApi(routes: Record<string, Route> = {}) {
  return fakePortalApi({
    me: userRecord({ userType: UserType.Patient }),
    routes: { 'GET /portalApi/Patients/Me': () => json(isla), ...routes },
  });
}

const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url);
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function openTab(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

describe('the patient’s Account page (kits §2 "Patient Account screen")', () => {
  it('has the heading, the subtitle and three tabs in order', async () => {
    renderApp({ path: '/account', user: patient, respond: patientApi() });
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(screen.getByText('Manage your account information and preferences')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Data & Privacy']);
  });
});

describe('tab 0: the account profile (kits §2, §5, PUT /Patients/Me)', () => {
  it('shows Personal Information and Address Information from GET /Patients/Me, the email read-only', async () => {
    renderApp({ path: '/account', user: patient, respond: patientApi() });
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Address Information' })).toBeTruthy();
    await waitFor(() => expect(field('First name').value).toBe('Isla'));
    expect(field('Last name').value).toBe('Jensen');
    expect(field('Phone').value).toBe('(951) 555-0142');
    expect(field('Email').value).toBe('isla@example.test');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Address line 1').value).toBe('12 River Rd');
    expect(field('City').value).toBe('Riverside');
    expect(field('Zip code').value).toBe('92501');
  });

  it('saves with PUT /Patients/Me ("Saving..." meanwhile), never the email, then says "Changes saved successfully!" and reads the record again', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, calls } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({ 'PUT /portalApi/Patients/Me': () => new Promise<Response>((resolve) => (answer = resolve)) }),
    });
    await waitFor(() => expect(field('First name').value).toBe('Isla'));
    await user.clear(field('Phone'));
    await user.type(field('Phone'), ' (951) 555-0199 ');
    await user.type(field('Address line 2'), 'Apt 4');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // The button reads "Saving..." (after its loading icon's name).
    expect(await screen.findByRole('button', { name: /Saving\.\.\.$/ })).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/portalApi/Patients/Me').map((call) => call.body)).toEqual([
      {
        firstName: 'Isla',
        lastName: 'Jensen',
        phone: '(951) 555-0199',
        address: { addressLine1: '12 River Rd', addressLine2: 'Apt 4', city: 'Riverside', state: 'CA', zipCode: '92501', country: 'US' },
      },
    ]);
    const reads = callsTo(calls, 'GET', '/portalApi/Patients/Me').length;
    answer(json(isla));
    expect(await screen.findByText('Changes saved successfully!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', '/portalApi/Patients/Me').length).toBeGreaterThan(reads));
  });

  it('shows the schema’s message under each named field and sends nothing', async () => {
    const { user, calls } = renderApp({ path: '/account', user: patient, respond: patientApi() });
    await waitFor(() => expect(field('First name').value).toBe('Isla'));
    await user.clear(field('First name'));
    await user.clear(field('City'));
    await user.clear(field('Zip code'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Zip code is required')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/portalApi/Patients/Me')).toHaveLength(0);
  });

  it('a refused save shows the server’s message as the form’s error and keeps what was typed', async () => {
    const { user } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({
        'PUT /portalApi/Patients/Me': () => json({ error: { message: 'Phone is required' }, correlationId: 'c-7' }, 400),
      }),
    });
    await waitFor(() => expect(field('First name').value).toBe('Isla'));
    await user.type(field('Last name'), '-Berg');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Phone is required (Correlation ID: c-7)');
    expect(field('Last name').value).toBe('Jensen-Berg');
  });
});

describe('tab 1: password and deactivation (kits §2, §4 "Account deactivation", §8)', () => {
  it('holds the password change form and asks before deactivating; Cancel sends nothing', async () => {
    const { user, calls } = renderApp({ path: '/account', user: patient, respond: patientApi() });
    await openTab(user, 'Security');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your personal data will be permanently forgotten and this action is irreversible.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', '/portalApi/Patients/Me')).toHaveLength(0);
  });

  it('confirmed: DELETE /Patients/Me, the session ends and sign-in says "Your account has been deleted successfully"', async () => {
    const { user, calls, session } = renderApp({
      path: '/account',
      user: patient,
      remember: true,
      respond: patientApi({ 'DELETE /portalApi/Patients/Me': () => new Response(null, { status: 204 }) }),
    });
    await openTab(user, 'Security');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    await settledPath('/sign-in');
    expect(await screen.findByText('Your account has been deleted successfully')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/portalApi/Patients/Me')).toHaveLength(1);
    expect(session.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(tokenStore.read()).toBeNull();
  });

  it('a failure says the server’s message and the patient stays signed in, on the page', async () => {
    const { user, session } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({
        'DELETE /portalApi/Patients/Me': () =>
          json({ error: { message: 'Deactivation is paused for maintenance' }, correlationId: 'c-8' }, 503),
      }),
    });
    await openTab(user, 'Security');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate Account' }));
    expect(await screen.findByText('Deactivation is paused for maintenance (Correlation ID: c-8)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(window.location.pathname).toBe('/account');
  });
});

describe('tab 2: the consents (kits §2, §4 "Consents", PATCH /Patients/Me/Consents)', () => {
  const consents = (calls: RecordedCall[]) => callsTo(calls, 'PATCH', '/portalApi/Patients/Me/Consents').map((call) => call.body);

  it('turning a consent on opens its statement: "I don\'t agree" leaves it off, "I agree" saves the pair with the patient’s uid', async () => {
    const { user, calls } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({ 'PATCH /portalApi/Patients/Me/Consents': () => json({ ...isla, researchConsent: true }) }),
    });
    await openTab(user, 'Data & Privacy');
    const research = await screen.findByRole('switch', { name: 'Research Consent' });
    expect(research.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Rejuvenation Olympics Consent' }).getAttribute('aria-checked')).toBe('true');
    const statement = consentStatement('researchConsent');
    await user.click(research);
    let dialog = await screen.findByRole('dialog', { name: statement.title });
    expect(research.getAttribute('aria-checked')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: "I don't agree" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: statement.title })).toBeNull());
    expect(research.getAttribute('aria-checked')).toBe('false');
    expect(consents(calls)).toEqual([]);

    await user.click(research);
    dialog = await screen.findByRole('dialog', { name: statement.title });
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('Your consents updated successfully.')).toBeTruthy();
    expect(research.getAttribute('aria-checked')).toBe('true');
    expect(consents(calls)).toEqual([{ uid: 'pat-isla', researchConsent: true, rejuvenationOlympicsConsent: true }]);
  });

  it('turning a consent off is one click; under each switch the record’s last decision, dated', async () => {
    const decisions = {
      researchConsent: { version: 2, agreedAt: '2026-10-01T09:00:00.000Z', withdrawnAt: '2026-11-03T09:00:00.000Z' },
      rejuvenationOlympicsConsent: { version: 1, agreedAt: '2026-11-05T12:00:00.000Z', withdrawnAt: null },
    };
    const { user, calls } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({
        'GET /portalApi/Patients/Me': () => json({ ...isla, consentDecisions: decisions }),
        'PATCH /portalApi/Patients/Me/Consents': () => json({ ...isla, rejuvenationOlympicsConsent: false }),
      }),
    });
    await openTab(user, 'Data & Privacy');
    const olympics = await screen.findByRole('switch', { name: 'Rejuvenation Olympics Consent' });
    expect(screen.getByText('Withdrawn on Nov 3, 2026')).toBeTruthy();
    expect(screen.getByText('Agreed on Nov 5, 2026, version 1')).toBeTruthy();
    await user.click(olympics);
    expect(await screen.findByText('Your consents updated successfully.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(consents(calls)).toEqual([{ uid: 'pat-isla', researchConsent: false, rejuvenationOlympicsConsent: false }]);
  });

  it('a failed save turns the switch back: "Failed to update Olympics consent. Please try again."', async () => {
    const { user } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({ 'PATCH /portalApi/Patients/Me/Consents': () => new Response('upstream down', { status: 502 }) }),
    });
    await openTab(user, 'Data & Privacy');
    const olympics = await screen.findByRole('switch', { name: 'Rejuvenation Olympics Consent' });
    await user.click(olympics);
    expect(await screen.findByText('Failed to update Olympics consent. Please try again.')).toBeTruthy();
    await waitFor(() => expect(olympics.getAttribute('aria-checked')).toBe('true'));
  });

  it('"Learn more" holds the statement; "I don\'t agree" only closes, "I agree" turns the consent on and closes', async () => {
    const { user, calls } = renderApp({
      path: '/account',
      user: patient,
      respond: patientApi({ 'PATCH /portalApi/Patients/Me/Consents': () => json({ ...isla, researchConsent: true }) }),
    });
    await openTab(user, 'Data & Privacy');
    const [researchMore] = await screen.findAllByRole('button', { name: 'Learn more' });
    if (!researchMore) throw new Error('no Learn more button');
    await user.click(researchMore);
    const statement = consentStatement('researchConsent');
    let dialog = await screen.findByRole('dialog', { name: statement.title });
    expect(dialog.textContent).toContain(statement.title);
    await user.click(within(dialog).getByRole('button', { name: "I don't agree" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: statement.title })).toBeNull());
    expect(consents(calls)).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Research Consent' }).getAttribute('aria-checked')).toBe('false');

    await user.click(researchMore);
    dialog = await screen.findByRole('dialog', { name: statement.title });
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: statement.title })).toBeNull());
    expect(screen.getByRole('switch', { name: 'Research Consent' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Your consents updated successfully.')).toBeTruthy();
    expect(consents(calls)).toEqual([{ uid: 'pat-isla', researchConsent: true, rejuvenationOlympicsConsent: true }]);
  });
});
