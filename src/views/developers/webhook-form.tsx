import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { webhookFormMachine } from '../../machines/developers/webhook-form.machine';
import type { WebhookFormView } from '../../machines/developers/webhook-form.selectors';
import type { WebhookEvent } from '../../model/developers/webhook';
import { eventTitle } from '../../model/developers/webhook-rules';
import { WebhookFormText as T } from '../../model/developers/webhook-texts';

type WebhookFormActor = ActorRefFrom<typeof webhookFormMachine>;

interface WebhookFormProps {
  view: WebhookFormView;
  actor: WebhookFormActor;
  /** The events offered, one checkbox each (kits §2). */
  events: readonly WebhookEvent[];
}

/**
 * The webhook form as the machine holds it (kits §4, §5): each change goes to the machine, which clears that
 * field's message; kits §5's messages show under their fields after a submit; a failed save keeps what was
 * typed and says why above the fields.
 */
export function WebhookForm({ view, actor, events }: WebhookFormProps) {
  const endpointId = useId();
  const eventsLabelId = useId();
  const title = view.mode === 'edit' ? T.editWebhook : T.newWebhook;
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      disabled={view.saving}
      aria-label={title}
      onFinish={() => actor.send({ type: 'webhook.submit' })}
      style={{ width: '100%' }}
    >
      {view.error ? <Alert type="error" showIcon title={view.error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        label={T.endpoint}
        htmlFor={endpointId}
        validateStatus={view.fieldErrors.endpoint ? 'error' : undefined}
        help={view.fieldErrors.endpoint}
      >
        <Input
          id={endpointId}
          // Not type="url": the browser's own check would stop the submit before kits §5's message could show.
          inputMode="url"
          autoComplete="url"
          value={view.endpoint}
          aria-invalid={view.fieldErrors.endpoint ? true : undefined}
          onChange={(event) => actor.send({ type: 'webhook.changeEndpoint', endpoint: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={<span id={eventsLabelId}>{T.events}</span>}
        validateStatus={view.fieldErrors.events ? 'error' : undefined}
        help={view.fieldErrors.events}
      >
        <div role="group" aria-labelledby={eventsLabelId}>
          <Checkbox.Group<string>
            value={[...view.events]}
            options={events.map((event) => ({ label: eventTitle(event), value: event.name }))}
            onChange={(names) => actor.send({ type: 'webhook.changeEvents', events: names })}
          />
        </div>
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={view.saving}>
          {T.save}
        </Button>
        <Button disabled={!view.canCancel} onClick={() => actor.send({ type: 'webhook.cancel' })}>
          {T.cancel}
        </Button>
      </Flex>
    </Form>
  );
}
