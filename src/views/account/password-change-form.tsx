import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '../../model/auth/auth';
import { typedPasswordStrength } from '../../model/auth/password';
import { passwordChangeMachine } from '../../machines/account/password-change.machine';
import { selectPasswordChange } from '../../machines/account/password-change.selectors';
import { PasswordStrengthMeter } from '../auth/password-strength';
import { formSchemaRule } from '../forms/form-schema-rule';
import { useWorkflow } from '../use-workflow';
import './account.css';
import { PasswordChangeText } from '../../model/account/account-texts';

const empty: ChangePasswordRequest = { currentPassword: '', newPassword: '', repeatNewPassword: '' };
const rule = (field: keyof ChangePasswordRequest) => [formSchemaRule(ChangePasswordRequestSchema, field)];

/**
 * Kits "Settings: Account": current, new and repeated password; what was typed stays until a change succeeds.
 * The new password shows the requirements of the migration page (access §5), which the server also applies.
 */
export function PasswordChangeForm() {
  const actor = useWorkflow(passwordChangeMachine);
  const { busy, changed, error } = useSelector(actor, selectPasswordChange, shallowEqual);
  const [form] = Form.useForm<ChangePasswordRequest>();
  const strength = typedPasswordStrength(Form.useWatch('newPassword', form));
  useEffect(() => {
    if (changed) form.resetFields();
  }, [changed, form]);

  return (
    <Card
      title={
        <Typography.Title level={4} className="account-flush">
          {PasswordChangeText.title}
        </Typography.Title>
      }
      className="account-password-card"
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={empty}
        onFinish={(values) => actor.send({ type: 'password.submit', ...values })}
        disabled={busy}
      >
        {error ? <Alert type="error" title={error} showIcon className="account-form-error" /> : null}
        <Form.Item label={PasswordChangeText.currentPassword} name="currentPassword" rules={rule('currentPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={PasswordChangeText.newPassword}
          name="newPassword"
          dependencies={['currentPassword']}
          rules={rule('newPassword')}
          extra={<PasswordStrengthMeter strength={strength} />}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={PasswordChangeText.repeatNewPassword}
          name="repeatNewPassword"
          dependencies={['newPassword']}
          rules={rule('repeatNewPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {PasswordChangeText.submit}
        </Button>
      </Form>
    </Card>
  );
}
