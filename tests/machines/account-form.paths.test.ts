import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountFormMachine, type AccountFormEvent } from '../../src/machines/account/account-form.machine';
import { selectAccountForm } from '../../src/machines/account/account-form.selectors';
import type { AccountUpdateRequest } from '../../src/model/account/account-update';
import { UserMessageText } from '../../src/model/team/user-texts';
import { ApiError } from '../../src/services/http/api-error';
import { notify } from '../../src/services/platform/notify';
import { describePaths, recordTransitions } from '../support/path-tests';

/** The account tab's form as typed (spaces included) and what PUT /Users/Me is sent for it. */
const accountTab: AccountUpdateRequest = { firstName: ' Ava ', lastName: 'Morgan', phone: '(916) 555-0101', receiveNotifications: false };
const accountBody = { firstName: 'Ava', lastName: 'Morgan', phone: '(916) 555-0101', receiveNotifications: false };
/** The profile form: the address is sent as stored (the country's code, no state abroad). */
const profile: AccountUpdateRequest = {
  firstName: 'Ava',
  lastName: 'Morgan',
  phone: '(916) 555-0101',
  address: { addressLine1: '1 Marienplatz', addressLine2: '', city: 'Munich', state: 'BY', zipCode: '80331', country: 'DE' },
};
const profileBody = {
  firstName: 'Ava',
  lastName: 'Morgan',
  phone: '(916) 555-0101',
  address: { addressLine1: '1 Marienplatz', addressLine2: null, city: 'Munich', state: null, zipCode: '80331', country: 'DE' },
};
/** Kits §5: refused by the schema, so never sent. */
const blankPhone: AccountUpdateRequest = { ...accountTab, phone: ' ' };
const noCity: AccountUpdateRequest = { ...profile, address: { ...profile.address, city: '' } };

const save = (request: AccountUpdateRequest): AccountFormEvent => ({ type: 'account.save', request });
const serverRefusal = 'phone: Phone is required (Correlation ID: c-3)';

/** The effects in order, with the toast text each showed. */
const done: string[] = [];
const effects = {
  notifySaved: vi.fn(() => void done.push(`saved ${UserMessageText.accountSaved}`)),
  notifyFailed: vi.fn(({ context }: { context: { error: string | null } }) => void done.push(`failed ${context.error}`)),
  refreshMe: vi.fn(() => void done.push('refreshMe')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.save') return [`saved ${UserMessageText.accountSaved}`, 'refreshMe'];
    // Kits §8: the server's message, else "Failed to update profile".
    if (event.type === 'xstate.error.actor.save') {
      return [`failed ${event.error instanceof ApiError ? event.error.message : UserMessageText.profileFailed}`];
    }
    return [];
  });
}

describePaths(accountFormMachine, {
  name: 'the account tab and the profile form (kits §2, §5, §8): PUT /Users/Me, "Changes saved successfully!", the me query read again',
  events: { 'account.save': [accountTab, profile, blankPhone, noCity].map(save) },
  invokes: { save: { errors: [new ApiError(serverRefusal, 'http', 400, 'c-3'), new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    // Only what kits §5 allows is sent, exactly as the schema makes it.
    for (const { input } of invocations) expect([accountBody, profileBody]).toContainEqual(input);
    expect(done).toEqual(expectedEffects(path.steps));
    const view = selectAccountForm(snapshot);
    if (view.error !== null) expect([serverRefusal, UserMessageText.profileFailed]).toContain(view.error);
    expect(view.busy).toBe(snapshot.matches('saving'));
  },
});

describe('saving one’s own profile', () => {
  const inspect = recordTransitions();

  it('a refused save toasts once and the next save starts without the old failure', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    let attempt = 0;
    const logic = accountFormMachine.provide({
      actors: {
        save: fromPromise(() => (attempt++ === 0 ? Promise.reject(new Error('socket hang up')) : Promise.resolve())),
      },
      actions: { refreshMe: () => undefined },
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send(save(accountTab));
    await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).error).toBe(UserMessageText.profileFailed));
    actor.send(save(accountTab));
    expect(selectAccountForm(actor.getSnapshot())).toEqual({ busy: true, error: null });
    await vi.waitFor(() => expect(selectAccountForm(actor.getSnapshot()).busy).toBe(false));
    expect(shown).toEqual([`error: ${UserMessageText.profileFailed}`, `success: ${UserMessageText.accountSaved}`]);
    stop();
  });
});
