import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Checkbox, Flex, Input } from 'antd';
import type { FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { SignInCredentials } from '../../model/auth/auth';
import { REMEMBER_ME_DEFAULT } from '../../model/constants';
import { Paths, safeReturnPath } from '../../model/shell/navigation';
import { signInMachine } from '../../machines/auth/sign-in.machine';
import { selectSignIn } from '../../machines/auth/sign-in.selectors';
import { config } from '../../services/http/config';
import { useWorkflow } from '../use-workflow';
import { AuthCard, AuthFootnote } from './auth-card';
import { AuthField } from './auth-field';
import { FormOutcome } from './auth-parts';
import './auth.css';
import { AuthPageText, TwoStepSignInText } from '../../model/auth/auth-texts';
import { TwoStepCodeForm } from './two-step-code-form';

/** The form's fields as typed; the inputs keep them, so a refused sign-in loses nothing. */
function credentialsOf(form: HTMLFormElement): SignInCredentials {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { username: text('username'), password: text('password'), rememberMe: data.has('rememberMe') };
}

/**
 * Access §2: "Welcome Back", username or email, password, Remember me, Forgot password, the build identifier. Issue 44:
 * for an account with two-step sign-in on, the code step replaces the form once the password was right.
 */
export function SignInView() {
  const search = useSearch();
  const actor = useWorkflow(signInMachine, { input: { returnTo: safeReturnPath(new URLSearchParams(search).get('redirect')) } });
  const { busy, error, fieldErrors, step, recovery, codeError, typed } = useSelector(actor, selectSignIn, shallowEqual);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'signIn.submit', ...credentialsOf(event.currentTarget) });
  };
  const footer = <AuthFootnote>{AuthPageText.buildIdentifier(config.build.version, config.build.commit)}</AuthFootnote>;

  if (step === 'code') {
    return (
      <AuthCard title={TwoStepSignInText.title} footer={footer}>
        <TwoStepCodeForm
          busy={busy}
          error={error}
          codeError={codeError}
          recovery={recovery}
          onSubmit={(code) => actor.send({ type: 'signIn.submitCode', code })}
          onToggleRecovery={() => actor.send({ type: 'signIn.toggleRecovery' })}
          onBack={() => actor.send({ type: 'signIn.restart' })}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={AuthPageText.signInTitle} footer={footer}>
      <form onSubmit={submit} noValidate>
        <FormOutcome error={error} success={null} />
        <AuthField label={AuthPageText.signInUsernameLabel} error={fieldErrors.username}>
          {(control) => (
            <Input {...control} name="username" autoComplete="username" autoFocus defaultValue={typed?.username} disabled={busy} />
          )}
        </AuthField>
        <AuthField label={AuthPageText.passwordLabel} error={fieldErrors.password}>
          {(control) => (
            <Input.Password {...control} name="password" autoComplete="current-password" defaultValue={typed?.password} disabled={busy} />
          )}
        </AuthField>
        <Flex justify="space-between" align="center" className="auth-options">
          <Checkbox name="rememberMe" defaultChecked={typed?.rememberMe ?? REMEMBER_ME_DEFAULT} disabled={busy}>
            {AuthPageText.rememberMe}
          </Checkbox>
          <Link href={Paths.forgotPassword}>{AuthPageText.forgotPasswordLink}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {AuthPageText.signIn}
        </Button>
      </form>
    </AuthCard>
  );
}
