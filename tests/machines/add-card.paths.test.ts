import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { addCardMachine } from '../../src/machines/payments/add-card.machine';
import { selectAddCard } from '../../src/machines/payments/add-card.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { CardProviderError } from '../../src/services/payments/card-provider';
import { describePaths, recordTransitions } from '../support/path-tests';

const created = 'pm_1PortalCard4242';
const declined = 'Your card was declined.';
const alreadyAttached = 'The payment method you provided has already been attached to a customer. (Correlation ID: c-9)';

/** Every message the modal may show, and nothing else (ordering §5 and §8). */
const shownMessages = [
  'Please enter valid card details',
  'Payment method ID is missing',
  declined,
  'Failed to create payment method',
  alreadyAttached,
  ErrorText.network,
  'Failed to attach payment method',
];

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effects = {
  notifyAttached: vi.fn(() => void done.push('notifyAttached')),
  refreshPaymentMethods: vi.fn(() => void done.push('refreshPaymentMethods')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const attachedSteps = (steps: readonly { event: { type: string } }[]) =>
  steps.filter((step) => step.event.type === 'xstate.done.actor.attachPaymentMethod').length;

describePaths(addCardMachine, {
  name: 'add card modal (ordering §4: closed, open, adding, closed on success): every path',
  events: {
    'addCard.submit': [
      { type: 'addCard.submit', complete: true },
      { type: 'addCard.submit', complete: false },
    ],
  },
  invokes: {
    // The provider's card input: an id, none at all, its own refusal, or a failure without words for the user.
    createPaymentMethod: { outputs: [created, ''], errors: [new CardProviderError(declined), new TypeError('stripe.js crashed')] },
    attachPaymentMethod: {
      errors: [
        new ApiError(alreadyAttached, 'http', 400, 'c-9'),
        new ApiError(ErrorText.network, 'network', null),
        new TypeError('bad answer'),
      ],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  // The message shown is part of the state; which refusal came before it is not.
  stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error === null, snapshot.context.paymentMethodId]),
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectAddCard(snapshot);
    // Only an id the provider created is attached, and exactly that id.
    for (const { src, input } of invocations) if (src === 'attachPaymentMethod') expect(input).toEqual({ id: created });
    // Each attached card: one toast, then one refresh of the saved cards; nothing else toasts or refreshes.
    const attached = attachedSteps(path.steps);
    expect(effects.notifyAttached).toHaveBeenCalledTimes(attached);
    expect(effects.refreshPaymentMethods).toHaveBeenCalledTimes(attached);
    expect(done).toEqual(Array.from({ length: attached }, () => ['notifyAttached', 'refreshPaymentMethods']).flat());
    if (view.error !== null) {
      expect(shownMessages).toContain(view.error);
      expect(view.open).toBe(true);
    }
    if (!view.open) expect(snapshot.context).toEqual({ paymentMethodId: null, error: null });
    expect(view.canOpen).toBe(!view.open);
    expect(view.canSubmit).toBe(view.open && !view.busy);
  },
});

describe('add card (ordering §5 and §8)', () => {
  const inspect = recordTransitions();
  const start = (create: () => Promise<string>, attach: (id: string) => Promise<void> = () => Promise.resolve()) => {
    const attached: string[] = [];
    const logic = addCardMachine.provide({
      actors: {
        createPaymentMethod: fromPromise(() => create()),
        attachPaymentMethod: fromPromise<void, { id: string }>(({ input }) => {
          attached.push(input.id);
          return attach(input.id);
        }),
      },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'addCard.open' });
    return { actor, attached };
  };

  it('incomplete card details are refused with "Please enter valid card details" and nothing is created', () => {
    const create = vi.fn(() => Promise.resolve(created));
    const { actor } = start(create);
    actor.send({ type: 'addCard.submit', complete: false });
    expect(selectAddCard(actor.getSnapshot())).toMatchObject({ open: true, busy: false, error: 'Please enter valid card details' });
    expect(create).not.toHaveBeenCalled();
  });

  it('a created card is attached by its id; the modal closes with the toast and the list is refreshed', async () => {
    const { actor, attached } = start(() => Promise.resolve(created));
    actor.send({ type: 'addCard.submit', complete: true });
    expect(selectAddCard(actor.getSnapshot())).toMatchObject({ open: true, busy: true, canSubmit: false });
    await vi.waitFor(() => expect(selectAddCard(actor.getSnapshot()).open).toBe(false));
    expect(attached).toEqual([created]);
    expect(done).toEqual(['notifyAttached', 'refreshPaymentMethods']);
  });

  it('an id that is not the provider\'s "pm_…" is refused with "Payment method ID is missing" and never attached', async () => {
    const { actor, attached } = start(() => Promise.resolve('../Orders'));
    actor.send({ type: 'addCard.submit', complete: true });
    await vi.waitFor(() => expect(selectAddCard(actor.getSnapshot()).error).toBe('Payment method ID is missing'));
    expect(attached).toEqual([]);
  });

  it("a refusal keeps the modal open with the reason, and the next attempt clears it: the provider's text, then the server's", async () => {
    let create = (): Promise<string> => Promise.reject(new CardProviderError(declined));
    const { actor } = start(
      () => create(),
      () => Promise.reject(new ApiError(alreadyAttached, 'http', 400, 'c-9')),
    );
    actor.send({ type: 'addCard.submit', complete: true });
    await vi.waitFor(() => expect(selectAddCard(actor.getSnapshot())).toMatchObject({ open: true, busy: false, error: declined }));
    create = () => Promise.resolve(created);
    actor.send({ type: 'addCard.submit', complete: true });
    expect(selectAddCard(actor.getSnapshot()).error).toBeNull();
    await vi.waitFor(() => expect(selectAddCard(actor.getSnapshot())).toMatchObject({ open: true, busy: false, error: alreadyAttached }));
    expect(done).toEqual([]);
  });

  it('while adding, a second click or Cancel does nothing: one card is created', () => {
    const create = vi.fn(() => new Promise<string>(() => undefined));
    const { actor } = start(create);
    actor.send({ type: 'addCard.submit', complete: true });
    actor.send({ type: 'addCard.submit', complete: true });
    actor.send({ type: 'addCard.cancel' });
    expect(selectAddCard(actor.getSnapshot())).toMatchObject({ open: true, busy: true });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('without the view there is no card input: the default creation says "Card element not found"', async () => {
    const actor = createActor(addCardMachine.provide({ actions: effects }), { inspect }).start();
    actor.send({ type: 'addCard.open' });
    actor.send({ type: 'addCard.submit', complete: true });
    await vi.waitFor(() => expect(selectAddCard(actor.getSnapshot()).error).toBe('Card element not found'));
  });
});
