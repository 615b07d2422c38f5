import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  webhookFormMachine,
  type UpdateWebhookInput,
  type WebhookFormValues,
  type WebhookToEdit,
} from '../../src/machines/developers/webhook-form.machine';
import { selectCanDeleteWebhook, selectCanEditWebhook, selectWebhookForm } from '../../src/machines/developers/webhook-form.selectors';
import { WebhookRequestSchema } from '../../src/model/developers/webhook';
import { WebhookMessageText } from '../../src/model/developers/webhook-texts';
import { ErrorText } from '../../src/model/messages';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const ALL_EVENTS = ['kit.updated', 'report.ready'];
const hookA: WebhookToEdit = { uid: 'w-1', endpoint: 'https://a.example/hook', events: [{ id: 1, name: 'kit.updated' }] };
/** A webhook whose events were all retired: its edit form opens with none, which kits §5 refuses. */
const hookB: WebhookToEdit = { uid: 'w-2', endpoint: 'https://b.example/hook', events: [] };
/** What the form hands over on submit: values that break kits §5, and values that pass it (sent trimmed). */
const broken: WebhookFormValues = { endpoint: 'not a url', events: [] };
const valid: WebhookFormValues = { endpoint: ' https://new.example/hook ', events: ['report.ready'] };

const EditEvent = v.object({ type: v.literal('webhook.edit'), webhook: v.object({ uid: v.string() }) });
const DeleteEvent = v.object({ type: v.literal('webhook.delete'), uid: v.string() });

const unreachable = new ApiError('Endpoint is not reachable (Correlation ID: c-7)', 'http', 400, 'c-7');
const notFound = new ApiError('Webhook not found', 'http', 404);
const socket = new Error('socket hang up');

