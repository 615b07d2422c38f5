import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorText } from '../../src/model/messages';
import { SAVED_BANNER_MS } from '../../src/model/practice/practice-settings';
import { SettingsToastText } from '../../src/model/practice/settings-texts';
import { settingsFormMachine, type SettingsFormEvent, type SettingsRequest } from '../../src/machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../src/machines/practice/settings-form.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { practiceRecord } from '../support/fixtures/records';
import { describePaths, recordTransitions } from '../support/path-tests';

const practiceRequest: SettingsRequest = {
  form: 'practice',
  body: {
    name: 'Summit Wellness Clinic',
    phone: '(303) 555-0189',
    contactPersonFirstName: 'Thomas',
    contactPersonLastName: 'Becker',
    address: { addressLine1: '2400 Summit Boulevard', addressLine2: '', city: 'Denver', state: 'CO', zipCode: '80205', country: 'US' },
  },
};
const blankPractice: SettingsRequest = { form: 'practice', body: { ...practiceRequest.body, name: ' ' } };
const invoiceRequest: SettingsRequest = { form: 'invoiceContact', body: { email: 'ap@summit.example', phone: '555-0100', fax: '' } };
const badEmail: SettingsRequest = { form: 'invoiceContact', body: { email: 'nope', phone: '555-0100' } };

const save = (request: SettingsRequest): SettingsFormEvent => ({ type: 'settings.save', request });

const serverRefusal = 'address.city: City is required (Correlation ID: c-9)';

/** The effects in order, with the toast text each one showed. */
const done: string[] = [];
const effects = {
  notifySaved: vi.fn(
    ({ context }: { context: { form: keyof typeof SettingsToastText } }) =>
      void done.push(`saved ${SettingsToastText[context.form].success}`),
  ),
  notifyFailed: vi.fn(
    ({ context }: { context: { form: keyof typeof SettingsToastText; error: string | null } }) => void done.push(`failed ${context.error}`),
  ),
  refreshPractice: vi.fn(() => void done.push('refreshPractice')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(form: keyof typeof SettingsToastText, steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.save') return [`saved ${SettingsToastText[form].success}`, 'refreshPractice'];
    if (event.type === 'xstate.error.actor.save') {
      // Ordering §8: the server's message, else the form's own failure text.
      return [`failed ${event.error instanceof ApiError ? event.error.message : SettingsToastText[form].failure}`];
    }
    return [];
  });
}

describePaths(settingsFormMachine, {
  name: 'settings forms (ordering §2, §7, §8): save, toast, refresh the practice; the practice form shows its banner for 3 s',
  inputs: { practice: { form: 'practice' }, invoiceContact: { form: 'invoiceContact' } },
  events: {
    // A valid request of the form, one the schema refuses and another form's: only the first is sent.
    'settings.save': (snapshot) =>
      (snapshot.context.form === 'practice' ? [practiceRequest, blankPractice, invoiceRequest] : [invoiceRequest, badEmail]).map(save),
  },
  invokes: {
    save: { errors: [new ApiError(serverRefusal, 'http', 400, 'c-9'), new Error('socket hang up')] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const form = snapshot.context.form;
    // Only a valid request of this form reaches the server.
    for (const { input } of invocations) expect(input).toEqual(form === 'practice' ? practiceRequest : invoiceRequest);
    expect(done).toEqual(expectedEffects(form, path.steps));
    const view = selectSettingsForm(snapshot);
    // The banner belongs to the practice form alone.
    if (form !== 'practice') expect(view.saved).toBe(false);
    if (view.error !== null) expect([serverRefusal, SettingsToastText[form].failure]).toContain(view.error);
  },
});

describe('the practice form’s banner', () => {
  const inspect = recordTransitions();

  it('"Changes saved successfully" shows for 3 s after a save, then the form is back to editing', async () => {
    vi.useFakeTimers();
    try {
      const logic = settingsFormMachine.provide({
        actors: { save: fromPromise(() => Promise.resolve(practiceRecord())) },
        actions: effects,
      });
      const actor = createActor(logic, { input: { form: 'practice' }, inspect }).start();
      actor.send({ type: 'settings.save', request: practiceRequest });
      expect(selectSettingsForm(actor.getSnapshot()).busy).toBe(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(selectSettingsForm(actor.getSnapshot())).toEqual({ busy: false, saved: true, error: null });
      await vi.advanceTimersByTimeAsync(SAVED_BANNER_MS - 1);
      expect(selectSettingsForm(actor.getSnapshot()).saved).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(selectSettingsForm(actor.getSnapshot()).saved).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a network failure toasts the network text, not the fallback', async () => {
    const network = new ApiError(ErrorText.network, 'network', null);
    const logic = settingsFormMachine.provide({ actors: { save: fromPromise(() => Promise.reject(network)) }, actions: effects });
    const actor = createActor(logic, { input: { form: 'fulfilment' }, inspect }).start();
    actor.send({ type: 'settings.save', request: { form: 'fulfilment', body: { fulfilmentType: 0 } } });
    await vi.waitFor(() => expect(selectSettingsForm(actor.getSnapshot()).error).toBe(ErrorText.network));
    expect(done).toEqual([`failed ${ErrorText.network}`]);
  });

  it('an institution’s practice form falls back to "Failed to update institution" (kits §8), a practice’s to "Failed to update practice"', async () => {
    const unreadable = new SyntaxError('Unexpected end of JSON input');
    const logic = settingsFormMachine.provide({ actors: { save: fromPromise(() => Promise.reject(unreadable)) } });
    for (const [organization, text] of [
      ['Institution', 'Failed to update institution'],
      ['Practice', 'Failed to update practice'],
    ] as const) {
      const actor = createActor(logic, { input: { form: 'practice', organization } }).start();
      expect(actor.getSnapshot().context.toasts.success).toBe(`${organization} updated successfully.`);
      actor.send(save(practiceRequest));
      await vi.waitFor(() => expect(selectSettingsForm(actor.getSnapshot()).error).toBe(text));
      actor.stop();
    }
  });
});
