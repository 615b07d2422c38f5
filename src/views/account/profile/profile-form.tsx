import { Card } from 'antd';
import { type UserRecord } from '../../../model/team/user-record';
import { profileFormValues } from '../../../model/account/account-profile';
import { AccountUpdateRequestSchema } from '../../../model/account/account-update';
import { PracticeSettingsText } from '../../../model/practice/settings-texts';
import { AccountSaveForm, NameAndPhoneFields } from '../account-form';
import { AddressFields } from '../../forms/address-fields';
import { ChoiceSelect } from '../../forms/choice-select';
import { schemaRules } from '../../forms/field-rules';
import { FormLayoutClass } from '../../forms/form-layout';

/**
 * Kits §2 "Profile page": first name, last name, phone and the address, saved with PUT /Users/Me by the account
 * tab's workflow. The address is "if present" (kits §5): left blank it is none, and once any field is filled its
 * required fields say so. What was typed stays in the form whatever the server answers.
 */
export function ProfileForm({ user }: { user: UserRecord }) {
  return (
    <Card className={FormLayoutClass.narrow}>
      <AccountSaveForm name="profile" initialValues={profileFormValues(user)}>
        <NameAndPhoneFields />
        <AddressFields
          Choice={ChoiceSelect}
          prefix="address"
          labels={PracticeSettingsText}
          rules={schemaRules(AccountUpdateRequestSchema)}
          optional
        />
      </AccountSaveForm>
    </Card>
  );
}
