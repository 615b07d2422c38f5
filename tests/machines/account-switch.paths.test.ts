import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser, SwitchAccountRequest } from '../../src/model/auth/auth';
import { UserType } from '../../src/model/enums';
import { ErrorText } from '../../src/model/messages';
import { SESSION_STORAGE_KEY } from '../../src/model/constants';
import { practiceSwitcher, type SwitcherEntry } from '../../src/model/auth/practice-switcher';
import { toStoredSession } from '../../src/model/auth/session';
import { startSession } from '../../src/machines/auth/session.runtime';
import { accountSwitchMachine } from '../../src/machines/auth/account-switch.machine';
import { selectSwitchBusy } from '../../src/machines/auth/account-switch.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { tokenStore } from '../../src/services/auth/token-store';
import { describePaths, recordTransitions } from '../support/path-tests';
import { practiceAccount, sessionUser } from '../support/fixtures/session';

const harborProvider = practiceAccount({ practiceId: 'harbor', userId: 'grace-provider', name: 'Harbor Medical Group' });
const harborManager = practiceAccount({ ...harborProvider, userId: 'grace-manager', userType: UserType.OfficeManager });
const summit = practiceAccount({ practiceId: 'summit', userId: 'grace-summit', name: 'Summit Wellness Clinic' });

const switcher = practiceSwitcher({ practice: harborProvider, practices: [harborProvider, harborManager, summit] });
if (switcher.mode !== 'dropdown') throw new Error('the fixture must make a dropdown');
const entryFor = (userId: string): SwitcherEntry => {
  const entry = switcher.entries.find((candidate) => candidate.account.userId === userId);
  if (!entry) throw new Error(`no entry for ${userId}`);
  return entry;
};
const current = entryFor('grace-provider');
const otherRole = entryFor('grace-manager');
const otherPractice = entryFor('grace-summit');
const switchedUser = sessionUser({ practice: summit, practices: [harborProvider, harborManager, summit] });
/** Issue 44: Summit requires two-step sign-in and Grace has not turned it on. */
const heldBackUser = sessionUser({ practice: summit, practices: [harborProvider, harborManager, summit], twoStepSetupRequired: true });

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effect = (name: string) => () => void done.push(name);
const effects = {
  renewSession: vi.fn(effect('renewSession')),
  clearCachedData: effect('clearCachedData'),
  notifySwitched: effect('notifySwitched'),
  notifyFailure: vi.fn(effect('notifyFailure')),
  goToDashboard: effect('goToDashboard'),
  goToTwoStepSetup: effect('goToTwoStepSetup'),
  reloadPage: effect('reloadPage'),
};

beforeEach(() => {
  done.length = 0;
});

describePaths(accountSwitchMachine, {
  events: {
    'switch.pick': [
      { type: 'switch.pick', entry: current },
      { type: 'switch.pick', entry: otherRole },
      { type: 'switch.pick', entry: otherPractice },
    ],
  },
  invokes: {
    switchAccount: {
      outputs: [switchedUser, heldBackUser],
      errors: [new ApiError('You cannot switch to this account (Correlation ID: c-1)', 'http', 403, 'c-1'), new TypeError('bad answer')],
    },
  },
  provide: { actions: effects },
  check: { tags: true },
  afterPath: ({ snapshot, invocations }) => {
    // The current entry never leads to a request; another user or practice always sends rememberMe true.
    for (const { input } of invocations) {
      expect([
        { userId: 'grace-manager', practiceId: 'harbor', rememberMe: true },
        { userId: 'grace-summit', practiceId: 'summit', rememberMe: true },
      ]).toContainEqual(input);
    }
    if (snapshot.value === 'switched') {
      expect(done).toEqual(['renewSession', 'clearCachedData', 'notifySwitched', 'goToDashboard', 'reloadPage']);
      expect(effects.renewSession).toHaveBeenLastCalledWith(expect.anything(), { user: switchedUser });
    }
    // The new practice requires two-step sign-in: the reload lands on the account tab, as after sign-in.
    if (snapshot.value === 'switchedToTwoStepSetup') {
      expect(done).toEqual(['renewSession', 'clearCachedData', 'notifySwitched', 'goToTwoStepSetup', 'reloadPage']);
      expect(effects.renewSession).toHaveBeenLastCalledWith(expect.anything(), { user: heldBackUser });
    }
    if (snapshot.status === 'done') expect(selectSwitchBusy(snapshot)).toBe(true);
    if (snapshot.value === 'idle' && invocations.length > 0) {
      expect(done.at(-1)).toBe('notifyFailure');
      expect(done).not.toContain('renewSession');
    }
  },
});

