import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { ErrorText } from '../../model/messages';
import { messageOf } from '../../services/http/api-error';
import { AccountForm } from './account-form';
import { PasswordChangeForm } from './password-change-form';
import { TwoStepSection } from './two-step-section';
import { meQuery } from '../../services/account/queries';
import './account.css';

/** The Account settings tab (kits "Settings: Account"): the user's own profile, then the password change and two-step sign-in (issue 44). */
export function AccountTab() {
  const me = useQuery(meQuery());
  return (
    <>
      {me.data ? <AccountForm key={me.data.uid} user={me.data} /> : null}
      {me.isError ? <Alert type="error" showIcon title={messageOf(me.error, ErrorText.server)} className="account-gap" /> : null}
      {me.isPending ? <Spin className="account-loading" /> : null}
      <PasswordChangeForm />
      <TwoStepSection />
    </>
  );
}
