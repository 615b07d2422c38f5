import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Card, Form } from 'antd';
import type { UserRecord } from '../../../model/team/user';
import { profileFormValues, type ProfileFormValues } from '../../../model/account/account-profile';
import { AccountFieldText as T } from '../../../model/account/account-texts';
import { AccountUpdateRequestSchema } from '../../../model/account/account-update';
import { accountFormMachine } from '../../../machines/account/account-form.machine';
import { selectAccountForm } from '../../../machines/account/account-form.selectors';
import { useWorkflow } from '../../use-workflow';
import { NameAndPhoneFields } from '../account-form';
import { AddressFields } from '../../practice/organization/address-fields';
import { ChoiceSelect } from '../../forms/choice-select';

/**
 * Kits §2 "Profile page": first name, last name, phone and the address, saved with PUT /Users/Me by the account
 * tab's workflow. The address is "if present" (kits §5): left blank it is none, and once any field is filled its
 * required fields say so. What was typed stays in the form whatever the server answers.
 */
export function ProfileForm({ user }: { user: UserRecord }) {
  const actor = useWorkflow(accountFormMachine);
  const { busy } = useSelector(actor, selectAccountForm, shallowEqual);
  const [form] = Form.useForm<ProfileFormValues>();

  return (
    <Card style={{ maxWidth: 720 }}>
      <Form
        form={form}
        name="profile"
        layout="vertical"
        initialValues={profileFormValues(user)}
        disabled={busy}
        onFinish={(values) => actor.send({ type: 'account.save', request: values })}
      >
        <NameAndPhoneFields />
        <AddressFields Choice={ChoiceSelect} prefix="address" schema={AccountUpdateRequestSchema} optional />
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </Form>
    </Card>
  );
}
