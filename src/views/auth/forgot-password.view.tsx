import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Form, Input } from 'antd';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '../../model/auth/auth';
import { forgotPasswordMachine } from '../../machines/auth/forgot-password.machine';
import { selectForgotPassword } from '../../machines/auth/forgot-password.selectors';
import { schemaRule } from '../forms/schema-rule';
import { useWorkflow } from '../use-workflow';
import { AuthCard } from './auth-card';
import { BackToSignIn, FormOutcome } from './auth-parts';
import './auth.css';
import { AuthPageText } from '../../model/auth/auth-texts';

const fields = ForgotPasswordRequestSchema.entries;

/** Access §2: one field, "Send Reset Link", and "Back to Sign In" whatever the form is doing. */
export function ForgotPasswordView() {
  const actor = useWorkflow(forgotPasswordMachine);
  const { busy, locked, succeeded, error } = useSelector(actor, selectForgotPassword, shallowEqual);

  return (
    <AuthCard title={AuthPageText.forgotTitle} footer={<BackToSignIn />}>
      <Form<ForgotPasswordRequest>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '' }}
        onFinish={(values) => actor.send({ type: 'forgot.submit', ...values })}
        disabled={busy || locked}
      >
        <FormOutcome error={error} success={succeeded ? AuthPageText.resetLinkSent : null} />
        <p className="auth-hint">{AuthPageText.forgotHint}</p>
        <Form.Item label={AuthPageText.usernameLabel} name="username" rules={[schemaRule(fields.username)]} validateTrigger="onSubmit">
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {AuthPageText.sendResetLink}
        </Button>
      </Form>
    </AuthCard>
  );
}
