import { Alert, Button, Checkbox, Flex, Form, Input, type FormInstance } from 'antd';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { webhookFormMachine, WebhookFormValues } from '../../machines/developers/webhook-form.machine';
import type { WebhookFormView } from '../../machines/developers/webhook-form.selectors';
import { webhookFieldErrors, type WebhookEvent, type WebhookField } from '../../model/developers/webhook';
import { eventTitle } from '../../model/developers/webhook-rules';
import { WebhookFormText as T } from '../../model/developers/webhook-texts';
import { modelRule } from '../forms/model-rule';

type WebhookFormActor = ActorRefFrom<typeof webhookFormMachine>;

interface WebhookFormProps {
  view: WebhookFormView;
  actor: WebhookFormActor;
  /** The events offered, one checkbox each (kits §2). */
  events: readonly WebhookEvent[];
}

/** Kits §5's message under one field, from the model, checked on submit. */
const fieldRule = (form: FormInstance<WebhookFormValues>, field: WebhookField) =>
  modelRule(form, (values) => webhookFieldErrors(values)[field], { onSubmit: true });

/**
 * The webhook form (kits §4, §5): it opens with the machine's values, keeps what is typed, and hands its values
 * over on submit; kits §5's messages show under their fields after a submit; a failed save keeps what was typed
 * and says why above the fields.
 */
export function WebhookForm({ view, actor, events }: WebhookFormProps) {
  const [form] = Form.useForm<WebhookFormValues>();
  const eventsLabelId = useId();
  const title = view.mode === 'edit' ? T.editWebhook : T.newWebhook;
  return (
    <Form<WebhookFormValues>
      form={form}
      name="webhook"
      layout="vertical"
      requiredMark={false}
      disabled={view.saving}
      aria-label={title}
      initialValues={view.values}
      onFinish={(values) => actor.send({ type: 'webhook.submit', values })}
    >
      {view.error ? <Alert className="webhook-form-error" type="error" showIcon title={view.error} /> : null}
      {/* Not type="url": the browser's own check would stop the submit before kits §5's message could show. */}
      <Form.Item name="endpoint" label={T.endpoint} rules={[fieldRule(form, 'endpoint')]}>
        <Input inputMode="url" autoComplete="url" />
      </Form.Item>
      <Form.Item
        name="events"
        label={<span id={eventsLabelId}>{T.events}</span>}
        // The checkboxes are a group named by the label's text: a label cannot point at a group.
        htmlFor={undefined}
        rules={[fieldRule(form, 'events')]}
      >
        <Checkbox.Group<string>
          aria-labelledby={eventsLabelId}
          options={events.map((event) => ({ label: eventTitle(event), value: event.name }))}
        />
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
