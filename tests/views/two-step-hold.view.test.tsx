import { describe, expect, it, vi } from 'vitest';
import { TwoStepAccountText } from '../../src/model/account/account-texts';
import { TwoStepSignInText } from '../../src/model/auth/auth-texts';
import { TwoStepRequirementText } from '../../src/model/auth/two-step-requirement';
import { json } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen, settledPath } from '../support/render-app';

/** Issue 44: a call the server holds back for two-step sign-in leads the member to the account tab, not to an error. */

const heldBack = () => json({ error: { message: TwoStepRequirementText.setupFirst }, correlationId: 'c-2' }, 403);

describe('a member whose practice requires two-step sign-in', () => {
  it('opening the kits is led to the account tab with the reason, where the two-step section warns', async () => {
    renderApp({
      path: '/kits',
      user: sessionUser(),
      respond: fakePortalApi({
        routes: {
          'GET /portalApi/Kits': heldBack,
          'GET /portalApi/Users/Me/TwoStep': () => json({ enabled: false, recoveryCodesLeft: 0, requiredByPractice: true }),
        },
      }),
    });
    // The whole portal loads first (its pages are lazy), hence the longer wait.
    await vi.waitFor(() => expect(window.location.pathname).toBe('/settings/account'), { timeout: 5000 });
    expect(await screen.findByText(TwoStepSignInText.setupRequired)).toBeTruthy();
    expect(await screen.findByText(TwoStepAccountText.requiredByPractice)).toBeTruthy();
  });

  it('another 403 stays the page’s own error', async () => {
    renderApp({
      path: '/kits',
      user: sessionUser(),
      respond: fakePortalApi({
        routes: { 'GET /portalApi/Kits': () => json({ error: { message: 'Not yours.' }, correlationId: 'c-3' }, 403) },
      }),
    });
    expect(await screen.findByText(/Not yours\./)).toBeTruthy();
    await settledPath('/kits');
  });
});
