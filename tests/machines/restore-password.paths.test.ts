import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { restorePasswordMachine } from '../../src/machines/auth/restore-password.machine';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';
import { FallbackText, ValidationText } from '../../src/model/auth/auth-texts';

const effects = { notifyRestored: vi.fn(), goToSignIn: vi.fn() };
const refused = `${ValidationText.invalidToken} (Correlation ID: c-1)`;

const inspect = recordTransitions();

beforeEach(() => vi.clearAllMocks());

describePaths(restorePasswordMachine, {
  name: 'restore password (access §2, §4, §5): every path from the link to sign-in',
  inputs: {
    'a link with a token': { token: 'restore-token-1' },
    'a link without a token': { token: null },
    'a link with a blank token': { token: '  ' },
  },
  events: {
    'restore.submit': [
      { type: 'restore.submit', newPassword: 'New-Secret-1', repeatNewPassword: 'New-Secret-1' },
      { type: 'restore.submit', newPassword: 'New-Secret-1', repeatNewPassword: 'New-Secret-2' },
      // Too weak (access §5): refused before sending, as the server would refuse it.
      { type: 'restore.submit', newPassword: 'abcdefgh', repeatNewPassword: 'abcdefgh' },
    ],
  },
  invokes: {
    restorePassword: { errors: [new ApiError(refused, 'http', 400), new TypeError('answer did not match the schema')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    // Only a token and two equal passwords are ever sent.
    for (const invocation of invocations) {
      expect(invocation.input).toEqual({
        restorePasswordToken: 'restore-token-1',
        newPassword: 'New-Secret-1',
        repeatNewPassword: 'New-Secret-1',
      });
    }
    if (snapshot.value === 'invalidToken') {
      expect(snapshot.context.error).toBe(ValidationText.invalidToken);
      expect(snapshot.can({ type: 'restore.submit', newPassword: 'New-Secret-1', repeatNewPassword: 'New-Secret-1' })).toBe(false);
    }
    if (snapshot.value === 'editing' && snapshot.context.error !== null) {
      expect([ValidationText.passwordsDoNotMatch, ValidationText.weakPassword, refused, FallbackText.restorePassword]).toContain(
        snapshot.context.error,
      );
    }
    if (snapshot.hasTag('succeeded')) expect(snapshot.context.request).toBeNull();
    expect(effects.notifyRestored).toHaveBeenCalledTimes(snapshot.hasTag('succeeded') ? 1 : 0);
    expect(effects.goToSignIn).toHaveBeenCalledTimes(snapshot.status === 'done' ? 1 : 0);
  },
});

describe('restore password while the new password is being sent', () => {
  it('a second submit (a double click) sends no second request', () => {
    const requests: unknown[] = [];
    const machine = restorePasswordMachine.provide({
      actors: { restorePassword: fromPromise(({ input }) => new Promise<void>(() => requests.push(input))) },
    });
    const actor = createActor(machine, { input: { token: 'restore-token-1' }, inspect }).start();
    const submit = { type: 'restore.submit', newPassword: 'New-Secret-1', repeatNewPassword: 'New-Secret-1' } as const;
    actor.send(submit);
    actor.send(submit);
    expect(requests).toHaveLength(1);
    actor.stop();
  });
});
