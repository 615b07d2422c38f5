import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { Link, useSearch } from 'wouter';
import { SignInRequestSchema } from '../../model/auth';
import { REMEMBER_ME_DEFAULT } from '../../model/constants';
import { AuthPageText } from '../../model/messages';
import { Paths, safeReturnPath } from '../../model/navigation';
import { signInMachine, type SignInCredentials } from '../../machines/sign-in.machine';
import { selectSignIn } from '../../machines/sign-in.selectors';
import { config } from '../../services/config';
import { schemaRule } from '../forms/schema-rule';
import { useWorkflow } from '../use-workflow';
import { AuthCard, AuthFootnote } from './auth-card';
import { FormOutcome } from './auth-parts';

const fields = SignInRequestSchema.entries;

/** Access §2: "Welcome Back", username or email, password, Remember me, Forgot password, the build identifier. */
export function SignInView() {
  const search = useSearch();
  const actor = useWorkflow(signInMachine, { input: { returnTo: safeReturnPath(new URLSearchParams(search).get('redirect')) } });
  const { busy, error } = useSelector(actor, selectSignIn, shallowEqual);
  const [form] = Form.useForm<SignInCredentials>();

  return (
    <AuthCard
      title={AuthPageText.signInTitle}
      footer={<AuthFootnote>{AuthPageText.buildIdentifier(config.build.version, config.build.commit)}</AuthFootnote>}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', rememberMe: REMEMBER_ME_DEFAULT }}
        onFinish={(values) => actor.send({ type: 'signIn.submit', ...values })}
        disabled={busy}
      >
        <FormOutcome error={error} success={null} />
        <Form.Item
          label={AuthPageText.signInUsernameLabel}
          name="username"
          rules={[schemaRule(fields.username)]}
          validateTrigger="onSubmit"
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label={AuthPageText.passwordLabel} name="password" rules={[schemaRule(fields.password)]} validateTrigger="onSubmit">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{AuthPageText.rememberMe}</Checkbox>
          </Form.Item>
          <Link href={Paths.forgotPassword}>{AuthPageText.forgotPasswordLink}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {AuthPageText.signIn}
        </Button>
      </Form>
    </AuthCard>
  );
}
