import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ChangePasswordRequest, SessionUser } from '../../src/model/auth/auth';
import { ErrorText } from '../../src/model/messages';
import { passwordChangeMachine } from '../../src/machines/account/password-change.machine';
import { selectPasswordChange } from '../../src/machines/account/password-change.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';
import { sessionUser, token } from '../support/fixtures/session';
import { ValidationText } from '../../src/model/auth/auth-texts';

const request: ChangePasswordRequest = { currentPassword: 'Old-Secret-1', newPassword: 'New-Secret-2', repeatNewPassword: 'New-Secret-2' };
const renewed = sessionUser({ accessToken: token('access-after-change', Date.now() + 3_600_000) });
const incorrect = 'Current password is incorrect (Correlation ID: c-7)';
/** Refused before sending (access §5): too weak, or the current password again. */
const weak: ChangePasswordRequest = { currentPassword: 'Old-Secret-1', newPassword: 'abcdefgh', repeatNewPassword: 'abcdefgh' };
const unchanged: ChangePasswordRequest = {
  currentPassword: 'Old-Secret-1',
  newPassword: 'Old-Secret-1',
  repeatNewPassword: 'Old-Secret-1',
};

const done: string[] = [];
const effects = {
  renewSession: vi.fn(() => void done.push('renewSession')),
  notifyChanged: vi.fn(() => void done.push('notifyChanged')),
};

beforeEach(() => {
  done.length = 0;
});

describePaths(passwordChangeMachine, {
  events: {
    'password.submit': [request, weak, unchanged].map((sample) => ({ type: 'password.submit' as const, ...sample })),
  },
  invokes: {
    changePassword: {
      outputs: [renewed],
      errors: [new ApiError(incorrect, 'http', 400, 'c-7'), new TypeError('answer did not match the schema')],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    for (const { input } of invocations) expect(input).toEqual(request);
    // The passwords go to the call and never into the machine's context.
    expect(JSON.stringify(snapshot.context)).not.toContain('Secret');
    const view = selectPasswordChange(snapshot);
    if (view.changed) {
      expect(done.slice(-2)).toEqual(['renewSession', 'notifyChanged']);
      expect(effects.renewSession).toHaveBeenLastCalledWith(expect.anything(), { user: renewed });
      expect(view.error).toBeNull();
    }
    if (snapshot.value === 'editing' && view.error !== null) {
      expect([incorrect, 'Failed to change password', ValidationText.weakPassword, ValidationText.newPasswordSameAsCurrent]).toContain(
        view.error,
      );
    }
  },
});

describe('password change (kits §5)', () => {
  const inspect = recordTransitions();
  const start = (answer: () => Promise<SessionUser>) => {
    const requests: ChangePasswordRequest[] = [];
    const logic = passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise<SessionUser, ChangePasswordRequest>(({ input }) => {
          requests.push(input);
          return answer();
        }),
      },
      actions: effects,
    });
    return { actor: createActor(logic, { inspect }).start(), requests };
  };

  it('a double submit sends one request', () => {
    const { actor, requests } = start(() => new Promise<SessionUser>(() => undefined));
    actor.send({ type: 'password.submit', ...request });
    actor.send({ type: 'password.submit', ...request });
    expect(selectPasswordChange(actor.getSnapshot()).busy).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('a failure shows the message with its correlation id and a new attempt clears it', async () => {
    let answer: () => Promise<SessionUser> = () => Promise.reject(new ApiError(incorrect, 'http', 400, 'c-7'));
    const { actor } = start(() => answer());
    actor.send({ type: 'password.submit', ...request });
    await vi.waitFor(() => expect(selectPasswordChange(actor.getSnapshot()).error).toBe(incorrect));
    answer = () => new Promise<SessionUser>(() => undefined);
    actor.send({ type: 'password.submit', ...request });
    expect(selectPasswordChange(actor.getSnapshot())).toEqual({ busy: true, changed: false, error: null });
  });

  it('a weak new password, or the current one again, is never sent and says why', () => {
    const { actor, requests } = start(() => new Promise<SessionUser>(() => undefined));
    expect(actor.getSnapshot().can({ type: 'password.submit', ...weak })).toBe(true);
    actor.send({ type: 'password.submit', ...weak });
    expect(selectPasswordChange(actor.getSnapshot())).toEqual({
      busy: false,
      changed: false,
      error: 'Password does not meet security requirements',
    });
    actor.send({ type: 'password.submit', ...unchanged });
    expect(selectPasswordChange(actor.getSnapshot()).error).toBe('New password must be different from the current password');
    expect(requests).toEqual([]);
  });

  it('a network failure shows the catalogue text', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(ErrorText.network, 'network', null)));
    actor.send({ type: 'password.submit', ...request });
    await vi.waitFor(() => expect(selectPasswordChange(actor.getSnapshot()).error).toBe(ErrorText.network));
    expect(done).toEqual([]);
  });
});
