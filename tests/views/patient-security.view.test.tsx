import { beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { MyActivityText } from '../../src/model/activity/my-activity';
import { TwoStepAccountText } from '../../src/model/account/account-texts';
import { UserType } from '../../src/model/enums';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The account page, its security tab and the tab's two-step and activity sections are chunks of their own; loading them here keeps the waits about behaviour.
await import('../../src/views/account/patient/account.view');
await import('../../src/views/account/patient/security-tab');
await import('../../src/views/account/two-step-section');
await import('../../src/views/account/patient/recent-activity');

/** Issue 44: the patient's Account → Security shows two-step sign-in and their own recent activity. */

const isla = practiceAccount({ userId: 121, userType: UserType.Patient, name: 'Riverside Family Medicine' });
const patient = sessionUser({ userType: UserType.Patient, practice: isla, practices: [isla] });
const profile = {
  uid: 'pat-isla',
  firstName: 'Isla',
  lastName: 'Jensen',
  email: 'isla@example.test',
  phone: null,
  address: null,
  researchConsent: false,
  rejuvenationOlympicsConsent: true,
};
const entry = (id: number, kind: string, actor: { accountId: number | string; name: string } | null) => ({
  id,
  at: '2026-11-30T18:40:00Z',
  kind,
  actor,
  object: { type: 'account', id: '121', label: 'Isla Jensen' },
  detail: null,
  address: null,
  correlationId: null,
});

beforeEach(() => {
  // "Reduce motion", as the journeys run: antd's tabs then switch at once.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

function patientApi(activity: () => Response) {
  return fakePortalApi({
    me: userRecord({ userType: UserType.Patient }),
    routes: {
      'GET /portalApi/Patients/Me': () => json(profile),
      'GET /portalApi/Users/Me/TwoStep': () => json({ enabled: false, recoveryCodesLeft: 0, requiredByPractice: false }),
      'GET /portalApi/Activity/My': activity,
    },
  });
}

async function openSecurity(activity: () => Response) {
  const { user, calls } = renderApp({ path: '/account', user: patient, respond: patientApi(activity) });
  await user.click(await screen.findByRole('tab', { name: 'Security' }));
  return { user, calls };
}

describe('the patient’s Account → Security (issue 44)', () => {
  it('shows two-step sign-in, off, with the button to turn it on, and the tabs stay three', async () => {
    await openSecurity(() => json({ items: [], page: 1, hasMore: false }));
    expect(await screen.findByRole('heading', { name: TwoStepAccountText.title })).toBeTruthy();
    expect(await screen.findByText(TwoStepAccountText.off)).toBeTruthy();
    expect(screen.getByRole('button', { name: TwoStepAccountText.turnOn })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Data & Privacy']);
    expect(await screen.findByText(ActivityText.empty)).toBeTruthy();
  });

  it('lists the patient’s own entries as "You …", newest first as answered, and anyone else’s by name', async () => {
    const { calls } = await openSecurity(() =>
      json({
        items: [
          entry(3, 'account.consentsChanged', { accountId: '121', name: 'Isla Jensen' }),
          entry(2, 'account.signedIn', { accountId: 121, name: 'Isla Jensen' }),
          entry(1, 'account.signedIn', { accountId: 7, name: 'Ava Morgan' }),
        ],
        page: 1,
        hasMore: false,
      }),
    );
    const list = await screen.findByRole('list', { name: MyActivityText.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['You changed your consents', 'You signed in', 'Ava Morgan signed in']);
    expect(screen.getByRole('heading', { name: MyActivityText.title })).toBeTruthy();
    const asked = calls.find((call) => call.url.startsWith('/portalApi/Activity/My'));
    expect(asked?.url).toContain('page=1');
  });

  it('against a portalApi without the call (404) says it is not available, and the rest of the tab works', async () => {
    await openSecurity(() => json({ error: { message: 'The requested resource was not found.' } }, 404));
    expect(await screen.findByText(ActivityText.unavailable)).toBeTruthy();
    expect(await screen.findByRole('button', { name: TwoStepAccountText.turnOn })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
  });

  it('another failure says the activity could not be loaded, with the server’s message', async () => {
    await openSecurity(() => json({ error: { message: 'The database is away.' }, correlationId: 'c-7' }, 500));
    expect(await screen.findByText(ActivityText.loadFailed)).toBeTruthy();
    expect(await screen.findByText(/The database is away\./)).toBeTruthy();
  });
});
