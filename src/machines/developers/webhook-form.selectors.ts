import type { SnapshotFrom } from 'xstate';
import type { webhookFormMachine, WebhookFormValues, WebhookToEdit } from './webhook-form.machine';

type WebhookFormSnapshot = SnapshotFrom<typeof webhookFormMachine>;

export interface WebhookFormView {
  /** The form is shown, for a new webhook or one in edit mode. */
  open: boolean;
  mode: 'create' | 'edit' | null;
  /** The webhook in edit mode, whose list row shows the form. */
  editingUid: string | null;
  /** What the form opens with: empty with every event selected, or the edited webhook's endpoint and events. */
  values: WebhookFormValues;
  /** The last save's failure: the server's message or the §8 fallback. */
  error: string | null;
  /** The save is under way: the form is disabled and its button loading. */
  saving: boolean;
  /** The webhook asked about or being deleted, whose delete button is loading. */
  deletingUid: string | null;
  /** "Are you sure you want to delete this webhook?" is up. */
  confirmingDelete: boolean;
  /** The delete is under way: the question's Delete is loading and Cancel disabled. */
  deleting: boolean;
  /** "New Webhook" takes a click. */
  canCreate: boolean;
  canCancel: boolean;
}

export function selectWebhookForm(snapshot: WebhookFormSnapshot): WebhookFormView {
  const { context } = snapshot;
  return {
    open: snapshot.hasTag('open'),
    mode: snapshot.hasTag('creating') ? 'create' : snapshot.hasTag('editing') ? 'edit' : null,
    editingUid: context.uid,
    values: context.values,
    error: context.error,
    saving: snapshot.hasTag('saving'),
    deletingUid: context.deleting,
    confirmingDelete: snapshot.hasTag('confirmingDelete'),
    deleting: snapshot.hasTag('deleting'),
    canCreate: snapshot.can({ type: 'webhook.create', events: [] }),
    canCancel: snapshot.can({ type: 'webhook.cancel' }),
  };
}

/** A list row's edit button takes a click (not while a save runs, nor for the webhook being deleted). */
export function selectCanEditWebhook(snapshot: WebhookFormSnapshot, webhook: WebhookToEdit): boolean {
  return snapshot.can({ type: 'webhook.edit', webhook });
}

/** A list row's delete button takes a click (one delete at a time, never the webhook being saved). */
export function selectCanDeleteWebhook(snapshot: WebhookFormSnapshot, uid: string): boolean {
  return snapshot.can({ type: 'webhook.delete', uid });
}
