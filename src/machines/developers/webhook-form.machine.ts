import * as v from 'valibot';
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { webhookFormValues, WebhookRequestSchema, type Webhook, type WebhookFields } from '../../model/developers/webhook';
import { webhookSaveFallback } from '../../model/developers/webhook-rules';
import { WebhookMessageText } from '../../model/developers/webhook-texts';
import { ErrorText } from '../../model/messages';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { webhookKeys } from '../../services/developers/queries';
import { webhooksApi } from '../../services/developers/webhooks.api';
import { queryClient } from '../../services/http/query-client';

/**
 * Kits §4 "Webhook form" and the webhook list's delete (kits §2, §5, §7, §8). The form is closed, open for a new
 * webhook (every event selected, as the view hands them over: the machine does not copy query data), or open
 * for one webhook in edit mode (its endpoint and event names): those are the values the form opens with. The form
 * keeps what is typed and hands its values over on submit; kits §5's messages show under the fields from the
 * model's rules, and the machine saves only values that pass them, with POST /Webhooks or PUT /Webhooks/{uid}.
 * Success closes the form, refreshes the list and toasts; a failure keeps the form as typed with the server's
 * message or the §8 fallback.
 *
 * Deleting is a region of its own, so a webhook can be deleted while the form is open. A row's Delete asks first,
 * as deleting a team member does (the documents name no question for webhooks; issue 40 asks for one), and the
 * question stays up until the server answers. Confirming the delete of the webhook in edit mode closes the form
 * (there is nothing left to edit); one being saved cannot be deleted, nor one asked about or being deleted edited.
 */

export type WebhookFormValues = { endpoint: string; events: string[] };

export interface WebhookFormContext {
  /** The webhook in edit mode; null when the form is closed or open for a new one. */
  uid: string | null;
  /** What the form opens with, then what it last handed over: a form drawn again shows what was sent. */
  values: WebhookFormValues;
  /** The last save's failure, until the next submit or the form closes. */
  error: string | null;
  /** The webhook being deleted. */
  deleting: string | null;
}

export type WebhookToEdit = Pick<Webhook, 'uid' | 'endpoint' | 'events'>;

export type WebhookFormEvent =
  /** "New Webhook": `events` are the names of every event offered, all selected as the form opens. */
  | { type: 'webhook.create'; events: readonly string[] }
  | { type: 'webhook.edit'; webhook: WebhookToEdit }
  | { type: 'webhook.cancel' }
  /** Save: the form's values as they are when the user submits. */
  | { type: 'webhook.submit'; values: WebhookFormValues }
  /** A row's Delete asks first (issue 40, like a team member's); the question's Delete deletes, Cancel keeps it. */
  | { type: 'webhook.delete'; uid: string }
  | { type: 'webhook.confirmDelete' }
  | { type: 'webhook.cancelDelete' };

export interface UpdateWebhookInput {
  uid: string;
  webhook: WebhookFields;
}

/**
 * Kits §8 gives a failed delete no fallback of its own: a failure without the server's words reads as the access
 * catalogue's server error, rather than a text the documents do not have.
 */
const DELETE_FALLBACK = ErrorText.server;

const EMPTY_FORM = { uid: null, values: { endpoint: '', events: [] }, error: null } satisfies Omit<WebhookFormContext, 'deleting'>;

/** The body a valid form sends: trimmed, each event once (the submit's guard has checked it). */
const requestOf = ({ context }: { context: WebhookFormContext }): WebhookFields => v.parse(WebhookRequestSchema, context.values);

const uidOf = ({ event }: { event: { uid: string } }) => ({ uid: event.uid });
const deletingUid = ({ context }: { context: WebhookFormContext }) => ({ uid: context.deleting ?? '' });
const valuesOf = ({ event }: { event: { values: WebhookFormValues } }) => ({ values: event.values });

/**
 * A submit whose values break a rule of kits §5 selects nothing: the form has shown the messages under its fields
 * from the same model, so only a form that passes them hands its values over.
 */
const submit = {
  guard: { type: 'validForm', params: valuesOf },
  target: 'saving',
  actions: { type: 'takeValues', params: valuesOf },
} as const;

