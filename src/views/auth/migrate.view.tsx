import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Checkbox, Form, Input, type FormItemProps } from 'antd';
import { EMPTY_MIGRATION_FORM, MigrationFormSchema, type Confirmation, type MigrationForm } from '../../model/auth/migration';
import { migrationMachine } from '../../machines/auth/migration.machine';
import { selectMigration, selectPasswordFeedback } from '../../machines/auth/migration.selectors';
import { useWorkflow } from '../use-workflow';
import { AuthCard } from './auth-card';
import { FormOutcome } from './auth-parts';
import { formSchemaRule } from '../forms/form-schema-rule';
import { useFieldValue } from '../forms/use-field-value';
import { PasswordStrengthMeter } from './password-strength';
import './auth.css';
import { AuthPageText, ValidationText } from '../../model/auth/auth-texts';

const newPasswordRule = formSchemaRule(MigrationFormSchema, 'newPassword');
const confirmRule = formSchemaRule(MigrationFormSchema, 'confirmPassword');

/** The match indicator is the confirmation's status line; until something is typed the field's own rule speaks. */
const matchIndicator: Record<Confirmation, Pick<FormItemProps, 'help' | 'validateStatus'>> = {
  empty: {},
  match: { help: AuthPageText.passwordsMatch, validateStatus: 'success' },
  mismatch: { help: ValidationText.passwordsDoNotMatch, validateStatus: 'error' },
};

/**
 * Access §2 and §5: a new password with its strength, its confirmation, Remember me, "Complete Migration". The form
 * keeps what is typed; the meter, the match indicator and the button follow it through the selectors, and the
 * machine receives the values on submit.
 */
export function MigrateView() {
  const actor = useWorkflow(migrationMachine);
  const [form] = Form.useForm<MigrationForm>();
  const newPassword = useFieldValue(form, 'newPassword', EMPTY_MIGRATION_FORM.newPassword);
  const confirmPassword = useFieldValue(form, 'confirmPassword', EMPTY_MIGRATION_FORM.confirmPassword);
  const rememberMe = useFieldValue(form, 'rememberMe', EMPTY_MIGRATION_FORM.rememberMe);
  const { busy, canSubmit, error } = useSelector(
    actor,
    (snapshot) => selectMigration(snapshot, { newPassword, confirmPassword, rememberMe }),
    shallowEqual,
  );
  const { strength, tooWeak, confirmation } = selectPasswordFeedback({ newPassword, confirmPassword });

  return (
    <AuthCard title={AuthPageText.migrationTitle}>
      <p className="migrate-explanation">{AuthPageText.migrationExplanation}</p>
      <Form<MigrationForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY_MIGRATION_FORM}
        onFinish={(values) => actor.send({ type: 'migration.submit', values })}
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
