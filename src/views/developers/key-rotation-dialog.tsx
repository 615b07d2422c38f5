import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { ActorRefFrom } from 'xstate';
import type { keyRotationMachine } from '../../machines/developers/key-rotation.machine';
import type { KeyRotationView } from '../../machines/developers/key-rotation.selectors';
import { ReauthRequestSchema, type ReauthRequest } from '../../model/developers/webhook-console';
import { KeyRotationText as T } from '../../model/developers/webhook-console-texts';
import { formSchemaRule } from '../forms/form-schema-rule';
import './developers.css';

export type KeyRotationActor = ActorRefFrom<typeof keyRotationMachine>;

/**
 * The confirmation before a rotation (issue 44): it names the consequence (the old secret signs 24 hours more, or the
 * old key stops at once) and asks for the person's password. A refused password keeps what was typed and says why;
 * the dialog stays up, its button loading, until the server answers.
 */
export function KeyRotationDialog({ view, actor }: { view: KeyRotationView; actor: KeyRotationActor }) {
  const [form] = Form.useForm<ReauthRequest>();
  const secret = view.dialog === 'secret';
  const action = secret ? T.rotateSecret : T.regenerateKey;
  return (
    <Modal
      open
      title={secret ? T.rotateTitle : T.regenerateTitle}
      okText={action}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={T.cancel}
      cancelButtonProps={{ disabled: view.submitting }}
      confirmLoading={view.submitting}
      closable={!view.submitting}
      mask={{ closable: !view.submitting }}
      keyboard={!view.submitting}
      onOk={() => form.submit()}
      onCancel={() => actor.send({ type: 'rotation.cancel' })}
      destroyOnHidden
    >
      <Typography.Paragraph>{secret ? T.rotateConsequence : T.regenerateConsequence}</Typography.Paragraph>
      {view.error ? <Alert className="webhook-form-error" type="error" showIcon title={view.error} /> : null}
      <Form<ReauthRequest>
        form={form}
        name={secret ? 'rotate-secret' : 'regenerate-key'}
        layout="vertical"
        requiredMark={false}
        disabled={view.submitting}
        onFinish={(values) => actor.send({ type: 'rotation.submit', password: values.password })}
      >
        <Form.Item name="password" label={T.password} extra={T.passwordHint} rules={[formSchemaRule(ReauthRequestSchema, 'password')]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
