import { fromPromise, setup } from 'xstate';
import type { SessionUser, SwitchAccountRequest } from '../../model/auth/auth';
import { SWITCH_ACCOUNT_REMEMBER_ME } from '../../model/constants';
import { Paths, SettingsPaths } from '../../model/shell/navigation';
import type { SwitcherEntry } from '../../model/auth/practice-switcher';
import { messageOf } from '../../services/http/api-error';
import { authApi } from '../../services/auth/auth.api';
import { browser } from '../../services/platform/browser';
import { notify } from '../../services/platform/notify';
import { serverData } from '../../services/http/server-data';
import { sessionActor } from './session.runtime';
import { FallbackText, SuccessText } from '../../model/auth/auth-texts';

/**
 * Account switching (access §4): picking another entry of the practice switcher sends the switch;
 * success stores the new session, forgets the old account's data and reloads at the dashboard.
 * Picking the current entry does nothing. Issue 44: when the new practice requires two-step sign-in of a member who has
 * not turned it on, the reload lands on the account tab instead, as sign-in does; its two-step section says why.
 */

export type AccountSwitchEvent = { type: 'switch.pick'; entry: SwitcherEntry };

export const accountSwitchMachine = setup({
  types: {
    events: {} as AccountSwitchEvent,
  },
  actors: {
    switchAccount: fromPromise<SessionUser, SwitchAccountRequest>(({ input, signal }) => authApi.switchAccount(input, { signal })),
  },
  guards: {
    isAnotherAccount: ({ event }) => !event.entry.current,
    mustSetUpTwoStep: (_, params: { user: SessionUser }) => params.user.twoStepSetupRequired === true,
  },
  actions: {
    // The request always says rememberMe (access §9), but the answer stays where the session lives: a tab
    // signed in without Remember me keeps it in the tab's storage, so that a shared computer forgets it.
    renewSession: (_, params: { user: SessionUser }) => sessionActor().send({ type: 'session.renew', user: params.user }),
    clearCachedData: () => serverData.clear(),
    // Shown by the page the reload brings up; a toast shown now would vanish with this page.
    notifySwitched: () => notify.successAfterReload(SuccessText.accountSwitched),
    notifyFailure: (_, params: { error: unknown }) => notify.error(messageOf(params.error, FallbackText.switchAccount)),
    goToDashboard: () => browser.navigate(Paths.home, { replace: true }),
    goToTwoStepSetup: () => browser.navigate(SettingsPaths.account, { replace: true }),
    reloadPage: () => browser.reload(),
  },
}).createMachine({
  id: 'accountSwitch',
  initial: 'idle',
  states: {
    idle: {
      on: { 'switch.pick': { guard: 'isAnotherAccount', target: 'switching' } },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'switchAccount',
        src: 'switchAccount',
        input: ({ event }) => ({
          userId: event.entry.account.userId,
          practiceId: event.entry.account.practiceId,
          rememberMe: SWITCH_ACCOUNT_REMEMBER_ME,
        }),
        onDone: [
          {
            guard: { type: 'mustSetUpTwoStep', params: ({ event }) => ({ user: event.output }) },
            target: 'switchedToTwoStepSetup',
            actions: [{ type: 'renewSession', params: ({ event }) => ({ user: event.output }) }, 'clearCachedData', 'notifySwitched'],
          },
          {
            target: 'switched',
            actions: [{ type: 'renewSession', params: ({ event }) => ({ user: event.output }) }, 'clearCachedData', 'notifySwitched'],
          },
        ],
        onError: { target: 'idle', actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // Stays busy until the reload replaces the page.
    switched: { type: 'final', tags: ['busy'], entry: ['goToDashboard', 'reloadPage'] },
    switchedToTwoStepSetup: { type: 'final', tags: ['busy'], entry: ['goToTwoStepSetup', 'reloadPage'] },
  },
});
