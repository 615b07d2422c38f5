import { Button, Flex, Input } from 'antd';
import type { FormEvent } from 'react';
import { TwoStepSignInText } from '../../model/auth/auth-texts';
import { AuthField } from './auth-field';
import { FormOutcome } from './auth-parts';
import './auth.css';

/** The sign-in's second step (issue 44): the authenticator's 6-digit code, or a recovery code instead. */
export function TwoStepCodeForm({
  busy,
  error,
  codeError,
  recovery,
  onSubmit,
  onToggleRecovery,
  onBack,
}: {
  busy: boolean;
  error: string | null;
  codeError: string | null;
  recovery: boolean;
  onSubmit: (code: string) => void;
  onToggleRecovery: () => void;
  onBack: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('code');
    onSubmit(typeof value === 'string' ? value : '');
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormOutcome error={error} success={null} />
      <p className="auth-hint">{recovery ? TwoStepSignInText.recoveryHint : TwoStepSignInText.codeHint}</p>
      <AuthField label={recovery ? TwoStepSignInText.recoveryLabel : TwoStepSignInText.codeLabel} error={codeError ?? undefined}>
        {(control) =>
          recovery ? (
            <Input {...control} key="recovery" name="code" autoComplete="off" autoFocus disabled={busy} />
          ) : (
            <Input {...control} key="app" name="code" autoComplete="one-time-code" inputMode="numeric" autoFocus disabled={busy} />
          )
        }
      </AuthField>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {TwoStepSignInText.verify}
      </Button>
      <Flex justify="space-between" align="center" className="auth-options">
        <Button type="link" onClick={onToggleRecovery} disabled={busy}>
          {recovery ? TwoStepSignInText.useAuthenticator : TwoStepSignInText.useRecovery}
        </Button>
        <Button type="link" onClick={onBack} disabled={busy}>
          {TwoStepSignInText.back}
        </Button>
      </Flex>
    </form>
  );
}