export const webhookFormMachine = setup({
  types: {
    context: {} as WebhookFormContext,
    events: {} as WebhookFormEvent,
  },
  actors: {
    createWebhook: fromPromise<void, WebhookFields>(({ input, signal }) => webhooksApi.create(input, { signal })),
    updateWebhook: fromPromise<void, UpdateWebhookInput>(({ input, signal }) => webhooksApi.update(input.uid, input.webhook, { signal })),
    deleteWebhook: fromPromise<void, { uid: string }>(({ input, signal }) => webhooksApi.remove(input.uid, { signal })),
  },
  guards: {
    validForm: (_, params: { values: WebhookFormValues }) => v.is(WebhookRequestSchema, params.values),
    isEditedWebhook: ({ context }, params: { uid: string }) => context.uid === params.uid,
    notBeingDeleted: ({ context }, params: { uid: string }) => context.deleting !== params.uid,
  },
  actions: {
    clearForm: assign(EMPTY_FORM),
    openCreate: assign((_, params: { events: readonly string[] }) => ({
      ...EMPTY_FORM,
      values: { endpoint: '', events: [...params.events] },
    })),
    openEdit: assign((_, params: { webhook: WebhookToEdit }) => ({
      ...EMPTY_FORM,
      uid: params.webhook.uid,
      values: webhookFormValues(params.webhook),
    })),
    takeValues: assign((_, params: { values: WebhookFormValues }) => ({
      values: { endpoint: params.values.endpoint, events: [...params.values.events] },
      error: null,
    })),
    assignSaveError: assign((_, params: { error: unknown; mode: 'create' | 'update' }) => ({
      error: messageOf(params.error, webhookSaveFallback(params.mode, params.error)),
    })),
    assignDeleting: assign((_, params: { uid: string }) => ({ deleting: params.uid })),
    forgetDeleting: assign({ deleting: null }),
    notifyCreated: () => notify.success(WebhookMessageText.created),
    notifyUpdated: () => notify.success(WebhookMessageText.updated),
    notifyDeleted: () => notify.success(WebhookMessageText.deleted),
    notifySaveFailed: ({ context }) => notify.error(context.error ?? WebhookMessageText.updateFailed),
    notifyDeleteFailed: (_, params: { error: unknown }) => notify.error(messageOf(params.error, DELETE_FALLBACK)),
    refreshWebhooks: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  },
}).createMachine({
  id: 'webhookForm',
  type: 'parallel',
  context: { ...EMPTY_FORM, deleting: null },
  states: {
    form: {
      initial: 'closed',
      states: {
        closed: {
          id: 'webhookFormClosed',
          entry: 'clearForm',
          on: {
            'webhook.create': { target: 'creating', actions: { type: 'openCreate', params: ({ event }) => ({ events: event.events }) } },
            'webhook.edit': {
              guard: { type: 'notBeingDeleted', params: ({ event }) => ({ uid: event.webhook.uid }) },
              target: 'editing',
              actions: { type: 'openEdit', params: ({ event }) => ({ webhook: event.webhook }) },
            },
          },
        },
        creating: {
          id: 'webhookCreating',
          tags: ['open', 'creating'],
          initial: 'filling',
          states: {
            filling: {
              on: {
                'webhook.cancel': { target: '#webhookFormClosed' },
                'webhook.edit': {
                  guard: { type: 'notBeingDeleted', params: ({ event }) => ({ uid: event.webhook.uid }) },
                  target: '#webhookEditing',
                  actions: { type: 'openEdit', params: ({ event }) => ({ webhook: event.webhook }) },
                },
                'webhook.submit': submit,
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'createWebhook',
                src: 'createWebhook',
                input: requestOf,
                onDone: { target: '#webhookFormClosed', actions: ['notifyCreated', 'refreshWebhooks'] },
                onError: {
                  target: 'filling',
                  actions: [
                    { type: 'assignSaveError', params: ({ event }) => ({ error: event.error, mode: 'create' }) },
                    'notifySaveFailed',
                  ],
                },
              },
            },
          },
        },
        editing: {
          id: 'webhookEditing',
          tags: ['open', 'editing'],
          initial: 'filling',
          states: {
            filling: {
              on: {
                'webhook.cancel': { target: '#webhookFormClosed' },
                // Only one webhook is in edit mode: editing another replaces this one, unsaved changes and all.
                'webhook.edit': {
                  guard: { type: 'notBeingDeleted', params: ({ event }) => ({ uid: event.webhook.uid }) },
                  actions: { type: 'openEdit', params: ({ event }) => ({ webhook: event.webhook }) },
                },
                'webhook.create': {
                  target: '#webhookCreating',
                  actions: { type: 'openCreate', params: ({ event }) => ({ events: event.events }) },
                },
                'webhook.submit': submit,
                // The deletion region starts the delete in this same step, once its question is answered.
                'webhook.confirmDelete': {
                  guard: and([{ type: 'isEditedWebhook', params: deletingUid }, stateIn('#webhookDeletionConfirming')]),
                  target: '#webhookFormClosed',
                },
              },
            },
            saving: {
              id: 'webhookUpdating',
              tags: ['saving'],
              invoke: {
                id: 'updateWebhook',
                src: 'updateWebhook',
                input: ({ context }) => ({ uid: context.uid ?? '', webhook: requestOf({ context }) }),
                onDone: { target: '#webhookFormClosed', actions: ['notifyUpdated', 'refreshWebhooks'] },
                onError: {
                  target: 'filling',
                  actions: [
                    { type: 'assignSaveError', params: ({ event }) => ({ error: event.error, mode: 'update' }) },
                    'notifySaveFailed',
                  ],
                },
              },
            },
          },
        },
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'webhook.delete': {
              guard: not(and([stateIn('#webhookUpdating'), { type: 'isEditedWebhook', params: uidOf }])),
              target: 'confirming',
              actions: { type: 'assignDeleting', params: uidOf },
            },
          },
        },
        confirming: {
          id: 'webhookDeletionConfirming',
          tags: ['confirmingDelete'],
          on: {
            // A save of this webhook that began while the question was up must end before it can be deleted.
            'webhook.confirmDelete': {
              guard: not(and([stateIn('#webhookUpdating'), { type: 'isEditedWebhook', params: deletingUid }])),
              target: 'deleting',
            },
            'webhook.cancelDelete': { target: 'idle', actions: 'forgetDeleting' },
          },
        },
        deleting: {
          // The question stays up, its Delete button loading, until the server answers.
          tags: ['deleting', 'confirmingDelete'],
          exit: 'forgetDeleting',
          invoke: {
            id: 'deleteWebhook',
            src: 'deleteWebhook',
            input: ({ context }) => ({ uid: context.deleting ?? '' }),
            onDone: { target: 'idle', actions: ['notifyDeleted', 'refreshWebhooks'] },
            onError: { target: 'idle', actions: { type: 'notifyDeleteFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