describe('account switching (access §4)', () => {
  const inspect = recordTransitions();
  const start = (answer: () => Promise<SessionUser>) => {
    const requests: SwitchAccountRequest[] = [];
    const logic = accountSwitchMachine.provide({
      actors: {
        switchAccount: fromPromise<SessionUser, SwitchAccountRequest>(({ input }) => {
          requests.push(input);
          return answer();
        }),
      },
      actions: effects,
    });
    return { actor: createActor(logic, { inspect }).start(), requests };
  };

  it('picking the current entry does nothing', () => {
    const { actor, requests } = start(() => Promise.resolve(switchedUser));
    expect(actor.getSnapshot().can({ type: 'switch.pick', entry: current })).toBe(false);
    actor.send({ type: 'switch.pick', entry: current });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requests).toEqual([]);
    expect(done).toEqual([]);
  });

  it('is busy while switching, and a second pick sends no second request', () => {
    const { actor, requests } = start(() => new Promise<SessionUser>(() => undefined));
    actor.send({ type: 'switch.pick', entry: otherPractice });
    actor.send({ type: 'switch.pick', entry: otherRole });
    expect(selectSwitchBusy(actor.getSnapshot())).toBe(true);
    expect(requests).toEqual([{ userId: 'grace-summit', practiceId: 'summit', rememberMe: true }]);
  });

  it('a failure leaves everything as it was and says why', async () => {
    const refused = new ApiError(ErrorText.forbidden, 'http', 403);
    const { actor } = start(() => Promise.reject(refused));
    actor.send({ type: 'switch.pick', entry: otherPractice });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(effects.notifyFailure).toHaveBeenLastCalledWith(expect.anything(), { error: refused });
    expect(done).toEqual(['notifyFailure']);
    expect(selectSwitchBusy(actor.getSnapshot())).toBe(false);
  });
});

describe('the switched session is kept where the session already lives (access §4 and §9)', () => {
  const inspect = recordTransitions();
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  // Numeric ids, as the server answers them, so that what is stored reads back (contract decisions).
  const harbor = practiceAccount({ practiceId: 11, userId: 101, name: 'Harbor Medical Group' });
  const summitAccount = practiceAccount({ practiceId: 12, userId: 102, name: 'Summit Wellness Clinic' });
  const signedIn = sessionUser({ practice: harbor, practices: [harbor, summitAccount] });
  const switched = sessionUser({ practice: summitAccount, practices: [harbor, summitAccount] });
  const pick = ((): SwitcherEntry => {
    const numeric = practiceSwitcher(signedIn);
    const other = numeric.mode === 'dropdown' ? numeric.entries.find((entry) => !entry.current) : undefined;
    if (!other) throw new Error('the numeric fixture must offer another account');
    return other;
  })();

  /** The real session, started from what sign-in stored, and a switch whose answer is the Summit account. */
  async function switchWith(remember: boolean) {
    tokenStore.write(toStoredSession(signedIn), remember);
    const session = startSession();
    const requests: SwitchAccountRequest[] = [];
    const logic = accountSwitchMachine.provide({
      actors: {
        switchAccount: fromPromise<SessionUser, SwitchAccountRequest>(({ input }) => {
          requests.push(input);
          return Promise.resolve(switched);
        }),
      },
      actions: { clearCachedData: () => {}, notifySwitched: () => {}, goToDashboard: () => {}, reloadPage: () => {} },
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'switch.pick', entry: pick });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    session.stop();
    return { requests, stored: tokenStore.read() };
  }

  it('signed in without Remember me: still sends rememberMe true, but the new session stays in this tab (sessionStorage)', async () => {
    const { requests, stored } = await switchWith(false);
    expect(requests).toEqual([{ userId: 102, practiceId: 12, rememberMe: true }]);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(stored).toEqual({ session: toStoredSession(switched), remember: false });
  });

  it('signed in with Remember me: the new session is remembered (localStorage)', async () => {
    const { stored } = await switchWith(true);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(stored).toEqual({ session: toStoredSession(switched), remember: true });
  });
});
