import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderCancelMachine } from '../../src/machines/orders/order-cancel.machine';
import { selectOrderCancel } from '../../src/machines/orders/order-cancel.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const received = 'ord-received-1';
const draft = 'ord-draft-2';
const shippedRefusal = 'This order has shipped and can no longer be canceled. (Correlation ID: c-9)';

/** The effects in the order the machine asked for them, per path, with the toast's text. */
const done: string[] = [];
const effects = {
  notifyCanceled: vi.fn(() => void done.push('notifyCanceled')),
  notifyCancelFailed: vi.fn((_: unknown, params: { error: unknown }) => void done.push(`notifyCancelFailed ${String(params.error)}`)),
  refreshOrders: vi.fn(() => void done.push('refreshOrders')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.cancelOrder') return ['notifyCanceled', 'refreshOrders'];
    if (event.type === 'xstate.error.actor.cancelOrder') return [`notifyCancelFailed ${String(event.error)}`];
    return [];
  });
}

describePaths(orderCancelMachine, {
  name: 'deleting an order (ordering §2, §8): the question, DELETE /Orders/{uid}, refresh and toast',
  events: {
    'order.delete': [
      { type: 'order.delete', uid: received },
      { type: 'order.delete', uid: draft },
    ],
  },
  invokes: { cancelOrder: { errors: [new ApiError(shippedRefusal, 'http', 409, 'c-9')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectOrderCancel(snapshot);
    // The order canceled is the one asked about, and only after Delete was confirmed.
    const asked = path.steps.map(({ event }) => event).filter((event) => event.type === 'order.delete');
    for (const { input } of invocations) expect(asked.map((event) => ({ uid: String(event.uid) }))).toContainEqual(input);
    expect(invocations.length).toBe(path.steps.filter((step) => step.event.type === 'order.confirmDelete').length);
    // Success: "Order canceled successfully" and ['orders'] refreshed; failure: the server's message, nothing refreshed.
    expect(done).toEqual(expectedEffects(path.steps));
    expect(view.canDelete).toBe(!view.confirming);
    if (view.canDelete) expect(view.uid).toBeNull();
    else expect([received, draft]).toContain(view.uid);
  },
});

describe('deleting an order, one at a time', () => {
  const inspect = recordTransitions();

  it('the question stays up and busy until the server answers; Cancel is not taken meanwhile', async () => {
    let answer: () => void = () => undefined;
    const cancelOrder = vi.fn((_: { input: { uid: string } }) => new Promise<void>((resolve) => (answer = resolve)));
    const logic = orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(cancelOrder) }, actions: effects });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'order.delete', uid: received });
    actor.send({ type: 'order.confirmDelete' });
    actor.send({ type: 'order.cancelDelete' });
    actor.send({ type: 'order.delete', uid: draft });
    expect(selectOrderCancel(actor.getSnapshot())).toEqual({ uid: received, confirming: true, busy: true, canDelete: false });
    expect(cancelOrder).toHaveBeenCalledTimes(1);
    expect(cancelOrder.mock.calls[0]?.[0].input).toEqual({ uid: received });
    answer();
    await vi.waitFor(() => expect(selectOrderCancel(actor.getSnapshot()).canDelete).toBe(true));
    expect(done).toEqual(['notifyCanceled', 'refreshOrders']);
  });

  it('without a server message the toast says "Failed to cancel orders"', async () => {
    const notify = await import('../../src/services/platform/notify');
    const shown: string[] = [];
    const stop = notify.notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const logic = orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(() => Promise.reject(new Error('socket hang up'))) } });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'order.delete', uid: received });
    actor.send({ type: 'order.confirmDelete' });
    await vi.waitFor(() => expect(shown).toEqual(['error: Failed to cancel orders']));
    stop();
  });
});
