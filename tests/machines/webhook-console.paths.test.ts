import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { consoleFailureText, webhookConsoleMachine } from '../../src/machines/developers/webhook-console.machine';
import { isViewing, selectWebhookConsole } from '../../src/machines/developers/webhook-console.selectors';
import { WebhookServerText } from '../../src/model/developers/webhook';
import { WebhookConsoleFailureText, WebhookConsoleText } from '../../src/model/developers/webhook-console-texts';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const UID = 'wh-1';
const FIRST = { deliveryId: 'd-1', attempt: 2 };
const WAITING = { deliveryId: 'd-2', attempt: null };
const ResendEvent = v.object({ type: v.literal('console.resend'), deliveryId: v.string() });

const deleted = new ApiError('This delivery’s webhook has been deleted, so the delivery cannot be resent', 'http', 409);
const missing = new ApiError('No such call', 'http', 404);
const socket = new Error('socket hang up');

/** The effects in the order the machine asked for them, each with the toast's text. */
const done: string[] = [];
const effects = {
  notifyTestQueued: vi.fn(() => void done.push(`success ${WebhookConsoleText.testQueued}`)),
  notifyResent: vi.fn(() => void done.push(`success ${WebhookConsoleText.resent}`)),
  notifyTestFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${consoleFailureText(params.error, WebhookConsoleFailureText.sendTest)}`),
  ),
  notifyResendFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${consoleFailureText(params.error, WebhookConsoleFailureText.resend)}`),
  ),
  refreshLog: vi.fn(({ context }: { context: { uid: string } }) => void done.push(`refresh ${context.uid}`)),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

/** Each test event and resend toasts once; a success refreshes this webhook's log, a failure says why. */
function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    switch (event.type) {
      case 'xstate.done.actor.sendTest':
        return [`success ${WebhookConsoleText.testQueued}`, `refresh ${UID}`];
      case 'xstate.done.actor.resend':
        return [`success ${WebhookConsoleText.resent}`, `refresh ${UID}`];
      case 'xstate.error.actor.sendTest':
        return [`error ${consoleFailureText(event.error, WebhookConsoleFailureText.sendTest)}`];
      case 'xstate.error.actor.resend':
        return [`error ${consoleFailureText(event.error, WebhookConsoleFailureText.resend)}`];
      default:
        return [];
    }
  });
}

const suite = describePaths(webhookConsoleMachine, {
  name: 'a webhook’s console (issue 44): test event, delivery log by page, a body open, resend',
  input: { uid: UID },
  events: {
    'console.viewBody': [
      { type: 'console.viewBody', entry: FIRST },
      { type: 'console.viewBody', entry: WAITING },
    ],
    'console.resend': [{ type: 'console.resend', deliveryId: FIRST.deliveryId }],
  },
  invokes: {
    sendTest: { outputs: [{ deliveryId: 'd-new' }], errors: [missing, socket] },
    resend: { outputs: [{ deliveryId: FIRST.deliveryId }], errors: [deleted, missing] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  stateKey: (snapshot) =>
    JSON.stringify([snapshot.value, Math.min(snapshot.context.page, 3), snapshot.context.viewing, snapshot.context.resending]),
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectWebhookConsole(snapshot);
    expect(done).toEqual(expectedEffects(path.steps));
    // Every call is about this webhook, and a resend about the delivery asked for.
    const asked = path.steps.flatMap(({ event }) => (v.is(ResendEvent, event) ? [event.deliveryId] : []));
    for (const { src, input } of invocations) {
      if (src === 'sendTest') expect(input).toEqual({ uid: UID });
      if (src === 'resend') expect(asked).toContain((input as { deliveryId: string }).deliveryId);
    }
    expect(view.page).toBeGreaterThanOrEqual(1);
    expect(view.canGoNewer).toBe(view.logOpen && view.page > 1);
    // A body is open only in an open log, and a closed log opens on its first page.
    if (view.viewing) expect(view.logOpen).toBe(true);
    if (view.viewing) expect(isViewing(view, view.viewing)).toBe(true);
    expect(view.resending !== null).toBe(snapshot.hasTag('resending'));
  },
});

describe('a webhook’s console, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('a test event opens the log on its first page, and a failure on a service without the call says so', async () => {
    const sent: string[] = [];
    let fail = false;
    const machine = webhookConsoleMachine.provide({
      actions: effects,
      actors: {
        sendTest: fromPromise(({ input }: { input: { uid: string } }) => {
          sent.push(input.uid);
          return fail ? Promise.reject(missing) : Promise.resolve({ deliveryId: 'd-9' });
        }),
      },
    });
    const actor = createActor(machine, { input: { uid: UID }, inspect }).start();
    actor.send({ type: 'console.sendTest' });
    expect(selectWebhookConsole(actor.getSnapshot()).sendingTest).toBe(true);
    await vi.waitFor(() => expect(selectWebhookConsole(actor.getSnapshot()).logOpen).toBe(true));
    expect(selectWebhookConsole(actor.getSnapshot())).toMatchObject({ sendingTest: false, page: 1 });
    fail = true;
    actor.send({ type: 'console.sendTest' });
    await vi.waitFor(() => expect(done).toContain(`error ${WebhookConsoleText.notAvailable}`));
    expect(sent).toEqual([UID, UID]);
  });

  it('pages back and forth, never before the first page, closing an open body', () => {
    const actor = createActor(webhookConsoleMachine, { input: { uid: UID }, inspect }).start();
    actor.send({ type: 'console.openLog' });
    actor.send({ type: 'console.newerPage' });
    expect(selectWebhookConsole(actor.getSnapshot()).page).toBe(1);
    actor.send({ type: 'console.olderPage' });
    actor.send({ type: 'console.viewBody', entry: FIRST });
    expect(selectWebhookConsole(actor.getSnapshot()).viewing).toEqual(FIRST);
    actor.send({ type: 'console.olderPage' });
    expect(selectWebhookConsole(actor.getSnapshot())).toMatchObject({ page: 3, viewing: null, canGoNewer: true });
    actor.send({ type: 'console.closeLog' });
    actor.send({ type: 'console.openLog' });
    expect(selectWebhookConsole(actor.getSnapshot()).page).toBe(1);
  });

  it('words a failure: not available on a 404, the server’s words otherwise, else the fallback', () => {
    expect(consoleFailureText(missing, WebhookConsoleFailureText.resend)).toBe(WebhookConsoleText.notAvailable);
    expect(consoleFailureText(deleted, WebhookConsoleFailureText.resend)).toBe(deleted.message);
    expect(consoleFailureText(socket, WebhookConsoleFailureText.resend)).toBe(WebhookConsoleFailureText.resend);
    // The reference server's own 404 (the webhook was deleted meanwhile) says so, with its correlation id.
    const gone = new ApiError(`${WebhookServerText.notFound} (Correlation ID: c-1)`, 'http', 404, 'c-1');
    expect(consoleFailureText(gone, WebhookConsoleFailureText.sendTest)).toBe(gone.message);
  });
});
