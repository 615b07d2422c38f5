import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { PatientAccountText as T } from '../../../model/account/patient-account-texts';
import { lazyTab } from '../../parts/lazy-tab';
import { PageTitle } from '../../shell/page';
import { PatientProfileForm } from './profile-form';
import { ProfileLoaded } from './profile-loaded';
import { lazyNamed } from '../../lazy';
import { Tabs } from '../../parts/tabs';
import { patientMeQuery } from '../../../services/patient-portal/patient-me-queries';
import '../account.css';

// The second and third tabs' code (the password form with its strength meter, the deactivation dialog, the consents)
// loads when the tab is first shown, or when the pointer reaches its label just before: the page opens on the profile.
const loadSecurityTab = () => import('./security-tab');
const loadConsentsTab = () => import('./consents-tab');
const SecurityTab = lazyNamed(loadSecurityTab, 'SecurityTab');
const PatientConsents = lazyNamed(loadConsentsTab, 'PatientConsents');

/**
 * Kits §2 "Patient Account screen" (/account): the heading, its subtitle and three tabs in order: the account
 * profile (GET and PUT /Patients/Me), the password change with deactivation, and the two consents.
 */
export function PatientAccountPage() {
  const profile = useQuery(patientMeQuery());
  return (
    <>
      <PageTitle title={T.title}>
        <Typography.Paragraph type="secondary" className="account-flush">
          {T.subtitle}
        </Typography.Paragraph>
      </PageTitle>
      <Tabs
        items={[
          {
            key: 'profile',
            label: T.profileTab,
            children: <ProfileLoaded query={profile}>{(loaded) => <PatientProfileForm key={loaded.uid} profile={loaded} />}</ProfileLoaded>,
          },
          lazyTab('security', T.securityTab, loadSecurityTab, <SecurityTab />),
          lazyTab(
            'privacy',
            T.privacyTab,
            loadConsentsTab,
            <ProfileLoaded query={profile}>{(loaded) => <PatientConsents key={loaded.uid} profile={loaded} />}</ProfileLoaded>,
          ),
        ]}
      />
    </>
  );
}
