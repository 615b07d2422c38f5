import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { MigrationForm } from '../../src/model/auth/migration';
import { migrationMachine, type MigrationEvent } from '../../src/machines/auth/migration.machine';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';
import { sessionUser } from '../support/fixtures/session';
import { FallbackText, ValidationText } from '../../src/model/auth/auth-texts';

const effects = {
  establishSession: vi.fn(),
  signOutSoft: vi.fn(),
  notifyMigrated: vi.fn(),
  goHome: vi.fn(),
  reportWatchFailure: vi.fn(),
};
const weak: MigrationForm = { newPassword: 'password', confirmPassword: 'password', rememberMe: false };
const strong: MigrationForm = { newPassword: 'Str0ng-Passw0rd', confirmPassword: 'Str0ng-Passw0rd', rememberMe: true };
const unconfirmed: MigrationForm = { ...strong, confirmPassword: 'Str0ng-Passw0rd?' };
const refused = `${ValidationText.weakPassword} (Correlation ID: c-1)`;
const migrated = sessionUser({ forceIdentityMigration: false });

const inspect = recordTransitions();

beforeEach(() => vi.clearAllMocks());

describePaths(migrationMachine, {
  name: 'account migration (access §2, §5): every path from the form to the portal or away',
  events: {
    'migration.submit': [weak, strong, unconfirmed].map((values) => ({ type: 'migration.submit' as const, values })),
  },
  invokes: {
    migrate: { outputs: [migrated], errors: [new ApiError(refused, 'http', 400), new TypeError('answer did not match the schema')] },
    leaving: { errors: [new Error('no window to watch')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  // Which server failure was last shown does not change what can happen next.
  stateKey: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.status, snapshot.context.request, snapshot.context.error === null ? null : 'error']),
  afterPath: ({ snapshot, invocations }) => {
    // Only a strong, confirmed password is ever sent, with the Remember me choice.
    for (const invocation of invocations.filter(({ src }) => src === 'migrate')) {
      expect(invocation.input).toEqual({ newPassword: strong.newPassword, rememberMe: true });
    }
    if (snapshot.matches({ open: 'editing' })) {
      // Below the minimum strength, or with a confirmation that differs, the submit selects nothing:
      // the view's "Complete Migration" button, asking with the form's values, is disabled.
      for (const values of [weak, strong, unconfirmed]) {
        expect(snapshot.can({ type: 'migration.submit', values })).toBe(values === strong);
      }
      // The password is not kept while the form is being filled in.
      expect(snapshot.context.request.newPassword).toBe('');
      // Only the server's refusals are shown as the form's error; the fields speak for themselves.
      if (snapshot.context.error !== null) expect([refused, FallbackText.migrate]).toContain(snapshot.context.error);
    }
    if (snapshot.value === 'migrated') {
      expect(effects.establishSession).toHaveBeenCalledExactlyOnceWith(expect.anything(), { user: migrated, rememberMe: true });
      expect(effects.notifyMigrated).toHaveBeenCalledOnce();
      expect(effects.goHome).toHaveBeenCalledOnce();
      expect(snapshot.context.request.newPassword).toBe('');
    } else {
      expect(effects.establishSession).not.toHaveBeenCalled();
      expect(effects.goHome).not.toHaveBeenCalled();
    }
    // Leaving is a soft sign-out, and nothing else is.
    expect(effects.signOutSoft).toHaveBeenCalledTimes(snapshot.value === 'left' ? 1 : 0);
  },
});

describe('account migration and the page around it', () => {
  it('going back or reloading (popstate, pagehide) while the page is open signs out softly', () => {
    const signOutSoft = vi.fn();
    for (const leaving of ['popstate', 'pagehide']) {
      const actor = createActor(migrationMachine.provide({ actions: { signOutSoft } }), { inspect }).start();
      window.dispatchEvent(new Event(leaving));
      expect(actor.getSnapshot().value).toBe('left');
    }
    expect(signOutSoft).toHaveBeenCalledTimes(2);
  });

  it('a back or forward step announced by the Navigation API signs out softly before the router moves; a push does not', () => {
    const navigation = new EventTarget();
    vi.stubGlobal('navigation', navigation);
    const signOutSoft = vi.fn<() => void>();
    const actor = createActor(migrationMachine.provide({ actions: { signOutSoft } }), { inspect }).start();
    const navigate = (navigationType: NavigationType) => navigation.dispatchEvent(Object.assign(new Event('navigate'), { navigationType }));
    navigate('push');
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    navigate('traverse');
    expect(actor.getSnapshot().value).toBe('left');
    expect(signOutSoft).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('once migrated, going back no longer signs out: the page stopped listening', () => {
    const signOutSoft = vi.fn();
    const machine = migrationMachine.provide({
      actions: { signOutSoft, establishSession: vi.fn<() => void>(), notifyMigrated: vi.fn<() => void>(), goHome: vi.fn<() => void>() },
      actors: { migrate: fromPromise(() => Promise.resolve(migrated)) },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'migration.submit', values: strong });
    return vi.waitFor(() => {
      expect(actor.getSnapshot().value).toBe('migrated');
      window.dispatchEvent(new Event('popstate'));
      expect(signOutSoft).not.toHaveBeenCalled();
    });
  });

  it('a second submit (a double click) sends no second request', () => {
    const requests: unknown[] = [];
    const machine = migrationMachine.provide({
      actors: {
        migrate: fromPromise(({ input }) => new Promise<never>(() => requests.push(input))),
        watchLeaving: fromCallback<MigrationEvent>(() => () => {}),
      },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'migration.submit', values: strong });
    actor.send({ type: 'migration.submit', values: strong });
    expect(requests).toHaveLength(1);
    actor.stop();
  });
});
