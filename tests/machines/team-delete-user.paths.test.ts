import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deleteUserMachine } from '../../src/machines/team/delete-user.machine';
import { selectDeleteUser } from '../../src/machines/team/delete-user.selectors';
import { ErrorText } from '../../src/model/messages';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const self = 'u-self';
const other = 'u-other';
const notFound = new ApiError('The practice has no team member with this uid', 'http', 404);

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effects = {
  notifyCannotDeleteYourself: vi.fn(() => void done.push('error Cannot delete yourself')),
  notifyDeleted: vi.fn(() => void done.push('success User deleted successfully')),
  notifyDeleteFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${params.error instanceof ApiError ? params.error.message : ErrorText.server}`),
  ),
  refreshTeam: vi.fn(() => void done.push('refreshTeam')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(
  steps: readonly { event: { type: string; uid?: unknown; ownUid?: unknown; error?: unknown } }[],
  open: boolean[],
): string[] {
  return steps.flatMap(({ event }, index) => {
    if (event.type === 'user.delete' && event.uid === event.ownUid && !open[index]) return ['error Cannot delete yourself'];
    if (event.type === 'xstate.done.actor.deleteUser') return ['success User deleted successfully', 'refreshTeam'];
    if (event.type === 'xstate.error.actor.deleteUser')
      return [`error ${event.error instanceof ApiError ? event.error.message : ErrorText.server}`];
    return [];
  });
}

const suite = describePaths(deleteUserMachine, {
  name: 'deleting a team member (kits §2, §4, §8): the question, DELETE /Users/{uid}, never yourself',
  events: {
    'user.delete': [
      { type: 'user.delete', uid: other, ownUid: self },
      { type: 'user.delete', uid: self, ownUid: self },
      { type: 'user.delete', uid: other, ownUid: null },
    ],
  },
  invokes: { deleteUser: { errors: [notFound, new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectDeleteUser(snapshot);
    // Whether the question was up before each step: a delete asked while it is up is not taken.
    const open = path.steps.map((_, index) => (index === 0 ? false : (path.steps[index - 1]?.snapshot.hasTag('confirming') ?? false)));
    expect(done).toEqual(expectedEffects(path.steps, open));
    // Only ever another member is deleted, and only after Delete was confirmed.
    for (const { input } of invocations) expect(input).toEqual({ uid: other });
    expect(invocations.length).toBe(path.steps.filter((step) => step.event.type === 'user.confirmDelete').length);
    expect(view.canDelete).toBe(!view.confirming);
    expect(view.uid).toBe(view.confirming ? other : null);
  },
});

describe('deleting a team member, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('targeting yourself never opens the question and says "Cannot delete yourself"', async () => {
    const notify = await import('../../src/services/platform/notify');
    const shown: string[] = [];
    const stop = notify.notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const deleteUser = vi.fn(() => Promise.resolve());
    const actor = createActor(deleteUserMachine.provide({ actors: { deleteUser: fromPromise(deleteUser) } }), { inspect }).start();
    actor.send({ type: 'user.delete', uid: self, ownUid: self });
    expect(selectDeleteUser(actor.getSnapshot())).toEqual({ uid: null, confirming: false, busy: false, canDelete: true });
    expect(shown).toEqual(['error: Cannot delete yourself']);
    expect(deleteUser).not.toHaveBeenCalled();
    stop();
  });

  it('the question stays up and busy until the server answers, then "User deleted successfully"', async () => {
    let answer: () => void = () => undefined;
    const deleteUser = vi.fn((_: { input: { uid: string } }) => new Promise<void>((resolve) => (answer = resolve)));
    const actor = createActor(deleteUserMachine.provide({ actors: { deleteUser: fromPromise(deleteUser) }, actions: effects }), {
      inspect,
    }).start();
    actor.send({ type: 'user.delete', uid: other, ownUid: self });
    actor.send({ type: 'user.confirmDelete' });
    actor.send({ type: 'user.cancelDelete' });
    expect(selectDeleteUser(actor.getSnapshot())).toEqual({ uid: other, confirming: true, busy: true, canDelete: false });
    expect(deleteUser.mock.calls[0]?.[0].input).toEqual({ uid: other });
    answer();
    await vi.waitFor(() => expect(selectDeleteUser(actor.getSnapshot()).confirming).toBe(false));
    expect(done).toEqual(['success User deleted successfully', 'refreshTeam']);
  });

  it('a refusal toasts the server’s message and refreshes nothing', async () => {
    const refusal = new ApiError('Cannot delete yourself', 'http', 409);
    const actor = createActor(
      deleteUserMachine.provide({ actors: { deleteUser: fromPromise(() => Promise.reject(refusal)) }, actions: effects }),
      { inspect },
    ).start();
    actor.send({ type: 'user.delete', uid: other, ownUid: null });
    actor.send({ type: 'user.confirmDelete' });
    await vi.waitFor(() => expect(done).toEqual(['error Cannot delete yourself']));
  });
});
