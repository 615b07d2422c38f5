import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserType } from '../../src/model/enums';
import { browser } from '../../src/services/platform/browser';
import { notify } from '../../src/services/platform/notify';
import { tokenStore } from '../../src/services/auth/token-store';
import { json, never } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { practiceAccount, sessionUser, token } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';
import { switcherButtonName } from '../../src/model/auth/practice-switcher';
import { queryClient } from '../../src/services/http/query-client';
import { practiceKeys } from '../../src/services/practice/queries';

const harborProvider = practiceAccount({ practiceId: 17, userId: 117, name: 'Harbor Medical Group' });
const harborManager = practiceAccount({ ...harborProvider, userId: 118, userType: UserType.OfficeManager });
// Identifiers may arrive as digit strings; a switch sends them back exactly as received.
const summit = practiceAccount({ practiceId: '18', userId: '119', name: 'Summit Wellness Clinic' });
const practices = [harborProvider, harborManager, summit];
const multiPractice = sessionUser({ practice: harborProvider, practices });
const atSummit = sessionUser({
  accessToken: token('access-summit', Date.now() + 3_600_000),
  practice: summit,
  practices,
  userType: UserType.Provider,
});

const switchButton = (name = 'Harbor Medical Group') => screen.findByRole('button', { name: switcherButtonName(name) });

async function openSwitcher(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await switchButton());
  return screen.findByRole('menu', { name: 'Switch practice' });
}

describe('the practice switcher (access §3)', () => {
  it('with several practices is a dropdown button showing the current practice name and initials', async () => {
    renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi() });
    const button = await switchButton();
    expect(button.textContent).toContain('HMG');
    expect(button.textContent).toContain('Harbor Medical Group');
  });

  it('lists every practice account with initials and name; the same practice twice shows each role in brackets; the current one is checked and bold', async () => {
    const { user } = renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi() });
    const menu = await openSwitcher(user);
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'HMGHarbor Medical Group [Provider]',
      'HMGHarbor Medical Group [Office Manager]',
      'SWCSummit Wellness Clinic [Provider]',
    ]);
    expect(within(entries[0]!).getByLabelText('Current account')).toBeTruthy();
    expect(entries[0]!.querySelector('strong')?.textContent).toBe('Harbor Medical Group [Provider]');
    for (const other of entries.slice(1)) {
      expect(within(other).queryByLabelText('Current account')).toBeNull();
      expect(other.querySelector('strong')).toBeNull();
    }
  });

  it('without a repeated practice there is no role suffix', async () => {
    const { user } = renderApp({
      path: '/kits',
      user: sessionUser({ practice: harborProvider, practices: [harborProvider, summit] }),
      respond: fakePortalApi(),
    });
    const menu = await openSwitcher(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['HMGHarbor Medical Group', 'SWCSummit Wellness Clinic']);
  });

  it('with exactly one practice nothing is selectable', async () => {
    renderApp({ path: '/kits', user: sessionUser({ practice: summit, practices: [summit] }), respond: fakePortalApi() });
    const shown = await screen.findByRole('region', { name: 'Current practice: Summit Wellness Clinic' });
    expect(shown.textContent).toBe('SWC Summit Wellness Clinic');
    expect(screen.queryByRole('button', { name: /^Switch practice/ })).toBeNull();
  });

  it.each([
    ['no practices', sessionUser({ practice: harborProvider, practices: [] })],
    ['no current practice', sessionUser({ practice: null, practices })],
  ])('is hidden when the user has %s', async (_, signedIn) => {
    renderApp({ path: '/kits', user: signedIn, respond: fakePortalApi() });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: /^Switch practice/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Current practice/ })).toBeNull();
  });

  it('in the collapsed sidebar below 1200 px shows the initials only, the name in its accessible name', async () => {
    renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi(), width: 1100 });
    const button = await switchButton();
    expect(button.textContent).toBe('HMG');
  });

  it('on a phone sits in the menu drawer', async () => {
    const { user } = renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi(), width: 500 });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: switcherButtonName('Harbor Medical Group') }).textContent).toContain(
      'Harbor Medical Group',
    );
  });
});

