import * as v from 'valibot';
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import {
  webhookFieldErrors,
  webhookFormValues,
  WebhookRequestSchema,
  type Webhook,
  type WebhookField,
  type WebhookFieldErrors,
  type WebhookFields,
} from '../../model/developers/webhook';
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
 * for one webhook in edit mode (its endpoint and event names). Submit checks kits §5 and shows each broken
 * rule under its field until that field is edited; a valid form is saved with POST /Webhooks or
 * PUT /Webhooks/{uid}. Success closes the form, refreshes the list and toasts; a failure keeps the form as typed
 * with the server's message or the §8 fallback.
 *
 * Deleting is a region of its own, so a webhook can be deleted while the form is open. Deleting the webhook in
 * edit mode closes the form (there is nothing left to edit); one being saved cannot be deleted, nor one being
 * deleted edited.
 */

export type WebhookFormValues = { endpoint: string; events: string[] };

export interface WebhookFormContext extends WebhookFormValues {
  /** The webhook in edit mode; null when the form is closed or open for a new one. */
  uid: string | null;
  fieldErrors: WebhookFieldErrors;
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
  | { type: 'webhook.changeEndpoint'; endpoint: string }
  | { type: 'webhook.changeEvents'; events: readonly string[] }
  | { type: 'webhook.submit' }
  | { type: 'webhook.delete'; uid: string };

export interface UpdateWebhookInput {
  uid: string;
  webhook: WebhookFields;
}

/**
 * Kits §8 gives a failed delete no fallback of its own: a failure without the server's words reads as the access
 * catalogue's server error, rather than a text the documents do not have.
 */
const DELETE_FALLBACK = ErrorText.server;

const EMPTY_FORM = { uid: null, endpoint: '', events: [], fieldErrors: {}, error: null } satisfies Omit<WebhookFormContext, 'deleting'>;

/** The body a valid form sends: trimmed, each event once (the submit's guard has checked it). */
const requestOf = ({ context }: { context: WebhookFormContext }): WebhookFields =>
  v.parse(WebhookRequestSchema, { endpoint: context.endpoint, events: context.events });

const withoutError = (errors: WebhookFieldErrors, field: WebhookField): WebhookFieldErrors => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

const uidOf = ({ event }: { event: { uid: string } }) => ({ uid: event.uid });

/** What the form does while it is being filled in, for a new webhook or an edited one alike. */
type EventOf<TType extends WebhookFormEvent['type']> = Extract<WebhookFormEvent, { type: TType }>;
const filling = {
  'webhook.changeEndpoint': {
    actions: {
      type: 'changeEndpoint',
      params: ({ event }: { event: EventOf<'webhook.changeEndpoint'> }) => ({ endpoint: event.endpoint }),
    },
  },
  'webhook.changeEvents': {
    actions: { type: 'changeEvents', params: ({ event }: { event: EventOf<'webhook.changeEvents'> }) => ({ events: event.events }) },
  },
  'webhook.cancel': { target: '#webhookFormClosed' },
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
    validForm: ({ context }) => v.is(WebhookRequestSchema, { endpoint: context.endpoint, events: context.events }),
    isEditedWebhook: ({ context }, params: { uid: string }) => context.uid === params.uid,
    notBeingDeleted: ({ context }, params: { uid: string }) => context.deleting !== params.uid,
  },
  actions: {
    clearForm: assign(EMPTY_FORM),
    openCreate: assign((_, params: { events: readonly string[] }) => ({ ...EMPTY_FORM, events: [...params.events] })),
    openEdit: assign((_, params: { webhook: WebhookToEdit }) => ({
      ...EMPTY_FORM,
      uid: params.webhook.uid,
      ...webhookFormValues(params.webhook),
    })),
    changeEndpoint: assign(({ context }, params: { endpoint: string }) => ({
      endpoint: params.endpoint,
      fieldErrors: withoutError(context.fieldErrors, 'endpoint'),
    })),
    changeEvents: assign(({ context }, params: { events: readonly string[] }) => ({
      events: [...params.events],
      fieldErrors: withoutError(context.fieldErrors, 'events'),
    })),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: webhookFieldErrors({ endpoint: context.endpoint, events: context.events }),
      error: null,
    })),
    forgetErrors: assign({ fieldErrors: {}, error: null }),
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
                ...filling,
                'webhook.edit': {
                  guard: { type: 'notBeingDeleted', params: ({ event }) => ({ uid: event.webhook.uid }) },
                  target: '#webhookEditing',
                  actions: { type: 'openEdit', params: ({ event }) => ({ webhook: event.webhook }) },
                },
                'webhook.submit': [{ guard: 'validForm', target: 'saving', actions: 'forgetErrors' }, { actions: 'showFieldErrors' }],
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
                ...filling,
                // Only one webhook is in edit mode: editing another replaces this one, unsaved changes and all.
                'webhook.edit': {
                  guard: { type: 'notBeingDeleted', params: ({ event }) => ({ uid: event.webhook.uid }) },
                  actions: { type: 'openEdit', params: ({ event }) => ({ webhook: event.webhook }) },
                },
                'webhook.create': {
                  target: '#webhookCreating',
                  actions: { type: 'openCreate', params: ({ event }) => ({ events: event.events }) },
                },
                'webhook.submit': [{ guard: 'validForm', target: 'saving', actions: 'forgetErrors' }, { actions: 'showFieldErrors' }],
                // The deletion region starts the delete in this same step, only when it is idle.
                'webhook.delete': {
                  guard: and([{ type: 'isEditedWebhook', params: uidOf }, stateIn('#webhookDeletionIdle')]),
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
          id: 'webhookDeletionIdle',
          on: {
            'webhook.delete': {
              guard: not(and([stateIn('#webhookUpdating'), { type: 'isEditedWebhook', params: uidOf }])),
              target: 'deleting',
              actions: { type: 'assignDeleting', params: uidOf },
            },
          },
        },
        deleting: {
          tags: ['deleting'],
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
