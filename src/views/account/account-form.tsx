import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Form, Input, Switch } from 'antd';
import { useId, type ReactNode } from 'react';
import { type UserRecord } from '../../model/team/user-record';
import { accountFormValues } from '../../model/account/account-profile';
import { AccountFieldText as T } from '../../model/account/account-texts';
import { AccountUpdateRequestSchema, type AccountUpdateRequest } from '../../model/account/account-update';
import { accountFormMachine } from '../../machines/account/account-form.machine';
import { selectAccountForm } from '../../machines/account/account-form.selectors';
import { schemaRules } from '../forms/field-rules';
import { PersonFields } from '../forms/person-fields';
import { useWorkflow } from '../use-workflow';
import { SettingsCard } from '../practice/organization/settings-card';

const nameLabels = { firstName: T.firstName, lastName: T.lastName, phone: T.phone };
const rules = schemaRules(AccountUpdateRequestSchema);

/**
 * Kits §2 "Settings: Account": first name, last name, phone, the email (read-only: shown, never sent) and the email
 * notifications toggle, saved with "Save Changes". What was typed stays in the form whatever the server answers.
 */
export function AccountForm({ user }: { user: UserRecord }) {
  const emailId = useId();
  return (
    <SettingsCard title={T.accountTitle} level={2}>
      <AccountSaveForm name="account" initialValues={accountFormValues(user)}>
        <NameAndPhoneFields />
        <Form.Item label={T.email} htmlFor={emailId}>
          <Input id={emailId} value={user.email} readOnly disabled autoComplete="email" />
        </Form.Item>
        <Form.Item name="receiveNotifications" label={T.receiveNotifications} valuePropName="checked">
          <Switch />
        </Form.Item>
      </AccountSaveForm>
    </SettingsCard>
  );
}

/** The names and the phone, required by kits §5; shared with the provider profile's form. */
export function NameAndPhoneFields() {
  return <PersonFields labels={nameLabels} rules={rules} />;
}

/**
 * A form of the signed-in user's own record, saved with "Save Changes" by the account tab's workflow: the account
 * tab's and the provider profile's.
 */
export function AccountSaveForm<Values extends AccountUpdateRequest>({
  name,
  initialValues,
  children,
}: {
  name: string;
  initialValues: Values;
  children: ReactNode;
}) {
  const actor = useWorkflow(accountFormMachine);
  const { busy } = useSelector(actor, selectAccountForm, shallowEqual);
  return (
    <Form<Values>
      name={name}
      layout="vertical"
      initialValues={initialValues}
      disabled={busy}
      onFinish={(values) => actor.send({ type: 'account.save', request: values })}
    >
      {children}
      <Button type="primary" htmlType="submit" loading={busy}>
        {T.save}
      </Button>
    </Form>
  );
}
