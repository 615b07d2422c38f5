import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Form, Input } from 'antd';
import { useSearch } from 'wouter';
import { RestorePasswordRequestSchema } from '../../model/auth/auth';
import { typedPasswordStrength } from '../../model/auth/password';
import { restorePasswordMachine, type NewPassword } from '../../machines/auth/restore-password.machine';
import { selectRestorePassword } from '../../machines/auth/restore-password.selectors';
import { useWorkflow } from '../use-workflow';
import { AuthCard } from './auth-card';
import { BackToSignIn, FormOutcome } from './auth-parts';
import { formSchemaRule } from '../forms/form-schema-rule';
import { PasswordStrengthMeter } from './password-strength';
import { AuthPageText } from '../../model/auth/auth-texts';

const newPasswordRule = formSchemaRule(RestorePasswordRequestSchema, 'newPassword');
const repeatRule = formSchemaRule(RestorePasswordRequestSchema, 'repeatNewPassword');

/**
 * Access §2 and §5: the new password twice; the token comes from the link in the query string. The new
 * password shows its requirements, so the server's strength rule refuses nothing by surprise.
 */
export function RestorePasswordView() {
  const search = useSearch();
  const actor = useWorkflow(restorePasswordMachine, { input: { token: new URLSearchParams(search).get('token') } });
  const { busy, locked, succeeded, error } = useSelector(actor, selectRestorePassword, shallowEqual);
  const [form] = Form.useForm<NewPassword>();
  const strength = typedPasswordStrength(Form.useWatch('newPassword', form));

  return (
    <AuthCard title={AuthPageText.restoreTitle} footer={<BackToSignIn />}>
      <Form<NewPassword>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ newPassword: '', repeatNewPassword: '' }}
        onFinish={(values) => actor.send({ type: 'restore.submit', ...values })}
        disabled={busy || locked}
      >
        <FormOutcome error={error} success={succeeded ? AuthPageText.passwordResetDone : null} />
        <Form.Item
          label={AuthPageText.newPasswordLabel}
          name="newPassword"
          rules={[newPasswordRule]}
          validateTrigger="onSubmit"
          extra={<PasswordStrengthMeter strength={strength} />}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item label={AuthPageText.confirmPasswordLabel} name="repeatNewPassword" rules={[repeatRule]} validateTrigger="onSubmit">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {AuthPageText.resetPassword}
        </Button>
      </Form>
    </AuthCard>
  );
}