describe('account switching (access §4)', () => {
  const switchCalls = (calls: ReturnType<typeof renderApp>['calls']) =>
    calls.filter((call) => call.url === '/portalApi/Auth/Account/Switch');

  it('picking the current entry does nothing', async () => {
    const { user, calls } = renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi() });
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Harbor Medical Group \[Provider\]/ }));
    // Long enough for a request to have left, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(switchCalls(calls)).toEqual([]);
    expect(tokenStore.read()?.session.user.practice).toEqual(harborProvider);
  });

  it('picking another practice sends rememberMe true, stores the new session, and reloads at the dashboard with "Account switched successfully"', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const navigate = vi.spyOn(browser, 'navigate');
    const respond = fakePortalApi({ routes: { 'POST /portalApi/Auth/Account/Switch': () => json(atSummit) } });
    const { user, calls, session } = renderApp({ path: '/orders', user: multiPractice, respond });
    await screen.findByRole('heading', { name: 'Orders' });
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Summit Wellness Clinic/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(switchCalls(calls).map((call) => call.body)).toEqual([{ userId: '119', practiceId: '18', rememberMe: true }]);
    // The request says rememberMe, but a session signed in without Remember me stays in the tab's storage.
    expect(tokenStore.read()).toMatchObject({ remember: false, session: { accessToken: { token: 'access-summit' } } });
    expect(session.getSnapshot().context.session?.user.practice).toEqual(summit);
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
    expect(notify.takePending()).toEqual({ kind: 'success', text: 'Account switched successfully' });
  });

  it('after the reload, says "Account switched successfully" once the portal is on screen, and only once', async () => {
    notify.successAfterReload('Account switched successfully');
    renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi() });
    // The toast is a status region, beside the list's own "Loading kits..." one.
    const text = await screen.findByText('Account switched successfully');
    expect(text.closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByText('Account switched successfully')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Harbor Medical Group/ })).toBeTruthy();
    expect(notify.takePending()).toBeNull();
  });

  it('keeps the toast of a reload waiting while no portal is on screen', async () => {
    notify.successAfterReload('Account switched successfully');
    renderApp({ path: '/sign-in', respond: fakePortalApi() });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(notify.takePending()).toEqual({ kind: 'success', text: 'Account switched successfully' });
  });

  it("another role at the same practice is another account too; the old account's cached data is cleared", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const respond = fakePortalApi({ routes: { 'POST /portalApi/Auth/Account/Switch': () => json(atSummit) } });
    const { user, calls } = renderApp({ path: '/kits', user: multiPractice, respond });
    await waitFor(() => expect(queryClient.getQueryData(practiceKeys.practice)).toBeDefined());
    const clear = vi.spyOn(queryClient, 'clear');
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Office Manager/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(clear).toHaveBeenCalled();
    expect(switchCalls(calls).map((call) => call.body)).toEqual([{ userId: 118, practiceId: 17, rememberMe: true }]);
  });

  it('a refused switch leaves everything as it was and shows the message', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const respond = fakePortalApi({
      routes: {
        'POST /portalApi/Auth/Account/Switch': () =>
          json({ error: { message: 'You cannot switch to this account' }, correlationId: 'c-9' }, 403),
      },
    });
    const { user } = renderApp({ path: '/orders', user: multiPractice, respond });
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Summit Wellness Clinic/ }));
    expect(await screen.findByText('You cannot switch to this account (Correlation ID: c-9)')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/orders');
    expect(tokenStore.read()?.session.user.practice).toEqual(harborProvider);
    expect((await switchButton()).hasAttribute('disabled')).toBe(false);
  });

  it('is busy while switching, so a second pick sends no second request', async () => {
    const respond = fakePortalApi({ routes: { 'POST /portalApi/Auth/Account/Switch': () => never(undefined) } });
    const { user, calls } = renderApp({ path: '/kits', user: multiPractice, respond });
    const menu = await openSwitcher(user);
    await user.dblClick(within(menu).getByRole('menuitem', { name: /Summit Wellness Clinic/ }));
    await waitFor(async () => expect((await switchButton()).hasAttribute('disabled')).toBe(true));
    await user.click(await switchButton());
    expect(switchCalls(calls)).toHaveLength(1);
  });
});
