import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { teamNotificationsMachine, type SetNotificationsInput } from '../../src/machines/team/team-notifications.machine';
import { selectTeamNotifications } from '../../src/machines/team/team-notifications.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const ToggleEvent = v.object({
  type: v.literal('notifications.toggle'),
  uid: v.string(),
  receiveNotifications: v.boolean(),
  userType: v.number(),
});
const badType = new ApiError('userType: User type is required', 'http', 400);

const done: string[] = [];
const effects = {
  notifyUpdated: vi.fn(() => void done.push('success Notification preferences updated successfully')),
  notifyFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(
        `error ${params.error instanceof ApiError ? params.error.message : 'Failed to update email notification preferences'}`,
      ),
  ),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.setNotifications') return ['success Notification preferences updated successfully'];
    if (event.type === 'xstate.error.actor.setNotifications')
      return [`error ${event.error instanceof ApiError ? event.error.message : 'Failed to update email notification preferences'}`];
    return [];
  });
}

const suite = describePaths(teamNotificationsMachine, {
  name: 'the Email Notifications switch (kits §2, §7, §8): PATCH /Users/{uid}/notifications, toast, team read again',
  events: {
    'notifications.toggle': [
      { type: 'notifications.toggle', uid: 'u-1', receiveNotifications: false, userType: 3 },
      { type: 'notifications.toggle', uid: 'u-2', receiveNotifications: true, userType: 9 },
    ],
  },
  invokes: { setNotifications: { errors: [badType, new Error('socket hang up')] }, refreshTeam: { errors: [new Error('offline')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectTeamNotifications(snapshot);
    expect(done).toEqual(expectedEffects(path.steps));
    // The body is exact: the value asked for, preferences sent empty, the member's user type.
    const toggles = path.steps.flatMap(({ event }) => (v.is(ToggleEvent, event) ? [event] : []));
    const saves = invocations.filter(({ src }) => src === 'setNotifications');
    saves.forEach(({ input }, index) => {
      const asked = toggles[index];
      expect(input).toEqual({
        uid: asked?.uid,
        body: { receiveNotifications: asked?.receiveNotifications, notificationPreferences: [], userType: asked?.userType },
      });
    });
    // Every answer, success or failure, is followed by reading the team again.
    const answers = path.steps.filter(({ event }) => /^xstate\.(done|error)\.actor\.setNotifications$/.test(event.type)).length;
    expect(invocations.filter(({ src }) => src === 'refreshTeam').length).toBe(answers);
    expect(view.canToggle).toBe(!snapshot.hasTag('saving'));
    if (snapshot.matches('idle')) expect(view.change).toBeNull();
  },
});

describe('the Email Notifications switch, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('shows the value asked for until the team is read again; another switch waits meanwhile', async () => {
    let saved: () => void = () => undefined;
    let refreshed: () => void = () => undefined;
    const setNotifications = vi.fn((_: { input: SetNotificationsInput }) => new Promise<void>((resolve) => (saved = resolve)));
    const refreshTeam = vi.fn(() => new Promise<void>((resolve) => (refreshed = resolve)));
    const logic = teamNotificationsMachine.provide({
      actors: { setNotifications: fromPromise(setNotifications), refreshTeam: fromPromise(refreshTeam) },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'notifications.toggle', uid: 'u-1', receiveNotifications: false, userType: 3 });
    actor.send({ type: 'notifications.toggle', uid: 'u-2', receiveNotifications: true, userType: 9 });
    expect(setNotifications).toHaveBeenCalledTimes(1);
    const change = { uid: 'u-1', receiveNotifications: false, userType: 3 };
    expect(selectTeamNotifications(actor.getSnapshot())).toEqual({ change, canToggle: false });
    saved();
    await vi.waitFor(() => expect(refreshTeam).toHaveBeenCalledTimes(1));
    expect(selectTeamNotifications(actor.getSnapshot())).toEqual({ change, canToggle: false });
    refreshed();
    await vi.waitFor(() => expect(selectTeamNotifications(actor.getSnapshot())).toEqual({ change: null, canToggle: true }));
    expect(done).toEqual(['success Notification preferences updated successfully']);
  });

  it('a failure without the server’s words says "Failed to update email notification preferences"', async () => {
    const notify = await import('../../src/services/platform/notify');
    const shown: string[] = [];
    const stop = notify.notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const logic = teamNotificationsMachine.provide({
      actors: {
        setNotifications: fromPromise(() => Promise.reject(new Error('socket hang up'))),
        refreshTeam: fromPromise(() => Promise.resolve()),
      },
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'notifications.toggle', uid: 'u-1', receiveNotifications: true, userType: 3 });
    // The switch goes back to the list's value at once.
    await vi.waitFor(() => expect(shown).toEqual(['error: Failed to update email notification preferences']));
    expect(selectTeamNotifications(actor.getSnapshot()).change).toBeNull();
    stop();
  });
});
