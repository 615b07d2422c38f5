import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { consentsMachine, type ConsentsEvent, type ConsentsUser } from '../../src/machines/account/consents.machine';
import { selectConsents } from '../../src/machines/account/consents.selectors';
import type { ConsentsRequest, ConsentValues } from '../../src/model/account/account-consents';
import { ConsentText } from '../../src/model/account/account-texts';
import { notify } from '../../src/services/platform/notify';
import { describePaths, recordTransitions } from '../support/path-tests';

const ava: ConsentsUser = { uid: 'user-ava', researchConsent: false, rejuvenationOlympicsConsent: true };
/** A record that leaves the consents out: none given. */
const lenient: ConsentsUser = { uid: 'user-ava' };
const noUid: ConsentsUser = { uid: null, researchConsent: true };

/** The effects in order, with the toast text each showed. */
const done: string[] = [];
const effects = {
  notifySaved: vi.fn(() => void done.push(`success ${ConsentText.saved}`)),
  notifyFailed: vi.fn(
    ({ context }: { context: { pending: string | null } }) =>
      void done.push(`error ${context.pending === 'researchConsent' ? ConsentText.researchFailed : ConsentText.olympicsFailed}`),
  ),
  refreshConsents: vi.fn(() => void done.push('refreshConsents')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const flip = (consent: 'researchConsent' | 'rejuvenationOlympicsConsent') => (snapshot: { context: ConsentValues }) => [
  { type: 'consents.change' as const, consent, value: !snapshot.context[consent] },
  // The switch already shows this value: nothing to save.
  { type: 'consents.change' as const, consent, value: snapshot.context[consent] },
];

describePaths(consentsMachine, {
  name: 'the consent switches (kits §4, §8, issue 41): on only after "I agree", off at once, reverted on failure, one save at a time',
  inputs: { 'a user loaded': { user: ava }, 'no user yet': { user: null } },
  events: {
    'consents.load': [
      { type: 'consents.load', user: lenient },
      { type: 'consents.load', user: noUid },
    ],
    'consents.change': (snapshot) =>
      [...flip('researchConsent')(snapshot), ...flip('rejuvenationOlympicsConsent')(snapshot)] satisfies ConsentsEvent[],
    'consents.read': [
      { type: 'consents.read', consent: 'researchConsent' },
      { type: 'consents.read', consent: 'rejuvenationOlympicsConsent' },
    ],
    'consents.agree': [{ type: 'consents.agree' }],
    'consents.decline': [{ type: 'consents.decline' }],
  },
  invokes: { saveConsents: { errors: [new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    // Each save sends the whole pair as the switches show it, with the user's uid.
    for (const { input } of invocations) {
      const request = input as ConsentsRequest;
      expect(request.uid).toBe('user-ava');
      expect(Object.keys(request)).toEqual(['uid', 'researchConsent', 'rejuvenationOlympicsConsent']);
    }
    const expected = path.steps.flatMap(({ event }, index) => {
      if (event.type === 'xstate.done.actor.saveConsents') return [`success ${ConsentText.saved}`, 'refreshConsents'];
      if (event.type !== 'xstate.error.actor.saveConsents') return [];
      // The switch being saved, as the step before the failure planned it.
      const started = (path.steps[index - 1]?.snapshot.context as { pending: string | null } | undefined)?.pending;
      return [`error ${started === 'researchConsent' ? ConsentText.researchFailed : ConsentText.olympicsFailed}`];
    });
    // A consent turns on only through "I agree" on its statement: every save that turns one on follows an agreement.
    path.steps.forEach(({ event, snapshot: after }, index) => {
      const before = path.steps[index - 1]?.snapshot.context as ConsentValues | undefined;
      const now = after.context as ConsentValues;
      if (!before || event.type === 'consents.agree' || !after.matches('saving')) return;
      for (const consent of ['researchConsent', 'rejuvenationOlympicsConsent'] as const) {
        expect(now[consent] && !before[consent], `${consent} turned on by ${event.type}`).toBe(false);
      }
    });
    expect(done).toEqual(expected);
    const view = selectConsents(snapshot);
    expect(view.canChange).toBe(snapshot.matches('ready'));
    if (!view.ready) expect([view.researchConsent, view.rejuvenationOlympicsConsent]).toEqual([false, false]);
  },
});

describe('a consent switch', () => {
  const inspect = recordTransitions();

  it('turning one on opens its statement: "I don\'t agree" leaves it off, "I agree" turns it on and saves; off is one click', async () => {
    const saveConsents = vi.fn((_: { input: ConsentsRequest }) => Promise.resolve());
    const logic = consentsMachine.provide({
      actors: { saveConsents: fromPromise(saveConsents) },
      actions: { refreshConsents: () => undefined, notifySaved: () => undefined },
    });
    const actor = createActor(logic, { input: { user: ava }, inspect }).start();
    actor.send({ type: 'consents.change', consent: 'researchConsent', value: true });
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ reading: 'researchConsent', researchConsent: false, canChange: false });
    actor.send({ type: 'consents.decline' });
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ reading: null, researchConsent: false, canChange: true });
    expect(saveConsents).not.toHaveBeenCalled();
    actor.send({ type: 'consents.change', consent: 'researchConsent', value: true });
    actor.send({ type: 'consents.agree' });
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ reading: null, researchConsent: true, pending: 'researchConsent' });
    await vi.waitFor(() => expect(selectConsents(actor.getSnapshot()).canChange).toBe(true));
    expect(saveConsents.mock.calls[0]?.[0].input).toEqual({ uid: 'user-ava', researchConsent: true, rejuvenationOlympicsConsent: true });
    actor.send({ type: 'consents.change', consent: 'rejuvenationOlympicsConsent', value: false });
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ reading: null, rejuvenationOlympicsConsent: false });
    expect(saveConsents.mock.calls[1]?.[0].input).toEqual({ uid: 'user-ava', researchConsent: true, rejuvenationOlympicsConsent: false });
  });

  it('turns at once, is ignored while the save runs, and turns back with the Olympics text when it fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const saveConsents = vi.fn((_: { input: ConsentsRequest }) => new Promise<void>((_resolve, reject) => (fail = reject)));
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const logic = consentsMachine.provide({
      actors: { saveConsents: fromPromise(saveConsents) },
      actions: { refreshConsents: () => undefined },
    });
    const actor = createActor(logic, { input: { user: ava }, inspect }).start();
    actor.send({ type: 'consents.change', consent: 'rejuvenationOlympicsConsent', value: false });
    expect(selectConsents(actor.getSnapshot())).toEqual({
      ready: true,
      researchConsent: false,
      rejuvenationOlympicsConsent: false,
      pending: 'rejuvenationOlympicsConsent',
      canChange: false,
      reading: null,
      canRead: false,
    });
    actor.send({ type: 'consents.change', consent: 'researchConsent', value: true });
    actor.send({ type: 'consents.load', user: { ...ava, researchConsent: true } });
    expect(saveConsents).toHaveBeenCalledTimes(1);
    expect(saveConsents.mock.calls[0]?.[0].input).toEqual({ uid: 'user-ava', researchConsent: false, rejuvenationOlympicsConsent: false });
    fail(new Error('socket hang up'));
    await vi.waitFor(() => expect(selectConsents(actor.getSnapshot()).canChange).toBe(true));
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ researchConsent: false, rejuvenationOlympicsConsent: true, pending: null });
    expect(shown).toEqual([`error: ${ConsentText.olympicsFailed}`]);
    stop();
  });

  it('without a user nothing is sent; a loaded user’s record is followed', () => {
    const saveConsents = vi.fn(() => Promise.resolve());
    const actor = createActor(consentsMachine.provide({ actors: { saveConsents: fromPromise(saveConsents) } }), {
      input: { user: null },
      inspect,
    }).start();
    actor.send({ type: 'consents.change', consent: 'researchConsent', value: true });
    expect(saveConsents).not.toHaveBeenCalled();
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ ready: false, canChange: false });
    actor.send({ type: 'consents.load', user: lenient });
    actor.send({ type: 'consents.load', user: ava });
    expect(selectConsents(actor.getSnapshot())).toMatchObject({ ready: true, researchConsent: false, rejuvenationOlympicsConsent: true });
  });
});
