import { useQuery } from '@tanstack/react-query';
import { Tabs, Typography } from 'antd';
import { PatientAccountText as T } from '../../../model/patients/patient-account-texts';
import { patientMeQuery } from '../../../services/patients/me-queries';
import { PageTitle } from '../../shell/page';
import { PatientConsents } from './consents-tab';
import { PatientProfileForm } from './profile-form';
import { ProfileLoaded } from './profile-loaded';
import { SecurityTab } from './security-tab';

/**
 * Kits §2 "Patient Account screen" (/account): the heading, its subtitle and three tabs in order: the account
 * profile (GET and PUT /Patients/Me), the password change with deactivation, and the two consents.
 */
export function PatientAccountPage() {
  const profile = useQuery(patientMeQuery());
  return (
    <>
      <PageTitle title={T.title}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
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
          { key: 'security', label: T.securityTab, children: <SecurityTab /> },
          {
            key: 'privacy',
            label: T.privacyTab,
            children: <ProfileLoaded query={profile}>{(loaded) => <PatientConsents key={loaded.uid} profile={loaded} />}</ProfileLoaded>,
          },
        ]}
      />
    </>
  );
}
