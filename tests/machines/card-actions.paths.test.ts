import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { cardActionsMachine } from '../../src/machines/payments/card-actions.machine';
import { selectCardActions } from '../../src/machines/payments/card-actions.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const visa = 'pm_1PortalVisa4242';
const mastercard = 'pm_1PortalMastercard4444';
const defaultInUse = 'A default card cannot be deleted while other cards exist (Correlation ID: c-4)';

/** The effects in the order the machine asked for them, per path, with the toast's text. */
const done: string[] = [];
const effects = {
  notifyDefaultSet: vi.fn(() => void done.push('notifyDefaultSet')),
  notifyDefaultFailed: vi.fn((_: unknown, params: { error: unknown }) => void done.push(`notifyDefaultFailed ${String(params.error)}`)),
  notifyDeleted: vi.fn(() => void done.push('notifyDeleted')),
  notifyDeleteFailed: vi.fn((_: unknown, params: { error: unknown }) => void done.push(`notifyDeleteFailed ${String(params.error)}`)),
  refreshPaymentMethods: vi.fn(() => void done.push('refreshPaymentMethods')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

/** What each settled call must have left behind, in order (ordering §8 toasts; the list refreshed after a change). */
function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    switch (event.type) {
      case 'xstate.done.actor.setDefault':
        return ['notifyDefaultSet', 'refreshPaymentMethods'];
      case 'xstate.error.actor.setDefault':
        return [`notifyDefaultFailed ${String(event.error)}`];
      case 'xstate.done.actor.remove':
        return ['notifyDeleted', 'refreshPaymentMethods'];
      case 'xstate.error.actor.remove':
        return [`notifyDeleteFailed ${String(event.error)}`];
      default:
        return [];
    }
  });
}

describePaths(cardActionsMachine, {
  name: 'saved card actions (ordering §2, §8): Set Default, and Delete after the question',
  events: {
    'card.setDefault': [{ type: 'card.setDefault', id: visa }],
    'card.delete': [
      { type: 'card.delete', id: visa },
      { type: 'card.delete', id: mastercard },
    ],
  },
  invokes: {
    setDefault: { errors: [new ApiError(ErrorText.network, 'network', null)] },
    remove: { errors: [new ApiError(defaultInUse, 'http', 400, 'c-4')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectCardActions(snapshot);
    // Each call is about the card the user chose; a delete goes out only after the question was confirmed.
    const asked = path.steps.map(({ event }) => event).filter((event) => event.type === 'card.delete');
    for (const { src, input } of invocations) {
      if (src === 'setDefault') expect(input).toEqual({ id: visa });
      if (src === 'remove') expect(asked.map((event) => ({ id: String(event.id) }))).toContainEqual(input);
    }
    expect(invocations.filter(({ src }) => src === 'remove').length).toBe(
      path.steps.filter((step) => step.event.type === 'card.confirmDelete').length,
    );
    expect(done).toEqual(expectedEffects(path.steps));
    // Idle forgets the card; only an idle panel offers the actions.
    expect(view.canAct).toBe(!view.busy && !view.confirmingDelete);
    if (view.canAct) expect(view.cardId).toBeNull();
    else expect([visa, mastercard]).toContain(view.cardId);
  },
});

describe('saved card actions, one at a time', () => {
  const inspect = recordTransitions();

  it('while a card is being set as default, neither another Set Default nor a Delete is taken', () => {
    const setDefault = vi.fn(() => new Promise<void>(() => undefined));
    const remove = vi.fn(() => Promise.resolve());
    const logic = cardActionsMachine.provide({
      actors: { setDefault: fromPromise(setDefault), remove: fromPromise(remove) },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'card.setDefault', id: visa });
    actor.send({ type: 'card.setDefault', id: mastercard });
    actor.send({ type: 'card.delete', id: mastercard });
    expect(selectCardActions(actor.getSnapshot())).toEqual({ cardId: visa, busy: true, confirmingDelete: false, canAct: false });
    expect(setDefault).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();
  });

  it('the question stays up, busy, until the server has answered the delete', async () => {
    let answer: () => void = () => undefined;
    const logic = cardActionsMachine.provide({
      actors: { remove: fromPromise(() => new Promise<void>((resolve) => (answer = resolve))) },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'card.delete', id: mastercard });
    actor.send({ type: 'card.confirmDelete' });
    actor.send({ type: 'card.cancelDelete' });
    expect(selectCardActions(actor.getSnapshot())).toEqual({ cardId: mastercard, busy: true, confirmingDelete: true, canAct: false });
    answer();
    await vi.waitFor(() => expect(selectCardActions(actor.getSnapshot()).canAct).toBe(true));
    expect(done).toEqual(['notifyDeleted', 'refreshPaymentMethods']);
  });
});
