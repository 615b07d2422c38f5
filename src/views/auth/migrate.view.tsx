import { useSelector } from '@xstate/react';
import { Button, Checkbox, Form, Input, theme, type FormItemProps } from 'antd';
import { AuthPageText, ValidationText } from '../../model/messages';
import { EMPTY_MIGRATION_FORM, MigrationFormSchema, type Confirmation, type MigrationForm } from '../../model/auth/migration';
import { migrationMachine } from '../../machines/auth/migration.machine';
import { selectMigration } from '../../machines/auth/migration.selectors';
import { useWorkflow } from '../use-workflow';
import { AuthCard } from './auth-card';
import { FormOutcome } from './auth-parts';
import { formSchemaRule } from '../forms/form-schema-rule';
import { PasswordStrengthMeter } from './password-strength';

const newPasswordRule = formSchemaRule(MigrationFormSchema, 'newPassword');
const confirmRule = formSchemaRule(MigrationFormSchema, 'confirmPassword');

/** The match indicator is the confirmation's status line; until something is typed the field's own rule speaks. */
const matchIndicator: Record<Confirmation, Pick<FormItemProps, 'help' | 'validateStatus'>> = {
  empty: {},
  match: { help: AuthPageText.passwordsMatch, validateStatus: 'success' },
  mismatch: { help: ValidationText.passwordsDoNotMatch, validateStatus: 'error' },
};

/** Access §2 and §5: a new password with its strength, its confirmation, Remember me, "Complete Migration". */
export function MigrateView() {
  const actor = useWorkflow(migrationMachine);
  const { busy, canSubmit, error, strength, tooWeak, confirmation } = useSelector(actor, selectMigration);
  const { token } = theme.useToken();

  return (
    <AuthCard title={AuthPageText.migrationTitle}>
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{AuthPageText.migrationExplanation}</p>
      <Form<MigrationForm>
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY_MIGRATION_FORM}
        onValuesChange={(_, values) => actor.send({ type: 'migration.edit', ...values })}
        onFinish={() => actor.send({ type: 'migration.submit' })}
        disabled={busy}
      >
        <FormOutcome error={error} success={null} />
        <Form.Item
          label={AuthPageText.newPasswordLabel}
          name="newPassword"
          rules={[newPasswordRule]}
          validateTrigger="onSubmit"
          {...(tooWeak ? { help: ValidationText.weakPassword, validateStatus: 'error' as const } : {})}
          extra={<PasswordStrengthMeter strength={strength} />}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={AuthPageText.confirmPasswordLabel}
          name="confirmPassword"
          rules={[confirmRule]}
          validateTrigger="onSubmit"
          {...matchIndicator[confirmation]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{AuthPageText.rememberMe}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!canSubmit}>
          {AuthPageText.completeMigration}
        </Button>
      </Form>
    </AuthCard>
  );
}
