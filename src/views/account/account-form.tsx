import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Col, Form, Input, Row, Switch } from 'antd';
import { useId } from 'react';
import type { UserRecord } from '../../model/team/user';
import { accountFormValues, type AccountFormValues } from '../../model/account/account-profile';
import { AccountFieldText as T } from '../../model/account/account-texts';
import { AccountUpdateRequestSchema } from '../../model/account/account-update';
import { accountFormMachine } from '../../machines/account/account-form.machine';
import { selectAccountForm } from '../../machines/account/account-form.selectors';
import { formSchemaRule } from '../forms/form-schema-rule';
import { useWorkflow } from '../use-workflow';
import { SettingsCard } from '../practice/organization/settings-card';

const rules = (field: 'firstName' | 'lastName' | 'phone') => [formSchemaRule(AccountUpdateRequestSchema, field)];

/**
 * Kits §2 "Settings: Account": first name, last name, phone, the email (read-only: shown, never sent) and the email
 * notifications toggle, saved with "Save Changes". What was typed stays in the form whatever the server answers.
 */
export function AccountForm({ user }: { user: UserRecord }) {
  const actor = useWorkflow(accountFormMachine);
  const { busy } = useSelector(actor, selectAccountForm, shallowEqual);
  const [form] = Form.useForm<AccountFormValues>();
  const emailId = useId();

  return (
    <SettingsCard title={T.accountTitle} level={2}>
      <Form
        form={form}
        name="account"
        layout="vertical"
        initialValues={accountFormValues(user)}
        disabled={busy}
        onFinish={(values) => actor.send({ type: 'account.save', request: values })}
      >
        <NameAndPhoneFields />
        <Form.Item label={T.email} htmlFor={emailId}>
          <Input id={emailId} value={user.email} readOnly disabled autoComplete="email" />
        </Form.Item>
        <Form.Item name="receiveNotifications" label={T.receiveNotifications} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </Form>
    </SettingsCard>
  );
}

/** The names and the phone, required by kits §5; shared with the provider profile's form. */
export function NameAndPhoneFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="firstName" label={T.firstName} required rules={rules('firstName')}>
          <Input autoComplete="given-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="lastName" label={T.lastName} required rules={rules('lastName')}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={T.phone} required rules={rules('phone')}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
      </Col>
    </Row>
  );
}
