import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { ErrorText } from '../../../model/messages';
import { ProfileText as T } from '../../../model/account/account-texts';
import { messageOf } from '../../../services/http/api-error';
import { lazyTab } from '../../parts/lazy-tab';
import { PageTitle } from '../../shell/page';
import { ProfileForm } from './profile-form';
import { lazyNamed } from '../../lazy';
import { Tabs } from '../../parts/tabs';
import { meQuery } from '../../../services/account/queries';

// The Security and Data & Privacy tabs' code (the password form with its strength meter, the consent switches) loads
// when the tab is first shown, or when the pointer reaches its label just before: the page opens on the profile.
const loadPasswordChange = () => import('../password-change-form');
const loadConsentSwitches = () => import('./consent-switches');
const PasswordChangeForm = lazyNamed(loadPasswordChange, 'PasswordChangeForm');
const ConsentSwitches = lazyNamed(loadConsentSwitches, 'ConsentSwitches');

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
            lazyTab('security', T.securityTab, loadPasswordChange, <PasswordChangeForm />),
            lazyTab('privacy', T.privacyTab, loadConsentSwitches, <ConsentSwitches key={user.uid} user={user} />),
          ]}
        />
      ) : null}
    </>
  );
}
