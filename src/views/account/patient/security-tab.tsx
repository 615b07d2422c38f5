import { Flex } from 'antd';
import { Suspense } from 'react';
import { lazyNamed } from '../../lazy';
import { PasswordChangeForm } from '../password-change-form';
import { DeactivateAccount } from './deactivate-account';

// Below the password form, two-step sign-in and the recent activity load after the tab has drawn: the list of what
// they need would otherwise be named on the Account page itself, which sits at its 300 KB budget (issue 44).
const TwoStepSection = lazyNamed(() => import('../two-step-section'), 'TwoStepSection');
const RecentActivity = lazyNamed(() => import('./recent-activity'), 'RecentActivity');

/**
 * Kits §2 "Patient Account screen" tab 1: the password change form of the account settings, then (issue 44) two-step
 * sign-in as the provider's account tab has it and the patient's own recent activity, then deactivation.
 */
export function SecurityTab() {
  return (
    <Flex vertical gap={24}>
      <PasswordChangeForm />
      <Suspense fallback={null}>
        <TwoStepSection />
        <RecentActivity />
      </Suspense>
      <DeactivateAccount />
    </Flex>
  );
}