/** The effects in the order the machine asked for them, each with the toast's text. */
const done: string[] = [];
const effects = {
  notifyCreated: vi.fn(() => void done.push(`success ${WebhookMessageText.created}`)),
  notifyUpdated: vi.fn(() => void done.push(`success ${WebhookMessageText.updated}`)),
  notifyDeleted: vi.fn(() => void done.push(`success ${WebhookMessageText.deleted}`)),
  notifySaveFailed: vi.fn(({ context }: { context: { error: string | null } }) => void done.push(`error ${context.error}`)),
  notifyDeleteFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${params.error instanceof ApiError ? params.error.message : ErrorText.server}`),
  ),
  refreshWebhooks: vi.fn(() => void done.push('refreshWebhooks')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

/** Kits §8: each save or delete toasts once; a success refreshes the list, a failure shows the server's message or the fallback. */
function expectedEffects(steps: readonly { event: { type: string; error?: unknown } }[]): string[] {
  const serverOr = (error: unknown, fallback: string) => `error ${error instanceof ApiError ? error.message : fallback}`;
  return steps.flatMap(({ event }) => {
    switch (event.type) {
      case 'xstate.done.actor.createWebhook':
        return [`success ${WebhookMessageText.created}`, 'refreshWebhooks'];
      case 'xstate.done.actor.updateWebhook':
        return [`success ${WebhookMessageText.updated}`, 'refreshWebhooks'];
      case 'xstate.done.actor.deleteWebhook':
        return [`success ${WebhookMessageText.deleted}`, 'refreshWebhooks'];
      case 'xstate.error.actor.createWebhook':
        return [serverOr(event.error, WebhookMessageText.createFailed)];
      case 'xstate.error.actor.updateWebhook':
        return [serverOr(event.error, WebhookMessageText.updateFailed)];
      case 'xstate.error.actor.deleteWebhook':
        return [serverOr(event.error, ErrorText.server)];
      default:
        return [];
    }
  });
}

const suite = describePaths(webhookFormMachine, {
  name: 'the webhook form (kits §4, §5, §7, §8): create, edit one at a time, validate, save, delete',
  events: {
    'webhook.create': [{ type: 'webhook.create', events: ALL_EVENTS }],
    'webhook.edit': [
      { type: 'webhook.edit', webhook: hookA },
      { type: 'webhook.edit', webhook: hookB },
    ],
    'webhook.submit': [
      { type: 'webhook.submit', values: broken },
      { type: 'webhook.submit', values: valid },
    ],
    'webhook.delete': [
      { type: 'webhook.delete', uid: hookA.uid },
      { type: 'webhook.delete', uid: hookB.uid },
    ],
    'webhook.confirmDelete': [{ type: 'webhook.confirmDelete' }],
    'webhook.cancelDelete': [{ type: 'webhook.cancelDelete' }],
  },
  invokes: {
    createWebhook: { errors: [unreachable, socket] },
    updateWebhook: { errors: [unreachable, socket] },
    deleteWebhook: { errors: [notFound, socket] },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  // What the form's behaviour depends on: the state, which webhook, whether a failure shows, which is being deleted.
  stateKey: (snapshot) => {
    const { uid, error, deleting } = snapshot.context;
    return JSON.stringify([snapshot.value, uid, error !== null, deleting]);
  },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    const view = selectWebhookForm(snapshot);
    expect(done).toEqual(expectedEffects(path.steps));

    // Only a form that passes kits §5 is saved, and an update is for the webhook in edit mode.
    const edited = path.steps.flatMap(({ event }) => (v.is(EditEvent, event) ? [event.webhook.uid] : []));
    const deleted = path.steps.flatMap(({ event }) => (v.is(DeleteEvent, event) ? [event.uid] : []));
    for (const { src, input } of invocations) {
      if (src === 'createWebhook') expect(v.is(WebhookRequestSchema, input)).toBe(true);
      if (src === 'updateWebhook') {
        const { uid, webhook } = input as { uid: string; webhook: unknown };
        expect(edited).toContain(uid);
        expect(v.is(WebhookRequestSchema, webhook)).toBe(true);
      }
      if (src === 'deleteWebhook') expect(deleted).toContainEqual((input as { uid: string }).uid);
    }

    // Closed means empty; open means a mode, and edit mode names its webhook.
    expect(view.open).toBe(view.mode !== null);
    if (!view.open) expect(view).toMatchObject({ values: { endpoint: '', events: [] }, error: null, editingUid: null, saving: false });
    expect(view.editingUid !== null).toBe(view.mode === 'edit');
    if (view.saving) expect(snapshot.can({ type: 'webhook.submit', values: valid }) || view.canCancel).toBe(false);
    // A form that breaks kits §5 is never taken: the form shows the model's messages under its fields instead.
    expect(snapshot.can({ type: 'webhook.submit', values: broken })).toBe(false);
    // Never the same webhook in edit mode and being deleted: asking about it leaves the form, confirming closes it.
    if (view.editingUid !== null && view.editingUid === view.deletingUid) expect(view.deleting).toBe(false);
    // A webhook is asked about while the question is up, which it stays while the delete runs.
    expect(view.deletingUid !== null).toBe(view.confirmingDelete);
    if (view.deleting) expect(view.confirmingDelete).toBe(true);
    // Nothing is deleted without the question's Delete.
    const confirmed = path.steps.filter(({ event }) => event.type === 'webhook.confirmDelete').length;
    expect(invocations.filter(({ src }) => src === 'deleteWebhook').length).toBeLessThanOrEqual(confirmed);
    if (view.error !== null)
      expect([unreachable.message, WebhookMessageText.createFailed, WebhookMessageText.updateFailed]).toContain(view.error);
  },
});

describe('the webhook form, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('"New Webhook" opens with every event selected; a form that breaks kits §5 is not saved; Cancel closes it', () => {
    const createWebhook = vi.fn(() => Promise.resolve());
    const logic = webhookFormMachine.provide({ actors: { createWebhook: fromPromise(createWebhook) }, actions: effects });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.create', events: ALL_EVENTS });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({
      open: true,
      mode: 'create',
      values: { endpoint: '', events: ALL_EVENTS },
    });
    actor.send({ type: 'webhook.submit', values: { endpoint: '', events: [] } });
    actor.send({ type: 'webhook.submit', values: { endpoint: 'hooks', events: ALL_EVENTS } });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({ open: true, mode: 'create', saving: false, error: null });
    expect(createWebhook).not.toHaveBeenCalled();
    actor.send({ type: 'webhook.cancel' });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({ open: false, values: { endpoint: '', events: [] } });
  });

  it('edits one webhook at a time, prefilled; saving sends PUT’s body trimmed, closes, refreshes and toasts', async () => {
    const updateWebhook = vi.fn((_: { input: UpdateWebhookInput }) => Promise.resolve());
    const logic = webhookFormMachine.provide({ actors: { updateWebhook: fromPromise(updateWebhook) }, actions: effects });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.edit', webhook: hookB });
    actor.send({ type: 'webhook.edit', webhook: hookA });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({
      mode: 'edit',
      editingUid: 'w-1',
      values: { endpoint: hookA.endpoint, events: ['kit.updated'] },
    });
    actor.send({ type: 'webhook.submit', values: { endpoint: ' https://a.example/v2 ', events: ['kit.updated'] } });
    expect(selectWebhookForm(actor.getSnapshot()).saving).toBe(true);
    // While it saves, the webhook cannot be deleted nor another one edited.
    expect(selectCanDeleteWebhook(actor.getSnapshot(), 'w-1')).toBe(false);
    expect(selectCanDeleteWebhook(actor.getSnapshot(), 'w-2')).toBe(true);
    expect(selectCanEditWebhook(actor.getSnapshot(), hookB)).toBe(false);
    await vi.waitFor(() => expect(selectWebhookForm(actor.getSnapshot()).open).toBe(false));
    expect(updateWebhook.mock.calls[0]?.[0].input).toEqual({
      uid: 'w-1',
      webhook: { endpoint: 'https://a.example/v2', events: ['kit.updated'] },
    });
    expect(done).toEqual([`success ${WebhookMessageText.updated}`, 'refreshWebhooks']);
  });

  it('a failed create keeps the form as typed and shows the fallback when the server gives no message', async () => {
    const logic = webhookFormMachine.provide({
      actors: { createWebhook: fromPromise(() => Promise.reject(socket)) },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.create', events: ALL_EVENTS });
    actor.send({ type: 'webhook.submit', values: { endpoint: 'https://c.example', events: ALL_EVENTS } });
    await vi.waitFor(() => expect(selectWebhookForm(actor.getSnapshot()).error).toBe('Failed to create webhook'));
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({
      open: true,
      mode: 'create',
      values: { endpoint: 'https://c.example', events: ALL_EVENTS },
    });
    expect(done).toEqual(['error Failed to create webhook']);
  });

  it('Delete asks first: Cancel keeps the webhook and sends nothing', () => {
    const deleteWebhook = vi.fn(() => Promise.resolve());
    const logic = webhookFormMachine.provide({ actors: { deleteWebhook: fromPromise(deleteWebhook) }, actions: effects });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.delete', uid: 'w-1' });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({ confirmingDelete: true, deleting: false, deletingUid: 'w-1' });
    expect(selectCanDeleteWebhook(actor.getSnapshot(), 'w-2')).toBe(false);
    actor.send({ type: 'webhook.cancelDelete' });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({ confirmingDelete: false, deletingUid: null });
    expect(deleteWebhook).not.toHaveBeenCalled();
    expect(done).toEqual([]);
  });

  it('confirming the delete of the webhook in edit mode closes the form; one being deleted cannot be edited', async () => {
    let finish: () => void = () => undefined;
    const logic = webhookFormMachine.provide({
      actors: { deleteWebhook: fromPromise(() => new Promise<void>((resolve) => (finish = resolve))) },
      actions: effects,
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.edit', webhook: hookA });
    actor.send({ type: 'webhook.delete', uid: 'w-1' });
    // Asked about, the webhook's form stays open behind the question.
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({ open: true, confirmingDelete: true, deletingUid: 'w-1' });
    actor.send({ type: 'webhook.confirmDelete' });
    expect(selectWebhookForm(actor.getSnapshot())).toMatchObject({
      open: false,
      deleting: true,
      confirmingDelete: true,
      deletingUid: 'w-1',
    });
    expect(selectCanEditWebhook(actor.getSnapshot(), hookA)).toBe(false);
    expect(selectCanDeleteWebhook(actor.getSnapshot(), 'w-2')).toBe(false);
    finish();
    await vi.waitFor(() => expect(selectWebhookForm(actor.getSnapshot()).deletingUid).toBeNull());
    expect(done).toEqual([`success ${WebhookMessageText.deleted}`, 'refreshWebhooks']);
  });

  it('with its real default, a failed delete toasts the server’s message, else the catalogue’s server error', async () => {
    const { notify } = await import('../../src/services/platform/notify');
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    let failure: Error = notFound;
    const logic = webhookFormMachine.provide({
      actors: { deleteWebhook: fromPromise(() => Promise.reject(failure)) },
      actions: { refreshWebhooks: effects.refreshWebhooks },
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send({ type: 'webhook.delete', uid: 'w-1' });
    actor.send({ type: 'webhook.confirmDelete' });
    await vi.waitFor(() => expect(shown).toEqual(['error: Webhook not found']));
    failure = socket;
    actor.send({ type: 'webhook.delete', uid: 'w-1' });
    actor.send({ type: 'webhook.confirmDelete' });
    await vi.waitFor(() => expect(shown).toEqual(['error: Webhook not found', `error: ${ErrorText.server}`]));
    expect(effects.refreshWebhooks).not.toHaveBeenCalled();
    stop();
  });
});
