import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Tabs } from 'antd';
import { ErrorText } from '../../model/messages';
import { ProfileText as T } from '../../model/users/account-texts';
import { messageOf } from '../../services/api-error';
import { meQuery } from '../../services/queries';
import { PasswordChangeForm } from '../settings/password-change-form';
import { PageTitle } from '../shell/page';
import { ConsentSwitches } from './consent-switches';
import { ProfileForm } from './profile-form';

/**
 * Kits §2 "Profile page (provider-side)", /account: the tabs Profile (names, phone, address), Security (the
 * password change of the account tab) and Data & Privacy (the consent switches). Nothing beyond what the
 * documents show.
 */
export function ProfilePage() {
  const me = useQuery(meQuery());
  const user = me.data;
  return (
    <>
      <PageTitle title={T.title} />
      {me.isError ? <Alert type="error" showIcon title={messageOf(me.error, ErrorText.server)} /> : null}
      {me.isPending ? <Spin /> : null}
      {user ? (
        <Tabs
          items={[
            { key: 'profile', label: T.profileTab, children: <ProfileForm key={user.uid} user={user} /> },
            { key: 'security', label: T.securityTab, children: <PasswordChangeForm /> },
            { key: 'privacy', label: T.privacyTab, children: <ConsentSwitches key={user.uid} user={user} /> },
          ]}
        />
      ) : null}
    </>
  );
}
