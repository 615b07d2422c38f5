import { Modal, Typography } from 'antd';
import type { ActorRefFrom } from 'xstate';
import type { webhookFormMachine } from '../../machines/developers/webhook-form.machine';
import { DeleteWebhookText as T } from '../../model/developers/webhook-texts';

export type WebhookFormActor = ActorRefFrom<typeof webhookFormMachine>;

/**
 * "Are you sure you want to delete this webhook?" with Cancel and Delete, naming the endpoint; like the team's
 * question it stays up, loading, until the server answers.
 */
export function DeleteWebhookDialog({ endpoint, busy, actor }: { endpoint: string; busy: boolean; actor: WebhookFormActor }) {
  return (
    <Modal
      open
      title={T.question}
      okText={T.confirm}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={T.cancel}
      cancelButtonProps={{ disabled: busy }}
      confirmLoading={busy}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      onOk={() => actor.send({ type: 'webhook.confirmDelete' })}
      onCancel={() => actor.send({ type: 'webhook.cancelDelete' })}
    >
      <Typography.Paragraph>{T.endpoint(endpoint)}</Typography.Paragraph>
    </Modal>
  );
}
